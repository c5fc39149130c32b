import { describe, expect, it } from 'vitest'
import { checkQuantity, commitDetailQuantity, quantityMax } from './quantity'

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

describe('commitDetailQuantity: a typed quantity on the product page, once committed (spec/1 §5)', () => {
  it.each([
    // above 0 and at most 100: taken
    ['1', 7, 1],
    ['42', 7, 42],
    ['100', 7, 100],
    [' 15 ', 7, 15],
    ['007', 7, 7],
    // not a number, or zero: back to 1
    ['abc', 7, 1],
    ['', 7, 1],
    ['   ', 7, 1],
    ['1,5', 7, 1],
    ['12a', 7, 1],
    ['0', 7, 1],
    ['00', 7, 1],
    ['-0', 7, 1],
    // any other value (negative, over 100, not whole): the previous amount stays
    ['150', 7, 7],
    ['101', 42, 42],
    ['-3', 7, 7],
    ['-150', 7, 7],
    ['2.5', 7, 7],
    ['1e3', 7, 1], // not a number as people write one
  ])('%j after %i → %i', (typed, previous, expected) => {
    expect(commitDetailQuantity(typed, previous)).toBe(expected)
  })
})
