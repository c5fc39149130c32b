import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  OfferStatus,
  StaffOfferDetail,
  StaffOfferList,
  StaffOfferOrdered,
} from '../../../../contracts/staff-offers'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'
import { staffHistoryKeys } from '../audit/history-api'

/** What the offer list shows, as its address keeps it (use-offer-filters.ts). */
export interface StaffOfferFilters {
  status: OfferStatus | null
  customerId: number | null
  from: string | null
  to: string | null
  q: string
  page: number
  /** The offer shown on its own instead of the list (`?id=`), or null for the list. */
  id: number | null
}

export const staffOfferKeys = {
  all: () => ['staff', 'offers'] as const,
  list: (filters: Omit<StaffOfferFilters, 'id'>) => ['staff', 'offers', 'list', filters] as const,
  detail: (id: number) => ['staff', 'offers', 'detail', id] as const,
}

const useIsAdmin = () => useSession().user?.role === 'admin'

/** GET /yonetim/offers: one page of every dealer's offers; the last page stays while the next loads. */
export function useStaffOffers({ id, ...filters }: StaffOfferFilters, enabled = true) {
  return useQuery({
    queryKey: staffOfferKeys.list(filters),
    queryFn: ({ signal }) =>
      apiFetch<StaffOfferList>('/yonetim/offers', {
        query: {
          status: filters.status ?? undefined,
          customerId: filters.customerId ?? undefined,
          from: filters.from ?? undefined,
          to: filters.to ?? undefined,
          q: filters.q || undefined,
          page: filters.page,
        },
        signal,
      }),
    placeholderData: (previous) => previous,
    enabled: useIsAdmin() && enabled,
    staleTime: 0,
  })
}

/** GET /yonetim/offers/{id}: the offer with its lines and whether it may be made into an order. */
export function useStaffOffer(id: number | null) {
  return useQuery({
    queryKey: staffOfferKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiFetch<StaffOfferDetail>(`/yonetim/offers/${id}`, { signal }),
    enabled: useIsAdmin() && id !== null,
    staleTime: 0,
  })
}

/**
 * POST /yonetim/offers/{id}/order: the offer made into an order; the answer holds the offer as it now
 * stands. A refusal (409: already ordered, cancelled, short of stock) reads the offer again too.
 */
export function useConvertOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<StaffOfferOrdered>(`/yonetim/offers/${id}/order`, { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(staffOfferKeys.detail(answer.offer.id), answer.offer),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffHistoryKeys.all() })
      return queryClient.invalidateQueries({ queryKey: staffOfferKeys.all() })
    },
  })
}
