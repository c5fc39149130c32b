import type { Locale } from '../../../contracts/common'

const formats = new Map<Locale, Intl.DateTimeFormat>()

/** '14.03.2026 12:30' (tr), '14/03/2026, 12:30' (en), in the browser's time zone. */
export function formatReportDate(iso: string, locale: Locale): string {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
      dateStyle: 'short',
      timeStyle: 'short',
    })
    formats.set(locale, format)
  }
  return format.format(new Date(iso))
}
