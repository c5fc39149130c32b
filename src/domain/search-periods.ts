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

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: LEDGER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

function istanbulParts(at: Date): Record<string, string> {
  return Object.fromEntries(partsFormat.formatToParts(at).map((p) => [p.type, p.value]))
}

/** The instant Istanbul's `isoDay` begins (its midnight), whatever the offset was that day. */
export function istanbulMidnight(isoDay: string): Date {
  const utcMidnight = Date.parse(`${isoDay}T00:00:00Z`)
  // Istanbul's offset at that moment: what its wall clock reads minus the instant itself.
  const p = istanbulParts(new Date(utcMidnight))
  const wall = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!)
  return new Date(utcMidnight - (wall - utcMidnight))
}

const HOUR_MS = 3_600_000
/**
 * Istanbul's offset from UTC by UTC hour: offsets change only on whole hours, and formatToParts costs
 * microseconds a call, while a dashboard answer formats some 250 dates. A pure memo (the same for
 * every caller), bounded.
 */
const offsetByHour = new Map<number, number>()

function istanbulOffsetMs(at: Date): number {
  const hour = Math.floor(at.getTime() / HOUR_MS)
  let offset = offsetByHour.get(hour)
  if (offset === undefined) {
    const p = istanbulParts(new Date(hour * HOUR_MS))
    offset = Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - hour * HOUR_MS
    if (offsetByHour.size >= 10_000) offsetByHour.clear()
    offsetByHour.set(hour, offset)
  }
  return offset
}

const two = (n: number) => String(n).padStart(2, '0')

/** The spec's date of a search, 'dd.MM.yyyy HH:mm' in Istanbul: '14.03.2026 09:05'. */
export function formatSearchDate(at: Date): string {
  const wall = new Date(at.getTime() + istanbulOffsetMs(at))
  return (
    `${two(wall.getUTCDate())}.${two(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()} ` +
    `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`
  )
}
