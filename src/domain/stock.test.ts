import { describe, expect, it } from 'vitest'
import { canAdd, orderFitsStock, remainingStock, stockDisplay, stockOffset } from './stock'

describe('stockOffset (spec/1 §9 table)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 5],
    [4, 10],
    [5, 50],
    [6, 100],
    [7, 1000],
    [8, 20],
    [9, -5],
    [10, -10],
    [11, -50],
    [12, -100],
    [13, -1000],
    [14, -20],
    [15, 0],
    [20, 0],
    [21, 0],
  ])('mode %i → %i', (mode, offset) => {
    expect(stockOffset(mode)).toBe(offset)
  })
})

describe('stockDisplay', () => {
  it.each([
    // mode, stock, expected
    [0, 12, { kind: 'exact', quantity: 12 }],
    [0, 0, { kind: 'outOfStock' }],
    [0, -3, { kind: 'outOfStock' }],
    [1, 12, { kind: 'hidden' }],
    [1, 0, { kind: 'hidden' }],
    [2, 12, { kind: 'available' }],
    [2, 0, { kind: 'outOfStock' }],
    [3, 0, { kind: 'available' }], // 0 + 5
    [3, -5, { kind: 'outOfStock' }], // -5 + 5 = 0
    [8, -19, { kind: 'available' }], // -19 + 20
    [9, 5, { kind: 'outOfStock' }], // 5 − 5 = 0
    [9, 6, { kind: 'available' }],
    [13, 1000, { kind: 'outOfStock' }],
    [13, 1001, { kind: 'available' }],
    [14, 20, { kind: 'outOfStock' }],
    [15, 6, { kind: 'moreThan', threshold: 5 }],
    [15, 5, { kind: 'exact', quantity: 5 }],
    [16, 11, { kind: 'moreThan', threshold: 10 }],
    [17, 51, { kind: 'moreThan', threshold: 50 }],
    [18, 100, { kind: 'exact', quantity: 100 }],
    [19, 1001, { kind: 'moreThan', threshold: 1000 }],
    [20, 21, { kind: 'moreThan', threshold: 20 }],
    [20, 0, { kind: 'outOfStock' }],
  ])('mode %i with stock %i', (mode, stock, expected) => {
    expect(stockDisplay(mode, stock)).toEqual(expected)
  })
})

describe('remainingStock and canAdd (spec/1 §5)', () => {
  it.each([
    // stock, mode, in cart, cartStockControl, expected remaining
    [10, 0, 0, false, 10],
    [10, 0, 4, false, 6],
    [10, 0, 12, false, 0],
    [10, 3, 0, false, 15],
    [10, 9, 0, false, 5],
    [3, 9, 0, false, 0],
    [0, 0, 0, true, Number.POSITIVE_INFINITY],
  ])('stock %i, mode %i, %i in cart, control %s → %s', (quantity, mode, inCart, control, expected) => {
    expect(remainingStock({ quantity, mode, inCartBaseUnits: inCart, cartStockControl: control })).toBe(
      expected,
    )
  })

  it.each([
    [24, 2, 12, true], // two boxes of 12 from 24
    [24, 3, 12, false],
    [5, 5, 1, true],
    [5, 6, 1, false],
    [Number.POSITIVE_INFINITY, 1000, 100, true],
  ])('remaining %s, %i × multiplier %i fits: %s', (remaining, count, multiplier, expected) => {
    expect(canAdd(remaining, count, multiplier)).toBe(expected)
  })
})

describe('orderFitsStock (spec/1 §5: the cart limit, checked again when ordering)', () => {
  it.each([
    // stock, mode, ordered base units, cartStockControl, fits
    [10, 0, 10, false, true], // exactly the stock
    [10, 0, 11, false, false],
    [10, 0, 24, false, false], // 2 boxes of 12
    [24, 0, 24, false, true],
    [10, 3, 15, false, true], // mode 3 lets 5 more go
    [10, 3, 16, false, false],
    [10, 9, 5, false, true], // mode 9 keeps 5 back
    [10, 9, 6, false, false],
    [3, 9, 1, false, false], // nothing left after the margin
    [0, 8, 20, false, true], // mode 8 adds 20
    [-4, 0, 1, false, false], // stock below zero
    [0, 0, 5000, true, true], // cartStockControl lifts the limit
    [-4, 13, 1, true, true],
  ])('stock %i, mode %i, %i ordered, control %s → %s', (quantity, mode, ordered, control, expected) => {
    expect(orderFitsStock({ quantity, mode, orderedBaseUnits: ordered, cartStockControl: control })).toBe(
      expected,
    )
  })
})
