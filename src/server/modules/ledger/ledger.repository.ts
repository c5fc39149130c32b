import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import { dueDaySql, isOverdueSql, unappliedCreditSql } from '../../../domain/ledger.sql'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'
import { ledgerEntries, ledgerSettlements } from '../../db/schema/payments'

/** Locks the company's row: every ledger write of one company runs after the other (none over-settles). */
export async function lockLedgerOf(tx: Db, customerId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update')
  return rows.length === 1
}

/** The columns the overdue rule reads (domain ledger.sql.ts). */
const entryColumns = {
  debit: ledgerEntries.debit,
  credit: ledgerEntries.credit,
  open: ledgerEntries.openAmount,
  dueDate: ledgerEntries.dueDate,
  entryDate: ledgerEntries.entryDate,
}

const openColumns = {
  id: ledgerEntries.id,
  open: ledgerEntries.openAmount,
  dueDate: ledgerEntries.dueDate,
  entryDate: ledgerEntries.entryDate,
}

/** The company's debits with something left to pay (the partial index ledger_open_debits_idx), locked. */
export async function lockOpenDebits(tx: Db, customerId: number) {
  return tx
    .select(openColumns)
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.customerId, customerId),
        gt(ledgerEntries.openAmount, '0'),
        gt(ledgerEntries.debit, '0'),
      ),
    )
    .orderBy(asc(ledgerEntries.dueDate), asc(ledgerEntries.id))
    .for('update')
}

/** The company's credits not applied yet, oldest first (ledger_open_credits_idx), locked. */
export async function lockOpenCredits(tx: Db, customerId: number) {
  return tx
    .select(openColumns)
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.customerId, customerId),
        gt(ledgerEntries.openAmount, '0'),
        gt(ledgerEntries.credit, '0'),
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id))
    .for('update')
}

/** Which of `ids` are open debits of the company. */
export async function findOpenDebits(db: Db, customerId: number, ids: number[]) {
  if (ids.length === 0) return []
  return db
    .select({ ...openColumns, documentNo: ledgerEntries.documentNo })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.customerId, customerId),
        inArray(ledgerEntries.id, ids),
        gt(ledgerEntries.openAmount, '0'),
        gt(ledgerEntries.debit, '0'),
      ),
    )
}

export async function insertEntry(tx: Db, values: typeof ledgerEntries.$inferInsert): Promise<number> {
  const [row] = await tx.insert(ledgerEntries).values(values).returning({ id: ledgerEntries.id })
  return row!.id
}

/** Lowers an entry's open amount by what a settlement took from it. */
export async function reduceOpen(tx: Db, entryId: number, amount: string) {
  await tx
    .update(ledgerEntries)
    .set({ openAmount: sql`${ledgerEntries.openAmount} - ${amount}::numeric` })
    .where(eq(ledgerEntries.id, entryId))
}

export async function insertSettlements(tx: Db, rows: Array<typeof ledgerSettlements.$inferInsert>) {
  if (rows.length) await tx.insert(ledgerSettlements).values(rows)
}

/**
 * The parts of the overdue figure in one statement, each from a partial index: the open amount of
 * debits past due and the day the oldest of them fell due, and the credits not applied yet.
 */
export async function findOverdueParts(db: Db, customerId: number, today: string) {
  const [row] = await db
    .select({
      overdueOpen: sql<string>`coalesce(sum(${ledgerEntries.openAmount}), 0)::text`,
      oldestDueDay: sql<string | null>`min(${dueDaySql(entryColumns)})::text`,
      unappliedCredit: sql<string>`${unappliedCreditSql(customerId)}::text`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.customerId, customerId), isOverdueSql(entryColumns, today)))
  return row!
}

/**
 * A statement's sums in one pass over (customer_id, entry_date): the balance before `from`, and the
 * debits, credits and number of entries from `from` to `to`.
 */
export async function findStatementSums(db: Db, customerId: number, from: string, to: string) {
  const inRange = sql`${ledgerEntries.entryDate} >= ${from}::date`
  const [row] = await db
    .select({
      opening: sql<string>`coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit})
        filter (where ${ledgerEntries.entryDate} < ${from}::date), 0)::text`,
      debit: sql<string>`coalesce(sum(${ledgerEntries.debit}) filter (where ${inRange}), 0)::text`,
      credit: sql<string>`coalesce(sum(${ledgerEntries.credit}) filter (where ${inRange}), 0)::text`,
      count: sql<number>`(count(*) filter (where ${inRange}))::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.customerId, customerId), sql`${ledgerEntries.entryDate} <= ${to}::date`))
  return row!
}

/** The entries from `from` to `to` in the order they were booked, at most `limit`. */
export async function findStatementEntries(
  db: Db,
  customerId: number,
  from: string,
  to: string,
  limit: number,
) {
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      documentNo: ledgerEntries.documentNo,
      description: ledgerEntries.description,
      descriptionText: ledgerEntries.descriptionText,
      entryDate: ledgerEntries.entryDate,
      dueDate: ledgerEntries.dueDate,
      debit: ledgerEntries.debit,
      credit: ledgerEntries.credit,
      open: ledgerEntries.openAmount,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.customerId, customerId),
        sql`${ledgerEntries.entryDate} between ${from}::date and ${to}::date`,
      ),
    )
    .orderBy(asc(ledgerEntries.entryDate), asc(ledgerEntries.id))
    .limit(limit)
}

export type StatementRow = Awaited<ReturnType<typeof findStatementEntries>>[number]

/** Whether a dealer company of this id exists (the staff statement of an unknown one is a 404). */
/** The company with this code (the ERP's own key for it), or null. */
export async function findCompanyIdByCode(db: Db, code: string): Promise<number | null> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.code, code)).limit(1)
  return row?.id ?? null
}

export async function companyExists(db: Db, customerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1)
  return rows.length > 0
}
