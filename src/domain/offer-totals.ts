import type Big from 'big.js'
import { type CartTotals, cartTotals } from './cart-totals'
import { type Amount, roundMoney, withProfit } from './pricing'

export type OfferTotalsLine = {
  /** The snapshot: net unit price in the offer's currency, before the line's profit percent. */
  price: Amount
  /** The dealer's mark-up (+) or discount (−) for their customer, in percent. */
  profit: Amount
  quantity: number
  taxRate: Amount
}

/** A line's net unit price with its profit applied: price × (1 + profit/100), rounded to 2 decimals. */
export function offerUnitPrice(price: Amount, profit: Amount): Big {
  return roundMoney(withProfit(price, profit))
}

/**
 * Offer totals (spec/2 §9): each line's unit price is the snapshot price with the line's profit applied,
 * rounded to 2 decimals; amount = unit price × quantity; tax and totals exactly as the cart's
 * (cartTotals: tax rounded once over the offer, total = subtotal + tax). The offer is already in its
 * own currency, so every rate is 1.
 */
export function offerTotals(lines: OfferTotalsLine[]): CartTotals {
  return cartTotals(
    lines.map((line) => ({
      unitPrice: offerUnitPrice(line.price, line.profit),
      fromRate: 1,
      quantity: line.quantity,
      taxRate: line.taxRate,
    })),
    1,
  )
}
