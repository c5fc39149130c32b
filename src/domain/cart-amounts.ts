import type Big from 'big.js'
import { type CartTotalsLine, cartTotals, type LineAmounts } from './cart-totals'
import { type Amount, withProfit } from './pricing'

/**
 * A stored cart line made ready for the totals: the chosen unit's price in the product's currency with
 * the customer's profit/discount applied (not rounded: rounding happens once, in the shown currency).
 */
export function cartLineBasis(input: {
  unitPrice: Amount
  profitPercent: Amount
  /** Rate of the product's currency (value of one unit in TRY). */
  fromRate: Amount
  quantity: number
  taxRate: Amount
}): CartTotalsLine {
  return {
    unitPrice: withProfit(input.unitPrice, input.profitPercent),
    fromRate: input.fromRate,
    quantity: input.quantity,
    taxRate: input.taxRate,
  }
}

export type CartSums = { subtotal: Big; tax: Big; total: Big }

export type CartAmounts = {
  /** Each line's unit price, amount and tax in the shown currency, in the order given. */
  lines: LineAmounts[]
  /** How many lines, and how many units over all lines (as the cart badge counts them). */
  count: number
  quantity: number
  /** In the shown currency. */
  totals: CartSums
  /** In TRY, the base the risk limit and an order's base total are checked in. */
  baseTotals: CartSums
}

const sums = ({ subtotal, tax, total }: CartSums): CartSums => ({ subtotal, tax, total })

/**
 * The cart as everyone shows and charges it (spec/1 §9): the lines' amounts and the totals in the
 * shown currency (`shownRate`: its value in TRY), the same cart's totals in TRY, and its counts. The
 * cart page, the mini cart, the order, the checkout's plan totals and the offer snapshot all come
 * from here, so they never differ.
 */
export function cartAmounts(lines: CartTotalsLine[], shownRate: Amount): CartAmounts {
  const shown = cartTotals(lines, shownRate)
  return {
    lines: shown.lines,
    count: lines.length,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    totals: sums(shown),
    baseTotals: sums(cartTotals(lines, 1)),
  }
}
