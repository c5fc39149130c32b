import { describe, expect, it } from 'vitest'
import { checkQuantity, quantityMax } from './quantity'

describe('checkQuantity', () => {
  it.each([
    // typed, rule, answer
    ['1', 'detail', { ok: true, quantity: 1 }],
    ['100', 'detail', { ok: true, quantity: 100 }],
    [' 42 ', 'detail', { ok: true, quantity: 42 }],
    ['007', 'detail', { ok: true, quantity: 7 }],
    ['150', 'detail', { ok: false, empty: false, max: 100 }],
    ['101', 'detail', { ok: false, empty: false, max: 100 }],
    ['-3', 'detail', { ok: false, empty: false, max: 100 }],
    ['0', 'detail', { ok: false, empty: false, max: 100 }],
    ['1,5', 'detail', { ok: false, empty: false, max: 100 }],
    ['1.5', 'detail', { ok: false, empty: false, max: 100 }],
    ['abc', 'detail', { ok: false, empty: false, max: 100 }],
    ['1e2', 'detail', { ok: false, empty: false, max: 100 }],
    ['', 'detail', { ok: false, empty: true, max: 100 }],
    ['  ', 'detail', { ok: false, empty: true, max: 100 }],
    ['150', 'list', { ok: true, quantity: 150 }],
    ['100000', 'list', { ok: true, quantity: 100_000 }],
    ['100001', 'list', { ok: false, empty: false, max: 100_000 }],
    ['1.000', 'list', { ok: false, empty: false, max: 100_000 }],
    ['0', 'list', { ok: false, empty: false, max: 100_000 }],
    ['-3', 'list', { ok: false, empty: false, max: 100_000 }],
  ] as const)('%j on a %s page', (typed, rule, expected) => {
    expect(checkQuantity(typed, rule)).toEqual(expected)
  })

  it('bounds the product page at 100 and a list at a cart line’s 100,000', () => {
    expect(quantityMax('detail')).toBe(100)
    expect(quantityMax('list')).toBe(100_000)
  })
})
