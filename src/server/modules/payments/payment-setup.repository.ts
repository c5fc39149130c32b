import { and, eq, gt, inArray, or, sql } from 'drizzle-orm'
import { type IntentStatus, STUCK_STATUSES } from '../../../domain/payment-intent'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/accounts'
import { paymentGatewaySettings } from '../../db/schema/payment-gateway'
import { paymentIntents } from '../../db/schema/payments'

export type GatewayRow = typeof paymentGatewaySettings.$inferSelect & { updatedByName: string | null }

/** The stored gateway choice, or null before anyone saved one. */
export async function readGatewayRow(db: Db): Promise<GatewayRow | null> {
  const [row] = await db
    .select({ setting: paymentGatewaySettings, updatedByName: users.name })
    .from(paymentGatewaySettings)
    .leftJoin(users, eq(users.id, paymentGatewaySettings.updatedByUserId))
    .limit(1)
  return row ? { ...row.setting, updatedByName: row.updatedByName } : null
}

/** The row locked for a change (no row yet: nothing to lock; the insert's key keeps it to one). */
export async function lockGatewayRow(tx: Db): Promise<GatewayRow | null> {
  await tx.select({ id: paymentGatewaySettings.id }).from(paymentGatewaySettings).for('update')
  return readGatewayRow(tx)
}

export type GatewayValues = Omit<typeof paymentGatewaySettings.$inferInsert, 'id'>

export async function writeGatewayRow(tx: Db, values: GatewayValues): Promise<void> {
  await tx
    .insert(paymentGatewaySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: paymentGatewaySettings.id, set: values })
}

/** Pending within its 15 minutes, or one of these later states. */
const onItsWay = (now: Date, later: readonly IntentStatus[]) =>
  or(
    and(eq(paymentIntents.status, 'pending'), gt(paymentIntents.expiresAt, now)),
    inArray(paymentIntents.status, [...later]),
  )

/**
 * Card payments on their way at `now`: pending within their 15 minutes, or past 3-D Secure and not
 * ended. A payment keeps the gateway it started with; the screen says how many are out.
 */
export async function countPaymentsInFlight(db: Db, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentIntents)
    .where(onItsWay(now, STUCK_STATUSES))
  return row?.n ?? 0
}

/**
 * Per payment plan, the card payments that will still price the cart in it: pending or authorized
 * (the hold prices the cart again before the bank takes the money, payment-hold.ts); later ones hold
 * their order already.
 */
export async function paymentsPricingInPlan(db: Db, now: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ planId: paymentIntents.paymentPlanId, n: sql<number>`count(*)::int` })
    .from(paymentIntents)
    .where(and(sql`${paymentIntents.paymentPlanId} is not null`, onItsWay(now, ['authorized'])))
    .groupBy(paymentIntents.paymentPlanId)
  return new Map(rows.map((r) => [r.planId!, r.n]))
}
