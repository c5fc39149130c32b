import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import type { PreferenceRequest } from '../../../../contracts/account'
import type { Cart } from '../../../../contracts/cart'
import type { Order } from '../../../../contracts/orders'
import { apiFetch } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { cartKey, cartScope } from '../../../lib/cart/cart-sync'
import { queryKeys } from '../../../lib/query-keys'
import { useSession } from '../../../lib/session-context'

/**
 * The cart page's checkout calls: placing the order, making an offer and the branch preference (the
 * risk-limit figures come from lib/cart/checkout-info.ts, shared with the card checkout). Orders and
 * offers run in the cart's mutation scope, so they wait for quantity or unit changes still on their
 * way and order exactly what the page shows.
 */

/**
 * A random key for one order attempt. crypto.randomUUID exists only in secure contexts (HTTPS,
 * localhost), so plain-HTTP intranet installations get a v4 UUID from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** The server empties the cart when it becomes an order or an offer: show that at once. */
function emptyCart(cart: Cart): Cart {
  const zero = (money: Cart['totals']['total']) => ({ ...money, value: 0 })
  const totals = (t: Cart['totals']) => ({
    subtotal: zero(t.subtotal),
    tax: zero(t.tax),
    total: zero(t.total),
  })
  return {
    items: [],
    count: 0,
    quantity: 0,
    totals: totals(cart.totals),
    baseTotals: totals(cart.baseTotals),
  }
}

/**
 * The answer says the cart is now empty, so it is not asked again here: a refetch started now would be
 * cancelled (aborted) when the cart page unmounts. It is only marked stale, so the next page that shows
 * the cart reads it afresh. A read still under way may have been answered before the order emptied the
 * cart: it is cancelled first, so its lines never come back.
 */
async function cartBecameDocument(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: cartKey })
  queryClient.setQueryData<Cart>(cartKey, (cart) => (cart ? emptyCart(cart) : cart))
  void queryClient.invalidateQueries({ queryKey: cartKey, refetchType: 'none' })
  void queryClient.invalidateQueries({ queryKey: queryKeys.checkoutInfo() })
}

function formOf(fields: Record<string, string | undefined>): URLSearchParams {
  const form = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value)
  return form
}

export interface OrderInput {
  description: string
  /** The chosen payment plan's id; absent when the store does not offer a choice. */
  advencePrice?: string
}

/**
 * POST /api/catalog/cart (form data description, advencePrice) with an Idempotency-Key. One key
 * belongs to one attempt: a second click or a retry after a failure sends the same key, so the server
 * answers the order it may already have made instead of making another. After a success the next
 * order gets a new key.
 */
export function usePlaceOrder(onPlaced: (order: Order) => void) {
  const queryClient = useQueryClient()
  const attemptKey = useRef<string | null>(null)
  const mutation = useMutation({
    mutationKey: ['checkout', 'order'],
    scope: cartScope,
    mutationFn: ({ input, key }: { input: OrderInput; key: string }) =>
      apiFetch<Order>('/api/catalog/cart', {
        method: 'POST',
        body: formOf({ description: input.description.trim(), advencePrice: input.advencePrice }),
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: async (order, { key }) => {
      if (attemptKey.current === key) attemptKey.current = null
      queryClient.setQueryData(queryKeys.order(order.id), order)
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderLists() })
      await cartBecameDocument(queryClient)
      onPlaced(order)
    },
    onError: (error) => {
      // Refused for stock or the risk limit: the figures on the page may be old.
      if (isApiError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: cartKey })
        void queryClient.invalidateQueries({ queryKey: queryKeys.checkoutInfo() })
      }
    },
  })
  const place = (input: OrderInput) => {
    attemptKey.current ??= newIdempotencyKey()
    mutation.mutate({ input, key: attemptKey.current })
  }
  return { ...mutation, place }
}

/** POST /api/catalog/cart/offer (form data description): the cart becomes an offer and is emptied. */
export function useMakeOffer(onMade: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['checkout', 'offer'],
    scope: cartScope,
    mutationFn: (description: string) =>
      apiFetch<unknown>('/api/catalog/cart/offer', {
        method: 'POST',
        body: formOf({ description: description.trim() }),
      }),
    onSuccess: async () => {
      await cartBecameDocument(queryClient)
      onMade()
    },
  })
}

/** POST /api/catalog/settings {key:'branch'}: the branch the next orders are for. */
export function useChangeBranch() {
  const { updatePreferences } = useSession()
  return useMutation({
    mutationFn: (branchId: number) =>
      apiFetch('/api/catalog/settings', {
        method: 'POST',
        json: { key: 'branch', value: branchId } satisfies PreferenceRequest,
      }),
    onSuccess: (_answer, branchId) => updatePreferences({ branch: branchId }),
  })
}
