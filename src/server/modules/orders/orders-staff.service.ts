import type { FastifyBaseLogger } from 'fastify'
import { STAFF_LIST_COUNT_CAP } from '../../../contracts/back-office'
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
import type { PaidCancelRequest } from '../../db/schema/orders'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { recordAudit } from '../audit/audit.service'
import { recordIntegrationChange } from '../integration-feeds/integration-feeds.service'
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
  setCancelRequest,
} from './orders-staff.repository'

const money = (value: string, currency: string) => ({ value: Number(value), currency })

/** The list's query as the repository's filter: the store's days as instants, the number upper-cased. */
export function staffOrderFilter(
  query: Pick<StaffOrdersQuery, 'status' | 'customerId' | 'from' | 'to' | 'q'>,
  timeZone: string,
): StaffOrderFilter {
  return {
    status: query.status,
    customerId: query.customerId,
    from: query.from ? startOfDay(query.from, timeZone) : undefined,
    until: query.to ? startOfDay(addDays(query.to, 1), timeZone) : undefined,
    q: query.q ? query.q.toLocaleUpperCase('tr-TR') : undefined,
  }
}

/**
 * GET /yonetim/orders: every dealer's orders, 50 a page, filtered and sorted as asked. Days are the
 * store's days: `to` includes its whole day.
 */
