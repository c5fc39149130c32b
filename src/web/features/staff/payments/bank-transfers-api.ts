import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  BankTransferBody,
  BankTransferList,
  BankTransferResponse,
  BankTransferReversalResponse,
} from '../../../../contracts/bank-transfers'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

export type TransferFilters = {
  customerId: number | null
  from: string | null
  to: string | null
  page: number
}

export const bankTransferKeys = {
  all: () => ['staff', 'bank-transfers'] as const,
  list: (filters: TransferFilters) => ['staff', 'bank-transfers', filters] as const,
}

/** GET /yonetim/bank-transfers: a page of the transfers entered; the last page stays while the next loads. */
export function useBankTransfers(filters: TransferFilters) {
  return useQuery({
    queryKey: bankTransferKeys.list(filters),
    queryFn: ({ signal }) =>
      apiFetch<BankTransferList>('/yonetim/bank-transfers', {
        query: {
          customerId: filters.customerId ?? undefined,
          from: filters.from ?? undefined,
          to: filters.to ?? undefined,
          page: filters.page > 1 ? filters.page : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: useSession().user?.role === 'admin',
  })
}

/** POST /yonetim/bank-transfers: the credit is booked and the dealer's new overdue figure answered. */
export function useRecordBankTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BankTransferBody) =>
      apiFetch<BankTransferResponse>('/yonetim/bank-transfers', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  })
}

/** POST /yonetim/bank-transfers/{id}/reversal: the reversing debit is booked; the list is read again. */
export function useReverseBankTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiFetch<BankTransferReversalResponse>(`/yonetim/bank-transfers/${id}/reversal`, {
        method: 'POST',
        json: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  })
}
