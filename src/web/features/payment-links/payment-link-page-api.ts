import { useQuery } from '@tanstack/react-query'
import type { PublicPaymentLink } from '../../../contracts/payments'
import { apiFetch } from '../../lib/api-client'

export const paymentLinkKeys = {
  link: (token: string) => ['payment-link', token] as const,
}

/** The shape of every token the server makes; anything else is unknown without asking. */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{1,100}$/.test(token)

/** GET /api/payment-link/:token: the link's company, amount and state, for anyone holding the token. */
export function usePublicPaymentLink(token: string) {
  return useQuery({
    queryKey: paymentLinkKeys.link(token),
    queryFn: ({ signal }) =>
      apiFetch<PublicPaymentLink>(`/api/payment-link/${encodeURIComponent(token)}`, {
        signal,
        handleAuthErrors: false,
      }),
    enabled: isLinkToken(token),
    retry: false,
  })
}
