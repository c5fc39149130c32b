import Big from 'big.js'

/**
 * A bulk price change by percent: the price times 1 + percent/100, rounded half up to kuruş (2
 * decimals), never below zero. A product without a price (a plan price left empty) stays empty.
 */
export function priceChangedByPercent(price: string, percent: number): string
export function priceChangedByPercent(price: string | null, percent: number): string | null
export function priceChangedByPercent(price: string | null, percent: number): string | null {
  if (price === null) return null
  const changed = new Big(price).times(new Big(100).plus(percent)).div(100).round(2, Big.roundHalfUp)
  return (changed.lt(0) ? new Big(0) : changed).toFixed(2)
}
