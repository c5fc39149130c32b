import { useQueryClient } from '@tanstack/react-query'
import { cartKey } from '../../../lib/cart/cart-sync'
import { queryKeys } from '../../../lib/query-keys'

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
