import { useIsMutating } from '@tanstack/react-query'
import { useState } from 'react'
import type { Cart } from '../../../../contracts/cart'
import { chargesSalePrices, defaultPlan } from '../../../../domain/payment-plan'
import { useCheckoutInfo } from '../../../lib/cart/checkout-info'
import { useSession } from '../../../lib/session-context'
import { useShownRate } from '../api/cart-mutations'
import { type CartInPlan, cartInPlan } from '../cart-in-plan'
import { useOfferedPlans } from '../components/CheckoutFields'

/**
 * The payment plan chosen on the cart page (the company's default at first, else the store's) and
 * the cart as that plan charges it: the cart itself without plans or in a plan of sale prices, else
 * the server's figures for the plan (cartInPlan); `inPlan` is null while those are on their way.
 * While the cart becomes an order or an offer, and after, the figures are not asked again (as in
 * CheckoutActions).
 */
export function useCartInChosenPlan(cart: Cart, leaving: boolean) {
  const plans = useOfferedPlans()
  const { user } = useSession()
  const [planId, setPlanId] = useState(() => defaultPlan(plans, user?.customer?.defaultPaymentPlanId)?.id)
  const plan = plans.find((p) => p.id === planId)
  const saving = useIsMutating({ mutationKey: ['checkout'] }) > 0 || leaving
  const info = useCheckoutInfo(saving ? undefined : cart)
  const shownRate = useShownRate()
  const inPlan: CartInPlan | null =
    !plan || chargesSalePrices(plan)
      ? { cart, unpriced: new Set() }
      : cartInPlan(
          cart,
          info.data?.plans.find((p) => p.id === plan.id),
          shownRate(cart),
        )
  return { plan, planId, setPlanId, inPlan }
}
