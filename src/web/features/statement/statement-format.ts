import type { Locale } from '../../../contracts/common'
import { formatMoney } from '../../../domain/money-format'

const dayFormats = new Map<Locale, Intl.DateTimeFormat>()

/** '2026-03-18' → '18.03.2026' (tr) or '18/03/2026' (en); a calendar day, no time zone shift. */
export function formatDay(iso: string | null, locale: Locale): string {
  if (!iso) return '—'
  let format = dayFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    })
    dayFormats.set(locale, format)
  }
  return format.format(new Date(`${iso}T00:00:00Z`))
}

/** An amount in TL as the statement shows it; 0 shows as a dash in the debit and credit columns. */
export const tl = (value: number, locale: Locale) => formatMoney({ value, currency: 'TRY' }, locale)
export const tlOrDash = (value: number, locale: Locale) => (value ? tl(value, locale) : '—')
