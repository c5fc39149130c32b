import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AdminFaultReportList,
  FaultReportStatus,
  FaultReportStatusResponse,
} from '../../../../contracts/service'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'
import { staffHistoryKeys } from '../audit/history-api'

export const faultReportsAdminKeys = {
  lists: () => ['staff', 'fault-reports'] as const,
  list: (status: FaultReportStatus | 'all', page: number) =>
    ['staff', 'fault-reports', status, page] as const,
}

/** GET /yonetim/fault-reports?status=&page=: every dealer's reports, newest first, 50 a page. */
export function useAdminFaultReports(status: FaultReportStatus | 'all', page: number) {
  return useQuery({
    queryKey: faultReportsAdminKeys.list(status, page),
    queryFn: ({ signal }) =>
      apiFetch<AdminFaultReportList>('/yonetim/fault-reports', {
        query: { status: status === 'all' ? undefined : status, page },
        signal,
      }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === status ? previous : undefined,
    enabled: useSession().user?.role === 'admin',
    staleTime: 0,
  })
}

/**
 * PATCH /yonetim/fault-reports/:id {status}. The row changes in place in every cached page (it stays in
 * sight under the focus even when it no longer fits the filter); the lists are read again on the next visit.
 */
export function useChangeFaultStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, status, note }: { id: number; status: FaultReportStatus; note?: string }) =>
      apiFetch<FaultReportStatusResponse>(`/yonetim/fault-reports/${id}`, {
        method: 'PATCH',
        json: note ? { status, note } : { status },
      }),
    onSuccess: (answer) => {
      queryClient.setQueriesData<AdminFaultReportList>({ queryKey: faultReportsAdminKeys.lists() }, (list) =>
        list
          ? {
              ...list,
              items: list.items.map((item) =>
                item.id === answer.id
                  ? {
                      ...item,
                      status: answer.status,
                      staffNote: answer.staffNote,
                      updatedAt: answer.updatedAt,
                    }
                  : item,
              ),
            }
          : list,
      )
      // Read again: the history gained the step.
      void queryClient.invalidateQueries({ queryKey: faultReportsAdminKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: staffHistoryKeys.all() })
    },
  })
}

export const staffPhotoUrl = (id: number) => `/yonetim/fault-reports/${id}/photo`
