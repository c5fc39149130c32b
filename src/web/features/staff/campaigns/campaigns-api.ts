import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CampaignCreate,
  CampaignPatch,
  StaffCampaign,
  StaffCampaignList,
} from '../../../../contracts/staff-campaigns'
import type { StaffProductList } from '../../../../contracts/staff-products'
import { apiFetch } from '../../../lib/api-client'
import { useStaffCan } from '../use-staff-can'

export const staffCampaignKeys = {
  all: () => ['staff', 'campaigns'] as const,
  list: () => ['staff', 'campaigns', 'list'] as const,
  detail: (id: number) => ['staff', 'campaigns', 'detail', id] as const,
  productSearch: (q: string) => ['staff', 'campaigns', 'product-search', q] as const,
}

/** GET /yonetim/campaigns: every campaign in its home-page order. */
export function useStaffCampaigns() {
  return useQuery({
    queryKey: staffCampaignKeys.list(),
    queryFn: ({ signal }) => apiFetch<StaffCampaignList>('/yonetim/campaigns', { signal }),
    enabled: useStaffCan('catalogue:read'),
    staleTime: 0,
  })
}

/** GET /yonetim/campaigns/{id}: one campaign with its products in order (null: a new one, nothing to read). */
export function useStaffCampaign(id: number | null) {
  return useQuery({
    queryKey: staffCampaignKeys.detail(id ?? 0),
    queryFn: ({ signal }) => apiFetch<StaffCampaign>(`/yonetim/campaigns/${id}`, { signal }),
    enabled: useStaffCan('catalogue:read') && id !== null,
    staleTime: 0,
  })
}

/** The saved campaign is the page's copy at once; the list (its row, its status) is read again. */
function useCampaignWrite<V>(send: (values: V) => Promise<StaffCampaign>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (campaign) => {
      queryClient.setQueryData(staffCampaignKeys.detail(campaign.id), campaign)
      void queryClient.invalidateQueries({ queryKey: staffCampaignKeys.list() })
    },
  })
}

/** POST /yonetim/campaigns: a new campaign, last on the home page. */
export const useCreateCampaign = () =>
  useCampaignWrite((body: CampaignCreate) =>
    apiFetch<StaffCampaign>('/yonetim/campaigns', { method: 'POST', json: body }),
  )

/** PATCH /yonetim/campaigns/{id}: the fields changed, only those. */
export const useChangeCampaign = (id: number) =>
  useCampaignWrite((patch: CampaignPatch) =>
    apiFetch<StaffCampaign>(`/yonetim/campaigns/${id}`, { method: 'PATCH', json: patch }),
  )

const REORDER = ['staff', 'campaigns', 'reorder'] as const

/**
 * POST /yonetim/campaigns/reorder with every campaign in its new order. The move is drawn at once
 * (the row keeps the keyboard's focus at its new place); moves go one after another, the list the
 * last one answers is kept, and a refused move puts back the order before it.
 */
export function useReorderCampaigns() {
  const queryClient = useQueryClient()
  const key = staffCampaignKeys.list()
  const settle = (answer?: StaffCampaignList) => {
    if (queryClient.isMutating({ mutationKey: REORDER }) > 1) return
    if (answer) queryClient.setQueryData(key, answer)
    else void queryClient.invalidateQueries({ queryKey: key })
  }
  return useMutation({
    mutationKey: REORDER,
    scope: { id: 'campaigns-reorder' },
    mutationFn: (ordered: StaffCampaignList['items']) =>
      apiFetch<StaffCampaignList>('/yonetim/campaigns/reorder', {
        method: 'POST',
        json: { ids: ordered.map((c) => c.id) },
      }),
    onMutate: (ordered) => {
      const before = queryClient.getQueryData<StaffCampaignList>(key)
      queryClient.setQueryData<StaffCampaignList>(key, { items: ordered })
      return { before }
    },
    onSuccess: (list) => settle(list),
    onError: (_error, _ordered, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      settle()
    },
  })
}

/** GET /yonetim/products?q=: the first page of the products matching a search, for the product picker. */
export function useProductSearch(q: string) {
  return useQuery({
    queryKey: staffCampaignKeys.productSearch(q),
    queryFn: ({ signal }) => apiFetch<StaffProductList>('/yonetim/products', { query: { q }, signal }),
    enabled: useStaffCan('catalogue:read') && q !== '',
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  })
}
