import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AuditList } from '../../../../contracts/audit'
import type { AuditEntity } from '../../../../domain/audit'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

export type AuditFilters = {
  entity: AuditEntity | null
  entityId: string | null
  userId: number | null
  from: string | null
  to: string | null
  page: number
}

/** GET /yonetim/audit: a page of the recorded changes; the last page stays while the next loads. */
export function useAuditTrail(filters: AuditFilters, enabled = true) {
  const staff = useSession().user?.role === 'admin'
  return useQuery({
    queryKey: ['staff', 'audit', filters],
    queryFn: ({ signal }) =>
      apiFetch<AuditList>('/yonetim/audit', {
        query: {
          entity: filters.entity ?? undefined,
          entityId: filters.entityId ?? undefined,
          userId: filters.userId ?? undefined,
          from: filters.from ?? undefined,
          to: filters.to ?? undefined,
          page: filters.page > 1 ? filters.page : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: staff && enabled,
  })
}
