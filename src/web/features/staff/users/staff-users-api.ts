import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  StaffUser,
  StaffUserInvite,
  StaffUserList,
  StaffUserPatch,
} from '../../../../contracts/staff-users'
import type { StaffRole } from '../../../../domain/staff-access'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

/** What the staff users' list shows, as its address keeps it (use-staff-user-filters.ts). */
export interface StaffUserFilters {
  q: string
  role: StaffRole | null
  active: boolean | null
  page: number
}

const listKey = ['staff', 'staff-users', 'list'] as const

/** GET /yonetim/staff-users: one page of the staff users; the last page stays while the next loads. */
export function useStaffUsers(filters: StaffUserFilters) {
  const staff = useSession().user?.role === 'admin'
  return useQuery({
    queryKey: [...listKey, filters],
    queryFn: ({ signal }) =>
      apiFetch<StaffUserList>('/yonetim/staff-users', {
        query: {
          q: filters.q || undefined,
          role: filters.role ?? undefined,
          active: filters.active === null ? undefined : String(filters.active),
          page: filters.page > 1 ? filters.page : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: staff,
    staleTime: 0,
  })
}

/** Every write reads the list again: a row's role, state or invited flag may have changed. */
function useStaffUserWrite<V, R>(send: (values: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  })
}

/** POST /yonetim/staff-users: a staff user invited with their role; the mail carries a 72-hour link. */
export function useInviteStaffUser() {
  return useStaffUserWrite((body: StaffUserInvite) =>
    apiFetch<StaffUser>('/yonetim/staff-users', { method: 'POST', json: body }),
  )
}

/** PATCH /yonetim/staff-users/{id}: another role, or disabled / enabled (either way their sessions end). */
export function useChangeStaffUser() {
  return useStaffUserWrite(({ id, ...patch }: StaffUserPatch & { id: number }) =>
    apiFetch<StaffUser>(`/yonetim/staff-users/${id}`, { method: 'PATCH', json: patch }),
  )
}

/** POST /yonetim/staff-users/{id}/password-reset: a 1-hour link to set a new password, by mail. */
export function useSendStaffUserReset() {
  return useStaffUserWrite((id: number) =>
    apiFetch<{ expiresAt: string }>(`/yonetim/staff-users/${id}/password-reset`, { method: 'POST' }),
  )
}
