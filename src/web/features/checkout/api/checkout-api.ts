import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Cart } from '../../../../contracts/cart'
import type { CheckoutInfo } from '../../../../contracts/orders'
import { apiFetch } from '../../../lib/api-client'
import { useHasCart } from '../../../lib/cart/cart-query'
import { cartKey } from '../../../lib/cart/cart-sync'
import { queryKeys } from '../../../lib/query-keys'

/**
 * GET /api/catalog/cart/checkout: the cart's totals in each payment plan, the TRY base total of the
 * card plan being what the checkout charges. Keyed by the cart's lines as the cart page keys it, so
 * the figures the cart page fetched are reused here.
 */
export function useCheckoutInfo(cart: Cart | undefined) {
  const enabled = useHasCart() && cart !== undefined
  const signature = cart
    ? [
        cart.totals.total.currency,
        ...cart.items.map((line) => `${line.id}:${line.productUnit.id}:${line.quantity}`),
      ].join(',')
    : ''
  return useQuery({
    queryKey: queryKeys.checkoutInfo(signature),
    queryFn: ({ signal }) => apiFetch<CheckoutInfo>('/api/catalog/cart/checkout', { signal }),
    enabled,
    placeholderData: keepPreviousData,
  })
}

/**
 * After a paid order the server has emptied the cart and made the order: the cart, the checkout
 * figures and the order lists are asked again.
 */
export function useAfterPaidOrder() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: cartKey })
    void queryClient.invalidateQueries({ queryKey: queryKeys.checkoutInfo() })
    void queryClient.invalidateQueries({ queryKey: queryKeys.orderLists() })
  }
}
