import { useQuery } from '@tanstack/react-query'
import type { CustomerCarts } from '../../../../contracts/staff-live'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

export const customerCartsKey = ['staff', 'customer-carts'] as const

/**
 * GET /yonetim/customer-carts: read when the page opens, again whenever the socket says a cart changed
 * (the page invalidates it), and once a minute besides, should a push have been lost. Administrators only.
 */
export function useCustomerCarts() {
  const { user } = useSession()
  return useQuery({
    queryKey: customerCartsKey,
    queryFn: ({ signal }) => apiFetch<CustomerCarts>('/yonetim/customer-carts', { signal }),
    enabled: user?.role === 'admin',
    staleTime: 0,
    refetchInterval: 60_000,
  })
}
