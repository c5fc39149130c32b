import Big from 'big.js'
import { INSTALLMENT_ROWS } from './installments'
import { PLAN_PRICE_FIELDS } from './payment-plan'

/**
 * The back office's payment setup (docs/payments.md, "Payment setup"): the rules its forms and the
 * server share. Domain code imports nothing of ours but the domain.
 */

/** The price a payment plan charges: the sale price, or one of the five plan price columns. */
export const PLAN_PRICE_NAMES = ['salePrice', ...PLAN_PRICE_FIELDS] as const
export type PlanPriceName = (typeof PLAN_PRICE_NAMES)[number]

/** A store with more plans than this is a mistake, not a price list: the cart's choice would not fit. */
export const MAX_PAYMENT_PLANS = 12

/** Why a typed commission is refused. */
export type CommissionRefusal = 'empty' | 'format' | 'decimals' | 'range'

export type ParsedCommission = { ok: true; percent: string } | { ok: false; reason: CommissionRefusal }

/**
 * A commission percent as staff type it ('2,5', '2.50', '%3,30', '0'): 0 up to (not including) 100,
 * at most 2 decimals, a comma or a dot as the decimal separator; answered as '2.50'. The column
 * (installment_plans.commission_fee) holds exactly this range, and a total is amount × (100 + it) / 100.
 */
export function parseCommission(input: string | number): ParsedCommission {
  let text: string
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'format' }
    text = String(input)
  } else {
    text = input.trim().replace(/^%\s*/, '').replace(/\s*%$/, '').replace(',', '.')
  }
  if (text === '') return { ok: false, reason: 'empty' }
  if (!/^\d{1,3}(\.\d+)?$/.test(text)) return { ok: false, reason: 'format' }
  const value = new Big(text)
  if (!value.round(2).eq(value)) return { ok: false, reason: 'decimals' }
  if (value.gte(100)) return { ok: false, reason: 'range' }
  return { ok: true, percent: value.toFixed(2) }
}

/** One row of a bank's (or the store's default) installment table as a form sends it. */
export type InstallmentRowInput = { installment: number; commissionFee: string; isDefault: boolean }

export type InstallmentSetProblem = 'count' | 'repeated' | 'twoDefaults' | 'none'

/**
 * What is wrong with a set of installment rows, if anything: each count 1 to 12 at most once, at most
 * one preselected, and at least one row (a bank without any plan gives its cards the store's default
 * plans: delete the bank's plans by deleting the bank, not by an empty table).
 */
export function installmentSetProblem(rows: readonly InstallmentRowInput[]): InstallmentSetProblem | null {
  if (rows.length === 0) return 'none'
  if (
    rows.some(
      (r) => !Number.isInteger(r.installment) || r.installment < 1 || r.installment > INSTALLMENT_ROWS,
    )
  )
    return 'count'
  if (new Set(rows.map((r) => r.installment)).size !== rows.length) return 'repeated'
  if (rows.filter((r) => r.isDefault).length > 1) return 'twoDefaults'
  return null
}

/**
 * iyzico's two API addresses. The gateway's address is where card numbers are sent: the back office
 * may choose only one of these (a mistyped or planted address would receive every card), and the
 * environment (IYZICO_BASE_URL) may name any other, such as a local stand-in in tests.
 */
export const IYZICO_BASE_URLS = ['https://api.iyzipay.com', 'https://sandbox-api.iyzipay.com'] as const

/** Loopback addresses: a developer's or a test's stand-in for iyzico, allowed where the sandbox is. */
export function isLoopbackUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
    )
  } catch {
    return false
  }
}

/** A base URL as stored: the origin alone (no trailing slash), so two spellings compare equal. */
export function gatewayOrigin(value: string): string | null {
  try {
    const url = new URL(value.trim())
    if (url.username || url.password || url.search || url.hash || url.pathname !== '/') return null
    return url.origin
  } catch {
    return null
  }
}

/** The shortest a merchant key can be; iyzico's are 30 characters and more. */
export const GATEWAY_KEY_MIN = 8
export const GATEWAY_KEY_MAX = 200

/** What the screen shows of a stored key: its last four characters, never more (and nothing of a short one). */
export function keyEnding(key: string): string {
  return key.length >= 12 ? key.slice(-4) : ''
}
