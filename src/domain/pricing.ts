import Big from 'big.js'

/** Amounts arrive as strings (NUMERIC columns) or numbers; all arithmetic is decimal. */
export type Amount = string | number | Big

export type ConversionInput = {
  value: Amount
  /** Rate of the price's own currency (value of one unit in the base currency). */
  fromRate: Amount
  /** Rate of the currency to show the price in. */
  toRate: Amount
  /** Customer-specific mark-up (+) or discount (−) in percent. */
  profitPercent?: Amount
  taxRate?: Amount
  withTax?: boolean
}

/** Rounds half-up to 2 decimals: the only rounding money ever gets (spec/1 §9). */
export function roundMoney(value: Amount): Big {
  return new Big(value).round(2, Big.roundHalfUp)
}

/**
 * A customer's profit (+) or discount (−) percent as the factor prices are multiplied by:
 * 1 + percent / 100. Every price a dealer pays goes through it (catalogue, cart, order, offer line).
 */
export function profitMultiplier(percent: Amount): Big {
  return percentFactor(percent)
}

/**
 * 1 + percent / 100, kept per percent: a catalogue page prices hundreds of amounts with the same
 * profit and tax percents, and a decimal division costs more than the multiplication it feeds. Big
 * values are immutable, so one instance can be shared. Bounded: a store has a handful of percents.
 */
const factors = new Map<string, Big>()
const MAX_FACTORS = 1000

function percentFactor(percent: Amount): Big {
  const key = percent instanceof Big ? percent.toString() : String(percent)
  let factor = factors.get(key)
  if (factor === undefined) {
    factor = new Big(percent).div(100).plus(1)
    if (factors.size >= MAX_FACTORS) factors.clear()
    factors.set(key, factor)
  }
  return factor
}

/** An amount with a profit percent applied, not rounded: value × profitMultiplier(percent). */
export function withProfit(value: Amount, percent: Amount): Big {
  return new Big(value).times(profitMultiplier(percent))
}

/**
 * Price = value × currency rate ÷ shown-currency rate × (1 + profit%) [× (1 + taxRate/100) when with tax],
 * rounded to 2 decimals once at the end.
 */
export function convertPrice(input: ConversionInput): Big {
  return priceConversion(input)(input.value)
}

/**
 * convertPrice for many values that share rates, percents and tax (a catalogue page prices hundreds):
 * the decisions and factors are taken once. Same results: decimal multiplication is exact, so the
 * profit and tax factors multiplied together first give the product they give one after the other;
 * only the division between two currencies' rates rounds (to Big.DP decimals), and it stays first.
 */
export function priceConversion(input: Omit<ConversionInput, 'value'>): (value: Amount) => Big {
  // value × rate ÷ the same rate is the value itself (the division keeps 20 decimals, NUMERIC
  // amounts have 4): skipping it changes no result, and most prices are shown in their own currency.
  const inShownCurrency = sameNonZero(input.fromRate, input.toRate)
  const fromRate = inShownCurrency ? null : new Big(input.fromRate)
  const toRate = inShownCurrency ? null : new Big(input.toRate)
  const factor = combinedFactor(input.profitPercent ?? 0, input.withTax ? (input.taxRate ?? 0) : 0)
  const unit = factor.eq(1)
  return (value) => {
    let price = new Big(value)
    if (fromRate && toRate) price = price.times(fromRate).div(toRate)
    if (!unit) price = price.times(factor)
    return price.round(2, Big.roundHalfUp)
  }
}

/** (1 + profit/100) × (1 + tax/100), kept per pair like the percents' own factors. */
const combined = new Map<string, Big>()

function combinedFactor(profitPercent: Amount, taxPercent: Amount): Big {
  const key = `${String(profitPercent)}|${String(taxPercent)}`
  let factor = combined.get(key)
  if (factor === undefined) {
    factor = percentFactor(profitPercent).times(percentFactor(taxPercent))
    if (combined.size >= MAX_FACTORS) combined.clear()
    combined.set(key, factor)
  }
  return factor
}

function sameNonZero(a: Amount, b: Amount): boolean {
  if (typeof a === 'string' && a === b) return !new Big(a).eq(0)
  const x = new Big(a)
  return x.eq(b) && !x.eq(0)
}

/**
 * A unit's price in a payment plan: the unit's own price scaled by the plan's ratio to the sale
 * price (advencePriceN / salePrice). The sale-price plan, a missing plan price or a zero sale price
 * leave the unit's price as it is.
 */
export function planUnitPrice(input: {
  unitPrice: Amount
  salePrice: Amount
  planPrice: Amount | null
}): Big {
  const unit = new Big(input.unitPrice)
  const sale = new Big(input.salePrice)
  if (input.planPrice === null || sale.lte(0)) return unit
  return unit.times(input.planPrice).div(sale)
}
