import type { TFunction } from 'i18next'
import type { Dates } from './dates'

/**
 * Where a currency's rate came from, as the header's currency menu and the staff's rates screen say
 * it: "TCMB 27.11.2026" (the bulletin's day in the page's date format) or "Elle" / "Manual".
 */
export function rateSourceText(
  t: TFunction,
  dates: Dates,
  rate: { source: 'tcmb' | 'manual'; bulletinDate: string | null },
): string {
  return rate.source === 'tcmb' && rate.bulletinDate
    ? t('rateSource.tcmb', { date: dates.day(rate.bulletinDate) })
    : t('rateSource.manual')
}
