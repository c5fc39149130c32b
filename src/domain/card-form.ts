import { parseAmount } from './amount'

/** A card number has 16 digits; the BIN lookup takes the first 8 (spec/2 §5, §9). */
export const CARD_DIGITS = 16
export const BIN_LENGTH = 8
/** 'MM/YY' */
export const EXPIRE_LENGTH = 5
export const CCV_DIGITS = 3

/** The input masks (react-imask patterns: '0' is any digit) of spec/2 §5's 9999 9999 9999 9999, 99/99, 999. */
export const CARD_MASK = '0000 0000 0000 0000'
export const EXPIRE_MASK = '00/00'
export const CCV_MASK = '000'

/** The payment form as typed (masked values; the amount as the payer wrote it, or a fixed amount). */
export type PayForm = {
  card: string
  holder: string
  ccv: string
  expire: string
  amount: string
}

/**
 * Which alert the pay button shows (spec/2 §5), checked in the spec's order; each names one field,
 * except 'form' (there is no form at all).
 */
export const payAlerts = ['form', 'card', 'holder', 'ccv', 'amount', 'expire'] as const
export type PayAlert = (typeof payAlerts)[number]

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '')
}

function expireIsComplete(expire: string): boolean {
  if (expire.length < EXPIRE_LENGTH || !/^\d{2}\/\d{2}$/.test(expire)) return false
  const month = Number(expire.slice(0, 2))
  return month >= 1 && month <= 12
}

/**
 * The first thing wrong with the payment form, in the order of spec/2 §5, or null when it can be
 * sent: no form; card empty or under 16 digits; no holder (at least 2 letters); CCV not 3 digits;
 * amount empty, 0 or not an amount (amount.ts parseAmount); expiry not 'MM/YY' with a month 01–12.
 */
export function payFormAlert(form: PayForm | null | undefined): PayAlert | null {
  if (!form) return 'form'
  if (digitsOf(form.card).length < CARD_DIGITS) return 'card'
  if (form.holder.trim().length < 2) return 'holder'
  if (!/^\d{3}$/.test(form.ccv)) return 'ccv'
  if (!parseAmount(form.amount).ok) return 'amount'
  if (!expireIsComplete(form.expire)) return 'expire'
  return null
}

/**
 * The card number as the live card picture shows it while typing: the digits typed so far, in groups
 * of 4, the rest as '•'. '4111 11' → '4111 11•• •••• ••••'.
 */
export function cardPreviewNumber(card: string): string {
  const digits = digitsOf(card).slice(0, CARD_DIGITS).padEnd(CARD_DIGITS, '•')
  return digits.replace(/(.{4})(?=.)/g, '$1 ')
}
