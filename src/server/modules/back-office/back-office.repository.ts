import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm'
import type { PaymentLinkStatus } from '../../../contracts/back-office'
import type { PaymentStatus } from '../../../contracts/payments'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'
import { orders } from '../../db/schema/orders'
import { paymentIntents, paymentLinks } from '../../db/schema/payments'

const paymentWhere = (status: PaymentStatus | undefined): SQL | undefined =>
  status ? eq(paymentIntents.status, status) : undefined

export async function countPayments(db: Db, status: PaymentStatus | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentIntents).where(paymentWhere(status))
  return row?.n ?? 0
}

/** A page of payment attempts, newest first (payment_intents_created_idx), with dealer and order. */
export async function findPaymentPage(
  db: Db,
  status: PaymentStatus | undefined,
  offset: number,
  limit: number,
) {
  return db
    .select({
      id: paymentIntents.id,
      status: paymentIntents.status,
      paymentType: paymentIntents.paymentType,
      cardMasked: paymentIntents.cardMasked,
      cardHolder: paymentIntents.cardHolder,
      amount: paymentIntents.amount,
      totalAmount: paymentIntents.totalAmount,
      installment: paymentIntents.installment,
      failureMessage: paymentIntents.failureMessage,
      createdAt: paymentIntents.createdAt,
      customerId: customers.id,
      customerCode: customers.code,
      customerName: customers.name,
      orderId: orders.id,
      orderNo: orders.orderNo,
    })
    .from(paymentIntents)
    .innerJoin(customers, eq(customers.id, paymentIntents.customerId))
    .leftJoin(orders, eq(orders.id, paymentIntents.orderId))
    .where(paymentWhere(status))
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .offset(offset)
    .limit(limit)
}

export type PaymentRow = Awaited<ReturnType<typeof findPaymentPage>>[number]

/** open: not paid and not expired; paid: paid once; expired: not paid before it expired. */
const linkWhere = (status: PaymentLinkStatus | undefined, now: Date): SQL | undefined => {
  if (status === 'paid') return isNotNull(paymentLinks.paidAt)
  if (status === 'expired') return and(isNull(paymentLinks.paidAt), lte(paymentLinks.expiresAt, now))
  if (status === 'open') return and(isNull(paymentLinks.paidAt), gt(paymentLinks.expiresAt, now))
  return undefined
}

export async function countLinks(db: Db, status: PaymentLinkStatus | undefined, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paymentLinks).where(linkWhere(status, now))
  return row?.n ?? 0
}

/** A page of payment links, newest first (payment_links_created_idx), with the dealer. */
export async function findLinkPage(
  db: Db,
  status: PaymentLinkStatus | undefined,
  now: Date,
  offset: number,
  limit: number,
) {
  return db
    .select({
      id: paymentLinks.id,
      amount: paymentLinks.amount,
      email: paymentLinks.email,
      createdAt: paymentLinks.createdAt,
      expiresAt: paymentLinks.expiresAt,
      paidAt: paymentLinks.paidAt,
      customerId: customers.id,
      customerCode: customers.code,
      customerName: customers.name,
    })
    .from(paymentLinks)
    .innerJoin(customers, eq(customers.id, paymentLinks.customerId))
    .where(linkWhere(status, now))
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .offset(offset)
    .limit(limit)
}

export type LinkRow = Awaited<ReturnType<typeof findLinkPage>>[number]

/** Customer code or name folded the way domain/turkish-text foldTurkish folds (Ş→s, İ/I/ı→i, …). */
const foldedSql = (column: typeof customers.code | typeof customers.name) =>
  sql`lower(translate(${column}, 'şŞıIİğĞçÇöÖüÜ', 'ssiiiggccoouu'))`

/** Dealer companies whose code or name contains `folded` (already folded), by code, at most `limit`. */
export async function searchCustomers(db: Db, folded: string, limit: number) {
  const pattern = `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return db
    .select({ id: customers.id, code: customers.code, name: customers.name })
    .from(customers)
    .where(
      folded
        ? sql`(${foldedSql(customers.code)} like ${pattern} or ${foldedSql(customers.name)} like ${pattern})`
        : undefined,
    )
    .orderBy(asc(customers.code))
    .limit(limit)
}

export async function findCustomer(db: Db, id: number) {
  const [row] = await db
    .select({ id: customers.id, code: customers.code, name: customers.name })
    .from(customers)
    .where(eq(customers.id, id))
  return row ?? null
}
