import { and, gt, isNotNull, isNull, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { PaymentLinkStatus } from './payment-link'

/*
 * The SQL twins of payment-link.ts's paymentLinkStatusAt, for the queries that filter links by state
 * (the payment start's lock, the staff list); link-status-twins.int.test.ts (payment-links module)
 * runs them against it on the same rows.
 */

type LinkColumns = { paidAt: SQLWrapper; expiresAt: SQLWrapper }

/** The rows that read as `status` at `now` (a where clause). */
export function linkReadsAs(status: PaymentLinkStatus, c: LinkColumns, now: Date): SQL {
  if (status === 'paid') return isNotNull(c.paidAt)
  if (status === 'expired') return and(isNull(c.paidAt), lte(c.expiresAt, now))!
  return and(isNull(c.paidAt), gt(c.expiresAt, now))!
}

/** paymentLinkStatusAt as a column. */
export const linkStatusSql = (c: LinkColumns, now: Date): SQL<PaymentLinkStatus> =>
  sql<PaymentLinkStatus>`case when ${c.paidAt} is not null then 'paid'
    when ${c.expiresAt} <= ${now} then 'expired' else 'open' end`
