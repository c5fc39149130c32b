/*
 * Dates and times as people read them, in the store's time zone (the store setting `timeZone`), never
 * the machine's: the server and the browser draw the same moment as the same text, whatever zone
 * either runs in (a page drawn on the server is taken over in the browser, and the two must match).
 *
 * One date format and one date-time format per language (docs/decisions.md, "Dates and times in the
 * store's time zone"): Turkish '28.11.2026' and '28.11.2026 14:05', English '28 Nov 2026' and
 * '28 Nov 2026, 14:05'. The texts are put together here from the numbers of the wall clock, not taken
 * from Intl's patterns, which differ between ICU versions (Node's and a browser's: 'Sep' or 'Sept',
 * which space goes before the time): Intl is asked only what the clock reads in the zone.
 */

/** Domain code imports nothing of ours: this mirrors contracts' Locale. */
type Locale = 'tr' | 'en'

/** The zone a store has unless its settings name another. */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul'

/** An instant: a Date, an ISO string (as the API sends them) or epoch milliseconds. */
export type Instant = Date | string | number

// IANA names ('Europe/Istanbul', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+3'); not the UTC
// offsets ('+03:00') newer Intl versions also take: a store's clock follows its region's rules.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/

/** Whether `name` is a time zone Intl knows by its IANA name. */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !IANA_NAME.test(name)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>()

/** Reads the wall clock of a zone as numbers; an unknown zone (an older browser's data) reads the default's. */
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone)
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }
    try {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone })
    } catch {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: DEFAULT_TIME_ZONE })
    }
    if (partsFormats.size >= 50) partsFormats.clear()
    partsFormats.set(timeZone, format)
  }
  return format
}

const QUARTER_MS = 900_000

/**
 * A zone's offset from UTC by quarter hour: today's offsets are whole quarter hours and change at a
 * whole quarter hour of UTC, and formatToParts costs microseconds a call while a staff list draws
 * hundreds of dates. A pure memo (the same for every caller), bounded.
 */
const offsets = new Map<string, Map<number, number>>()

function offsetMs(epochMs: number, timeZone: string): number {
  const quarter = Math.floor(epochMs / QUARTER_MS)
  let byQuarter = offsets.get(timeZone)
  if (!byQuarter) {
    if (offsets.size >= 50) offsets.clear()
    byQuarter = new Map()
    offsets.set(timeZone, byQuarter)
  }
  let offset = byQuarter.get(quarter)
  if (offset === undefined) {
    const at = quarter * QUARTER_MS
    const p: Record<string, number> = {}
    for (const part of partsFormat(timeZone).formatToParts(at)) {
      if (part.type !== 'literal') p[part.type] = Number(part.value)
    }
    // Midnight reads 24 in some older implementations of h23.
    const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!)
    offset = wall - at
    if (byQuarter.size >= 10_000) byQuarter.clear()
    byQuarter.set(quarter, offset)
  }
  return offset
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number }

function epochOf(at: Instant): number {
  if (at instanceof Date) return at.getTime()
  return typeof at === 'number' ? at : Date.parse(at)
}

/** What a clock in `timeZone` reads at `epochMs`. */
function wallClock(epochMs: number, timeZone: string): WallClock {
  const wall = new Date(epochMs + offsetMs(epochMs, timeZone))
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  }
}

const two = (n: number) => String(n).padStart(2, '0')
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function dateText(c: { year: number; month: number; day: number }, locale: Locale): string {
  return locale === 'en'
    ? `${c.day} ${EN_MONTHS[c.month - 1]} ${c.year}`
    : `${two(c.day)}.${two(c.month)}.${c.year}`
}

const timeText = (c: WallClock) => `${two(c.hour)}:${two(c.minute)}`

/** Text that is not an instant is shown as it came (an empty string for anything else). */
function unreadable(at: Instant): string {
  return typeof at === 'string' ? at : ''
}

/** The date of an instant in the zone: '28.11.2026' (tr), '28 Nov 2026' (en). */
export function formatDate(at: Instant, locale: Locale, timeZone: string): string {
  const epoch = epochOf(at)
  if (Number.isNaN(epoch)) return unreadable(at)
  return dateText(wallClock(epoch, timeZone), locale)
}

/** The date and time of an instant in the zone: '28.11.2026 14:05' (tr), '28 Nov 2026, 14:05' (en). */
export function formatDateTime(at: Instant, locale: Locale, timeZone: string): string {
  const epoch = epochOf(at)
  if (Number.isNaN(epoch)) return unreadable(at)
  const clock = wallClock(epoch, timeZone)
  return locale === 'en'
    ? `${dateText(clock, locale)}, ${timeText(clock)}`
    : `${dateText(clock, locale)} ${timeText(clock)}`
}

/**
 * The zone's wall clock at an instant as a Date whose UTC fields read it (seconds dropped): what a
 * spreadsheet's date cell, which has no zone, should show. Null for what is not an instant.
 */
export function wallClockAsUtc(at: Instant, timeZone: string): Date | null {
  const epoch = epochOf(at)
  if (Number.isNaN(epoch)) return null
  const c = wallClock(epoch, timeZone)
  return new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute))
}

/** The time of an instant in the zone, 24-hour: '14:05' in both languages. */
export function formatTime(at: Instant, timeZone: string): string {
  const epoch = epochOf(at)
  if (Number.isNaN(epoch)) return unreadable(at)
  return timeText(wallClock(epoch, timeZone))
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * A calendar day ('2026-11-28', a statement's entry or due date) in the date format: it names a day,
 * not an instant, so no zone moves it. Anything else is shown as it came.
 */
export function formatCalendarDay(isoDay: string, locale: Locale): string {
  const match = ISO_DAY.exec(isoDay)
  if (!match) return isoDay
  return dateText({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }, locale)
}

/** The calendar day an instant falls on in the zone: '2026-11-28'. */
export function dayIn(at: Instant, timeZone: string): string {
  const c = wallClock(epochOf(at), timeZone)
  return `${String(c.year).padStart(4, '0')}-${two(c.month)}-${two(c.day)}`
}

/** The instant a calendar day ('2026-11-28') begins in the zone: its midnight, whatever the offset was. */
export function startOfDay(isoDay: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${isoDay}T00:00:00Z`)
  // The offset at a first guess, then at the midnight that guess found (a change between the two
  // instants, as when a zone west of UTC turns its clocks, is then read where it applies).
  const guess = utcMidnight - offsetMs(utcMidnight, timeZone)
  return new Date(utcMidnight - offsetMs(guess, timeZone))
}
