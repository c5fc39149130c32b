import Big from 'big.js'
import type { Amount } from './pricing'

export type RiskCheck =
  | { allowed: true }
  | { allowed: false; reason: 'blocked' }
  | { allowed: false; reason: 'exceeds'; excess: Big; maxOrder: Big }

/** The states in which an order not paid by card still uses the limit: it is not shipped or cancelled yet. */
export const CREDIT_ORDER_STATUSES: readonly string[] = ['new', 'processing']

/**
 * Whether an order uses the company's risk limit: open (CREDIT_ORDER_STATUSES) and not paid by card at
 * checkout. Its SQL twin is usesCreditSql (risk-limit.sql.ts).
 */
export function usesCredit(order: { status: string; paidAt: Date | null }): boolean {
  return order.paidAt === null && CREDIT_ORDER_STATUSES.includes(order.status)
}

/**
 * What a company has used of its limit: the overdue balance plus its open orders' TRY totals (those
 * that usesCredit), so orders placed one after the other cannot pass the limit together.
 */
export function riskUsed(parts: { overdueBalance: Amount; openOrders: Amount }): Big {
  return new Big(parts.overdueBalance).plus(parts.openOrders)
}

/**
 * The risk limit (spec/2 §5), in TL. It applies when the store enforces it and the customer has a
 * limit above 0: a limit of exactly 1 blocks ordering; otherwise available = limit − used (the
 * overdue balance and open orders, riskUsed), and an order is refused when available ≤ 0 or its total
 * exceeds what is available.
 */
export function checkRiskLimit(input: {
  enforced: boolean
  riskLimit: Amount
  used: Amount
  orderTotal: Amount
}): RiskCheck {
  const limit = new Big(input.riskLimit)
  if (!input.enforced || limit.lte(0)) return { allowed: true }
  if (limit.eq(1)) return { allowed: false, reason: 'blocked' }
  const available = limit.minus(input.used)
  const total = new Big(input.orderTotal)
  if (available.lte(0)) return { allowed: false, reason: 'exceeds', excess: total, maxOrder: new Big(0) }
  if (total.gt(available))
    return { allowed: false, reason: 'exceeds', excess: total.minus(available), maxOrder: available }
  return { allowed: true }
}
