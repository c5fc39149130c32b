import { and, asc, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Role } from '../../../contracts/account'
import {
  canTransition,
  HOLDING_STATUSES,
  type IntentActor,
  type IntentStatus,
} from '../../../domain/payment-intent'
import { pendingPastExpirySql } from '../../../domain/payment-intent.sql'
import type { Db } from '../../db/client'
import { customers, userPreferences, users } from '../../db/schema/accounts'
import { orders } from '../../db/schema/orders'
import {
  paymentIntentEvents,
  paymentIntents,
  paymentLinks,
  paymentStartRefusals,
} from '../../db/schema/payments'
import { storeInfo } from '../../db/schema/store'
import type { Dealer } from '../../identity'

export type IntentRow = typeof paymentIntents.$inferSelect

/** Who moves an intent, and why: written into its trail (payment_intent_events) with the step. */
export type StepBy = {
  actor: IntentActor
  now: Date
  userId?: number | null
  ip?: string | null
  reason?: string | null
}

/** A new intent, 'pending', with the first line of its trail. Call inside a transaction. */
export async function insertIntent(tx: Db, values: typeof paymentIntents.$inferInsert, by: StepBy) {
  await tx.insert(paymentIntents).values({ ...values, stateChangedAt: by.now })
  await tx.insert(paymentIntentEvents).values(eventOf(values.id, null, 'pending', by))
}

const eventOf = (intentId: string, from: IntentStatus | null, to: IntentStatus, by: StepBy) => ({
  intentId,
  fromStatus: from,
  toStatus: to,
  actor: by.actor,
  userId: by.userId ?? null,
  ip: by.ip ?? null,
  reason: by.reason ?? null,
  at: by.now,
})

/** The intent with its row locked (select … for update): parallel callbacks of one intent wait in turn. */
export async function lockIntent(tx: Db, id: string): Promise<IntentRow | null> {
  const [row] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, id)).for('update')
  return row ?? null
}

export async function findIntent(db: Db, id: string): Promise<IntentRow | null> {
  const [row] = await db.select().from(paymentIntents).where(eq(paymentIntents.id, id)).limit(1)
  return row ?? null
}

/**
 * One step of the state machine (domain/payment-intent.ts): a single guarded UPDATE … WHERE status =
 * `from`, so a second attempt at the same step changes nothing and answers null; the step goes into
 * the intent's trail. Call inside a transaction (the update and its trail line commit together).
 */
export async function stepIntent(
  tx: Db,
  id: string,
  from: IntentStatus,
  to: IntentStatus,
  by: StepBy,
  set: Partial<Omit<typeof paymentIntents.$inferInsert, 'id' | 'status' | 'stateChangedAt'>> = {},
): Promise<IntentRow | null> {
  if (!canTransition(from, to)) throw new Error(`payment intent step ${from} → ${to} is not allowed`)
  const [row] = await tx
    .update(paymentIntents)
    .set({ ...set, status: to, stateChangedAt: by.now })
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.status, from)))
    .returning()
  if (!row) return null
  await tx.insert(paymentIntentEvents).values(eventOf(id, from, to, by))
  return row
}

export async function setIntentOrder(tx: Db, id: string, orderId: number) {
  await tx.update(paymentIntents).set({ orderId }).where(eq(paymentIntents.id, id))
}

export async function setGatewayRef(db: Db, id: string, gatewayRef: string) {
  await db.update(paymentIntents).set({ gatewayRef }).where(eq(paymentIntents.id, id))
}

/**
 * Every pending intent whose time is over becomes 'expired', with its trail line, in one statement
 * each; answers how many. Reads agree before this runs (domain intentStatusAt and its SQL twins).
 */
