import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AdminPaymentLinkList, PaymentLinkStatus } from '../../../../contracts/back-office'
import type {
  StaffPaymentActionBody,
  StaffPaymentDetail,
  StaffPaymentList,
  StaffPaymentsSummary,
} from '../../../../contracts/payments-staff'
import type { StaffCustomerList } from '../../../../contracts/staff-customers'
import type { IntentStatus } from '../../../../domain/payment-intent'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

export const paymentsAdminKeys = {
  /** Everything of the card payments screen: the lists, the summary and every payment's detail. */
  all: () => ['staff', 'payments'] as const,
  payments: (status: IntentStatus | 'all', page: number) =>
    ['staff', 'payments', 'list', status, page] as const,
  summary: () => ['staff', 'payments', 'summary'] as const,
  payment: (id: string) => ['staff', 'payments', 'detail', id] as const,
  links: (status: PaymentLinkStatus | 'all', page: number) =>
    ['staff', 'payment-links', status, page] as const,
  customers: (q: string) => ['staff', 'customers', q] as const,
}

const useIsAdmin = () => useSession().user?.role === 'admin'

/** GET /yonetim/payments?status=&page=: card payment attempts, newest first, 50 a page. */
export function useAdminPayments(status: IntentStatus | 'all', page: number) {
  return useQuery({
    queryKey: paymentsAdminKeys.payments(status, page),
    queryFn: ({ signal }) =>
      apiFetch<StaffPaymentList>('/yonetim/payments', {
        query: { status: status === 'all' ? undefined : status, page },
        signal,
      }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === status ? previous : undefined,
    enabled: useIsAdmin(),
    staleTime: 0,
  })
}

/**
 * GET /yonetim/payments/summary: payments needing a decision, those under way, and the payment starts
 * the card-testing limits refused in 24 hours. Asked again every minute while the screen is open, so a
 * payment that comes to need attention shows without a reload.
 */
export function useStaffPaymentsSummary() {
  return useQuery({
    queryKey: paymentsAdminKeys.summary(),
    queryFn: ({ signal }) => apiFetch<StaffPaymentsSummary>('/yonetim/payments/summary', { signal }),
    enabled: useIsAdmin(),
    refetchInterval: 60_000,
    staleTime: 0,
  })
}

/** GET /yonetim/payments/{id}: one payment with its trail; nothing is asked while `id` is null. */
export function useStaffPayment(id: string | null) {
  return useQuery({
    queryKey: paymentsAdminKeys.payment(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<StaffPaymentDetail>(`/yonetim/payments/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: useIsAdmin() && id !== null,
    staleTime: 0,
  })
}

export type StaffPaymentAction = 'book' | 'refund'

/**
 * POST /yonetim/payments/{id}/book or /refund with the reason. The answer is the payment as it now
 * stands; the lists and the summary are read again. A refusal (409: it no longer needs attention, or
 * the bank shows no charge; 502: the bank refused the refund, and the payment needs attention again
 * with the bank's reason) changed or may have changed the payment too, so they are read again then.
 */
export function useStaffPaymentAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      action,
      body,
    }: {
      id: string
      action: StaffPaymentAction
      body: StaffPaymentActionBody
    }) =>
      apiFetch<StaffPaymentDetail>(`/yonetim/payments/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: (answer) => queryClient.setQueryData(paymentsAdminKeys.payment(answer.id), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentsAdminKeys.all() }),
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
    queryFn: ({ signal }) => apiFetch<StaffCustomerList>('/yonetim/customers', { query: { q }, signal }),
    placeholderData: keepPreviousData,
    enabled: useIsAdmin(),
  })
}
