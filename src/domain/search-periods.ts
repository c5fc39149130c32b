import { startOfDay } from './date-format'
import { addDays, LEDGER_TIME_ZONE } from './ledger'

/*
 * The staff search dashboard's periods and dates. A period is a number of whole calendar days in
 * Istanbul ending today: "today" is since midnight, "7d" today and the six days before it, "30d"
 * today and the 29 before. Days are ISO calendar days ('YYYY-MM-DD'); the calendar is the store's
 * (domain/ledger: ledgerDay gives an instant's day, addDays and daysBetween count them).
 */

export const searchPeriods = ['today', '7d', '30d'] as const
export type SearchPeriod = (typeof searchPeriods)[number]
export const DEFAULT_SEARCH_PERIOD: SearchPeriod = '7d'

/** How many calendar days each period spans, today included. */
export const periodDays: Record<SearchPeriod, number> = { today: 1, '7d': 7, '30d': 30 }

/** The first day a period covers when it ends on `today`. */
export function periodFirstDay(period: SearchPeriod, today: string): string {
  return addDays(today, 1 - periodDays[period])
}

/** The instant Istanbul's `isoDay` begins (its midnight), whatever the offset was that day. */
export function istanbulMidnight(isoDay: string): Date {
  return startOfDay(isoDay, LEDGER_TIME_ZONE)
}
