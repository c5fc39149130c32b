import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  ExchangeRateFetchResult,
  ExchangeRateSettingsBody,
  ExchangeRates,
  ManualRateBody,
} from '../../../../contracts/exchange-rates'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

const PATH = '/yonetim/exchange-rates'
export const exchangeRatesKey = ['staff', 'settings', 'exchange-rates'] as const

/** GET /yonetim/exchange-rates (enabled: false for a role that may not read it, as on the staff home). */
export function useExchangeRates(options: { enabled?: boolean } = {}) {
  const staff = useSession().user?.role === 'admin'
  return useQuery({
    queryKey: exchangeRatesKey,
    queryFn: ({ signal }) => apiFetch<ExchangeRates>(PATH, { signal }),
    enabled: staff && (options.enabled ?? true),
  })
}

/** PUT /yonetim/exchange-rates/settings: the answer replaces the screen's data. */
export function useSaveRateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ExchangeRateSettingsBody) =>
      apiFetch<ExchangeRates>(`${PATH}/settings`, { method: 'PUT', json: body }),
    onSuccess: (saved) => queryClient.setQueryData(exchangeRatesKey, saved),
  })
}

/** PUT /yonetim/exchange-rates/{code} */
export function useSetManualRate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ code, ...body }: ManualRateBody & { code: string }) =>
      apiFetch<ExchangeRates>(`${PATH}/${code}`, { method: 'PUT', json: body }),
    onSuccess: (saved) => queryClient.setQueryData(exchangeRatesKey, saved),
  })
}

/** POST /yonetim/exchange-rates/fetch: the screen is read again either way (a failure is recorded). */
export function useFetchRates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<ExchangeRateFetchResult>(`${PATH}/fetch`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exchangeRatesKey }),
  })
}
