import type { Cart, CartLine } from '../../../../contracts/cart'
import type { Unit } from '../../../../contracts/catalog'
import type { Money } from '../../../../contracts/common'
import { type CartSums, cartAmounts } from '../../../../domain/cart-amounts'

/** One change of the cart page or the mini cart (a PATCH, a DELETE of a line, or a clear). */
export type CartChange =
  | { kind: 'quantity'; lineId: number; quantity: number }
  | { kind: 'unit'; lineId: number; unitId: number }
  | { kind: 'remove'; lineId: number }
  | { kind: 'clear' }

const money = (value: number, currency: string): Money => ({ value, currency })

const sumsIn = (sums: CartSums, currency: string) => ({
  subtotal: money(sums.subtotal.toNumber(), currency),
  tax: money(sums.tax.toNumber(), currency),
  total: money(sums.total.toNumber(), currency),
})

/**
 * The net price of a line after its unit changes, until the server answers: the line's price scaled by
 * the units' own prices (both are converted the same way), else by their multipliers.
 */
export function estimateUnitPrice(line: CartLine, unit: Unit): number {
  const from = line.productUnit.defaultPrice?.value
  const to = unit.defaultPrice?.value
  if (from && to !== undefined && from > 0) return (line.unitPrice.value * to) / from
  return (line.unitPrice.value * unit.multiplier) / (line.productUnit.multiplier || 1)
}

/**
 * The cart's totals again after a change, by the same domain function the server uses (cartAmounts).
 * The lines are already in the shown currency, so every line's rate is the shown currency's; the
 * TRY-base totals are estimated with it, and kept as the server sent them while that rate is unknown.
 * The server's next answer replaces every number.
 */
export function retotal(cart: Cart, items: CartLine[], shownRateInTry: number | null): Cart {
  const currency = cart.totals.total.currency
  const rate = currency === 'TRY' ? 1 : shownRateInTry
  const amounts = cartAmounts(
    items.map((line) => ({
      unitPrice: line.unitPrice.value,
      fromRate: rate ?? 1,
      quantity: line.quantity,
      taxRate: line.product.taxRate,
    })),
    rate ?? 1,
  )
  const priced = items.map((line, i) => {
    const lineAmounts = amounts.lines[i]!
    return {
      ...line,
      unitPrice: money(lineAmounts.unitPrice.toNumber(), currency),
      amount: money(lineAmounts.amount.toNumber(), currency),
      tax: money(lineAmounts.tax.toNumber(), currency),
    }
  })
  return {
    items: priced,
    count: amounts.count,
    quantity: amounts.quantity,
    totals: sumsIn(amounts.totals, currency),
    baseTotals: rate === null ? cart.baseTotals : sumsIn(amounts.baseTotals, 'TRY'),
  }
}

/** The cart as it will be once the server has made `change` (what the page shows at once). */
export function applyChange(cart: Cart, change: CartChange, shownRateInTry: number | null): Cart {
  switch (change.kind) {
    case 'clear':
      return retotal(cart, [], shownRateInTry)
    case 'remove':
      return retotal(
        cart,
        cart.items.filter((line) => line.id !== change.lineId),
        shownRateInTry,
      )
    case 'quantity':
      return retotal(
        cart,
        cart.items.map((line) => (line.id === change.lineId ? { ...line, quantity: change.quantity } : line)),
        shownRateInTry,
      )
    case 'unit': {
      const line = cart.items.find((l) => l.id === change.lineId)
      const unit = line?.product.units.find((u) => u.id === change.unitId)
      if (!line || !unit || unit.id === line.productUnit.id) return cart
      // Like the server: a line of the same product already in that unit takes this line's quantity.
      const twin = cart.items.find((l) => l.product.id === line.product.id && l.productUnit.id === unit.id)
      const items = twin
        ? cart.items
            .filter((l) => l.id !== line.id)
            .map((l) => (l.id === twin.id ? { ...l, quantity: l.quantity + line.quantity } : l))
        : cart.items.map((l) =>
            l.id === line.id
              ? {
                  ...l,
                  productUnit: unit,
                  unitPrice: money(estimateUnitPrice(l, unit), l.unitPrice.currency),
                }
              : l,
          )
      return retotal(cart, items, shownRateInTry)
    }
  }
}
