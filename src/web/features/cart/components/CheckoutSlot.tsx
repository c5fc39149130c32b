import type { Cart } from '../../../../contracts/cart'
import { CheckoutActions, type LeavingProps } from './CheckoutActions'

/**
 * The cart page's checkout actions (spec/2 §2): payment-plan choice, branch, description, the order,
 * make-offer, pay and send-to-WhatsApp actions. It receives the cart as the server last answered it.
 */
export function CheckoutSlot({ cart, ...leaving }: { cart: Cart } & LeavingProps) {
  return <CheckoutActions cart={cart} {...leaving} />
}
