import type { Cart } from '../../../contracts/cart'
import type { CheckoutInfo } from '../../../contracts/orders'
import { retotal } from './api/cart-optimistic'

export type PlanFigures = CheckoutInfo['plans'][number]

export type CartInPlan = {
  /** The cart with every line's unit price, amount and tax, and the totals, in the plan. */
  cart: Cart
  /** Lines that have no price in the plan (an order in it is refused), by cart line id. */
  unpriced: ReadonlySet<number>
}

const none: ReadonlySet<number> = new Set()

/**
 * The cart as the chosen plan charges it, from the server's figures for that plan (priced by the rule
 * the order uses). Where the cart changed since the figures were made only in quantities, the plan's
 * unit prices are kept and the lines and totals worked out again by the domain's cartAmounts, as the
 * server will (exact in the shown currency, the TRY base estimated with `shownRateInTry`). Null while
 * a line has no figure for its unit (just added, unit changed) or the figures are not there yet: the
 * page then waits rather than show the cash prices as the plan's.
 */
export function cartInPlan(
  cart: Cart,
  figures: PlanFigures | undefined,
  shownRateInTry: number | null,
): CartInPlan | null {
  if (!figures) return null
  const byLine = new Map(figures.lines.map((line) => [line.id, line]))
  const matched = cart.items.map((line) => {
    const figure = byLine.get(line.id)
    return figure && figure.unitId === line.productUnit.id ? figure : null
  })
  if (matched.some((figure) => figure === null)) return null
  const unpriced = new Set(figures.lines.filter((line) => !line.priced).map((line) => line.id))
  const exact =
    figures.lines.length === cart.items.length &&
    matched.every((figure, i) => figure!.quantity === cart.items[i]!.quantity)
  if (exact) {
    return {
      cart: {
        ...cart,
        items: cart.items.map((line, i) => {
          const { unitPrice, amount, tax } = matched[i]!
          return { ...line, unitPrice, amount, tax }
        }),
        totals: { subtotal: figures.subtotal, tax: figures.tax, total: figures.total },
        baseTotals: figures.baseTotals,
      },
      unpriced,
    }
  }
  if (shownRateInTry === null && cart.totals.total.currency !== 'TRY') return null
  const items = cart.items.map((line, i) => ({ ...line, unitPrice: matched[i]!.unitPrice }))
  return { cart: retotal(cart, items, shownRateInTry), unpriced: unpriced.size > 0 ? unpriced : none }
}
