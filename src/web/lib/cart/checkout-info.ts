import { keepPreviousData, useIsMutating, useQuery } from '@tanstack/react-query'
import type { Cart } from '../../../contracts/cart'
import type { CheckoutInfo } from '../../../contracts/orders'
import { apiFetch } from '../api-client'
import { queryKeys } from '../query-keys'
import { useHasCart } from './cart-query'
import { cartMutationKey } from './cart-sync'

/** The lines as the checkout figures depend on them: the currency, then each line's unit and quantity. */
function cartSignature(cart: Cart): string {
  return [
    cart.totals.total.currency,
    ...cart.items.map((line) => `${line.id}:${line.productUnit.id}:${line.quantity}`),
  ].join(',')
}

/**
 * GET /api/catalog/cart/checkout: the customer's risk limit, what already uses it and, with payment
 * plans offered, the cart's totals in each plan (the card checkout charges the TRY base total of its
 * plan). Keyed by the cart's lines, so the cart page and the checkout share the figures; asked again
 * whenever the lines, quantities, units or the currency change, the previous figures staying on screen
 * meanwhile (isPlaceholderData). Waits while the cart itself is still loading (`cart` undefined) and
 * while a change of it is on its way to the server: asked earlier, the server could answer the cart
 * before the change, and those figures would stay under the changed cart's key.
 */
export function useCheckoutInfo(cart: Cart | undefined) {
  const changing = useIsMutating({ mutationKey: cartMutationKey }) > 0
  const enabled = useHasCart() && cart !== undefined && !changing
  return useQuery({
    queryKey: queryKeys.checkoutInfo(cart ? cartSignature(cart) : ''),
    queryFn: ({ signal }) => apiFetch<CheckoutInfo>('/api/catalog/cart/checkout', { signal }),
    enabled,
    placeholderData: keepPreviousData,
  })
}
