import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/**
 * The SQL of the ERP's ledger upserts: a batch's companies locked in one statement, their entries and
 * settlements read in a few, and the writes made set-based (rows as one JSON parameter).
 */

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`
const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`

/**
 * Locks the companies' rows in id order, as every ledger write of one company locks its row first
 * (ledger.service.ts): a payment of one of them waits for the batch, never settles beside it.
 */
export async function lockCompanies(tx: Db, customerIds: readonly number[]) {
  if (customerIds.length === 0) return
  await tx.execute(sql`select id from customers where id = any(${ids(customerIds)}) order by id for update`)
}

export type EntryRecord = {
  id: number
  customer_id: number
  kind: string
  document_no: string
  entry_date: string
  due_date: string | null
  debit: string
  credit: string
  open_amount: string
  description: string
}

const ENTRY_SELECT = sql`select id, customer_id, kind, document_no, entry_date::text as entry_date,
  due_date::text as due_date, debit::text as debit, credit::text as credit, open_amount::text as open_amount,
  description from ledger_entries`

/** The entries of these (company, kind, document number) keys (ledger_erp_document_uq). */
export const entriesByKey = (db: Db, keys: { customer_id: number; kind: string; document_no: string }[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : rows<EntryRecord>(
        db,
        sql`${ENTRY_SELECT} e where (e.customer_id, e.kind, e.document_no) in
          (select customer_id, kind, document_no from jsonb_to_recordset(${json(keys)})
            as k(customer_id int, kind text, document_no text))`,
      )

/** Every entry of the companies with something open (what a payment or a new debit would meet). */
export const openEntriesOf = (db: Db, customerIds: readonly number[]) =>
  customerIds.length === 0
    ? Promise.resolve([])
    : rows<EntryRecord>(
        db,
        sql`${ENTRY_SELECT} where customer_id = any(${ids(customerIds)}) and open_amount > 0`,
      )

export const entriesById = (db: Db, entryIds: readonly number[]) =>
  entryIds.length === 0
    ? Promise.resolve([])
    : rows<EntryRecord>(db, sql`${ENTRY_SELECT} where id = any(${ids(entryIds)})`)

export type SettlementRecord = { id: number; credit_entry_id: number; debit_entry_id: number; amount: string }

/** The settlements either side of which is one of these entries. */
export const settlementsOf = (db: Db, entryIds: readonly number[]) =>
  entryIds.length === 0
    ? Promise.resolve([])
    : rows<SettlementRecord>(
        db,
        sql`select id::int as id, credit_entry_id, debit_entry_id, amount::text as amount from ledger_settlements
          where credit_entry_id = any(${ids(entryIds)}) or debit_entry_id = any(${ids(entryIds)})`,
      )

export type EntryWrite = {
  customer_id: number
  kind: string
  document_no: string
  entry_date: string
  due_date: string | null
  debit: string
  credit: string
  open_amount: string
  description: string
}

const ENTRY_COLUMNS = `customer_id int, kind text, document_no text, entry_date date, due_date date,
  debit numeric, credit numeric, open_amount numeric, description text`

/** New entries; answers their ids by (company, kind, document number). */
export async function insertEntries(db: Db, entries: EntryWrite[]): Promise<Map<string, number>> {
  if (entries.length === 0) return new Map()
  const created = await rows<{ id: number; customer_id: number; kind: string; document_no: string }>(
    db,
    sql`insert into ledger_entries (customer_id, kind, document_no, entry_date, due_date, debit, credit,
        open_amount, description)
      select customer_id, kind, document_no, entry_date, due_date, debit, credit, open_amount, description
      from jsonb_to_recordset(${json(entries)}) as r(${sql.raw(ENTRY_COLUMNS)})
      returning id, customer_id, kind, document_no`,
  )
  return new Map(created.map((r) => [`${r.customer_id}\u0000${r.kind}\u0000${r.document_no}`, r.id]))
}

/** The ERP's fields of existing entries, with their open amounts (set together: open never exceeds the amount). */
export async function updateEntries(db: Db, entries: (EntryWrite & { id: number })[]) {
  if (entries.length === 0) return
  await db.execute(sql`update ledger_entries e set entry_date = r.entry_date, due_date = r.due_date,
      debit = r.debit, credit = r.credit, open_amount = r.open_amount, description = r.description
    from jsonb_to_recordset(${json(entries)}) as r(id int, ${sql.raw(ENTRY_COLUMNS)}) where e.id = r.id`)
}

/** Open amounts of entries the batch settled or reopened. */
export async function setOpenAmounts(db: Db, opens: { id: number; open_amount: string }[]) {
  if (opens.length === 0) return
  await db.execute(sql`update ledger_entries e set open_amount = r.open_amount
    from jsonb_to_recordset(${json(opens)}) as r(id int, open_amount numeric) where e.id = r.id`)
}

/** Settlements resized (an amount of 0 removes one) and added. */
export async function writeSettlements(
  db: Db,
  change: {
    amounts: { id: number; amount: string }[]
    added: { credit_entry_id: number; debit_entry_id: number; amount: string }[]
  },
  now: Date,
) {
  const removed = change.amounts.filter((s) => Number(s.amount) === 0).map((s) => s.id)
  const resized = change.amounts.filter((s) => Number(s.amount) !== 0)
  if (removed.length > 0)
    await db.execute(sql`delete from ledger_settlements where id = any(${sql.param(removed)}::bigint[])`)
  if (resized.length > 0) {
    await db.execute(sql`update ledger_settlements s set amount = r.amount
      from jsonb_to_recordset(${json(resized)}) as r(id bigint, amount numeric) where s.id = r.id`)
  }
  if (change.added.length > 0) {
    await db.execute(sql`insert into ledger_settlements (credit_entry_id, debit_entry_id, amount, created_at)
      select credit_entry_id, debit_entry_id, amount, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${json(change.added)}) as r(credit_entry_id int, debit_entry_id int, amount numeric)`)
  }
}
