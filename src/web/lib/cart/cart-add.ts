import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AddToCartResponse } from '../../../contracts/cart'
import { apiFetch } from '../api-client'
import { acceptAddAnswer, cartMutationKey, cartScope, isLastChange, resyncCart } from './cart-sync'

export interface AddToCartInput {
  productId: number
  unitId: number
  quantity: number
}

/** POST /api/catalog/cart/{productId} with form data quantity and productValue (the unit's id). */
export function postAddToCart({ productId, unitId, quantity }: AddToCartInput): Promise<AddToCartResponse> {
  const body = new URLSearchParams({ quantity: String(quantity), productValue: String(unitId) })
  return apiFetch<AddToCartResponse>(`/api/catalog/cart/${productId}`, { method: 'POST', body })
}

/**
 * Adds to the cart; the answer's line and totals go into the cart query's data (acceptAddAnswer). The caller
 * shows the busy and success looks and reports errors (it knows which alert fits its page); a failure of
 * any kind re-syncs the cart from the server.
 */
export function useAddToCart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartScope,
    mutationFn: postAddToCart,
    onSuccess: (answer) => acceptAddAnswer(queryClient, answer),
    onError: () => {
      if (isLastChange(queryClient)) resyncCart(queryClient)
    },
  })
}
