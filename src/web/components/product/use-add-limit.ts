import type { Product, Unit } from '../../../contracts/catalog'
import { useCart } from '../../lib/cart/cart-api'
import { addableCount, baseUnitsInCart } from '../../lib/cart/cart-lines'
import { useSession } from '../../lib/session-context'

/**
 * How many of `unit` a quantity control may count up to (spec/1 §5): the stock plus the display mode's
 * offset, minus what the cart already holds of the product, in units of the multiplier. Infinity when
 * cartStockControl is on or the visitor does not see stock.
 */
export function useAddLimit(product: Pick<Product, 'id' | 'quantity'>, unit: Unit | null): number {
  const { bootstrap } = useSession()
  const cart = useCart().data
  return addableCount(
    product.quantity,
    unit?.multiplier ?? 1,
    baseUnitsInCart(cart, product.id),
    bootstrap.settings,
  )
}
