import type Big from 'big.js'
import { type Amount, planUnitPrice, withProfit } from './pricing'

/** Domain code imports nothing of ours: this mirrors contracts' PaymentPlan. */
export type PlanLike = {
  id: number
  name: string
  /** The product price the plan charges: 'salePrice' or 'advencePrice1'…'advencePrice5'. */
  priceName: string
  /** The store's default plan. */
  varsayilan: boolean
  /** Paid by card through the payment step. */
  isVirtual: boolean
}

/** What an order is priced in when the store does not offer payment plans: the sale prices. */
export const SALE_PLAN = {
  id: 0,
  name: 'Peşin',
  priceName: 'salePrice',
  varsayilan: true,
  isVirtual: false,
} as const satisfies PlanLike

/** The plans a dealer may choose from: none unless the store shows payment-plan prices. */
export function offeredPlans<P extends PlanLike>(plans: P[], showPaymentPlanPrice: boolean): P[] {
  return showPaymentPlanPrice ? plans : []
}

/**
 * The plan a dealer is in until they choose one: their company's default plan (staff set it) while the
 * store still has it, else the plan flagged as the store's default, else the first (spec/2 §9);
 * undefined without plans. The cart starts in it and an order sent without a plan is priced in it.
 */
export function defaultPlan<P extends PlanLike>(plans: P[], companyPlanId?: number | null): P | undefined {
  const company = companyPlanId == null ? undefined : plans.find((plan) => plan.id === companyPlanId)
  return company ?? plans.find((plan) => plan.varsayilan) ?? plans[0]
}

export type PlanChoice<P extends PlanLike> =
  | { plan: P | typeof SALE_PLAN }
  | { refusal: 'unknownPlan' }
  | { refusal: 'cardPlan' }

/**
 * The plan an order is priced in: when plans are not offered, the sale prices the cart shows; when
 * they are, the one the dealer chose (by id or price name), else their default (defaultPlan: the
 * company's, else the store's), else the sale prices. A choice that names no plan is refused, and so
 * is a card (virtual) plan: it is paid through the payment step, never by placing the order.
 */
export function choosePaymentPlan<P extends PlanLike>(input: {
  plans: P[]
  offered: boolean
  chosen: string | undefined
  /** The dealer company's default plan, if staff set one. */
  companyPlanId?: number | null
}): PlanChoice<P> {
  if (!input.offered) return { plan: SALE_PLAN }
  const { chosen } = input
  const plan = chosen
    ? input.plans.find((p) => String(p.id) === chosen || p.priceName === chosen)
    : (defaultPlan(input.plans, input.companyPlanId) ?? SALE_PLAN)
  if (!plan) return { refusal: 'unknownPlan' }
  if (plan.isVirtual) return { refusal: 'cardPlan' }
  return { plan }
}

export const PLAN_PRICE_FIELDS = [
  'advencePrice1',
  'advencePrice2',
  'advencePrice3',
  'advencePrice4',
  'advencePrice5',
] as const

/** A product's prices per plan, as stored (null where the ERP sent none). */
export type PlanPrices = Record<(typeof PLAN_PRICE_FIELDS)[number], Amount | null>

/**
 * A plan that charges the sale prices (priced in no plan field): a cart's own figures are already
 * its figures, so they need not be waited for.
 */
export function chargesSalePrices(plan: Pick<PlanLike, 'priceName'>): boolean {
  return !PLAN_PRICE_FIELDS.some((field) => field === plan.priceName)
}

/** The product's own price for a plan, or null for the sale-price plan and names of no plan. */
export function planPriceOf(prices: PlanPrices, priceName: string): Amount | null {
  const field = PLAN_PRICE_FIELDS.find((f) => f === priceName)
  return field ? prices[field] : null
}

export type PlanLineInput = {
  /** The chosen unit's price in the product's currency. */
  unitPrice: Amount
  salePrice: Amount
  prices: PlanPrices
  priceName: string
  /** The customer's profit (+) or discount (−) percent. */
  profitPercent: Amount
}

/** A unit's net price in a plan: the unit's price scaled to the plan (planUnitPrice), profit applied. */
export function priceInPlan(input: PlanLineInput): Big {
  const scaled = planUnitPrice({
    unitPrice: input.unitPrice,
    salePrice: input.salePrice,
    planPrice: planPriceOf(input.prices, input.priceName),
  })
  return withProfit(scaled, input.profitPercent)
}

/**
 * What an order charges for a unit of a line in a plan, or null when the line has no price there and
 * is refused: a sale price of 0, or a plan or unit price of 0 (an ERP import's gap), is no price, so
 * nothing is sold for free.
 */
export function orderLinePrice(input: PlanLineInput): Big | null {
  if (!(Number(input.salePrice) > 0)) return null
  const price = priceInPlan(input)
  return price.gt(0) ? price : null
}
