import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import type {
  SearchPeriod,
  SearchQueries,
  SearchType,
  TopQueries,
} from '../../../../contracts/search-dashboard'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

export const searchDashboardKeys = {
  tables: (period: SearchPeriod) => ['staff', 'search-dashboard', period] as const,
}

/**
 * How often an open dashboard reads its tables again: the log is written about once a second, so a
 * dashboard left open on a desk shows the day's searches within this long, without a reload. Only
 * while the tab is in sight (TanStack Query's default) and on a return to it.
 */
export const DASHBOARD_REFRESH_MS = 30_000

/**
 * GET /yonetim/top-queries?period=: the dashboard's four tables, read again every
 * DASHBOARD_REFRESH_MS while open. Another period keeps the previous tables on screen (dimmed) until
 * its own arrive; never asked for by a dealer or a guest.
 */
export function useSearchDashboard(period: SearchPeriod) {
  const admin = useSession().user?.role === 'admin'
  return useQuery({
    queryKey: searchDashboardKeys.tables(period),
    queryFn: ({ signal }) => apiFetch<TopQueries>('/yonetim/top-queries', { query: { period }, signal }),
    placeholderData: keepPreviousData,
    enabled: admin,
    staleTime: 0,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchOnWindowFocus: true,
  })
}

export type DashboardSearch = { query: string; type: SearchType; period: SearchPeriod }

/**
 * GET /yonetim/search_queries: a word's searchers or a user's words. A search is asked for, not
 * watched, so it is a mutation: its result lives until the popup showing it is closed (reset).
 */
export function useDashboardSearch() {
  return useMutation({
    mutationFn: (input: DashboardSearch) =>
      apiFetch<SearchQueries>('/yonetim/search_queries', { query: input }),
  })
}
