import { describe, expect, it } from 'vitest'
import { cartLine, cartOf } from '../../../test/cart-fixtures'
import { applyChange } from './cart-optimistic'

const money = (value: number, currency = 'TRY') => ({ value, currency })

// Two lines: 2 Adet × 1.234,50 and 1 Koli × 14.000,00 of the same product (20 % KDV), and a third
// product at 10 %.
function sample(currency = 'TRY') {
  const screw = cartLine({
    id: 503,
    quantity: 10,
    unitPrice: money(0.35, currency),
    product: { ...cartLine().product, id: 2, name: 'Vida', taxRate: 10, units: [cartLine().productUnit] },
  })
  return cartOf(
    [
      cartLine({ quantity: 2, unitPrice: money(1234.5, currency) }),
      cartLine({ id: 502, unitId: 12, quantity: 1, unitPrice: money(14000, currency) }),
      screw,
    ],
    currency,
  )
}

describe('applyChange', () => {
  it('sets a quantity and totals again with the domain rules', () => {
    const cart = applyChange(sample(), { kind: 'quantity', lineId: 501, quantity: 3 }, 1)
    expect(cart.items[0]).toMatchObject({ quantity: 3, amount: money(3703.5), tax: money(740.7) })
    // 3703.50 + 14000 + 3.50 = 17707.00; tax 740.70 + 2800 + 0.35 = 3541.05
    expect(cart.totals).toEqual({ subtotal: money(17707), tax: money(3541.05), total: money(21248.05) })
    expect(cart.baseTotals).toEqual(cart.totals)
    expect(cart.quantity).toBe(14)
    expect(cart.count).toBe(3)
  })

  it('changes a unit: the price follows the unit and the totals with it', () => {
    const start = cartOf([cartLine({ quantity: 2 })])
    const cart = applyChange(start, { kind: 'unit', lineId: 501, unitId: 12 }, 1)
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]?.productUnit.value).toBe('Koli')
    expect(cart.items[0]?.unitPrice).toEqual(money(14000))
    expect(cart.items[0]?.amount).toEqual(money(28000))
    expect(cart.totals.total).toEqual(money(33600))
  })

  it('merges into the line that already has the chosen unit, like the server', () => {
    const cart = applyChange(sample(), { kind: 'unit', lineId: 501, unitId: 12 }, 1)
    expect(cart.items.map((l) => [l.id, l.productUnit.value, l.quantity])).toEqual([
      [502, 'Koli', 3],
      [503, 'Adet', 10],
    ])
    expect(cart.totals.subtotal).toEqual(money(42003.5))
  })

  it('leaves the cart alone for an unknown unit or the unit it already has', () => {
    const start = sample()
    expect(applyChange(start, { kind: 'unit', lineId: 501, unitId: 999 }, 1)).toBe(start)
    expect(applyChange(start, { kind: 'unit', lineId: 501, unitId: 11 }, 1)).toBe(start)
  })

  it('removes a line and clears the cart', () => {
    const removed = applyChange(sample(), { kind: 'remove', lineId: 502 }, 1)
    expect(removed.items.map((l) => l.id)).toEqual([501, 503])
    expect(removed.totals.subtotal).toEqual(money(2472.5))
    const cleared = applyChange(sample(), { kind: 'clear' }, 1)
    expect(cleared).toMatchObject({ items: [], count: 0, quantity: 0 })
    expect(cleared.totals).toEqual({ subtotal: money(0), tax: money(0), total: money(0) })
  })

  it('estimates the TRY-base totals with the shown currency’s rate', () => {
    const cart = applyChange(sample('USD'), { kind: 'quantity', lineId: 503, quantity: 20 }, 40)
    expect(cart.totals.subtotal).toEqual(money(16476, 'USD'))
    // 2469 + 14000 + 7 shown; in TRY each unit price × 40, rounded, × quantity: 49380 × 2 + 560000 + 14 × 20
    expect(cart.baseTotals.subtotal).toEqual(money(659040))
    // Without a rate the previous base totals stay until the server answers.
    const unknown = applyChange(sample('USD'), { kind: 'remove', lineId: 503 }, null)
    expect(unknown.baseTotals).toEqual(sample('USD').baseTotals)
  })
})
