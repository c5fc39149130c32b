import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { resyncCart } from '../../../lib/cart/cart-sync'
import { queryKeys } from '../../../lib/query-keys'

/**
 * After a paid order the server has emptied the cart and made the order: the cart, the checkout
 * figures and the order lists are asked again. Called by the result page once it shows the paid order,
 * not by the checkout as it leaves: a cart fetch started there was cancelled, and its old answer put
 * back, when the checkout's own cart reader went away with it mid-fetch.
 */
export function useAfterPaidOrder() {
  const queryClient = useQueryClient()
  return useCallback(() => {
    resyncCart(queryClient)
    void queryClient.invalidateQueries({ queryKey: queryKeys.checkoutInfo() })
    void queryClient.invalidateQueries({ queryKey: queryKeys.orderLists() })
  }, [queryClient])
}
