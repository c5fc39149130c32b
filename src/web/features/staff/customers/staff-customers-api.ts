import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Statement } from '../../../../contracts/ledger'
import type {
  BranchBody,
  BranchPatch,
  CompanyUser,
  CompanyUserInvite,
  StaffCustomerDetail,
  StaffCustomerList,
  StaffCustomerPatch,
} from '../../../../contracts/staff-customers'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'
import { staffHistoryKeys } from '../audit/history-api'

/** What the company list shows, as its address keeps it (use-customer-filters.ts). */
export interface StaffCustomerFilters {
  q: string
  active: boolean | null
  sort: 'code' | 'name'
  dir: 'asc' | 'desc'
  page: number
  /** The company shown on its own instead of the list (`?id=`), or null for the list. */
  id: number | null
  /** The statement's range on the company's page; empty: the server's default. */
  from: string | null
  to: string | null
}

type ListFilters = Omit<StaffCustomerFilters, 'id' | 'from' | 'to'>

export const staffCustomerKeys = {
  all: () => ['staff', 'customers'] as const,
  list: (filters: ListFilters) => ['staff', 'customers', 'list', filters] as const,
  detail: (id: number) => ['staff', 'customers', 'detail', id] as const,
  statement: (id: number, from: string, to: string) =>
    ['staff', 'customers', 'statement', id, from, to] as const,
}

const useIsAdmin = () => useSession().user?.role === 'admin'

/** GET /yonetim/customers: one page of the companies; the last page stays while the next loads. */
export function useStaffCustomers({ q, active, sort, dir, page }: StaffCustomerFilters) {
  const filters: ListFilters = { q, active, sort, dir, page }
  return useQuery({
    queryKey: staffCustomerKeys.list(filters),
    queryFn: ({ signal }) =>
      apiFetch<StaffCustomerList>('/yonetim/customers', {
        query: {
          q: q || undefined,
          active: active === null ? undefined : String(active),
          sort,
          dir,
          page,
        },
        signal,
      }),
    placeholderData: (previous) => previous,
    enabled: useIsAdmin(),
    staleTime: 0,
  })
}

/** GET /yonetim/customers/{id}: the company with its branches, users, overdue figure and sales staff. */
export function useStaffCustomer(id: number) {
  return useQuery({
    queryKey: staffCustomerKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<StaffCustomerDetail>(`/yonetim/customers/${id}`, { signal }),
    enabled: useIsAdmin(),
    staleTime: 0,
  })
}

/**
 * Every write answers with the company as it now stands: it replaces the page's copy at once, and the
 * list (whose rows show the same terms) is read again.
 */
function useCustomerWrite<V>(id: number, send: (values: V) => Promise<StaffCustomerDetail>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (company) => {
      queryClient.setQueryData(staffCustomerKeys.detail(id), company)
      void queryClient.invalidateQueries({ queryKey: [...staffCustomerKeys.all(), 'list'] })
      void queryClient.invalidateQueries({ queryKey: staffHistoryKeys.all() })
    },
  })
}

/** PATCH /yonetim/customers/{id}: the terms changed (only those). */
export function useChangeCustomer(id: number) {
  return useCustomerWrite(id, (changes: StaffCustomerPatch) =>
    apiFetch<StaffCustomerDetail>(`/yonetim/customers/${id}`, { method: 'PATCH', json: changes }),
  )
}

/** POST /yonetim/customers/{id}/branches: a new branch. */
export function useAddBranch(id: number) {
  return useCustomerWrite(id, (body: BranchBody) =>
    apiFetch<StaffCustomerDetail>(`/yonetim/customers/${id}/branches`, { method: 'POST', json: body }),
  )
}

/** PATCH /yonetim/customers/{id}/branches/{branchId}: a branch renamed, moved, closed or reopened. */
export function useChangeBranch(id: number) {
  return useCustomerWrite(id, ({ branchId, ...patch }: BranchPatch & { branchId: number }) =>
    apiFetch<StaffCustomerDetail>(`/yonetim/customers/${id}/branches/${branchId}`, {
      method: 'PATCH',
      json: patch,
    }),
  )
}

/** The company's user actions: each answers what it did; the company is read again for its users. */
export function useCompanyUserAction(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, action }: { userId: number; action: CompanyUserAction }) =>
      apiFetch<unknown>(`/yonetim/customers/${id}/users/${userId}/${action}`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffCustomerKeys.detail(id) }),
  })
}

export type CompanyUserAction = 'disable' | 'enable' | 'sessions/end' | 'password-reset'

/** POST /yonetim/customers/{id}/users: a dealer user invited; the mail carries a 72-hour link. */
export function useInviteUser(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CompanyUserInvite) =>
      apiFetch<CompanyUser>(`/yonetim/customers/${id}/users`, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffCustomerKeys.detail(id) }),
  })
}

/**
 * GET /yonetim/customers/{id}/statement?from=&to=: the company's statement as its dealer reads it.
 * Another range keeps the current one on screen while it loads.
 */
export function useCustomerStatement(id: number, from: string, to: string) {
  return useQuery({
    queryKey: staffCustomerKeys.statement(id, from, to),
    queryFn: ({ signal }) =>
      apiFetch<Statement>(`/yonetim/customers/${id}/statement`, {
        query: { from: from || undefined, to: to || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: useIsAdmin(),
    staleTime: 0,
  })
}
