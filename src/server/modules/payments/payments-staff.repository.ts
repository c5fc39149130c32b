import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { IntentStatus } from '../../../domain/payment-intent'
import { intentReadsAs, intentStatusSql } from '../../../domain/payment-intent.sql'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'
import { orders } from '../../db/schema/orders'
import { paymentIntents } from '../../db/schema/payments'

/** The intents that read as `status` at `now` (domain intentStatusAt), or all of them. */
const statusReadsAs = (status: IntentStatus | undefined, now: Date): SQL | undefined =>
  status ? intentReadsAs(status, paymentIntents, now) : undefined

export async function countStaffPayments(
  db: Db,
  status: IntentStatus | undefined,
  now: Date,
): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentIntents).where(statusReadsAs(status, now))
  return row?.n ?? 0
}

/** Payments, newest first, with their dealer and order: a page of the list, or (`id`) one of them. */
function staffPaymentQuery(db: Db, now: Date) {
  return db
    .select(staffPaymentColumns(now))
    .from(paymentIntents)
    .innerJoin(customers, eq(customers.id, paymentIntents.customerId))
    .leftJoin(orders, eq(orders.id, paymentIntents.orderId))
}

function staffPaymentColumns(now: Date) {
  return {
    id: paymentIntents.id,
    status: intentStatusSql(paymentIntents, now),
    paymentType: paymentIntents.paymentType,
    cardMasked: paymentIntents.cardMasked,
    cardHolder: paymentIntents.cardHolder,
    amount: paymentIntents.amount,
    totalAmount: paymentIntents.totalAmount,
    installment: paymentIntents.installment,
    gatewayRef: paymentIntents.gatewayRef,
    failureMessage: paymentIntents.failureMessage,
    attentionReason: paymentIntents.attentionReason,
    refundRef: paymentIntents.refundRef,
    createdAt: paymentIntents.createdAt,
    stateChangedAt: paymentIntents.stateChangedAt,
    customerId: customers.id,
    customerCode: customers.code,
    customerName: customers.name,
    orderId: orders.id,
    orderNo: orders.orderNo,
  }
}

export async function findStaffPaymentPage(
  db: Db,
  status: IntentStatus | undefined,
  now: Date,
  offset: number,
  limit: number,
) {
  return staffPaymentQuery(db, now)
    .where(statusReadsAs(status, now))
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .offset(offset)
    .limit(limit)
}

export type StaffPaymentRow = Awaited<ReturnType<typeof findStaffPaymentPage>>[number]

/**
 * The export's page: the payments after `after` in the list's order (newest first). The keyset's
 * time is the column's own text, microseconds and all: a JavaScript Date keeps milliseconds, and two
 * payments within one would be skipped or repeated at a page's edge.
 */
export async function findStaffPaymentExportPage(
  db: Db,
  status: IntentStatus | undefined,
  now: Date,
  after: { createdAtKey: string; id: string } | null,
  limit: number,
) {
  const query = db
    .select({
      ...staffPaymentColumns(now),
      createdAtKey: sql<string>`${paymentIntents.createdAt}::text`,
    })
    .from(paymentIntents)
    .innerJoin(customers, eq(customers.id, paymentIntents.customerId))
    .leftJoin(orders, eq(orders.id, paymentIntents.orderId))
  return query
    .where(
      and(
        statusReadsAs(status, now),
        after
          ? sql`(${paymentIntents.createdAt}, ${paymentIntents.id}) < (${after.createdAtKey}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .limit(limit)
}

export type StaffPaymentExportRow = Awaited<ReturnType<typeof findStaffPaymentExportPage>>[number]

export async function findStaffPayment(db: Db, id: string, now: Date): Promise<StaffPaymentRow | null> {
  const [row] = await staffPaymentQuery(db, now).where(eq(paymentIntents.id, id)).limit(1)
  return row ?? null
}

/** How many intents are in these states now (the open-intents index keeps this small). */
export async function countInStates(db: Db, statuses: IntentStatus[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentIntents)
    .where(inArray(paymentIntents.status, statuses))
  return row?.n ?? 0
}

/**
 * Card payments started in [from, to) that went through: their number and TRY amount
 * (payment_intents_status_idx). A payment is counted on the day it was started.
 */
export async function findCardPaymentFigures(db: Db, from: Date, to: Date) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${paymentIntents.amount}), 0)::text`,
    })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.status, 'succeeded'),
        gte(paymentIntents.createdAt, from),
        lt(paymentIntents.createdAt, to),
      ),
    )
  return row!
}
