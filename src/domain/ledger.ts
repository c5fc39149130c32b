import Big from 'big.js'
import { dayIn } from './date-format'
import type { Amount } from './pricing'

/*
 * The dealer's current account (cari hesap) as pure arithmetic: which open items a payment settles,
 * what is overdue and for how many days, and the running balance of a statement. Dates are ISO
 * calendar days ('YYYY-MM-DD'); amounts are decimal (big.js), never binary floats.
 */

/**
 * The store's calendar: a day changes at midnight in Istanbul, wherever the server runs. Fixed, not the
 * store's `timeZone` setting: the days already booked (entry and due dates) and the search dashboard's
 * running totals were counted in it (docs/decisions.md, "Dates and times in the store's time zone").
 */
export const LEDGER_TIME_ZONE = 'Europe/Istanbul'

/** The ledger's day of an instant: '2026-03-14'. */
export function ledgerDay(now: Date): string {
  return dayIn(now, LEDGER_TIME_ZONE)
}

const DAY_MS = 86_400_000
const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from))
}

/** The day `days` after (or before, when negative) `isoDay`. */
export function addDays(isoDay: string, days: number): string {
  return new Date((dayNumber(isoDay) + days) * DAY_MS).toISOString().slice(0, 10)
}

/** A debit that can still be settled: its id, what is left of it and when it falls due. */
export type OpenDebit = { id: number; open: Amount; dueDate: string | null; entryDate: string }

/** When a debit falls due: its due date, or the day it was booked when it has none. */
export const dueDayOf = (item: { dueDate: string | null; entryDate: string }) =>
  item.dueDate ?? item.entryDate

/**
 * What taking a bank transfer back books, as debits of the same receipt: the part the transfer had
 * not applied yet (`rest`, settled by the transfer itself, due on its own day), and what it had
 * settled, one part per day those debts fell due (the earliest first, amounts summed), so each debt
 * is as overdue again as if the money had never been booked.
 */
export function reversalParts(
  settled: ReadonlyArray<{ dueDay: string; amount: Amount }>,
  unapplied: Amount,
): { rest: Big | null; parts: Array<{ dueDay: string; amount: Big }> } {
  const byDay = new Map<string, Big>()
  for (const s of settled) byDay.set(s.dueDay, (byDay.get(s.dueDay) ?? new Big(0)).plus(s.amount))
  const parts = [...byDay.entries()]
    .filter(([, amount]) => amount.gt(0))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([dueDay, amount]) => ({ dueDay, amount }))
  const rest = new Big(unapplied)
  return { rest: rest.gt(0) ? rest : null, parts }
}

/**
 * The order a payment settles open debits in: the chosen ones first, in the order chosen (unknown or
 * repeated ids are skipped), then the others, the one that falls due first first (then the older id).
 */
export function settlementOrder<T extends OpenDebit>(debits: T[], chosenIds: readonly number[]): T[] {
  const byId = new Map(debits.map((d) => [d.id, d]))
  const chosen: T[] = []
  for (const id of chosenIds) {
    const debit = byId.get(id)
    if (debit) {
      chosen.push(debit)
      byId.delete(id)
    }
  }
  const rest = [...byId.values()].sort((a, b) => dueDayOf(a).localeCompare(dueDayOf(b)) || a.id - b.id)
  return [...chosen, ...rest]
}

export type Allocation = { settlements: Array<{ id: number; amount: Big }>; remaining: Big }

/**
 * Spends `amount` on the items in the given order, each up to its open amount: what each item gets
 * and what is left unspent. Used both ways: a credit settling debits and a debit consuming credits.
 */
export function allocate(amount: Amount, items: Array<{ id: number; open: Amount }>): Allocation {
  let remaining = new Big(amount)
  const settlements: Allocation['settlements'] = []
  for (const item of items) {
    if (remaining.lte(0)) break
    const open = new Big(item.open)
    if (open.lte(0)) continue
    const take = open.lt(remaining) ? open : remaining
    settlements.push({ id: item.id, amount: take })
    remaining = remaining.minus(take)
  }
  return { settlements, remaining }
}

/** A debit is overdue while some of it is open after the day it fell due. */
export function isOverdue(
  item: { debit: Amount; open: Amount; dueDate: string | null; entryDate: string },
  today: string,
): boolean {
  return new Big(item.debit).gt(0) && new Big(item.open).gt(0) && dueDayOf(item) < today
}

export type Overdue = { balance: Big; days: number }

/**
 * The overdue figure from its parts: the open amount of debits past due, less credits not applied yet
 * (never below 0); its age is the days since the oldest overdue item fell due (0 when nothing is owed).
 */
export function overdueFrom(
  parts: { overdueOpen: Amount; unappliedCredit: Amount; oldestDueDay: string | null },
  today: string,
): Overdue {
  const net = new Big(parts.overdueOpen).minus(parts.unappliedCredit)
  if (net.lte(0) || !parts.oldestDueDay) return { balance: new Big(0), days: 0 }
  return { balance: net, days: Math.max(0, daysBetween(parts.oldestDueDay, today)) }
}

export type LedgerItem = {
  debit: Amount
  credit: Amount
  open: Amount
  dueDate: string | null
  entryDate: string
}

/**
 * The overdue figure of a list of entries: the rule itself. The server counts it in the database with
 * its SQL twins (ledger.sql.ts, compared with this on the same rows) and overdueFrom.
 */
export function overdueOfItems(items: LedgerItem[], today: string): Overdue {
  let overdueOpen = new Big(0)
  let unappliedCredit = new Big(0)
  let oldestDueDay: string | null = null
  for (const item of items) {
    if (new Big(item.credit).gt(0)) unappliedCredit = unappliedCredit.plus(item.open)
    else if (isOverdue(item, today)) {
      overdueOpen = overdueOpen.plus(item.open)
      const due = dueDayOf(item)
      if (oldestDueDay === null || due < oldestDueDay) oldestDueDay = due
    }
  }
  return overdueFrom({ overdueOpen, unappliedCredit, oldestDueDay }, today)
}

/**
 * The balance after each entry (debit raises it, credit lowers it; positive: the dealer owes), the
 * sums of both sides and the closing balance, starting from `opening`.
 */
export function runningBalances(
  opening: Amount,
  entries: Array<{ debit: Amount; credit: Amount }>,
): { balances: Big[]; totalDebit: Big; totalCredit: Big; closing: Big } {
  let balance = new Big(opening)
  let totalDebit = new Big(0)
  let totalCredit = new Big(0)
  const balances = entries.map((entry) => {
    totalDebit = totalDebit.plus(entry.debit)
    totalCredit = totalCredit.plus(entry.credit)
    balance = balance.plus(entry.debit).minus(entry.credit)
    return balance
  })
  return { balances, totalDebit, totalCredit, closing: balance }
}
