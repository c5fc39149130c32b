import { useQuery } from '@tanstack/react-query'
import type { StaffSummary } from '../../../../contracts/staff-home'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

/** The figures are read again every minute while the page is open (and when the tab comes back). */
export const STAFF_SUMMARY_REFRESH_MS = 60_000

/** GET /yonetim/summary */
export function useStaffSummary() {
  return useQuery({
    queryKey: ['staff', 'summary'],
    queryFn: ({ signal }) => apiFetch<StaffSummary>('/yonetim/summary', { signal }),
    enabled: useSession().user?.role === 'admin',
    refetchInterval: STAFF_SUMMARY_REFRESH_MS,
    staleTime: 0,
  })
}
