import type { Cart, CartLine } from '../../../contracts/cart'
import { canAdd, remainingStock } from '../../../domain/stock'

export interface StockRules {
  stockInfoStatus: number
  cartStockControl: boolean
}

/** What the cart holds of one product, in base units (quantity × the unit's multiplier over its lines). */
export function baseUnitsInCart(cart: Cart | undefined, productId: number, exceptLineId?: number): number {
  if (!cart) return 0
  let units = 0
  for (const line of cart.items) {
    if (line.product.id === productId && line.id !== exceptLineId)
      units += line.quantity * line.productUnit.multiplier
  }
  return units
}

/**
 * How many of a unit with `multiplier` can still go into the cart for a product with `stock` base units
 * (spec/1 §5): Infinity when the stock is not known to this visitor or cartStockControl lifts the limit.
 */
export function addableCount(
  stock: number | null,
  multiplier: number,
  inCartBaseUnits: number,
  rules: StockRules,
): number {
  if (stock === null) return Number.POSITIVE_INFINITY
  const remaining = remainingStock({
    quantity: stock,
    mode: rules.stockInfoStatus,
    inCartBaseUnits,
    cartStockControl: rules.cartStockControl,
  })
  return Math.floor(remaining / (multiplier > 0 ? multiplier : 1))
}

/**
 * Whether a cart line may hold `quantity` of its unit (or of a unit with `multiplier`, when the unit is
 * about to change), counting the product's other lines.
 */
export function lineFits(
  cart: Cart,
  line: CartLine,
  quantity: number,
  rules: StockRules,
  multiplier = line.productUnit.multiplier,
): boolean {
  const remaining = remainingStock({
    quantity: line.product.quantity,
    mode: rules.stockInfoStatus,
    inCartBaseUnits: baseUnitsInCart(cart, line.product.id, line.id),
    cartStockControl: rules.cartStockControl,
  })
  return canAdd(remaining, quantity, multiplier)
}
