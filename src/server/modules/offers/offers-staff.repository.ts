import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { OfferStatus } from '../../../contracts/staff-offers'
import type { Db } from '../../db/client'
import { escapeLike } from '../../db/like'
import { customers, users } from '../../db/schema/accounts'
import { offerStatusSql, offers, orders } from '../../db/schema/orders'

/** What the staff's offer list is narrowed by; `from`/`until` are instants (the days' edges). */
export interface StaffOfferFilter {
  status?: OfferStatus
  customerId?: number
  from?: Date
  until?: Date
  /** Upper-cased; matched inside the offer number. */
  q?: string
}

function filterWhere(filter: StaffOfferFilter): SQL | undefined {
  return and(
    filter.status ? eq(offerStatusSql(), filter.status) : undefined,
    filter.customerId ? eq(offers.customerId, filter.customerId) : undefined,
    filter.from ? gte(offers.createdAt, filter.from) : undefined,
    filter.until ? lt(offers.createdAt, filter.until) : undefined,
    filter.q ? sql`${offers.offerNo} like ${`%${escapeLike(filter.q)}%`}` : undefined,
  )
}

export async function countStaffOffers(db: Db, filter: StaffOfferFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(offers).where(filterWhere(filter))
  return row?.n ?? 0
}

/**
 * A page of every dealer's offers with the dealer, newest first. The page's ids are taken first
 * (offers_created_idx, offers_status_created_idx, offers_customer_idx), so a deep page skips index
 * entries, not joined rows.
 */
export async function findStaffOfferPage(db: Db, filter: StaffOfferFilter, offset: number, limit: number) {
  const byDate = [desc(offers.createdAt), desc(offers.id)]
  const page = db
    .select({ id: offers.id })
    .from(offers)
    .where(filterWhere(filter))
    .orderBy(...byDate)
    .limit(limit)
    .offset(offset)
    .as('page')
  return db
    .select({
      id: offers.id,
      offerNo: offers.offerNo,
      createdAt: offers.createdAt,
      status: offerStatusSql(),
      currencyCode: offers.currencyCode,
      customerName: offers.customerName,
      creator: users.name,
      customerId: customers.id,
      customerCode: customers.code,
      dealerName: customers.name,
    })
    .from(offers)
    .innerJoin(page, eq(page.id, offers.id))
    .innerJoin(customers, eq(customers.id, offers.customerId))
    .innerJoin(users, eq(users.id, offers.userId))
    .orderBy(...byDate)
}

/** One offer of any dealer with its dealer, its creator and the order it became; locked when `lock`. */
export async function findAnyOffer(db: Db, offerId: number, lock = false) {
  const query = db
    .select({
      id: offers.id,
      offerNo: offers.offerNo,
      userId: offers.userId,
      customerId: offers.customerId,
      createdAt: offers.createdAt,
      status: offerStatusSql(),
      isCancel: offers.isCancel,
      orderId: offers.orderId,
      orderNo: orders.orderNo,
      description: offers.description,
      customerName: offers.customerName,
      customerCompanyName: offers.customerCompanyName,
      currencyCode: offers.currencyCode,
      currencyRate: offers.currencyRate,
      creator: users.name,
      customerCode: customers.code,
      dealerName: customers.name,
    })
    .from(offers)
    .innerJoin(customers, eq(customers.id, offers.customerId))
    .innerJoin(users, eq(users.id, offers.userId))
    .leftJoin(orders, eq(orders.id, offers.orderId))
    .where(eq(offers.id, offerId))
  const [row] = lock ? await query.for('update', { of: offers }) : await query
  return row ?? null
}

export type StaffOfferRowData = NonNullable<Awaited<ReturnType<typeof findAnyOffer>>>

/** Records the order an offer became. */
export async function setOfferOrder(db: Db, offerId: number, orderId: number) {
  await db.update(offers).set({ orderId }).where(eq(offers.id, offerId))
}
