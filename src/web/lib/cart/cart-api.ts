import { useQuery } from '@tanstack/react-query'
import { cartQuery, useHasCart } from './cart-query'

/**
 * The cart for the pages that show or change it. Changes (add, quantity, unit, remove, clear) live in
 * cart-add.ts and cart-mutations.ts; every change answers the whole cart, which becomes this query's data.
 */

export { useHasCart }

/** GET /api/catalog/cart: the lines and totals, priced now in the user's currency (dealers only). */
export function useCart() {
  const enabled = useHasCart()
  return useQuery({ ...cartQuery, enabled })
}
