import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  AdminPaymentLinkList,
  AdminPaymentList,
  BankTransferBody,
  BankTransferResponse,
  CustomerSearch,
  PaymentLinkStatus,
} from '../../../../contracts/back-office'
import type { PaymentStatus } from '../../../../contracts/payments'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

export const paymentsAdminKeys = {
  payments: (status: PaymentStatus | 'all', page: number) => ['staff', 'payments', status, page] as const,
  links: (status: PaymentLinkStatus | 'all', page: number) =>
    ['staff', 'payment-links', status, page] as const,
  customers: (q: string) => ['staff', 'customers', q] as const,
}

const useIsAdmin = () => useSession().user?.role === 'admin'

/** GET /yonetim/payments?status=&page=: card payment attempts, newest first, 50 a page. */
export function useAdminPayments(status: PaymentStatus | 'all', page: number) {
  return useQuery({
    queryKey: paymentsAdminKeys.payments(status, page),
    queryFn: ({ signal }) =>
      apiFetch<AdminPaymentList>('/yonetim/payments', {
        query: { status: status === 'all' ? undefined : status, page },
        signal,
      }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === status ? previous : undefined,
    enabled: useIsAdmin(),
    staleTime: 0,
  })
}

/** GET /yonetim/payment-links?status=&page=: payment links, newest first, 50 a page. */
export function useAdminPaymentLinks(status: PaymentLinkStatus | 'all', page: number) {
  return useQuery({
    queryKey: paymentsAdminKeys.links(status, page),
    queryFn: ({ signal }) =>
      apiFetch<AdminPaymentLinkList>('/yonetim/payment-links', {
        query: { status: status === 'all' ? undefined : status, page },
        signal,
      }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === status ? previous : undefined,
    enabled: useIsAdmin(),
    staleTime: 0,
  })
}

/** GET /yonetim/customers?q=: the dealer picker's choices (at most 20), the last ones kept while typing. */
export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: paymentsAdminKeys.customers(q),
    queryFn: ({ signal }) => apiFetch<CustomerSearch>('/yonetim/customers', { query: { q }, signal }),
    placeholderData: keepPreviousData,
    enabled: useIsAdmin(),
  })
}

/** POST /yonetim/bank-transfers: the credit is booked and the dealer's new overdue figure answered. */
export function useRecordBankTransfer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: BankTransferBody) =>
      apiFetch<BankTransferResponse>('/yonetim/bank-transfers', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'payments'] }),
  })
}
