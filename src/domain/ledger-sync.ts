import Big from 'big.js'
import { allocate } from './ledger'

/*
 * The ERP's ledger documents written into a company's current account (docs/decisions.md, "The ERP's
 * ledger entries"): new entries, and entries whose amount the ERP changed, without breaking the rule
 * every ledger write keeps — an entry's open amount is its amount less its settlements, and a company
 * never has open debits and unapplied credits at once.
 */

/** The ERP's kinds as sent, and the ledger's kinds they are booked as. */
export const ERP_LEDGER_KINDS = {
  invoice: 'invoice',
  opening: 'opening',
  payment: 'erp_payment',
  return: 'erp_return',
} as const
export type ErpLedgerKind = keyof typeof ERP_LEDGER_KINDS

/** Which side of the account an ERP kind books: invoices and openings are owed, payments and returns paid. */
export const erpSide = (kind: ErpLedgerKind): 'debit' | 'credit' =>
  kind === 'invoice' || kind === 'opening' ? 'debit' : 'credit'

/**
 * One entry of a company's ledger as the planner sees it. `key` names it (an existing entry's id, or
 * a new one's place in the batch); `seq` orders entries of one day (the id, new ones after all).
 */
export type BookEntry = {
  key: string
  side: 'debit' | 'credit'
  amount: string
  open: string
  /** When a credit was booked (credits are applied oldest first). */
  entryDay: string
  /** When a debit falls due (debits are settled due first). */
  dueDay: string
  seq: number
}

/** A stored settlement: `amount` of a credit applied to a debit. */
export type BookSettlement = { id: number; creditKey: string; debitKey: string; amount: string }

export type LedgerPlan = {
  /** The open amount of every entry whose open amount changes (new entries included). */
  open: Map<string, Big>
  /** Stored settlements whose amount changes: the new amount (0: the settlement goes). */
  settlementAmounts: Map<number, Big>
  /** Settlements to add. */
  added: Array<{ creditKey: string; debitKey: string; amount: Big }>
}

/**
 * The writes that book `added` entries and give `resized` entries their new amounts, given the
 * company's entries (every open one, the resized ones and the other side of their settlements) and
 * the settlements of the resized entries.
 *
 * - An entry's applied part (amount − open) stays applied while the new amount covers it; the rest of
 *   the new amount is open.
 * - An amount below the applied part gives back the difference from its newest settlements first; the
 *   entries on their other side are open again by what they gave.
 * - Then the company's open credits settle its open debits, as a payment would: the oldest credit
 *   first, each on the debit due first. So no open debit and unapplied credit are left side by side.
 */
export function planLedger(
  entries: readonly BookEntry[],
  settlements: readonly BookSettlement[],
  resized: ReadonlyArray<{ key: string; amount: string }>,
  added: readonly BookEntry[],
): LedgerPlan {
  const state = new Map<string, { entry: BookEntry; amount: Big; open: Big }>()
  for (const entry of [...entries, ...added]) {
    state.set(entry.key, { entry, amount: new Big(entry.amount), open: new Big(entry.open) })
  }
  const before = new Map([...state].map(([key, s]) => [key, s.open]))
  for (const entry of added) before.delete(entry.key)
  const current = new Map(settlements.map((s) => [s.id, new Big(s.amount)]))
  const settlementAmounts = new Map<number, Big>()

  for (const change of resized) {
    const item = state.get(change.key)
    if (!item) throw new Error(`unknown ledger entry ${change.key}`)
    const amount = new Big(change.amount)
    const applied = item.amount.minus(item.open)
    if (amount.gte(applied)) {
      item.open = amount.minus(applied)
    } else {
      let excess = applied.minus(amount)
      const own = settlements
        .filter((s) => (item.entry.side === 'debit' ? s.debitKey : s.creditKey) === change.key)
        .sort((a, b) => b.id - a.id)
      for (const s of own) {
        if (excess.lte(0)) break
        const left = current.get(s.id)!
        if (left.lte(0)) continue
        const take = left.lt(excess) ? left : excess
        current.set(s.id, left.minus(take))
        settlementAmounts.set(s.id, left.minus(take))
        const other = state.get(item.entry.side === 'debit' ? s.creditKey : s.debitKey)
        if (!other) throw new Error(`unknown ledger entry on settlement ${s.id}`)
        other.open = other.open.plus(take)
        excess = excess.minus(take)
      }
      if (excess.gt(0)) throw new Error(`ledger entry ${change.key}: settlements short of its applied part`)
      item.open = new Big(0)
    }
    item.amount = amount
  }

  const openOf = (side: 'debit' | 'credit') =>
    [...state.values()].filter((s) => s.entry.side === side && s.open.gt(0))
  const credits = openOf('credit').sort(
    (a, b) => a.entry.entryDay.localeCompare(b.entry.entryDay) || a.entry.seq - b.entry.seq,
  )
  const debits = openOf('debit').sort(
    (a, b) => a.entry.dueDay.localeCompare(b.entry.dueDay) || a.entry.seq - b.entry.seq,
  )
  const addedSettlements: LedgerPlan['added'] = []
  for (const credit of credits) {
    const { settlements: taken, remaining } = allocate(
      credit.open,
      debits.map((d, at) => ({ id: at, open: d.open })),
    )
    for (const t of taken) {
      const debit = debits[t.id]!
      debit.open = debit.open.minus(t.amount)
      addedSettlements.push({ creditKey: credit.entry.key, debitKey: debit.entry.key, amount: t.amount })
    }
    credit.open = remaining
  }

  const open = new Map<string, Big>()
  for (const [key, s] of state) {
    const was = before.get(key)
    if (was === undefined || !was.eq(s.open)) open.set(key, s.open)
  }
  return { open, settlementAmounts, added: addedSettlements }
}
