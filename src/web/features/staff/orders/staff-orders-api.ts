import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  StaffOrderDetail,
  StaffOrderList,
  StaffOrderPatch,
  StaffOrderSort,
} from '../../../../contracts/staff-orders'
import type { OrderStatus } from '../../../../domain/order-status'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'
import { staffHistoryKeys } from '../audit/history-api'

/** What the order list shows, as its address keeps it (use-order-filters.ts). */
export interface StaffOrderFilters {
  status: OrderStatus | null
  customerId: number | null
  from: string | null
  to: string | null
  q: string
  sort: StaffOrderSort
  dir: 'asc' | 'desc'
  page: number
}

export const staffOrderKeys = {
  all: () => ['staff', 'orders'] as const,
  list: (filters: StaffOrderFilters) => ['staff', 'orders', 'list', filters] as const,
  detail: (id: number) => ['staff', 'orders', 'detail', id] as const,
}

const useIsAdmin = () => useSession().user?.role === 'admin'

/** GET /yonetim/orders: one page of every dealer's orders; the last page stays while the next loads. */
export function useStaffOrders(filters: StaffOrderFilters) {
  return useQuery({
    queryKey: staffOrderKeys.list(filters),
    queryFn: ({ signal }) =>
      apiFetch<StaffOrderList>('/yonetim/orders', {
        query: {
          status: filters.status ?? undefined,
          customerId: filters.customerId ?? undefined,
          from: filters.from ?? undefined,
          to: filters.to ?? undefined,
          q: filters.q || undefined,
          sort: filters.sort,
          dir: filters.dir,
          page: filters.page,
        },
        signal,
      }),
    placeholderData: (previous) => previous,
    enabled: useIsAdmin(),
    staleTime: 0,
  })
}

/** GET /yonetim/orders/{id}: the order with its lines and history; nothing is asked while `id` is null. */
export function useStaffOrder(id: number | null) {
  return useQuery({
    queryKey: staffOrderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiFetch<StaffOrderDetail>(`/yonetim/orders/${id}`, { signal }),
    enabled: useIsAdmin() && id !== null,
    staleTime: 0,
  })
}

/**
 * PATCH /yonetim/orders/{id}: the order moved; the answer is the order as it now stands, and the list
 * is read again. A refusal (409: another move came first) reads the order again too.
 */
export function useMoveOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StaffOrderPatch }) =>
      apiFetch<StaffOrderDetail>(`/yonetim/orders/${id}`, { method: 'PATCH', json: body }),
    onSuccess: (answer) => queryClient.setQueryData(staffOrderKeys.detail(answer.order.id), answer),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffHistoryKeys.all() })
      return queryClient.invalidateQueries({ queryKey: staffOrderKeys.all() })
    },
  })
}
