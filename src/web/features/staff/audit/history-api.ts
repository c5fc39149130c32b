import { useQuery } from '@tanstack/react-query'
import type { EntityHistory } from '../../../../contracts/audit'
import type { AuditEntity } from '../../../../domain/audit'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

export const staffHistoryKeys = {
  /** Every record's history: a staff write read again after it, so its page shows the new change. */
  all: () => ['staff', 'history'] as const,
  of: (entity: AuditEntity, entityId: string) => ['staff', 'history', entity, entityId] as const,
}

/** GET /yonetim/history/{entity}/{entityId}: the record's newest changes and how many there are. */
export function useEntityHistory(entity: AuditEntity, entityId: string) {
  const staff = useSession().user?.role === 'admin'
  return useQuery({
    queryKey: staffHistoryKeys.of(entity, entityId),
    queryFn: ({ signal }) =>
      apiFetch<EntityHistory>(`/yonetim/history/${entity}/${encodeURIComponent(entityId)}`, { signal }),
    enabled: staff,
    staleTime: 0,
  })
}
