import type { QueryClient } from '@tanstack/react-query'
import type { Cart } from '../../../contracts/cart'
import { queryKeys } from '../../lib/query-keys'

export const cartKey = queryKeys.cart()
export const cartMutationKey = ['cart', 'change'] as const
/**
 * Every cart call runs one after another (TanStack's mutation scope), so the server's answers arrive
 * in the order the changes were made; each answer carries the whole cart.
 */
export const cartScope = { id: 'cart' }

/** Whether the mutation being settled is the only cart change still under way. */
export function isLastChange(queryClient: QueryClient): boolean {
  return queryClient.isMutating({ mutationKey: cartMutationKey }) <= 1
}

/** Takes the server's cart, unless later changes are still waiting (the last answer brings them). */
export function acceptServerCart(queryClient: QueryClient, cart: Cart): void {
  if (isLastChange(queryClient)) queryClient.setQueryData(cartKey, cart)
}

/** Asks the server for the cart again (after a failure, nothing on screen can be trusted). */
export function resyncCart(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: cartKey })
}
