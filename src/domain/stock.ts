/**
 * Stock display and add-to-cart limits (spec/1 §5, §9). Modes are the store's stockInfoStatus (0–20).
 */

const OFFSETS: Record<number, number> = {
  3: 5,
  4: 10,
  5: 50,
  6: 100,
  7: 1000,
  8: 20,
  9: -5,
  10: -10,
  11: -50,
  12: -100,
  13: -1000,
  14: -20,
}

const MORE_THAN: Record<number, number> = { 15: 5, 16: 10, 17: 50, 18: 100, 19: 1000, 20: 20 }

/** The offset a stock-display mode adds to the stock for add-to-cart limits; 0 for modes without one. */
export function stockOffset(mode: number): number {
  return OFFSETS[mode] ?? 0
}

export type StockDisplay =
  | { kind: 'hidden' }
  | { kind: 'outOfStock' }
  | { kind: 'exact'; quantity: number }
  | { kind: 'available' }
  | { kind: 'moreThan'; threshold: number }

/**
 * What a dealer is told about stock:
 * 0 exact quantity; 1 nothing; 2 availability only; 3–14 availability of the stock moved by the mode's
 * offset (a negative offset keeps a safety margin, a positive one lets thin stock look available);
 * 15–20 "more than N" above N, else the exact quantity. Zero or less is always the out-of-stock text.
 */
export function stockDisplay(mode: number, quantity: number): StockDisplay {
  if (mode === 1) return { kind: 'hidden' }
  const adjusted = quantity + stockOffset(mode)
  if (adjusted <= 0) return { kind: 'outOfStock' }
  if (mode === 2 || OFFSETS[mode] !== undefined) return { kind: 'available' }
  const threshold = MORE_THAN[mode]
  if (threshold !== undefined && quantity > threshold) return { kind: 'moreThan', threshold }
  return { kind: 'exact', quantity }
}

/**
 * How many more base units (multiplier 1) the cart may take: stock plus the mode's offset minus what
 * the cart already holds of this product. Infinity when cartStockControl switches the limit off.
 */
export function remainingStock(input: {
  quantity: number
  mode: number
  inCartBaseUnits: number
  cartStockControl: boolean
}): number {
  if (input.cartStockControl) return Number.POSITIVE_INFINITY
  return Math.max(0, input.quantity + stockOffset(input.mode) - input.inCartBaseUnits)
}

/** Whether `count` more of a unit with this multiplier fit in the remaining stock. */
export function canAdd(remaining: number, count: number, multiplier: number): boolean {
  return count * multiplier <= remaining
}

/**
 * Whether an order may take `orderedBaseUnits` of a product (all its lines, in base units): the cart's
 * own limit (remainingStock with nothing held besides the order), so a cart the add-check let through
 * orders; cartStockControl lifts it here too.
 */
export function orderFitsStock(input: {
  quantity: number
  mode: number
  orderedBaseUnits: number
  cartStockControl: boolean
}): boolean {
  const remaining = remainingStock({
    quantity: input.quantity,
    mode: input.mode,
    inCartBaseUnits: 0,
    cartStockControl: input.cartStockControl,
  })
  return canAdd(remaining, input.orderedBaseUnits, 1)
}
