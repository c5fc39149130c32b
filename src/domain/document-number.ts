import { ledgerDay } from './ledger'

/*
 * The numbers of the documents we issue: a counter per kind and year (document_counters, taken in the
 * creating transaction, so no number is given twice and a failed order burns none), written with the
 * kind's prefix and six digits.
 */

/** What gets a number, and the prefix it is written with (kept as the first documents were numbered). */
const PREFIXES = { order: 'S', offer: 'T', faultReport: 'AR-' } as const
export type DocumentKind = keyof typeof PREFIXES

/**
 * The year a document made at `now` is numbered in: the store's calendar year, Istanbul's (the
 * ledger's calendar), whatever zone the server runs in. An order at 00:30 on 1 January in Istanbul
 * (21:30 on 31 December UTC) is the new year's first.
 */
export const documentYear = (now: Date): number => Number(ledgerDay(now).slice(0, 4))

/** The counter a document made at `now` takes its number from: 'S2026', 'T2026', 'AR-2026'. */
export const documentCounterKey = (kind: DocumentKind, now: Date): string =>
  `${PREFIXES[kind]}${documentYear(now)}`

/** The document number of a counter's `n`th: 'S2026-000042' (more digits beyond 999,999). */
export function documentNumber(counterKey: string, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`document counter ${n}`)
  return `${counterKey}-${String(n).padStart(6, '0')}`
}

/**
 * Where a typed part of a document number can sit. Our numbers hold one run of letters, the kind's
 * prefix in front ('S2026-000042'), so text that starts with the prefix matches only from the start:
 * a search can read a range of the numbers' sorted index rather than every number's trigrams, which
 * a part such as 'S2026-0001' shares with thousands of others.
 */
export function documentNumberMatch(kind: DocumentKind, typed: string): 'start' | 'anywhere' {
  return typed.toLocaleUpperCase('tr-TR').startsWith(PREFIXES[kind]) ? 'start' : 'anywhere'
}
