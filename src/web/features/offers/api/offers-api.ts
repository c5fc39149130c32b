import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Offer, OfferCustomer, OfferEditResult, OfferList } from '../../../../contracts/offers'
import { apiFetch } from '../../../lib/api-client'
import { resyncCart } from '../../../lib/cart/cart-sync'
import { useSession } from '../../../lib/session-context'

/** Query keys of this page: every page of the company's offers, and one page. */
export const offerKeys = {
  lists: () => ['offers', 'list'] as const,
  list: (page: number) => ['offers', 'list', page] as const,
}

/** Offers belong to a dealer company: guests and administrators never call these. */
export function useIsDealer(): boolean {
  const { user } = useSession()
  return user?.role === 'dealer'
}

/**
 * GET /api/catalog/offers?page=n: one page of the company's offers, newest first, with the seller and
 * logo for the printed quote. The previous page stays on screen (dimmed) while the next one loads.
 */
export function useOfferList(page: number) {
  const enabled = useIsDealer()
  return useQuery({
    queryKey: offerKeys.list(page),
    queryFn: ({ signal }) => apiFetch<OfferList>('/api/catalog/offers', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    // A colleague of the company may have changed an offer meanwhile.
    staleTime: 0,
  })
}

/** Puts an offer the server answered into every cached page that shows it. */
function useReplaceOffer() {
  const queryClient = useQueryClient()
  return (offer: Offer) =>
    queryClient.setQueriesData<OfferList>({ queryKey: offerKeys.lists() }, (list) =>
      list ? { ...list, items: list.items.map((item) => (item.id === offer.id ? offer : item)) } : list,
    )
}

/** PATCH /api/catalog/offer/{id} {cancel:true}: the answer (the cancelled offer) replaces the row. */
export function useCancelOffer() {
  const replace = useReplaceOffer()
  return useMutation({
    mutationFn: (offerId: number) =>
      apiFetch<Offer>(`/api/catalog/offer/${offerId}`, { method: 'PATCH', json: { cancel: true } }),
    onSuccess: replace,
  })
}

/** PATCH /api/catalog/offer/mail/{id}: the offer to its customer's e-mail address. */
export function useMailOffer() {
  return useMutation({
    mutationFn: (offerId: number) =>
      apiFetch<{ ok: true }>(`/api/catalog/offer/mail/${offerId}`, { method: 'PATCH' }),
  })
}

/**
 * PATCH /api/catalog/offer/edit/{id}: the offer's lines go back into the cart. The cart is fetched
 * again (also while no cart page watches it, so the header's count follows).
 */
export function useEditOffer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (offerId: number) =>
      apiFetch<OfferEditResult>(`/api/catalog/offer/edit/${offerId}`, { method: 'PATCH' }),
    onSuccess: () => resyncCart(queryClient),
  })
}

/**
 * After a saved change the list is fetched again (the spec's "ok reloads the page"); the promise ends
 * when the new numbers are there, so the caller can drop what the dealer typed without a flash of the
 * old values.
 */
function useRefetchLists() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: offerKeys.lists() })
}

/** PATCH /api/catalog/offer/update/profit { [offerNo]: { [itemId]: percent } }. */
export function useSaveProfits() {
  const refetch = useRefetchLists()
  return useMutation({
    mutationFn: (body: Record<string, Record<string, number>>) =>
      apiFetch<{ ok: true }>('/api/catalog/offer/update/profit', { method: 'PATCH', json: body }),
    onSuccess: refetch,
  })
}

/** PATCH /api/catalog/offer/update/customer { [offerNo]: { customerName, customerCompanyName, … } }. */
export function useSaveCustomer() {
  const refetch = useRefetchLists()
  return useMutation({
    mutationFn: (body: Record<string, OfferCustomer>) =>
      apiFetch<{ ok: true }>('/api/catalog/offer/update/customer', { method: 'PATCH', json: body }),
    onSuccess: refetch,
  })
}
