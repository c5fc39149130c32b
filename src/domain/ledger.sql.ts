import { type SQL, type SQLWrapper, sql } from 'drizzle-orm'

/*
 * The SQL twins of ledger.ts's overdue rule, for the queries that must count it in the database (a
 * company's figure in one statement, a risk check inside the order's transaction). The columns are
 * passed in, so the rule is written once whatever the query calls its table; ledger-sql.int.test.ts
 * runs them against isOverdue / overdueOfItems on the same rows.
 */

/** The columns of a ledger entry the overdue rule reads. */
export type LedgerEntryColumns = {
  debit: SQLWrapper
  credit: SQLWrapper
  open: SQLWrapper
  dueDate: SQLWrapper
  entryDate: SQLWrapper
}

/**
 * isOverdue: a debit with something open after the day it fell due. Written with literal `> 0`, so
 * the partial index ledger_open_debits_idx (open_amount > 0 and debit > 0) serves it.
 */
export const isOverdueSql = (c: LedgerEntryColumns, today: string): SQL =>
  sql`(${c.open} > 0 and ${c.debit} > 0 and ${dueDaySql(c)} < ${today}::date)`

/** dueDayOf: the due date, or the day it was booked. */
export const dueDaySql = (c: Pick<LedgerEntryColumns, 'dueDate' | 'entryDate'>): SQL =>
  sql`coalesce(${c.dueDate}, ${c.entryDate})`

/** A credit not applied yet (ledger_open_credits_idx): what overdueFrom takes off the overdue debits. */
export const isUnappliedCreditSql = (c: Pick<LedgerEntryColumns, 'credit' | 'open'>): SQL =>
  sql`(${c.open} > 0 and ${c.credit} > 0)`

/** The open amount of the credits of `customerId` not applied yet, as a scalar subquery (numeric). */
export function unappliedCreditSql(customerId: SQL | number): SQL<string> {
  const c = columnsOf('c')
  return sql<string>`(select coalesce(sum(c.open_amount), 0) from ledger_entries c
    where c.customer_id = ${customerId} and ${isUnappliedCreditSql(c)})`
}

/**
 * overdueOfItems' balance as a scalar subquery (text) over the ledger_entries of `customerId` (a value
 * or a column of the outer query): open debits past due less credits not applied yet, never below 0.
 */
export function overdueBalanceSql(customerId: SQL | number, today: string): SQL<string> {
  const d = columnsOf('d')
  return sql<string>`(select greatest(0,
      coalesce((select sum(d.open_amount) from ledger_entries d where d.customer_id = ${customerId}
        and ${isOverdueSql(d, today)}), 0)
      - ${unappliedCreditSql(customerId)})::text)`
}

/** The ledger_entries columns under a table alias. */
function columnsOf(alias: 'c' | 'd'): LedgerEntryColumns {
  const column = (name: string) => sql.raw(`${alias}.${name}`)
  return {
    debit: column('debit'),
    credit: column('credit'),
    open: column('open_amount'),
    dueDate: column('due_date'),
    entryDate: column('entry_date'),
  }
}
