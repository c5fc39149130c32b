import type { Locale } from '../../../../contracts/common'
import { formatMoney } from '../../../../domain/money-format'

const counts = new Map<Locale, Intl.NumberFormat>()

/** A whole number with the reader's thousands separator: 1.250 (tr), 1,250 (en). */
export function countText(value: number, locale: Locale): string {
  let format = counts.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'tr-TR', { maximumFractionDigits: 0 })
    counts.set(locale, format)
  }
  return format.format(value)
}

/** A product's price (decimal text in its own currency) as people read it: '1.250,50 ₺'. */
export function priceText(decimal: string, currency: string, locale: Locale): string {
  return formatMoney({ value: Number(decimal), currency }, locale)
}

/**
 * A decimal from the server ('1250.5000', '20.0000') as a field shows it for editing: no thousands
 * separator, the reader's decimal mark, trailing zeros dropped (money keeps two decimals).
 */
export function decimalForInput(decimal: string | null, locale: Locale, money = true): string {
  if (decimal === null || decimal.trim() === '') return ''
  const [whole = '0', fraction = ''] = decimal.trim().split('.')
  let digits = fraction.replace(/0+$/, '')
  if (money && digits.length < 2) digits = digits.padEnd(2, '0')
  const mark = locale === 'tr' ? ',' : '.'
  return digits ? `${whole}${mark}${digits}` : whole
}

export type ParsedDecimal = { ok: true; value: string | null } | { ok: false }

/**
 * A decimal a person typed, as the API takes it ('1250.5'): null when the field is empty. Turkish
 * writes '1.250,50' (dots group thousands, a comma marks decimals), English '1,250.50'. Without a
 * decimal comma a single dot before exactly three digits ('1.250') could be either, so Turkish
 * refuses it rather than guess a price a thousand times off.
 */
export function parseDecimal(typed: string, locale: Locale, maxDecimals = 4): ParsedDecimal {
  const text = typed.trim().replace(/\s/g, '')
  if (text === '') return { ok: true, value: null }
  let normal: string
  if (locale === 'tr') {
    if (text.includes(',')) {
      if (!/^(\d+|\d{1,3}(\.\d{3})+),\d+$/.test(text)) return { ok: false }
      normal = text.replaceAll('.', '').replace(',', '.')
    } else if (/^\d{1,3}(\.\d{3}){2,}$/.test(text)) {
      normal = text.replaceAll('.', '')
    } else if (/^\d+(\.\d+)?$/.test(text) && !/^\d{1,3}\.\d{3}$/.test(text)) {
      normal = text
    } else {
      return { ok: false }
    }
  } else {
    if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/.test(text)) return { ok: false }
    normal = text.replaceAll(',', '')
  }
  const [whole = '', fraction = ''] = normal.split('.')
  if (fraction.length > maxDecimals || whole.replace(/^0+(?=\d)/, '').length > 13) return { ok: false }
  return { ok: true, value: normal }
}
