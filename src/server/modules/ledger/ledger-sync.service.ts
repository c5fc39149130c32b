import Big from 'big.js'
import type { LedgerEntryRow } from '../../../contracts/integration-sync'
import { type RowOutcome, rejected, sameDecimal } from '../../../domain/bulk-upsert'
import { addDays, dueDayOf } from '../../../domain/ledger'
import {
  type BookEntry,
  type BookSettlement,
  ERP_LEDGER_KINDS,
  erpSide,
  planLedger,
} from '../../../domain/ledger-sync'
import type { Db } from '../../db/client'
import {
  type EntryRecord,
  type EntryWrite,
  entriesById,
  entriesByKey,
  insertEntries,
  lockCompanies,
  openEntriesOf,
  setOpenAmounts,
  settlementsOf,
  updateEntries,
  writeSettlements,
} from './ledger-sync.repository'

/**
 * The ERP's account movements (docs/integration.md, "ledger-entries"), keyed by company, kind and
 * document number. Invoices and openings are debits, payments and returns credits of their own kinds
 * (`erp_payment`, `erp_return`), so an entry the portal wrote (an order, a card payment, a bank
 * transfer) is never one the ERP names. The batch's companies are locked as every ledger write locks
 * them; then, per company, new entries and changed amounts go through the ledger's rule
 * (domain/ledger-sync.ts planLedger): open amounts and settlements stay right, and open debits and
 * unapplied credits never stand side by side. A debit sent without a due date is due after the
 * company's payment terms (an existing one keeps its due date).
 */

const keyOf = (customerId: number, kind: string, documentNo: string) =>
  `${customerId}\u0000${kind}\u0000${documentNo}`
const amountOf = (e: { debit: string; credit: string }) => (new Big(e.debit).gt(0) ? e.debit : e.credit)
const sideOf = (e: { debit: string }): 'debit' | 'credit' => (new Big(e.debit).gt(0) ? 'debit' : 'credit')

const bookEntry = (e: EntryRecord): BookEntry => ({
  key: `e:${e.id}`,
  side: sideOf(e),
  amount: amountOf(e),
  open: e.open_amount,
  entryDay: e.entry_date,
  dueDay: dueDayOf({ dueDate: e.due_date, entryDate: e.entry_date }),
  seq: e.id,
})

/** A new entry's place among the others: after every stored one, in the batch's order. */
const NEW_SEQ = 2 ** 31

export async function upsertLedgerEntries(
  tx: Db,
  rows: readonly LedgerEntryRow[],
  /** The companies the rows name, by code (an absent code is rejected). */
  companies: ReadonlyMap<string, { id: number; paymentTermDays: number }>,
  now: Date,
): Promise<RowOutcome[]> {
  await lockCompanies(
    tx,
    [...companies.values()].map((c) => c.id),
  )
  const known = rows.flatMap((r) => {
    const company = companies.get(r.customerCode)
    return company
      ? [{ customer_id: company.id, kind: ERP_LEDGER_KINDS[r.kind], document_no: r.documentNo }]
      : []
  })
  const stored = new Map(
    (await entriesByKey(tx, known)).map((e) => [keyOf(e.customer_id, e.kind, e.document_no), e]),
  )

  const outcomes: RowOutcome[] = []
  const touched: (EntryWrite & { id: number; resized: boolean })[] = []
  const added: (EntryWrite & { key: string })[] = []
  for (const [i, row] of rows.entries()) {
    const company = companies.get(row.customerCode)
    if (!company) {
      outcomes.push(rejected('customerCode', 'unknown_reference', row.customerCode))
      continue
    }
    const kind = ERP_LEDGER_KINDS[row.kind]
    const was = stored.get(keyOf(company.id, kind, row.documentNo))
    const debit = erpSide(row.kind) === 'debit'
    const dueDate = !debit
      ? null
      : row.dueDate !== undefined && row.dueDate !== null
        ? row.dueDate
        : (was?.due_date ?? addDays(row.date, company.paymentTermDays))
    const target: EntryWrite = {
      customer_id: company.id,
      kind,
      document_no: row.documentNo,
      entry_date: row.date,
      due_date: dueDate,
      debit: debit ? row.amount : '0',
      credit: debit ? '0' : row.amount,
      open_amount: row.amount,
      description: row.description === undefined ? (was?.description ?? '') : (row.description ?? ''),
    }
    if (!was) {
      added.push({ ...target, key: `n:${i}` })
      outcomes.push({ status: 'created' })
      continue
    }
    const resized = !sameDecimal(amountOf(was), row.amount)
    if (
      !resized &&
      was.entry_date === target.entry_date &&
      was.due_date === target.due_date &&
      was.description === target.description
    ) {
      outcomes.push({ status: 'unchanged' })
      continue
    }
    touched.push({ ...target, id: was.id, open_amount: was.open_amount, resized })
    outcomes.push({ status: 'updated' })
  }
  await book(tx, touched, added, now)
  return outcomes
}

