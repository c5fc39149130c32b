import Big from 'big.js'

/** At most 12 whole digits: what the payment call and the ledger accept. */
export const MAX_AMOUNT_WHOLE_DIGITS = 12

/** Why a typed amount is refused. */
export type AmountRefusal =
  /** nothing typed */
  | 'empty'
  /** not an amount: letters, signs, several commas, broken thousands groups */
  | 'format'
  /** one dot before exactly three digits ('1.234'): a thousand, or three decimals? never guessed */
  | 'ambiguous'
  /** more than 2 decimals */
  | 'decimals'
  | 'negative'
  | 'zero'
  /** more than MAX_AMOUNT_WHOLE_DIGITS whole digits */
  | 'tooLarge'

export type ParsedAmount = { ok: true; amount: string } | { ok: false; reason: AmountRefusal }

/** The hint's example, as the wire writes it; a field shows it with amountForInput. */
export const AMOUNT_EXAMPLE = '1250.50'

const refuse = (reason: AmountRefusal): ParsedAmount => ({ ok: false, reason })

/** Whole digits, with dots between thousands ('1.234.567') or none ('1234567'). */
const WHOLE = /^(\d+|\d{1,3}(\.\d{3})+)$/
const GROUPED = /^\d{1,3}(\.\d{3})+$/

function checked(normal: string): ParsedAmount {
  const value = new Big(normal)
  if (value.eq(0)) return refuse('zero')
  if (value.round(0, Big.roundDown).toFixed(0).length > MAX_AMOUNT_WHOLE_DIGITS) return refuse('tooLarge')
  return { ok: true, amount: value.toFixed(2) }
}

/**
 * An amount of money a person typed (TRY, at most 2 decimals, above 0), as a dot-decimal string with
 * 2 decimals ('1234.56'), or why it is refused. One grammar for every amount field and every server
 * contract that reads typed text (docs/decisions.md, "One grammar for typed amounts"):
 * - a comma is the decimal separator, at most one, followed by 1 or 2 digits: '1234,5', '1234,56';
 * - with a comma, dots group the thousands, in threes: '1.234,56', '1.234.567,89';
 * - without a comma, several dots can only group thousands ('1.234.567'), and a single dot before
 *   1 or 2 digits is the decimal point ('1234.56'); before exactly 3 ('1.234') it is refused as
 *   ambiguous — 1234 or 1,234? — since guessing wrong charges a thousand times too much or too little;
 * - spaces around it, the lira's sign before or after it ('₺1.234,56' is how our pages write it, so
 *   what is copied from them) and a trailing 'TL' ('150 TL', '1.234,56 tl') are ignored; letters,
 *   signs, spaces inside, English thousands commas ('1,234.56'), zero and negatives are refused.
 * A number (a JSON amount) is read as it is: finite, above 0, at most 2 decimals.
 */
export function parseAmount(input: string | number): ParsedAmount {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refuse('format')
    if (input < 0) return refuse('negative')
    const value = new Big(input)
    if (!value.round(2).eq(value)) return refuse('decimals')
    return checked(value.toString())
  }
  const text = input
    .trim()
    .replace(/^₺\s*/, '')
    .replace(/\s*(₺|TL)$/i, '')
  if (text === '') return refuse('empty')
  if (text.startsWith('-')) return parseAmount(text.slice(1)).ok ? refuse('negative') : refuse('format')
  if (!/^[\d.,]+$/.test(text)) return refuse('format')
  const commas = text.split(',')
  if (commas.length > 2) return refuse('format')
  if (commas.length === 2) {
    const [whole, decimals] = commas as [string, string]
    if (!WHOLE.test(whole) || !/^\d+$/.test(decimals)) return refuse('format')
    if (decimals.length > 2) return refuse('decimals')
    return checked(`${whole.replaceAll('.', '')}.${decimals}`)
  }
  const dots = text.split('.')
  if (dots.length === 1) return checked(text)
  if (dots.length > 2) return GROUPED.test(text) ? checked(text.replaceAll('.', '')) : refuse('format')
  const [whole, decimals] = dots as [string, string]
  if (whole === '' || decimals === '') return refuse('format')
  if (decimals.length === 3) return refuse('ambiguous')
  if (decimals.length > 3) return refuse('decimals')
  return checked(text)
}

/**
 * An amount put in a field for editing (a prefill), in the format of the hint: no thousands dots, 2
 * decimals, a comma in Turkish ('1250,50') and a dot in English ('1250.50'). '' when it is not an
 * amount above 0.
 */
export function amountForInput(amount: number | string | undefined, locale: 'tr' | 'en'): string {
  if (amount === undefined) return ''
  const parsed = parseAmount(amount)
  if (!parsed.ok) return ''
  return locale === 'tr' ? parsed.amount.replace('.', ',') : parsed.amount
}
