import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import type { Cart } from '../../../contracts/cart'
import { apiFetch } from '../api-client'
import { queryKeys } from '../query-keys'
import { useSession } from '../session-context'

/**
 * The cart query, as the header needs it. This file is in the entry bundle, so it stays small and does
 * not use `useQuery` (TanStack's observer code would come along); the pages that show or change the
 * cart use `useCart` from cart-api.ts.
 */
export const cartQuery = {
  queryKey: queryKeys.cart(),
  queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<Cart>('/api/catalog/cart', { signal }),
  // The header reads the cart without an observer (below), so it must never be collected.
  gcTime: Number.POSITIVE_INFINITY,
}

/** Only a logged-in dealer has a cart: guests and administrators never call the cart API. */
export function useHasCart(): boolean {
  const { user } = useSession()
  return user?.role === 'dealer'
}

/** The header's line count: loads the cart once, then follows the query cache. */
export function useCartCount(): number {
  const queryClient = useQueryClient()
  const enabled = useHasCart()
  useEffect(() => {
    if (enabled) void queryClient.prefetchQuery(cartQuery)
  }, [enabled, queryClient])
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  const read = () => queryClient.getQueryData<Cart>(cartQuery.queryKey)
  const cart = useSyncExternalStore(subscribe, read, read)
  return enabled ? (cart?.count ?? 0) : 0
}
