import { count, desc, eq, type SQL } from 'drizzle-orm'
import type { PaymentLinkStatus } from '../../../domain/payment-link'
import { linkReadsAs } from '../../../domain/payment-link.sql'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'
import { paymentLinks } from '../../db/schema/payments'

/** The links that read as `status` at `now` (domain paymentLinkStatusAt), or all of them. */
const linkWhere = (status: PaymentLinkStatus | undefined, now: Date): SQL | undefined =>
  status ? linkReadsAs(status, paymentLinks, now) : undefined

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
