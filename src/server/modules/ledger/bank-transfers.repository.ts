import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { customers, users } from '../../db/schema/accounts'
import { ledgerEntries, ledgerSettlements } from '../../db/schema/payments'

/** The bank transfer entered for this receipt at this dealer, letter case aside (ledger_transfer_receipt_uq). */
export async function findTransferByReceipt(db: Db, customerId: number, receiptNo: string) {
  const [row] = await db
    .select({ id: ledgerEntries.id, entryDate: ledgerEntries.entryDate, amount: ledgerEntries.credit })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.customerId, customerId),
        eq(ledgerEntries.kind, 'bank_transfer'),
        sql`upper(${ledgerEntries.documentNo}) = upper(${receiptNo})`,
      ),
    )
    .limit(1)
  return row ?? null
}

/** A bank transfer with what a reversal needs: its dealer, day, amount and receipt. */
export async function findTransfer(db: Db, entryId: number) {
  const [row] = await db
    .select({
      id: ledgerEntries.id,
      customerId: ledgerEntries.customerId,
      entryDate: ledgerEntries.entryDate,
      amount: ledgerEntries.credit,
      documentNo: ledgerEntries.documentNo,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, entryId), eq(ledgerEntries.kind, 'bank_transfer')))
  return row ?? null
}

/** Whether the transfer has its reversal already (ledger_reverses_uq keeps it to one). */
export async function hasReversal(db: Db, entryId: number): Promise<boolean> {
  const rows = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reversesEntryId, entryId))
    .limit(1)
  return rows.length > 0
}

/** When each debt a credit settled falls due (its due date, else the day it was booked). */
export async function findSettledDueDays(db: Db, creditEntryId: number): Promise<string[]> {
  const debit = alias(ledgerEntries, 'debit')
  const rows = await db
    .select({ day: sql<string>`coalesce(${debit.dueDate}, ${debit.entryDate})::text` })
    .from(ledgerSettlements)
    .innerJoin(debit, eq(debit.id, ledgerSettlements.debitEntryId))
    .where(eq(ledgerSettlements.creditEntryId, creditEntryId))
  return rows.map((r) => r.day)
}

export type TransferFilter = {
  customerId?: number | undefined
  from?: string | undefined
  to?: string | undefined
}

const transferWhere = (filter: TransferFilter): SQL | undefined =>
  and(
    eq(ledgerEntries.kind, 'bank_transfer'),
    filter.customerId === undefined ? undefined : eq(ledgerEntries.customerId, filter.customerId),
    filter.from === undefined ? undefined : sql`${ledgerEntries.entryDate} >= ${filter.from}::date`,
    filter.to === undefined ? undefined : sql`${ledgerEntries.entryDate} <= ${filter.to}::date`,
  )

export async function countTransfers(db: Db, filter: TransferFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ledgerEntries).where(transferWhere(filter))
  return row?.n ?? 0
}

/**
 * A page of transfers, newest day first (ledger_transfers_idx, or ledger_customer_date_idx for one
 * dealer), each with its dealer, who entered it and its reversal (ledger_reverses_uq) if any.
 */
export async function findTransferPage(
  db: Db,
  filter: TransferFilter,
  offset: number,
  limit: number,
  only?: number,
) {
  const reversal = alias(ledgerEntries, 'reversal')
  const enteredBy = alias(users, 'entered_by')
  const reversedBy = alias(users, 'reversed_by')
  return db
    .select({
      id: ledgerEntries.id,
      entryDate: ledgerEntries.entryDate,
      amount: ledgerEntries.credit,
      documentNo: ledgerEntries.documentNo,
      description: ledgerEntries.description,
      createdAt: ledgerEntries.createdAt,
      enteredBy: enteredBy.name,
      customerId: customers.id,
      customerCode: customers.code,
      customerName: customers.name,
      reversalDate: reversal.entryDate,
      reversalText: reversal.descriptionText,
      reversalAt: reversal.createdAt,
      reversedBy: reversedBy.name,
    })
    .from(ledgerEntries)
    .innerJoin(customers, eq(customers.id, ledgerEntries.customerId))
    .leftJoin(enteredBy, eq(enteredBy.id, ledgerEntries.createdByUserId))
    .leftJoin(reversal, eq(reversal.reversesEntryId, ledgerEntries.id))
    .leftJoin(reversedBy, eq(reversedBy.id, reversal.createdByUserId))
    .where(
      only === undefined ? transferWhere(filter) : and(transferWhere(filter), eq(ledgerEntries.id, only)),
    )
    .orderBy(desc(ledgerEntries.entryDate), desc(ledgerEntries.id))
    .offset(offset)
    .limit(limit)
}

export type TransferRow = Awaited<ReturnType<typeof findTransferPage>>[number]

/** Bank transfers entered for the ledger day `day`, reversed ones aside: their number and sum. */
export async function findTransferFigures(db: Db, day: string) {
  const reversal = alias(ledgerEntries, 'reversal')
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${ledgerEntries.credit}), 0)::text`,
    })
    .from(ledgerEntries)
    .leftJoin(reversal, eq(reversal.reversesEntryId, ledgerEntries.id))
    .where(and(transferWhere({ from: day, to: day }), sql`${reversal.id} is null`))
  return row!
}
