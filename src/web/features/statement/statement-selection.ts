import Big from 'big.js'
import type { StatementEntry } from '../../../contracts/ledger'
import { isPayable } from '../../components/statement/StatementTable'

/** The chosen items in the order of the statement, with the sum still open (decimal, 2 digits). */
export function selectionOf(entries: StatementEntry[], chosen: ReadonlySet<number>) {
  const items = entries.filter((entry) => chosen.has(entry.id) && isPayable(entry))
  const total = items.reduce((sum, entry) => sum.plus(entry.open), new Big(0))
  return { ids: items.map((entry) => entry.id), total }
}

/**
 * The pay-on-account page for the chosen items: `/odeme?items=12,15&amount=1234.50` (unprefixed; the
 * caller adds the language). The page there reads both and sends the ids as `settleEntryIds`.
 */
export function payPath(selection: { ids: number[]; total: Big }): string {
  const query = new URLSearchParams({ items: selection.ids.join(','), amount: selection.total.toFixed(2) })
  return `/odeme?${query.toString().replaceAll('%2C', ',')}`
}
