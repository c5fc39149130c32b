import { normalizeCurrencyCode } from './pricing'

/**
 * Turkish money style: thousands with '.', decimals with ',', always 2 decimals, the currency's symbol
 * ('1.234,50 ₺'). TL is read as TRY. English pages use the same numbers with English separators.
 */
export function formatMoney(value: number, currency: string, locale: 'tr' | 'en' = 'tr'): string {
  const code = normalizeCurrencyCode(currency)
  const symbol = SYMBOLS[code] ?? code
  const number = new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value)
  return locale === 'tr' ? `${number} ${symbol}` : `${symbol}${number}`
}

const SYMBOLS: Record<string, string> = { TRY: '₺', USD: '$', EUR: '€', GBP: '£' }

/** The amount alone in Turkish style ('12.450,75'), as the overdue banner writes it before the currency. */
export function formatAmount(value: number, locale: 'tr' | 'en' = 'tr'): string {
  return new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value)
}
