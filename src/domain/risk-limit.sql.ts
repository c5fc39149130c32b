import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import { CREDIT_ORDER_STATUSES } from './risk-limit'

/*
 * The SQL twin of risk-limit.ts's usesCredit, for the risk query that sums a company's open orders
 * inside the order's transaction; risk-twins.int.test.ts (orders module) runs both on the same rows.
 */

/** usesCredit: open and not paid by card. */
export const usesCreditSql = (o: { status: SQLWrapper; paidAt: SQLWrapper }): SQL =>
  sql`(${o.status} in (${sql.join(
    CREDIT_ORDER_STATUSES.map((status) => sql.raw(`'${status}'`)),
    sql`, `,
  )}) and ${o.paidAt} is null)`

/** The TRY total of the company's orders that usesCredit, as a scalar subquery (text). */
export const openOrdersSql = (customerId: SQL | number): SQL<string> =>
  sql<string>`(select coalesce(sum(o.base_total), 0)::text from orders o
    where o.customer_id = ${customerId} and ${usesCreditSql({ status: sql.raw('o.status'), paidAt: sql.raw('o.paid_at') })})`