/**
 * Writes the batch: per company whose amounts change or that gets new entries, the plan of open
 * amounts and settlements; then the entries, the other entries' open amounts and the settlements,
 * a few statements for the whole batch.
 */
async function book(
  tx: Db,
  touched: (EntryWrite & { id: number; resized: boolean })[],
  added: (EntryWrite & { key: string })[],
  now: Date,
) {
  const resized = touched.filter((t) => t.resized)
  const planned = [...new Set([...resized, ...added].map((e) => e.customer_id))]
  const opens = new Map<string, Big>()
  const settlementAmounts = new Map<number, Big>()
  const newSettlements: { creditKey: string; debitKey: string; amount: Big }[] = []
  if (planned.length > 0) {
    const settlements = await settlementsOf(
      tx,
      resized.map((t) => t.id),
    )
    const open = await openEntriesOf(tx, planned)
    const loaded = new Set(open.map((e) => e.id))
    const more = [
      ...resized.map((t) => t.id),
      ...settlements.flatMap((s) => [s.credit_entry_id, s.debit_entry_id]),
    ].filter((id) => !loaded.has(id))
    const entries = [...open, ...(await entriesById(tx, [...new Set(more)]))]
    for (const customerId of planned) {
      const own = entries.filter((e) => e.customer_id === customerId)
      const ownIds = new Set(own.map((e) => e.id))
      const plan = planLedger(
        own.map(bookEntry),
        settlements
          .filter((s) => ownIds.has(s.credit_entry_id))
          .map(
            (s): BookSettlement => ({
              id: s.id,
              creditKey: `e:${s.credit_entry_id}`,
              debitKey: `e:${s.debit_entry_id}`,
              amount: s.amount,
            }),
          ),
        resized
          .filter((t) => t.customer_id === customerId)
          .map((t) => ({ key: `e:${t.id}`, amount: amountOf(t) })),
        added
          .filter((a) => a.customer_id === customerId)
          .map((a, n) => ({
            key: a.key,
            side: sideOf(a),
            amount: amountOf(a),
            open: amountOf(a),
            entryDay: a.entry_date,
            dueDay: dueDayOf({ dueDate: a.due_date, entryDate: a.entry_date }),
            seq: NEW_SEQ + n,
          })),
      )
      for (const [key, value] of plan.open) opens.set(key, value)
      for (const [id, value] of plan.settlementAmounts) settlementAmounts.set(id, value)
      newSettlements.push(...plan.added)
    }
  }

  const openOf = (key: string, fallback: string) => opens.get(key)?.toFixed(2) ?? fallback
  const created = await insertEntries(
    tx,
    added.map(({ key, ...a }) => ({ ...a, open_amount: openOf(key, a.open_amount) })),
  )
  await updateEntries(
    tx,
    touched.map(({ resized: _, ...t }) => ({ ...t, open_amount: openOf(`e:${t.id}`, t.open_amount) })),
  )
  const touchedKeys = new Set(touched.map((t) => `e:${t.id}`))
  await setOpenAmounts(
    tx,
    [...opens]
      .filter(([key]) => key.startsWith('e:') && !touchedKeys.has(key))
      .map(([key, value]) => ({ id: Number(key.slice(2)), open_amount: value.toFixed(2) })),
  )
  const addedIds = new Map(
    added.map((a) => [a.key, created.get(keyOf(a.customer_id, a.kind, a.document_no))!]),
  )
  const idOf = (key: string) => (key.startsWith('e:') ? Number(key.slice(2)) : addedIds.get(key)!)
  await writeSettlements(
    tx,
    {
      amounts: [...settlementAmounts].map(([id, amount]) => ({ id, amount: amount.toFixed(2) })),
      added: newSettlements.map((s) => ({
        credit_entry_id: idOf(s.creditKey),
        debit_entry_id: idOf(s.debitKey),
        amount: s.amount.toFixed(2),
      })),
    },
    now,
  )
}
