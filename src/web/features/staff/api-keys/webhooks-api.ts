import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  WebhookDelivery,
  WebhookEndpointCreate,
  WebhookEndpointIssued,
  WebhooksView,
} from '../../../../contracts/integration-feeds'
import { apiFetch } from '../../../lib/api-client'

const webhooksKey = (keyId: number) => ['staff', 'api-keys', keyId, 'webhooks'] as const

/** GET /yonetim/api-keys/{id}/webhooks: the key's endpoints and latest deliveries (while the drawer is open). */
export function useWebhooks(keyId: number | null) {
  return useQuery({
    queryKey: webhooksKey(keyId ?? 0),
    queryFn: ({ signal }) => apiFetch<WebhooksView>(`/yonetim/api-keys/${keyId}/webhooks`, { signal }),
    enabled: keyId !== null,
    staleTime: 0,
  })
}

function useWebhookWrite<V, R>(keyId: number, send: (values: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhooksKey(keyId) }),
  })
}

/** POST /yonetim/api-keys/{id}/webhooks: the answer carries the signing secret, shown once. */
export function useCreateWebhook(keyId: number) {
  return useWebhookWrite(keyId, (body: WebhookEndpointCreate) =>
    apiFetch<WebhookEndpointIssued>(`/yonetim/api-keys/${keyId}/webhooks`, { method: 'POST', json: body }),
  )
}

/** DELETE /yonetim/api-keys/{id}/webhooks/{webhookId} */
export function useRemoveWebhook(keyId: number) {
  return useWebhookWrite(keyId, (endpointId: number) =>
    apiFetch<{ ok: true }>(`/yonetim/api-keys/${keyId}/webhooks/${endpointId}`, { method: 'DELETE' }),
  )
}

/** POST …/webhooks/deliveries/{deliveryId}/replay: due now, the whole retry schedule ahead. */
export function useReplayDelivery(keyId: number) {
  return useWebhookWrite(keyId, (deliveryId: number) =>
    apiFetch<WebhookDelivery>(`/yonetim/api-keys/${keyId}/webhooks/deliveries/${deliveryId}/replay`, {
      method: 'POST',
    }),
  )
}
