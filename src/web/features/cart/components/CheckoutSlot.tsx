import type { Cart } from '../../../../contracts/cart'
import { CheckoutActions, type CheckoutActionsProps } from './CheckoutActions'

/**
 * The cart page's checkout actions (spec/2 §2): payment-plan choice, branch, description, the order,
 * make-offer, pay and send-to-WhatsApp actions. It receives the cart as the server last answered it
 * and, as `shown`, the same cart priced in the chosen plan.
 */
export function CheckoutSlot(props: { cart: Cart } & CheckoutActionsProps) {
  return <CheckoutActions {...props} />
}
