import { and, eq, isNull } from 'drizzle-orm'
import { linkReadsAs } from '../../../domain/payment-link.sql'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'
import { paymentLinks } from '../../db/schema/payments'
import { isPaymentLinkTokenShape, paymentLinkTokenHash } from './payment-link-token'

/** What a payment needs of a link: whose account it credits, how much, which debits it settles. */
export type PayableLink = { id: number; customerId: number; amount: string; settleEntryIds: number[] }

const payableColumns = {
  id: paymentLinks.id,
  customerId: paymentLinks.customerId,
  amount: paymentLinks.amount,
  settleEntryIds: paymentLinks.settleEntryIds,
}

/** Still payable at `now`: open (domain paymentLinkStatusAt). */
const payableAt = (now: Date) => linkReadsAs('open', paymentLinks, now)

export async function insertPaymentLink(db: Db, values: typeof paymentLinks.$inferInsert) {
  const [row] = await db.insert(paymentLinks).values(values).returning()
  return row!
}

/** The link of this token with its company's name, whatever its state; null when unknown. */
export async function findLinkByToken(db: Db, token: string) {
  if (!isPaymentLinkTokenShape(token)) return null
  const [row] = await db
    .select({
      id: paymentLinks.id,
      customerId: paymentLinks.customerId,
      amount: paymentLinks.amount,
      expiresAt: paymentLinks.expiresAt,
      paidAt: paymentLinks.paidAt,
      createdByUserId: paymentLinks.createdByUserId,
      company: customers.name,
    })
    .from(paymentLinks)
    .innerJoin(customers, eq(customers.id, paymentLinks.customerId))
    .where(eq(paymentLinks.tokenHash, paymentLinkTokenHash(token)))
    .limit(1)
  return row ?? null
}

/**
 * For the payment start: the link of this token when it can still be paid at `now`; null when the
 * token is unknown, the link is paid or it has expired. Anyone holding the token may pay; the payment
 * always credits the link's own company.
 */
export async function findPayableLink(db: Db, token: string, now: Date): Promise<PayableLink | null> {
  if (!isPaymentLinkTokenShape(token)) return null
  const [row] = await db
    .select(payableColumns)
    .from(paymentLinks)
    .where(and(eq(paymentLinks.tokenHash, paymentLinkTokenHash(token)), payableAt(now)))
    .limit(1)
  return row ?? null
}

/**
 * In the callback's transaction: locks the link row (select … for update) and returns it when it is
 * still unpaid and unexpired at `now`, else null. Two callbacks for one link wait on each other, so
 * only the first one marks it paid.
 */
export async function lockPayableLink(tx: Db, linkId: number, now: Date): Promise<PayableLink | null> {
  const [row] = await tx
    .select(payableColumns)
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, linkId), payableAt(now)))
    .for('update')
  return row ?? null
}

/** Marks the link paid by this intent; false when it was already paid (nothing changes then). */
export async function markLinkPaid(tx: Db, linkId: number, intentId: string, now: Date) {
  const rows = await tx
    .update(paymentLinks)
    .set({ paidAt: now, paymentIntentId: intentId })
    .where(and(eq(paymentLinks.id, linkId), isNull(paymentLinks.paidAt)))
    .returning({ id: paymentLinks.id })
  return rows.length === 1
}

/** The open (unpaid, unexpired) link of this company with this token, for sending it by e-mail. */
export async function findOwnOpenLink(db: Db, token: string, customerId: number, now: Date) {
  if (!isPaymentLinkTokenShape(token)) return null
  const [row] = await db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.tokenHash, paymentLinkTokenHash(token)),
        eq(paymentLinks.customerId, customerId),
        payableAt(now),
      ),
    )
    .limit(1)
  return row ?? null
}

export async function markLinkEmailed(db: Db, linkId: number, email: string, now: Date) {
  await db.update(paymentLinks).set({ email, emailedAt: now }).where(eq(paymentLinks.id, linkId))
}
