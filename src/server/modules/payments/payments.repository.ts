import { and, eq, sql } from 'drizzle-orm'
import type { Role } from '../../../contracts/account'
import type { Db } from '../../db/client'
import { customers, userPreferences, users } from '../../db/schema/accounts'
import { orders } from '../../db/schema/orders'
import { paymentIntents, paymentLinks } from '../../db/schema/payments'
import { storeInfo } from '../../db/schema/store'
import type { AuthUser } from '../../http/session.repository'

export type IntentRow = typeof paymentIntents.$inferSelect

export async function insertIntent(db: Db, values: typeof paymentIntents.$inferInsert) {
  await db.insert(paymentIntents).values(values)
}

/** The intent with its row locked (select … for update): parallel callbacks of one intent wait in turn. */
export async function lockIntent(tx: Db, id: string): Promise<IntentRow | null> {
  const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, id)).for('update')
  return row ?? null
}

export async function setGatewayRef(db: Db, id: string, gatewayRef: string) {
  await db.update(paymentIntents).set({ gatewayRef }).where(eq(paymentIntents.id, id))
}

/** Only a pending intent changes state; answers whether this call changed it. */
export async function markIntentFailed(
  db: Db,
  id: string,
  failure: { code: string; message: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(paymentIntents)
    .set({
      status: 'failed',
      failureCode: failure.code.slice(0, 40),
      failureMessage: failure.message,
      completedAt: now,
    })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'pending')))
    .returning({ id: paymentIntents.id })
  return rows.length === 1
}

export async function markIntentSucceeded(
  db: Db,
  id: string,
  result: { gatewayRef: string | null; orderId: number | null },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(paymentIntents)
    .set({ status: 'succeeded', gatewayRef: result.gatewayRef, orderId: result.orderId, completedAt: now })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, 'pending')))
    .returning({ id: paymentIntents.id })
  return rows.length === 1
}

/** Who pays, as the gateway's buyer record needs it (iyzico asks for name, e-mail, address, city). */
export async function findBuyer(db: Db, customerId: number, userId: number | null) {
  const [row] = await db
    .select({
      name: customers.name,
      email: customers.email,
      address: customers.address,
      town: customers.town,
      city: customers.city,
      taxNumber: customers.taxNumber,
      userEmail: sql<string | null>`(select u.email from users u where u.id = ${userId ?? 0})`,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1)
  return row ?? null
}

/**
 * The dealer who started an intent, as a session would carry them: the callback comes from the bank,
 * without the dealer's cookie, and places their order with their prices and preferences.
 */
export async function findDealer(
  db: Db,
  userId: number,
): Promise<(AuthUser & { customerId: number }) | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      customerId: users.customerId,
      prefs: userPreferences,
      profitPercent: customers.profitPercent,
      customerName: customers.name,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.isActive, true), eq(users.role, 'dealer')))
    .limit(1)
  if (!row || row.customerId === null) return null
  const { prefs, role, customerId, ...user } = row
  const locale = prefs?.locale
  return {
    ...user,
    customerId,
    role: role as Role,
    locale: locale === 'en' || locale === 'tr' ? locale : null,
    preferences: prefs,
  }
}

/** An intent with what its result screen shows: the order's number, the company, the link's token hash. */
export async function findIntentForResult(db: Db, id: string) {
  const [row] = await db
    .select({
      intent: paymentIntents,
      orderNo: orders.orderNo,
      customerName: customers.name,
      linkTokenHash: paymentLinks.tokenHash,
    })
    .from(paymentIntents)
    .innerJoin(customers, eq(customers.id, paymentIntents.customerId))
    .leftJoin(orders, eq(orders.id, paymentIntents.orderId))
    .leftJoin(paymentLinks, eq(paymentLinks.id, paymentIntents.paymentLinkId))
    .where(eq(paymentIntents.id, id))
    .limit(1)
  return row ?? null
}

export async function findStoreForSlip(db: Db) {
  const [row] = await db.select().from(storeInfo).limit(1)
  return row ?? null
}
