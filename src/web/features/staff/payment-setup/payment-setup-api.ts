import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  BankCreate,
  BankUpdate,
  BinApplyResult,
  BinPreview,
  BinSummary,
  DefaultPlansBody,
  PaymentGatewayBody,
  PaymentGatewayView,
  PlanCreate,
  PlanPatch,
  SetupBank,
  SetupBankList,
  SetupInstallment,
  SetupPlan,
  SetupPlanList,
} from '../../../../contracts/payment-setup'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

const BASE = '/yonetim/payment-setup'
const keys = {
  plans: ['staff', 'payment-setup', 'plans'] as const,
  banks: ['staff', 'payment-setup', 'banks'] as const,
  bin: ['staff', 'payment-setup', 'bin'] as const,
  gateway: ['staff', 'payment-setup', 'gateway'] as const,
}

function useStaffQuery<T>(key: readonly string[], path: string) {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch<T>(path, { signal }),
    enabled: useSession().user?.role === 'admin',
  })
}

/** GET /yonetim/payment-setup/plans */
export const usePlans = () => useStaffQuery<SetupPlanList>(keys.plans, `${BASE}/plans`)
/** GET /yonetim/payment-setup/banks */
export const useBanks = () => useStaffQuery<SetupBankList>(keys.banks, `${BASE}/banks`)
/** GET /yonetim/payment-setup/bin */
export const useBinSummary = () => useStaffQuery<BinSummary>(keys.bin, `${BASE}/bin`)
/** GET /yonetim/payment-setup/gateway */
export const useGateway = () => useStaffQuery<PaymentGatewayView>(keys.gateway, `${BASE}/gateway`)

/** A plan created or changed: the list is read again (the default flag and the order move others). */
export function useSavePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanCreate | PlanPatch }) =>
      apiFetch<SetupPlan>(id === null ? `${BASE}/plans` : `${BASE}/plans/${id}`, {
        method: id === null ? 'POST' : 'PATCH',
        json: body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.plans }),
  })
}

export function useDeletePlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiFetch(`${BASE}/plans/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.plans }),
  })
}

/** POST …/plans/order: the answer (the list in its new order) replaces the screen's. */
export function useOrderPlans() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiFetch<SetupPlanList>(`${BASE}/plans/order`, { method: 'POST', json: { ids } }),
    onSuccess: (list) => queryClient.setQueryData(keys.plans, list),
    onError: () => queryClient.invalidateQueries({ queryKey: keys.plans }),
  })
}

/** A bank created or replaced; the BIN summary counts its ranges again. */
export function useSaveBank() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BankCreate | BankUpdate }) =>
      apiFetch<SetupBank>(id === null ? `${BASE}/banks` : `${BASE}/banks/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        json: body,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.banks })
      void queryClient.invalidateQueries({ queryKey: keys.bin })
    },
  })
}

export function useDeleteBank() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiFetch(`${BASE}/banks/${id}`, { method: 'DELETE' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: keys.banks })
      void queryClient.invalidateQueries({ queryKey: keys.bin })
    },
  })
}

export function useSaveDefaultPlans() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DefaultPlansBody) =>
      apiFetch<{ plans: SetupInstallment[] }>(`${BASE}/default-plans`, { method: 'PUT', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.banks }),
  })
}

const binForm = (file: File, replace: boolean, digest?: string) => {
  const body = new FormData()
  body.set('replace', replace ? '1' : '0')
  if (digest) body.set('digest', digest)
  body.set('file', file)
  return body
}

/** POST …/bin/preview: nothing is written. */
export function usePreviewBin() {
  return useMutation({
    mutationFn: ({ file, replace }: { file: File; replace: boolean }) =>
      apiFetch<BinPreview>(`${BASE}/bin/preview`, { method: 'POST', body: binForm(file, replace) }),
  })
}

/** POST …/bin/apply: the previewed file, named by the preview's digest. */
export function useApplyBin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, replace, digest }: { file: File; replace: boolean; digest: string }) =>
      apiFetch<BinApplyResult>(`${BASE}/bin/apply`, { method: 'POST', body: binForm(file, replace, digest) }),
    onSuccess: (result) => {
      queryClient.setQueryData(keys.bin, result.summary)
      void queryClient.invalidateQueries({ queryKey: keys.banks })
    },
  })
}

/** PUT …/gateway: the answer (the view after the change) replaces the screen's. */
export function useSaveGateway() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PaymentGatewayBody) =>
      apiFetch<PaymentGatewayView>(`${BASE}/gateway`, { method: 'PUT', json: body }),
    onSuccess: (view) => {
      queryClient.setQueryData(keys.gateway, view)
      void queryClient.invalidateQueries({ queryKey: keys.banks })
    },
  })
}