export async function listStaffOrders(data: CachedDb, query: StaffOrdersQuery): Promise<StaffOrderList> {
  const { timeZone } = await loadStoreSettings(data)
  const filter = staffOrderFilter(query, timeZone)
  const { total, capped } = await countStaffOrders(data.db, filter, STAFF_LIST_COUNT_CAP)
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
    capped,
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
    cancelPending: order.cancelRequest !== null,
    erpDocumentNo: order.erpDocumentNo,
    next: order.cancelRequest ? [] : [...nextOrderStatuses(status)],
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

const cancelUnderWay = () => new AppError('conflict', 'orders.cancelUnderWay', undefined, 'cancel_under_way')

/**
 * Staff's cancellation of a card-paid order, which goes through the payments module's refund (it
 * imports this module, so it is handed to the route rather than imported): it answers once the order
 * is cancelled, or throws the bank's refusal.
 */
export type CancelPaidOrder = (input: {
  staff: StaffActor
  orderId: number
  note: string
  log: FastifyBaseLogger
}) => Promise<void>

type StaffMove = { from: OrderStatus; to: OrderStatus; note: string | null; staff: StaffActor; now: Date }

/**
 * A staff move, inside the caller's transaction with the order locked: the status changed only while
 * it is still `from`, a history row, the orders feed's event, the audit row, the dealer's status mail queued, and a
 * cancellation's stock put back. Answers the products whose stock changed, or null when the order had
 * moved meanwhile.
 */
async function commitStaffMove(
  tx: Db,
  order: { id: number; orderNo: string; userId: number },
  move: StaffMove,
  timeZone: string,
): Promise<number[] | null> {
  const { from, to, note, staff, now } = move
  const moved = await moveOrderStatus(tx, order.id, {
    from,
    to,
    note,
    byUserId: staff.id,
    byStaff: true,
    now,
  })
  if (!moved) return null
  await recordIntegrationChange(tx, { kind: 'order', entityId: order.id }, now)
  await recordAudit(
    tx,
    staff,
    {
      entity: 'order',
      entityId: order.id,
      action: 'status',
      before: { status: from },
      after: { status: to, note },
    },
    now,
  )
  const recipient = await findOrderRecipient(tx, order.userId)
  if (recipient) {
    await queueOrderStatusMail(
      tx,
      order.id,
      { orderNo: order.orderNo, status: to, note, at: now },
      recipient,
      timeZone,
    )
  }
  return to === 'cancelled' ? putStockBack(tx, order.id) : []
}

/**
 * PATCH /yonetim/orders/{id}: staff move an order one step (domain/order-status.ts). The order row is
 * locked, the move checked against its status now, the change appended to its history and the
 * dealer's mail queued, in one transaction; a cancellation puts its stock back. Asking for the status
 * it already has changes nothing (a repeated request). A card-paid order's cancellation goes through
 * `cancelPaid` (its money goes back through a refund first); while it waits for the bank, no other
 * move is allowed.
 */
export async function moveStaffOrder(
  { db, caches, mailSignal }: CachedDb & { mailSignal: MailSignal },
  staff: StaffActor,
  orderId: number,
  input: StaffOrderPatch,
  now: Date,
  cancelPaid: (note: string) => Promise<void>,
): Promise<StaffOrderDetail> {
  const note = input.note?.trim() || null
  if (input.status === 'cancelled' && !note) {
    throw new AppError('validation', 'error.validation', undefined, 'reason_required', {
      note: { key: 'orders.cancelReasonRequired' },
    })
  }
  if (input.status === 'cancelled' && note) {
    // Whether it was paid by card never changes once the order exists: no lock needed to choose.
    const order = await findAnyOrder(db, orderId)
    if (!order) throw notFound()
    if (order.paidAt && order.status !== 'cancelled') {
      await cancelPaid(note)
      return getStaffOrder(db, orderId)
    }
  }
  const { timeZone } = await loadStoreSettings({ db, caches })
  const moved = await db.transaction(async (tx) => {
    const order = await findAnyOrder(tx, orderId, true)
    if (!order) throw notFound()
    const from = order.status as OrderStatus
    if (from === input.status) return { productIds: [], changed: false }
    if (order.cancelRequest) throw cancelUnderWay()
    if (!canMoveOrder(from, input.status)) throw notAllowed(from, input.status)
    // Only through its refund (above): cancelled here, its money would stay taken.
    if (input.status === 'cancelled' && order.paidAt) throw notAllowed(from, input.status)
    const productIds = await commitStaffMove(
      tx,
      order,
      { from, to: input.status, note, staff, now },
      timeZone,
    )
    if (!productIds) throw notAllowed(from, input.status)
    return { productIds, changed: true }
  })
  if (moved.changed) forgetMoveEffects({ caches, mailSignal }, moved.productIds)
  return getStaffOrder(db, orderId)
}

/** After a committed move: every process forgets the products' rows with their old stock, and the mail leaves. */
function forgetMoveEffects(
  { caches, mailSignal }: Pick<CachedDb, 'caches'> & { mailSignal: MailSignal },
  productIds: number[],
) {
  caches.forget(...[...new Set(productIds)].map((id) => ({ list: productKey(id) })))
  mailSignal.notify()
}

/** What the payments module reads of a card-paid order before it asks for its refund. */
export async function findPaidOrder(db: Db, orderId: number) {
  const order = await findAnyOrder(db, orderId)
  if (!order) return null
  return {
    id: order.id,
    orderNo: order.orderNo,
    customerId: order.customerId,
    status: order.status as OrderStatus,
    baseTotal: order.baseTotal,
    paymentIntentId: order.paidAt ? order.paymentIntentId : null,
    cancelRequest: order.cancelRequest,
  }
}

/**
 * First step of a card-paid order's cancellation, in the payments module's transaction that steps its
 * payment to 'refunding': the order locked and checked (it may still be cancelled, no cancellation is
 * under way), and staff's cancellation kept on it until the bank answers. 'cancelled': it already is
 * (a repeated request). Throws 409 for a move the table does not allow, or a cancellation under way.
 */
export async function requestPaidOrderCancel(
  tx: Db,
  orderId: number,
  request: { staff: StaffActor; note: string; now: Date },
): Promise<'requested' | 'cancelled'> {
  const order = await findAnyOrder(tx, orderId, true)
  if (!order) throw notFound()
  const from = order.status as OrderStatus
  if (from === 'cancelled') return 'cancelled'
  if (order.cancelRequest) throw cancelUnderWay()
  if (!canMoveOrder(from, 'cancelled')) throw notAllowed(from, 'cancelled')
  await setCancelRequest(tx, orderId, {
    note: request.note,
    staff: request.staff,
    at: request.now.toISOString(),
  })
  return 'requested'
}

/**
 * The bank refunded a cancelled order's payment: in the payments module's transaction that ends its
 * payment 'refunded', the order is cancelled as staff asked (history, audit row under their name,
 * status mail, stock back) and its request cleared. Answers what the ledger and the caches need, or
 * null when the order has no cancellation waiting (nothing is written then).
 */
export async function completePaidOrderCancel(
  tx: Db,
  { caches }: Pick<CachedDb, 'caches'>,
  orderId: number,
  now: Date,
): Promise<{ orderNo: string; note: string; staff: StaffActor; productIds: number[] } | null> {
  const order = await findAnyOrder(tx, orderId, true)
  const request = order?.cancelRequest
  if (!order || !request) return null
  const { timeZone } = await loadStoreSettings({ db: tx, caches })
  const from = order.status as OrderStatus
  // Nothing moves an order while its cancellation waits, so it can still be cancelled.
  const productIds = await commitStaffMove(
    tx,
    order,
    { from, to: 'cancelled', note: request.note, staff: request.staff, now },
    timeZone,
  )
  if (!productIds) throw notAllowed(from, 'cancelled')
  await setCancelRequest(tx, orderId, null)
  return { orderNo: order.orderNo, note: request.note, staff: request.staff, productIds }
}

/** The bank refused the refund: the order stays as it was, free to move (or be cancelled) again. */
export async function withdrawPaidOrderCancel(tx: Db, orderId: number): Promise<void> {
  await setCancelRequest(tx, orderId, null)
}

/** Staff's cancellation of this order waiting for its payment's refund (the reconciler finishes it), or null. */
export async function pendingPaidOrderCancel(db: Db, orderId: number): Promise<PaidCancelRequest | null> {
  return (await findPaidOrder(db, orderId))?.cancelRequest ?? null
}

/** After a card-paid order's cancellation committed: its products' stock and its mail, as a move's. */
export const afterPaidOrderCancel = forgetMoveEffects

/** The staff home's order figures: placed in [from, to) (count, TRY total) and all still new. */
export async function orderFigures(db: Db, from: Date, to: Date) {
  const figures = await findOrderFigures(db, from, to)
  return { count: figures.count, total: Number(figures.total), waiting: figures.waiting }
}
