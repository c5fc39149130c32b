/** Domain code imports nothing of ours: these mirror contracts' Locale and Money. */
type Locale = 'tr' | 'en'
type Money = { value: number; currency: string }

/** The code TL is read as TRY everywhere a code comes in. */
export function normalizeCurrencyCode(code: string): string {
  const upper = code.trim().toUpperCase()
  return upper === 'TL' ? 'TRY' : upper
}

const amountFormats = new Map<Locale, Intl.NumberFormat>()

function amountFormat(locale: Locale): Intl.NumberFormat {
  let format = amountFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'tr-TR', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    amountFormats.set(locale, format)
  }
  return format
}

/** An amount with 2 decimals and no currency: '1.234,50' (tr), '1,234.50' (en). */
export function formatAmount(value: number, locale: Locale = 'tr'): string {
  return amountFormat(locale).format(value)
}

const symbols = new Map<string, string>()

/** '₺' for TRY (and TL), '$' for USD, '€' for EUR; an unknown code stands for itself. */
export function currencySymbol(code: string): string {
  const currency = normalizeCurrencyCode(code)
  let symbol = symbols.get(currency)
  if (symbol === undefined) {
    try {
      symbol =
        new Intl.NumberFormat('tr-TR', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value ?? currency
    } catch {
      symbol = currency
    }
    symbols.set(currency, symbol)
  }
  return symbol
}

/**
 * Money for people. Turkish style puts the symbol after the amount: '1.234,50 ₺'; English puts it
 * before: '₺1,234.50'. Always 2 decimals, rounded half away from zero.
 */
export function formatMoney(money: Money, locale: Locale = 'tr'): string {
  const amount = formatAmount(money.value, locale)
  const symbol = currencySymbol(money.currency)
  if (locale === 'en') {
    const sign = amount.startsWith('-') ? '-' : ''
    const digits = sign ? amount.slice(1) : amount
    return symbol.length > 1 ? `${sign}${symbol} ${digits}` : `${sign}${symbol}${digits}`
  }
  return `${amount} ${symbol}`
}
