import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'
import { products } from '../../db/schema/catalogue'
import { offerItems, offers } from '../../db/schema/orders'

export type OfferRow = typeof offers.$inferSelect & { creator: string }
export type OfferItemRow = typeof offerItems.$inferSelect

/** Offer columns with the creator's name. */
const offerColumns = {
  ...getTableColumns(offers),
  creator: sql<string>`(select u.name from users u where u.id = ${offers.userId})`,
}

export async function insertOffer(db: Db, values: typeof offers.$inferInsert) {
  const [row] = await db.insert(offers).values(values).returning({ id: offers.id })
  return row!.id
}

export async function insertOfferItems(db: Db, values: Array<typeof offerItems.$inferInsert>) {
  if (values.length) await db.insert(offerItems).values(values)
}

/** The products among these that are no longer sold. */
export async function findInactiveProducts(db: Db, productIds: number[]) {
  if (productIds.length === 0) return []
  return db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(inArray(products.id, productIds), eq(products.isActive, false)))
}

/** One offer of the company, or null (another company's offer is as good as missing). */
export async function findOffer(db: Db, offerId: number, customerId: number): Promise<OfferRow | null> {
  const [row] = await db
    .select(offerColumns)
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.customerId, customerId)))
    .limit(1)
  return row ?? null
}

/** The lines of all these offers in one query, in each offer's line order. */
export async function findOfferItems(db: Db, offerIds: number[]): Promise<OfferItemRow[]> {
  if (offerIds.length === 0) return []
  return db
    .select()
    .from(offerItems)
    .where(inArray(offerItems.offerId, offerIds))
    .orderBy(asc(offerItems.offerId), asc(offerItems.sortOrder), asc(offerItems.id))
}

export async function findOfferPage(db: Db, customerId: number, offset: number, limit: number) {
  return db
    .select(offerColumns)
    .from(offers)
    .where(eq(offers.customerId, customerId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(limit)
    .offset(offset)
}

export async function countOffers(db: Db, customerId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(eq(offers.customerId, customerId))
  return row?.n ?? 0
}

/**
 * Cancels an offer that is neither cancelled nor made into an order yet; false when it was either
 * (an offer staff are converting is locked: this waits for it and then finds it ordered).
 */
export async function markOfferCancelled(db: Db, offerId: number) {
  const rows = await db
    .update(offers)
    .set({ isCancel: true })
    .where(and(eq(offers.id, offerId), eq(offers.isCancel, false), isNull(offers.orderId)))
    .returning({ id: offers.id })
  return rows.length === 1
}

/** The company's offers with these numbers, locked until the transaction ends (in id order). */
export async function lockOffersByNo(db: Db, customerId: number, offerNos: string[]) {
  return db
    .select({ id: offers.id, offerNo: offers.offerNo, isCancel: offers.isCancel })
    .from(offers)
    .where(and(eq(offers.customerId, customerId), inArray(offers.offerNo, offerNos)))
    .orderBy(asc(offers.id))
    .for('update')
}

/** Which offer each of these line ids belongs to (ids that do not exist are left out). */
export async function findItemOwners(db: Db, itemIds: number[]) {
  if (itemIds.length === 0) return []
  return db
    .select({ id: offerItems.id, offerId: offerItems.offerId })
    .from(offerItems)
    .where(inArray(offerItems.id, itemIds))
}

/** Sets the profit percent of many lines in one statement. */
export async function setItemProfits(db: Db, profits: Array<{ itemId: number; profit: number }>) {
  if (profits.length === 0) return
  const values = sql.join(
    profits.map((p) => sql`(${p.itemId}::int, ${String(p.profit)}::numeric)`),
    sql`, `,
  )
  await db.execute(sql`update offer_items set profit = v.profit
    from (values ${values}) as v(id, profit) where offer_items.id = v.id`)
}

export async function setOfferCustomer(
  db: Db,
  offerId: number,
  values: Pick<
    typeof offers.$inferInsert,
    'customerName' | 'customerCompanyName' | 'customerEmail' | 'customerPhone'
  >,
) {
  await db.update(offers).set(values).where(eq(offers.id, offerId))
}

/** The dealer company as the seller on the quote form. */
export async function findSeller(db: Db, customerId: number) {
  const [row] = await db
    .select({
      name: customers.name,
      address: customers.address,
      town: customers.town,
      city: customers.city,
      phone: customers.phone,
      email: customers.email,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1)
  return row ?? { name: '', address: null, town: null, city: null, phone: null, email: null }
}

/** The dealer company's account code, for the store's mail of a new offer. */
export async function findCompanyCode(db: Db, customerId: number): Promise<string> {
  const [row] = await db.select({ code: customers.code }).from(customers).where(eq(customers.id, customerId))
  return row?.code ?? ''
}

/** Offers made in [from, to) (offers_created_idx). */
export async function countOffersBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(offers)
    .where(and(gte(offers.createdAt, from), lt(offers.createdAt, to)))
  return row?.n ?? 0
}
