import Big from 'big.js'
import type { Amount } from './pricing'

export type RiskCheck =
  | { allowed: true }
  | { allowed: false; reason: 'blocked' }
  | { allowed: false; reason: 'exceeds'; excess: Big; maxOrder: Big }

/**
 * The risk limit (spec/2 §5), in TL. It applies when the store enforces it and the customer has a
 * limit above 0: a limit of exactly 1 blocks ordering; otherwise available = limit − overdue balance,
 * and an order is refused when available ≤ 0 or its total exceeds what is available.
 */
export function checkRiskLimit(input: {
  enforced: boolean
  riskLimit: Amount
  overdueBalance: Amount
  orderTotal: Amount
}): RiskCheck {
  const limit = new Big(input.riskLimit)
  if (!input.enforced || limit.lte(0)) return { allowed: true }
  if (limit.eq(1)) return { allowed: false, reason: 'blocked' }
  const available = limit.minus(input.overdueBalance)
  const total = new Big(input.orderTotal)
  if (available.lte(0)) return { allowed: false, reason: 'exceeds', excess: total, maxOrder: new Big(0) }
  if (total.gt(available))
    return { allowed: false, reason: 'exceeds', excess: total.minus(available), maxOrder: available }
  return { allowed: true }
}
