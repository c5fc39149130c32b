import { useQuery } from '@tanstack/react-query'
import { type PublicPaymentLink, paymentLinkGoneSchema } from '../../../contracts/payments'
import { apiFetch } from '../../lib/api-client'
import { isApiError } from '../../lib/api-error'

export const paymentLinkKeys = {
  link: (token: string) => ['payment-link', token] as const,
}

/** The shape of every token the server makes; anything else is unknown without asking. */
export const isLinkToken = (token: string) => /^[A-Za-z0-9_-]{1,100}$/.test(token)

/**
 * What a 410 says of the link: paid or expired, with the company and amount when the answer carries
 * them (the server's does; a proxy's error page would not).
 */
export type GoneLink = { status: 'paid' | 'expired'; link: PublicPaymentLink | null }

export function goneLink(error: unknown): GoneLink | null {
  if (!isApiError(error) || error.status !== 410) return null
  const body = paymentLinkGoneSchema.safeParse(error.payload)
  if (body.success) return { status: body.data.link.status, link: body.data.link }
  return { status: error.code === 'payment_link_paid' ? 'paid' : 'expired', link: null }
}

/**
 * GET /api/payment-link/:token: the link's company, amount and state, for anyone holding the token.
 * An open link is a 200; a paid or expired one is a 410 whose body still says what it was, read here
 * as the link's state so the page (and the server's drawing of it) shows it like any answer.
 */
export function usePublicPaymentLink(token: string) {
  return useQuery({
    queryKey: paymentLinkKeys.link(token),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<PublicPaymentLink>(`/api/payment-link/${encodeURIComponent(token)}`, {
          signal,
          handleAuthErrors: false,
        })
      } catch (error) {
        const link = goneLink(error)?.link
        if (link) return link
        throw error
      }
    },
    enabled: isLinkToken(token),
    retry: false,
  })
}
