import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { WebhookDelivery } from '../../../../contracts/integration-feeds'
import type { FailingDelivery, IntegrationHealth, JobHealth } from '../../../../contracts/integration-health'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

const healthKey = ['staff', 'integration-health'] as const

/** How often the screen reads again while a job is queued or running (its progress bar moves). */
export const JOB_POLL_MS = 3000

export const jobRunning = (job: JobHealth) => job.status === 'queued' || job.status === 'running'

/** GET /yonetim/integration-health; read again every few seconds while a job runs, else on demand. */
export function useIntegrationHealth() {
  const staff = useSession().user?.role === 'admin'
  return useQuery({
    queryKey: healthKey,
    queryFn: ({ signal }) => apiFetch<IntegrationHealth>('/yonetim/integration-health', { signal }),
    enabled: staff,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.jobs.some(jobRunning) ? JOB_POLL_MS : false),
  })
}

/**
 * The webhooks' own replay (POST /yonetim/api-keys/{keyId}/webhooks/deliveries/{id}/replay): due now
 * with the whole retry schedule ahead; the screen reads again, and the delivery leaves the failing list.
 */
export function useReplayFailingDelivery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (delivery: FailingDelivery) =>
      apiFetch<WebhookDelivery>(
        `/yonetim/api-keys/${delivery.keyId}/webhooks/deliveries/${delivery.id}/replay`,
        { method: 'POST' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: healthKey }),
  })
}
