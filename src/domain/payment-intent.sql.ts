import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'
import type { IntentStatus } from './payment-intent'

/*
 * The SQL twins of payment-intent.ts's intentStatusAt, for the queries that read or filter intents by
 * state (the staff list and its counts, the metrics) and for the reconciler's write of the expiry;
 * payments-staff.int.test.ts runs them against it on the same rows.
 */

type IntentColumns = { status: SQLWrapper; expiresAt: SQLWrapper }

/** A pending intent whose time is over (expiresAt < now): it reads as expired, written yet or not. */
export const pendingPastExpirySql = (c: IntentColumns, now: Date): SQL =>
  sql`(${c.status} = 'pending' and ${c.expiresAt} < ${now})`

/** intentStatusAt as a column. */
export const intentStatusSql = (c: IntentColumns, now: Date): SQL<IntentStatus> =>
  sql<IntentStatus>`case when ${pendingPastExpirySql(c, now)} then 'expired' else ${c.status} end`

/** The rows that read as `status` at `now` (a where clause the (status, created_at) index serves). */
export function intentReadsAs(status: IntentStatus, c: IntentColumns, now: Date): SQL {
  if (status === 'pending') return sql`(${c.status} = 'pending' and ${c.expiresAt} >= ${now})`
  if (status === 'expired') return sql`(${c.status} = 'expired' or ${pendingPastExpirySql(c, now)})`
  return sql`${c.status} = ${status}`
}
