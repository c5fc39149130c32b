import Big from 'big.js'
import { type Amount, roundMoney } from './pricing'

/** The installment table always has 12 rows, 1 to 12 (spec/2 §9). */
export const INSTALLMENT_ROWS = 12

/** Domain code imports nothing of ours: this mirrors contracts' InstallmentPlan (spelt as the spec spells it). */
export type InstallmentPlanLike = {
  id: number
  installment: number
  /** Percent. */
  commisionFee: Amount
  isDefault: boolean
}

/** What the card is charged: amount × (100 + commission) / 100, rounded half-up to 2 decimals. */
export function installmentTotal(amount: Amount, commissionPercent: Amount): Big {
  return roundMoney(new Big(amount).times(new Big(commissionPercent).plus(100)).div(100))
}

/**
 * The commission of a bank that quotes a total instead (iyzico's installment prices): the percent
 * that installmentTotal turns `price` into `total` with, (total / price − 1) × 100, half-up to 2
 * decimals (what the plans' commission columns hold), never below 0. Decimal all the way: a binary
 * float reads 1062.50 / 1000 as 1.0625000000000002.
 */
export function commissionOf(price: Amount, total: Amount): Big {
  const base = new Big(price)
  if (base.lte(0)) throw new RangeError(`price ${base.toString()}`)
  const percent = new Big(total).div(base).minus(1).times(100).round(2, Big.roundHalfUp)
  return percent.lt(0) ? new Big(0) : percent
}

/** One installment's payment: total / count, rounded half-up to 2 decimals. */
export function monthlyAmount(total: Amount, count: number): Big {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`installment count ${count}`)
  return roundMoney(new Big(total).div(count))
}

export type InstallmentRow<P extends InstallmentPlanLike = InstallmentPlanLike> =
  | { installment: number; available: true; plan: P; total: Big; monthly: Big }
  | { installment: number; available: false }

/**
 * The 12 rows of a bank's installment table for an amount: a row with a plan carries its total and
 * monthly payment; a row without one is unavailable (shown greyed, not choosable). When two plans
 * name the same count, the first wins.
 */
export function installmentTable<P extends InstallmentPlanLike>(
  amount: Amount,
  plans: P[],
): InstallmentRow<P>[] {
  return Array.from({ length: INSTALLMENT_ROWS }, (_, i) => {
    const installment = i + 1
    const plan = plans.find((p) => p.installment === installment)
    if (!plan) return { installment, available: false }
    const total = installmentTotal(amount, plan.commisionFee)
    return { installment, available: true, plan, total, monthly: monthlyAmount(total, installment) }
  })
}

/** The plan preselected: the one flagged default, else the first (spec/2 §9); undefined without plans. */
export function defaultInstallmentPlan<P extends InstallmentPlanLike>(plans: P[]): P | undefined {
  return plans.find((p) => p.isDefault) ?? plans[0]
}

/** Card types that take no installments: debit and prepaid cards. */
const SINGLE_PAYMENT_TYPES = new Set(['DEBIT', 'PREPAID'])

/**
 * Installments are a credit card's: a debit or prepaid card (the BIN list's type DEBIT; iyzico's
 * DEBIT_CARD and PREPAID_CARD) is offered the single payment alone. Any other type, or an unknown
 * card, keeps every plan.
 */
export function plansForCardType<P extends { installment: number }>(
  plans: P[],
  cardType: string | null | undefined,
): P[] {
  const type = (cardType ?? '')
    .trim()
    .toUpperCase()
    .replace(/_CARD$/, '')
  return SINGLE_PAYMENT_TYPES.has(type) ? plans.filter((p) => p.installment === 1) : plans
}

/**
 * The installment tables appear only when the amount is above installmentLimit (spec/2 §5); a limit
 * that is not set, empty or not a number counts as 0.
 */
export function showsInstallmentTable(amount: Amount, installmentLimit: Amount | null | undefined): boolean {
  return new Big(orZero(amount)).gt(orZero(installmentLimit))
}

function orZero(value: Amount | null | undefined): Amount {
  if (value === null || value === undefined) return 0
  if (typeof value === 'string') {
    const trimmed = value.trim()
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? trimmed : 0
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0
  return value
}

/** Card networks as the BIN answer names them (mirrors contracts' cardOrganizations). */
export type CardOrganization = 'VISA' | 'MASTER_CARD' | 'TROY' | 'AMEX'

const ORGANIZATIONS: Record<string, CardOrganization> = {
  VISA: 'VISA',
  VISAELECTRON: 'VISA',
  ELECTRON: 'VISA',
  MASTERCARD: 'MASTER_CARD',
  MAESTRO: 'MASTER_CARD',
  MAESTROINTERNATIONAL: 'MASTER_CARD',
  TROY: 'TROY',
  AMEX: 'AMEX',
  AMERICANEXPRESS: 'AMEX',
}

/**
 * A BIN list's or gateway's network name → the organization the card form shows: VISA, MASTER_CARD
 * (Mastercard and Maestro), TROY, AMEX; anything else (UATP, Diners, JCB, private labels…) is null.
 * Case, spaces, dashes and underscores do not matter ('Master Card', 'MASTER_CARD', 'american-express').
 */
export function cardOrganizationOf(network: string | null | undefined): CardOrganization | null {
  if (!network) return null
  const key = network.toUpperCase().replace(/[\s_\-.]+/g, '')
  return ORGANIZATIONS[key] ?? null
}
