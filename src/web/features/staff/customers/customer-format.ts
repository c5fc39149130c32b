import type { TFunction } from 'i18next'
import type { Locale } from '../../../../contracts/common'
import { formatMoney } from '../../../../domain/money-format'

/** A risk limit as staff read it: 0 and 1 are not amounts but "no limit" and "ordering closed". */
export function riskLimitText(value: number, locale: Locale, t: TFunction): string {
  if (value === 0) return t('staffCustomers.riskNone')
  if (value === 1) return t('staffCustomers.riskBlocked')
  return formatMoney({ value, currency: 'TRY' }, locale)
}

/** A price adjustment with its sign: '+5,00 %' is a mark-up, '−10,00 %' a discount, 0 none. */
export function percentText(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(value / 100)
}
