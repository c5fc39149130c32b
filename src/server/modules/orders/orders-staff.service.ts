import type {
  StaffOrderDetail,
  StaffOrderList,
  StaffOrderPatch,
  StaffOrdersQuery,
} from '../../../contracts/staff-orders'
import { STAFF_ORDERS_PAGE_SIZE } from '../../../contracts/staff-orders'
import { startOfDay } from '../../../domain/date-format'
import { addDays } from '../../../domain/ledger'
import { canMoveOrder, nextOrderStatuses, type OrderStatus } from '../../../domain/order-status'
import { pageBounds } from '../../../domain/paging'
import { type CachedDb, productKey } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { recordAudit } from '../audit/audit.service'
import { loadStoreSettings } from '../store/store.service'
import { queueOrderStatusMail } from './order-status-mail'
import { orderView } from './order-view'
import { findOrderItems, moveOrderStatus, putStockBack } from './orders.repository'
import {
  countStaffOrders,
  findAnyOrder,
  findOrderFigures,
  findOrderRecipient,
  findStaffOrderPage,
  findStatusChanges,
  type StaffOrderFilter,
} from './orders-staff.repository'

const money = (value: string, currency: string) => ({ value: Number(value), currency })

/**
 * GET /yonetim/orders: every dealer's orders, 50 a page, filtered and sorted as asked. Days are the
 * store's days: `to` includes its whole day.
 */
export async function listStaffOrders(data: CachedDb, query: StaffOrdersQuery): Promise<StaffOrderList> {
  const { timeZone } = await loadStoreSettings(data)
  const filter: StaffOrderFilter = {
    status: query.status,
    customerId: query.customerId,
    from: query.from ? startOfDay(query.from, timeZone) : undefined,
    until: query.to ? startOfDay(addDays(query.to, 1), timeZone) : undefined,
    q: query.q ? query.q.toLocaleUpperCase('tr-TR') : undefined,
  }
  const total = await countStaffOrders(data.db, filter)
  const { page, pages, offset } = pageBounds(total, query.page, STAFF_ORDERS_PAGE_SIZE)
  const rows = await findStaffOrderPage(
    data.db,
    filter,
    { by: query.sort, dir: query.dir },
    offset,
    STAFF_ORDERS_PAGE_SIZE,
  )
  return {
    items: rows.map((row) => ({
      id: row.id,
      orderNo: row.orderNo,
      date: row.createdAt.toISOString(),
      dealer: { id: row.customerId, code: row.customerCode, name: row.customerName },
      creator: row.creator,
      branch: row.branch,
      status: row.status as OrderStatus,
      total: money(row.total, row.currencyCode),
      paymentPlan: row.paymentPlanName,
      paidByCard: row.paidAt !== null,
      erpDocumentNo: row.erpDocumentNo,
    })),
    page,
    pages,
    limit: STAFF_ORDERS_PAGE_SIZE,
    total,
  }
}

/** GET /yonetim/orders/{id}: one order of any dealer, its lines, history and where it may go next. */
export async function getStaffOrder(db: Db, orderId: number): Promise<StaffOrderDetail> {
  const order = await findAnyOrder(db, orderId)
  if (!order) throw notFound()
  const [items, changes] = await Promise.all([findOrderItems(db, [orderId]), findStatusChanges(db, orderId)])
  const status = order.status as OrderStatus
  return {
    order: orderView(order, items),
    dealer: { id: order.customerId, code: order.customerCode, name: order.customerName },
    paidByCard: order.paidAt !== null,
    erpDocumentNo: order.erpDocumentNo,
    next: [...nextOrderStatuses(status)],
    history: changes.map((change) => ({
      from: change.from as OrderStatus,
      to: change.to as OrderStatus,
      at: change.at.toISOString(),
      note: change.note,
      byStaff: change.byStaff,
      by: change.by,
    })),
  }
}

const notAllowed = (from: OrderStatus, to: OrderStatus) =>
  new AppError(
    'conflict',
    'orders.moveNotAllowed',
    { from: { message: `orderStatus.${from}` }, to: { message: `orderStatus.${to}` } },
    'status_not_allowed',
  )

/**
 * PATCH /yonetim/orders/{id}: staff move an order one step (domain/order-status.ts). The order row is
 * locked, the move checked against its status now, the change appended to its history and the
 * dealer's mail queued, in one transaction; a cancellation puts its stock back. Asking for the status
 * it already has changes nothing (a repeated request). A card-paid order is not cancelled here: its
 * money goes back through a refund first.
 */
export async function moveStaffOrder(
  { db, caches, mailSignal }: CachedDb & { mailSignal: MailSignal },
  staff: StaffActor,
  orderId: number,
  input: StaffOrderPatch,
  now: Date,
): Promise<StaffOrderDetail> {
  const note = input.note?.trim() || null
  if (input.status === 'cancelled' && !note) {
    throw new AppError('validation', 'error.validation', undefined, 'reason_required', {
      note: { key: 'orders.cancelReasonRequired' },
    })
  }
  const { timeZone } = await loadStoreSettings({ db, caches })
  const moved = await db.transaction(async (tx) => {
    const order = await findAnyOrder(tx, orderId, true)
    if (!order) throw notFound()
    const from = order.status as OrderStatus
    if (from === input.status) return { productIds: [], changed: false }
    if (!canMoveOrder(from, input.status)) throw notAllowed(from, input.status)
    if (input.status === 'cancelled' && order.paidAt) {
      throw new AppError('conflict', 'orders.paidNeedsRefund', undefined, 'paid_by_card')
    }
    await moveOrderStatus(tx, orderId, {
      from,
      to: input.status,
      note,
      byUserId: staff.id,
      byStaff: true,
      now,
    })
    await recordAudit(
      tx,
      staff,
      {
        entity: 'order',
        entityId: orderId,
        action: 'status',
        before: { status: from },
        after: { status: input.status, note },
      },
      now,
    )
    const recipient = await findOrderRecipient(tx, order.userId)
    if (recipient) {
      await queueOrderStatusMail(
        tx,
        orderId,
        { orderNo: order.orderNo, status: input.status, note, at: now },
        recipient,
        timeZone,
      )
    }
    const productIds = input.status === 'cancelled' ? await putStockBack(tx, orderId) : []
    return { productIds, changed: true }
  })
  if (moved.changed) {
    // Committed: every process forgets the products' rows with their old stock, and the mail leaves.
    caches.forget(...[...new Set(moved.productIds)].map((id) => ({ list: productKey(id) })))
    mailSignal.notify()
  }
  return getStaffOrder(db, orderId)
}

/** The staff home's order figures: placed in [from, to) (count, TRY total) and all still new. */
export async function orderFigures(db: Db, from: Date, to: Date) {
  const figures = await findOrderFigures(db, from, to)
  return { count: figures.count, total: Number(figures.total), waiting: figures.waiting }
}
