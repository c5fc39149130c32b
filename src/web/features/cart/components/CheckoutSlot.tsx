import type { Cart } from '../../../../contracts/cart'
import { CheckoutActions } from './CheckoutActions'

/**
 * The cart page's checkout actions (spec/2 §2): payment-plan choice, branch, description, the order,
 * make-offer, pay and send-to-WhatsApp actions. It receives the cart as the server last answered it.
 */
export function CheckoutSlot({ cart }: { cart: Cart }) {
  return <CheckoutActions cart={cart} />
}
