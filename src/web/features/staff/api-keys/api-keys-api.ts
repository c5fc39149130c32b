import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApiKey, ApiKeyCreate, ApiKeyIssued, ApiKeyList } from '../../../../contracts/api-keys'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

const listKey = ['staff', 'api-keys', 'list'] as const

/** GET /yonetim/api-keys: every key with its state and last use (never the key itself). */
export function useApiKeys() {
  const staff = useSession().user?.role === 'admin'
  return useQuery({
    queryKey: listKey,
    queryFn: ({ signal }) => apiFetch<ApiKeyList>('/yonetim/api-keys', { signal }),
    enabled: staff,
    staleTime: 0,
  })
}

/** Every write reads the list again: a rotation changes two rows. */
function useApiKeyWrite<V, R>(send: (values: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  })
}

/** POST /yonetim/api-keys: the answer carries the key, shown once. */
export function useCreateApiKey() {
  return useApiKeyWrite((body: ApiKeyCreate) =>
    apiFetch<ApiKeyIssued>('/yonetim/api-keys', { method: 'POST', json: body }),
  )
}

/** POST /yonetim/api-keys/{id}/rotate: a new key (shown once); the old one works for an hour more. */
export function useRotateApiKey() {
  return useApiKeyWrite((id: number) =>
    apiFetch<ApiKeyIssued>(`/yonetim/api-keys/${id}/rotate`, { method: 'POST' }),
  )
}

/** POST /yonetim/api-keys/{id}/revoke: refused from its next call on. */
export function useRevokeApiKey() {
  return useApiKeyWrite((id: number) =>
    apiFetch<ApiKey>(`/yonetim/api-keys/${id}/revoke`, { method: 'POST' }),
  )
}
