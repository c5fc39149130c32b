import type { Locale } from '../../../contracts/common'
import { formatCalendarDay } from '../../../domain/date-format'
import { formatMoney } from '../../../domain/money-format'

/** '2026-03-18' → '18.03.2026' (tr) or '18 Mar 2026' (en): a calendar day, which no time zone moves. */
export function formatDay(iso: string | null, locale: Locale): string {
  return iso ? formatCalendarDay(iso, locale) : '—'
}

/** An amount in TL as the statement shows it; 0 shows as a dash in the debit and credit columns. */
export const tl = (value: number, locale: Locale) => formatMoney({ value, currency: 'TRY' }, locale)
export const tlOrDash = (value: number, locale: Locale) => (value ? tl(value, locale) : '—')
