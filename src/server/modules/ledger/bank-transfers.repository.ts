import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { customers, users } from '../../db/schema/accounts'
import { ledgerEntries, ledgerSettlements } from '../../db/schema/payments'

/**
 * The standing bank transfer entered for this receipt at this dealer, letter case aside
 * (ledger_transfer_receipt_uq); a reversed one does not count.
 */
export async function findTransferByReceipt(db: Db, customerId: number, receiptNo: string) {
  const [row] = await db
    .select({ id: ledgerEntries.id, entryDate: ledgerEntries.entryDate, amount: ledgerEntries.credit })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.customerId, customerId),
        eq(ledgerEntries.kind, 'bank_transfer'),
        sql`upper(${ledgerEntries.documentNo}) = upper(${receiptNo})`,
        isNull(ledgerEntries.reversedAt),
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

/**
 * Marks the transfer reversed, once: answers its open (unapplied) amount, or null when it was
 * reversed already (by a request before this one under the same lock).
 */
export async function markReversed(tx: Db, entryId: number, at: Date): Promise<string | null> {
  const [row] = await tx
    .update(ledgerEntries)
    .set({ reversedAt: at })
    .where(
      and(
        eq(ledgerEntries.id, entryId),
        eq(ledgerEntries.kind, 'bank_transfer'),
        isNull(ledgerEntries.reversedAt),
      ),
    )
    .returning({ open: ledgerEntries.openAmount })
  return row?.open ?? null
}

/** What a credit settled: each settlement's amount and the day its debt fell due. */
export async function findSettledParts(db: Db, creditEntryId: number) {
  const debit = alias(ledgerEntries, 'debit')
  return db
    .select({
      dueDay: sql<string>`coalesce(${debit.dueDate}, ${debit.entryDate})::text`,
      amount: ledgerSettlements.amount,
    })
    .from(ledgerSettlements)
    .innerJoin(debit, eq(debit.id, ledgerSettlements.debitEntryId))
    .where(eq(ledgerSettlements.creditEntryId, creditEntryId))
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

/** A page of transfers, newest day first (transferQuery), or (`only`) one of them. */
export async function findTransferPage(
  db: Db,
  filter: TransferFilter,
  offset: number,
  limit: number,
  only?: number,
) {
  return transferQuery(db)
    .where(
      only === undefined ? transferWhere(filter) : and(transferWhere(filter), eq(ledgerEntries.id, only)),
    )
    .orderBy(desc(ledgerEntries.entryDate), desc(ledgerEntries.id))
    .offset(offset)
    .limit(limit)
}

/** The export's page: the transfers after `after` in the list's order (newest day first). */
export async function findTransferExportPage(
  db: Db,
  filter: TransferFilter,
  after: { entryDate: string; id: number } | null,
  limit: number,
) {
  return transferQuery(db)
    .where(
      and(
        transferWhere(filter),
        after
          ? sql`(${ledgerEntries.entryDate}, ${ledgerEntries.id}) < (${after.entryDate}::date, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.entryDate), desc(ledgerEntries.id))
    .limit(limit)
}

/**
 * Transfers with their dealer, who entered them and their reversal (ledger_reverses_idx) if any;
 * newest day first they are served by ledger_transfers_idx, or ledger_customer_date_idx for one dealer.
 */
function transferQuery(db: Db) {
  const enteredBy = alias(users, 'entered_by')
  // A reversal may be several entries (one per due day): its day, text and author are the first's.
  const firstReversal = (column: SQL) =>
    sql`(select ${column} from ledger_entries r left join users ru on ru.id = r.created_by_user_id
         where r.reverses_entry_id = ${ledgerEntries.id} order by r.id limit 1)`
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
      reversedAt: ledgerEntries.reversedAt,
      reversalDate: sql<string | null>`${firstReversal(sql`r.entry_date::text`)}`,
      reversalText: sql<unknown>`${firstReversal(sql`r.description_text`)}`,
      reversedBy: sql<string | null>`${firstReversal(sql`ru.name`)}`,
    })
    .from(ledgerEntries)
    .innerJoin(customers, eq(customers.id, ledgerEntries.customerId))
    .leftJoin(enteredBy, eq(enteredBy.id, ledgerEntries.createdByUserId))
}

export type TransferRow = Awaited<ReturnType<typeof findTransferPage>>[number]

/** Bank transfers booked on the ledger day `day`, reversed ones aside: their number and sum. */
export async function findTransferFigures(db: Db, day: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${ledgerEntries.credit}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(and(transferWhere({ from: day, to: day }), isNull(ledgerEntries.reversedAt)))
  return row!
}
