import { useMemo } from 'react'
import type { Locale } from '../../contracts/common'
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatTime,
  type Instant,
} from '../../domain/date-format'
import { useSession } from './session-context'

/** Dates and times as the page draws them: its language's formats, in the store's time zone. */
export interface Dates {
  locale: Locale
  /** The store's time zone (bootstrap settings), never the browser's or the server's. */
  timeZone: string
  /** '28.11.2026 14:05' (tr), '28 Nov 2026, 14:05' (en). */
  dateTime: (at: Instant) => string
  /** '28.11.2026' (tr), '28 Nov 2026' (en). */
  date: (at: Instant) => string
  /** '14:05'. */
  time: (at: Instant) => string
  /** A calendar day ('2026-11-28', no zone moves it) in the date format; '—' for none. */
  day: (isoDay: string | null) => string
}

export function datesFor(locale: Locale, timeZone: string): Dates {
  return {
    locale,
    timeZone,
    dateTime: (at) => formatDateTime(at, locale, timeZone),
    date: (at) => formatDate(at, locale, timeZone),
    time: (at) => formatTime(at, timeZone),
    day: (isoDay) => (isoDay ? formatCalendarDay(isoDay, locale) : '—'),
  }
}

/**
 * The page's date formats. The server draws a page with the same bootstrap the browser takes it over
 * with, so both write every moment as the same text whatever zone either runs in (a different text
 * would be a hydration mismatch, React's error #418).
 */
export function useDates(): Dates {
  const { locale, bootstrap } = useSession()
  const { timeZone } = bootstrap.settings
  return useMemo(() => datesFor(locale, timeZone), [locale, timeZone])
}
