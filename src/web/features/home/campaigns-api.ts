import { useQuery } from '@tanstack/react-query'
import type { CampaignsResponse } from '../../../contracts/campaigns'
import { apiFetch } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'

/** GET /api/catalog/campaigns: prices already in the visitor's currency. */
export function useCampaigns() {
  return useQuery({
    queryKey: queryKeys.campaigns(),
    queryFn: ({ signal }) => apiFetch<CampaignsResponse>('/api/catalog/campaigns', { signal }),
    select: (answer) => answer.campaigns,
  })
}
