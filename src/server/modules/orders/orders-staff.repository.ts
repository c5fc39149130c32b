import { and, asc, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm'
import type { StaffOrderSort } from '../../../contracts/staff-orders'
import { documentNumberMatch } from '../../../domain/document-number'
import type { OrderStatus } from '../../../domain/order-status'
import type { Db } from '../../db/client'
import { countUpTo } from '../../db/count'
import { escapeLike } from '../../db/like'
import { customers, userPreferences, users } from '../../db/schema/accounts'
import { orderStatusChanges, orders, type PaidCancelRequest } from '../../db/schema/orders'
import { orderColumns } from './orders.repository'

/** What the staff's order list is narrowed by; `from`/`until` are instants (the days' edges). */
export interface StaffOrderFilter {
  status?: OrderStatus
  customerId?: number
  from?: Date
  until?: Date
  /** Upper-cased; matched inside the order number or the ERP's document number. */
  q?: string
}

function filterWhere(filter: StaffOrderFilter): SQL | undefined {
  const pattern = filter.q ? `%${escapeLike(filter.q)}%` : undefined
  // 'S2026-0001' can only be the start of our numbers: read as a range of orders_no_prefix_idx.
  const numberPattern =
    filter.q && documentNumberMatch('order', filter.q) === 'start' ? `${escapeLike(filter.q)}%` : pattern
  return and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.customerId ? eq(orders.customerId, filter.customerId) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.until ? lt(orders.createdAt, filter.until) : undefined,
    pattern
      ? or(sql`${orders.orderNo} like ${numberPattern}`, sql`upper(${orders.erpDocumentNo}) like ${pattern}`)
      : undefined,
  )
}

/** The matching orders, counted up to `cap` (db/count.ts). */
export function countStaffOrders(db: Db, filter: StaffOrderFilter, cap: number) {
  return countUpTo(db, orders, filterWhere(filter), cap)
}

/**
 * A page of every dealer's orders with the dealer, newest first or by TRY total. The page's ids are
 * taken first (orders_created_idx, orders_status_created_idx, orders_customer_idx), so a deep page
 * skips index entries, not rows with their subqueries.
 */
export async function findStaffOrderPage(
  db: Db,
  filter: StaffOrderFilter,
  sort: { by: StaffOrderSort; dir: 'asc' | 'desc' },
  offset: number,
  limit: number,
) {
  const direction = sort.dir === 'asc' ? asc : desc
  const order = sort.by === 'total' ? [direction(orders.baseTotal), direction(orders.id)] : []
  const byDate = [direction(orders.createdAt), direction(orders.id)]
  const page = db
    .select({ id: orders.id })
    .from(orders)
    .where(filterWhere(filter))
    .orderBy(...order, ...byDate)
    .limit(limit)
    .offset(offset)
    .as('page')
  return db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.total,
      baseTotal: orders.baseTotal,
      currencyCode: orders.currencyCode,
      paymentPlanName: orders.paymentPlanName,
      paidAt: orders.paidAt,
      erpDocumentNo: orders.erpDocumentNo,
      creator: orderColumns.creator,
      branch: orderColumns.branch,
      customerId: customers.id,
      customerCode: customers.code,
      customerName: customers.name,
    })
    .from(orders)
    .innerJoin(page, eq(page.id, orders.id))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .orderBy(...order, ...byDate)
}

export type StaffOrderRowData = Awaited<ReturnType<typeof findStaffOrderPage>>[number]

/** One order of any dealer with its dealer, locked for a status change when `lock`. */
export async function findAnyOrder(db: Db, orderId: number, lock = false) {
  const query = db
    .select({
      ...orderColumns,
      customerCode: customers.code,
      customerName: customers.name,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId))
  const [row] = lock ? await query.for('update', { of: orders }) : await query
  return row ?? null
}

/** Keeps (or clears, null) staff's cancellation of a card-paid order while its refund is under way. */
export async function setCancelRequest(tx: Db, orderId: number, request: PaidCancelRequest | null) {
  await tx.update(orders).set({ cancelRequest: request }).where(eq(orders.id, orderId))
}

/** The order's status changes, oldest first, with who made each. */
export async function findStatusChanges(db: Db, orderId: number) {
  return db
    .select({
      from: orderStatusChanges.fromStatus,
      to: orderStatusChanges.toStatus,
      at: orderStatusChanges.createdAt,
      note: orderStatusChanges.note,
      byStaff: orderStatusChanges.byStaff,
      by: users.name,
    })
    .from(orderStatusChanges)
    .leftJoin(users, eq(users.id, orderStatusChanges.byUserId))
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id))
}

/** The user who placed the order, whom its status mails go to. */
export async function findOrderRecipient(db: Db, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name, locale: userPreferences.locale })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId))
  return row ? { ...row, locale: row.locale === 'en' ? ('en' as const) : ('tr' as const) } : null
}

/** Orders placed in [from, to) — their number and TRY total (orders_created_idx) — and every order still new. */
export async function findOrderFigures(db: Db, from: Date, to: Date) {
  const [placed] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${orders.baseTotal}), 0)::text`,
    })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
  const [waiting] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.status, 'new'))
  return { count: placed!.count, total: placed!.total, waiting: waiting!.count }
}
