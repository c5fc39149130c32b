import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { SettingItem, SettingsList } from '../../../../contracts/store-settings-admin'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

const PATH = '/yonetim/settings'
export const storeSettingsKey = ['staff', 'settings', 'all'] as const

/** GET /yonetim/settings */
export function useStoreSettings() {
  return useQuery({
    queryKey: storeSettingsKey,
    queryFn: ({ signal }) => apiFetch<SettingsList>(PATH, { signal }),
    enabled: useSession().user?.role === 'admin',
  })
}

/** PUT /yonetim/settings/{key}: the answer (the setting as stored) replaces its entry in the list. */
export function useSaveSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: unknown }) =>
      apiFetch<SettingItem>(`${PATH}/${encodeURIComponent(key)}`, { method: 'PUT', json: { value } }),
    onSuccess: (saved) =>
      queryClient.setQueryData<SettingsList>(storeSettingsKey, (list) =>
        list ? { items: list.items.map((item) => (item.key === saved.key ? saved : item)) } : list,
      ),
  })
}