export async function expirePendingIntents(tx: Db, now: Date): Promise<number> {
  const rows = await tx
    .update(paymentIntents)
    .set({ status: 'expired', stateChangedAt: now })
    .where(pendingPastExpirySql(paymentIntents, now))
    .returning({ id: paymentIntents.id })
  if (rows.length > 0) {
    const by: StepBy = { actor: 'reconciler', now, reason: 'no 3-D Secure answer in time' }
    await tx.insert(paymentIntentEvents).values(rows.map((row) => eventOf(row.id, 'pending', 'expired', by)))
  }
  return rows.length
}

/** Intents stuck in a step since before `before`, oldest first: what the reconciler looks at. */
export async function findStuckIntents(
  db: Db,
  statuses: readonly IntentStatus[],
  before: Date,
  limit: number,
) {
  return db
    .select()
    .from(paymentIntents)
    .where(and(inArray(paymentIntents.status, [...statuses]), lt(paymentIntents.stateChangedAt, before)))
    .orderBy(asc(paymentIntents.stateChangedAt))
    .limit(limit)
}

/** The reconciler asked the gateway and got no answer; answers how many times that has happened. */
export async function countReconcileAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(paymentIntents)
    .set({ reconcileAttempts: sql`${paymentIntents.reconcileAttempts} + 1` })
    .where(eq(paymentIntents.id, id))
    .returning({ attempts: paymentIntents.reconcileAttempts })
  return row?.attempts ?? 0
}

/** The trail of an intent, oldest first, with the staff member's name where one acted. */
export async function findIntentEvents(db: Db, id: string) {
  return db
    .select({
      fromStatus: paymentIntentEvents.fromStatus,
      toStatus: paymentIntentEvents.toStatus,
      actor: paymentIntentEvents.actor,
      userName: users.name,
      ip: paymentIntentEvents.ip,
      reason: paymentIntentEvents.reason,
      at: paymentIntentEvents.at,
    })
    .from(paymentIntentEvents)
    .leftJoin(users, eq(users.id, paymentIntentEvents.userId))
    .where(eq(paymentIntentEvents.intentId, id))
    .orderBy(asc(paymentIntentEvents.id))
}

/** The last few intents of a payment link, newest first (a link paused after failures in a row). */
export async function findRecentLinkIntents(db: Db, linkId: number, limit: number) {
  return db
    .select({ status: paymentIntents.status, stateChangedAt: paymentIntents.stateChangedAt })
    .from(paymentIntents)
    .where(eq(paymentIntents.paymentLinkId, linkId))
    .orderBy(desc(paymentIntents.createdAt))
    .limit(limit)
}

/** Whether another intent of this link holds it right now (its money is being taken or checked). */
export async function linkHeldByAnother(tx: Db, linkId: number, intentId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: paymentIntents.id })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.paymentLinkId, linkId),
        inArray(paymentIntents.status, [...HOLDING_STATUSES]),
        ne(paymentIntents.id, intentId),
      ),
    )
    .limit(1)
  return row !== undefined
}

/** One payment start refused by a limit, counted in its hour (payment_start_refusals). */
export async function countStartRefusal(db: Db, rule: string, now: Date) {
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000)
  await db
    .insert(paymentStartRefusals)
    .values({ hour, rule, count: 1 })
    .onConflictDoUpdate({
      target: [paymentStartRefusals.hour, paymentStartRefusals.rule],
      set: { count: sql`${paymentStartRefusals.count} + 1` },
    })
}

/** Refused starts per rule since `since` (the staff payments screen shows the last 24 hours). */
export async function sumStartRefusals(db: Db, since: Date) {
  return db
    .select({ rule: paymentStartRefusals.rule, count: sql<number>`sum(${paymentStartRefusals.count})::int` })
    .from(paymentStartRefusals)
    .where(gte(paymentStartRefusals.hour, since))
    .groupBy(paymentStartRefusals.rule)
    .orderBy(paymentStartRefusals.rule)
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
export async function findDealer(db: Db, userId: number): Promise<Dealer | null> {
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
      defaultPaymentPlanId: customers.defaultPaymentPlanId,
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
    staffRole: null,
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
