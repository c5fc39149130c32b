import type { Cart } from '../../../contracts/cart'

/**
 * SLOT — the cart page's checkout actions (spec/2 §2): payment-plan choice, branch, description, the
 * order, make-offer, pay and send-to-WhatsApp actions, posting to POST /api/catalog/cart and
 * POST /api/catalog/cart/offer. Built by the checkout issue; until then it renders nothing (no
 * placeholder buttons). It receives the cart as the server last answered it.
 */
export function CheckoutSlot(_props: { cart: Cart }) {
  return null
}
