import type { QueryClient } from '@tanstack/react-query'
import type { AddToCartResponse, Cart } from '../../../contracts/cart'
import { queryKeys } from '../query-keys'

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

/**
 * Takes an add's answer: its line goes into the cart held here (replacing the line with that id, or
 * appended, as the server orders lines by id) with the answer's counts and totals. When the lines held
 * here do not add up to the answer's counts (another tab or device changed the cart), the whole cart
 * is fetched again.
 */
export function acceptAddAnswer(queryClient: QueryClient, answer: AddToCartResponse): void {
  if (!isLastChange(queryClient)) return
  const held = queryClient.getQueryData<Cart>(cartKey)
  if (!held) {
    resyncCart(queryClient)
    return
  }
  const known = held.items.some((line) => line.id === answer.item.id)
  const items = known
    ? held.items.map((line) => (line.id === answer.item.id ? answer.item : line))
    : [...held.items, answer.item]
  queryClient.setQueryData<Cart>(cartKey, { ...answer.cart, items })
  const quantity = items.reduce((sum, line) => sum + line.quantity, 0)
  if (items.length !== answer.cart.count || quantity !== answer.cart.quantity) resyncCart(queryClient)
}

/**
 * Asks the server for the cart again (after a failure, nothing on screen can be trusted; after a paid
 * order, the server emptied it). Every cart query, not only the observed ones: the header's count
 * reads the cache without an observer (cart-query.ts), so on a page that shows no cart an
 * invalidation of the observed ones alone would leave the count as it was.
 */
export function resyncCart(queryClient: QueryClient): Promise<void> {
  // Settles once the fetch has (invalidation never rejects), for a caller that waits for it.
  return queryClient.invalidateQueries({ queryKey: cartKey, refetchType: 'all' })
}
