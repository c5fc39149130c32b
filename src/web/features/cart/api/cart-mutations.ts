import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Cart, CartLinePatch } from '../../../../contracts/cart'
import { normalizeCurrencyCode } from '../../../../domain/money-format'
import { reportCartError } from '../../../components/alert'
import { useTranslation } from '../../../i18n/use-translation'
import { apiFetch } from '../../../lib/api-client'
import {
  acceptServerCart,
  cartKey,
  cartMutationKey,
  cartScope,
  isLastChange,
  resyncCart,
} from '../../../lib/cart/cart-sync'
import { useSession } from '../../../lib/session-context'
import { applyChange, type CartChange } from './cart-optimistic'

function sendChange(change: CartChange): Promise<Cart> {
  switch (change.kind) {
    case 'clear':
      return apiFetch<Cart>('/api/catalog/cart', { method: 'DELETE' })
    case 'remove':
      return apiFetch<Cart>(`/api/catalog/cart/${change.lineId}`, { method: 'DELETE' })
    case 'quantity':
    case 'unit': {
      const patch: CartLinePatch =
        change.kind === 'quantity' ? { quantity: change.quantity } : { unit: change.unitId }
      return apiFetch<Cart>(`/api/catalog/cart/${change.lineId}`, { method: 'PATCH', json: patch })
    }
  }
}

/** The shown currency's rate in TRY, for the optimistic TRY-base total. */
export function useShownRate(): (cart: Cart) => number | null {
  const { bootstrap } = useSession()
  return (cart) => {
    const code = normalizeCurrencyCode(cart.totals.total.currency)
    return bootstrap.currencies.find((c) => normalizeCurrencyCode(c.code) === code)?.exchangeRate ?? null
  }
}

/**
 * Changes a line's quantity or unit, removes a line or clears the cart. The page shows the change at
 * once (totals by the domain's cartTotals), then the server's answer replaces it. On an error the cart
 * rolls back, the server's message is shown (a network failure stays silent), and the cart is fetched
 * again so the screen matches the server.
 */
export function useCartChange() {
  const queryClient = useQueryClient()
  const { t } = useTranslation()
  const shownRate = useShownRate()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartScope,
    mutationFn: sendChange,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: cartKey })
      const previous = queryClient.getQueryData<Cart>(cartKey)
      if (previous) queryClient.setQueryData(cartKey, applyChange(previous, change, shownRate(previous)))
      return { previous }
    },
    onSuccess: (cart) => acceptServerCart(queryClient, cart),
    onError: (error, _change, context) => {
      if (isLastChange(queryClient)) {
        if (context?.previous) queryClient.setQueryData(cartKey, context.previous)
        resyncCart(queryClient)
      }
      reportCartError(t, error)
    },
  })
}
