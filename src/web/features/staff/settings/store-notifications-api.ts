import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { StoreNotifications, StoreNotificationsBody } from '../../../../contracts/store-notifications'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

const PATH = '/yonetim/settings/notifications'
export const storeNotificationsKey = ['staff', 'settings', 'notifications'] as const

/** GET /yonetim/settings/notifications */
export function useStoreNotifications() {
  return useQuery({
    queryKey: storeNotificationsKey,
    queryFn: ({ signal }) => apiFetch<StoreNotifications>(PATH, { signal }),
    enabled: useSession().user?.role === 'admin',
  })
}

/** PUT /yonetim/settings/notifications: the answer (the list as stored) replaces the cached one. */
export function useSaveStoreNotifications() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: StoreNotificationsBody) =>
      apiFetch<StoreNotifications>(PATH, { method: 'PUT', json: body }),
    onSuccess: (saved) => queryClient.setQueryData(storeNotificationsKey, saved),
  })
}
