import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Order, OrderList } from '../../../../contracts/orders'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { useSession } from '../../../lib/session-context'

/** Orders belong to a dealer company: guests and administrators never call these. */
function useIsDealer(): boolean {
  const { user } = useSession()
  return user?.role === 'dealer'
}

/**
 * GET /api/catalog/orders?page=n: one page of the company's orders, newest first. The previous page
 * stays on screen (dimmed) while the next one loads.
 */
export function useOrderList(page: number) {
  const enabled = useIsDealer()
  return useQuery({
    queryKey: queryKeys.orderList(page),
    queryFn: ({ signal }) => apiFetch<OrderList>('/api/catalog/orders', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    // Another user of the company may have ordered or cancelled meanwhile.
    staleTime: 0,
  })
}

/** GET /api/catalog/order/:id (placing an order puts its answer here, so the success screen needs no call). */
export function useOrder(id: number) {
  const dealer = useIsDealer()
  return useQuery({
    queryKey: queryKeys.order(id),
    queryFn: ({ signal }) => apiFetch<Order>(`/api/catalog/order/${id}`, { signal }),
    enabled: dealer && Number.isSafeInteger(id) && id > 0,
  })
}

/**
 * PATCH /api/catalog/order/:id {cancel:true}. The answer is the cancelled order: it replaces the row in
 * every cached page and the order's own entry, so the row shows its badge without a refetch.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (orderId: number) =>
      apiFetch<Order>(`/api/catalog/order/${orderId}`, { method: 'PATCH', json: { cancel: true } }),
    onSuccess: (order) => {
      queryClient.setQueriesData<OrderList>({ queryKey: queryKeys.orderLists() }, (list) =>
        list ? { ...list, items: list.items.map((item) => (item.id === order.id ? order : item)) } : list,
      )
      queryClient.setQueryData(queryKeys.order(order.id), order)
      // A cancelled order no longer uses the risk limit the cart page checks.
      void queryClient.invalidateQueries({ queryKey: queryKeys.checkoutInfo() })
    },
  })
}
