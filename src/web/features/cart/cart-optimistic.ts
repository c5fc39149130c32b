import type { Cart, CartLine } from '../../../contracts/cart'
import type { Unit } from '../../../contracts/catalog'
import type { Money } from '../../../contracts/common'
import { cartTotals } from '../../../domain/cart-totals'

/** One change of the cart page or the mini cart (a PATCH, a DELETE of a line, or a clear). */
export type CartChange =
  | { kind: 'quantity'; lineId: number; quantity: number }
  | { kind: 'unit'; lineId: number; unitId: number }
  | { kind: 'remove'; lineId: number }
  | { kind: 'clear' }

const money = (value: number, currency: string): Money => ({ value, currency })

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
 * The cart's totals again after a change, by the same domain function the server uses (lines are
 * already in the shown currency, so the rate is 1). The TRY-base totals are estimated with the shown
 * currency's rate; the server's next answer replaces every number.
 */
export function retotal(cart: Cart, items: CartLine[], shownRateInTry: number | null): Cart {
  const currency = cart.totals.total.currency
  const lines = items.map((line) => ({
    unitPrice: line.unitPrice.value,
    fromRate: 1,
    quantity: line.quantity,
    taxRate: line.product.taxRate,
  }))
  const shown = cartTotals(lines, 1)
  const priced = items.map((line, i) => {
    const amounts = shown.lines[i]!
    return {
      ...line,
      unitPrice: money(amounts.unitPrice.toNumber(), currency),
      amount: money(amounts.amount.toNumber(), currency),
      tax: money(amounts.tax.toNumber(), currency),
    }
  })
  const totals = {
    subtotal: money(shown.subtotal.toNumber(), currency),
    tax: money(shown.tax.toNumber(), currency),
    total: money(shown.total.toNumber(), currency),
  }
  let baseTotals = cart.baseTotals
  if (currency === 'TRY') {
    baseTotals = totals
  } else if (shownRateInTry !== null) {
    const base = cartTotals(
      lines.map((line) => ({ ...line, fromRate: shownRateInTry })),
      1,
    )
    baseTotals = {
      subtotal: money(base.subtotal.toNumber(), 'TRY'),
      tax: money(base.tax.toNumber(), 'TRY'),
      total: money(base.total.toNumber(), 'TRY'),
    }
  }
  return {
    items: priced,
    count: priced.length,
    quantity: priced.reduce((sum, line) => sum + line.quantity, 0),
    totals,
    baseTotals,
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
