import { describe, expect, it } from 'vitest'
import { smallestBy, smallestNumbers } from './smallest'

/** A seeded generator: the same draws every run, different ones per seed. */
function draws(seed: number, n: number, range: number): number[] {
  let s = seed
  return Array.from({ length: n }, () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return s % range
  })
}

describe('the first k of a large set', () => {
  it.each([
    [0, 1000],
    [1, 1000],
    [24, 20_000],
    [240, 20_000],
    [10, 5],
    [300, 1000],
  ])('smallestNumbers gives the %i smallest of %i numbers in order, duplicates kept', (k, n) => {
    const values = draws(k + n, n, Math.max(2, n >> 3))
    const got = Array.from(smallestNumbers(Float64Array.from(values), k))
    expect(got).toEqual([...values].sort((a, b) => a - b).slice(0, k))
  })

  it.each([
    [24, 20_000],
    [1, 100],
    [50, 60],
  ])('smallestBy gives the %i first of %i items in the comparator order', (k, n) => {
    const items = draws(n, n, 500).map((price, id) => ({ id, price }))
    const compare = (a: { id: number; price: number }, b: { id: number; price: number }) =>
      b.price - a.price || a.id - b.id
    expect(smallestBy(items, k, compare)).toEqual([...items].sort(compare).slice(0, k))
  })

  it('leaves the input as it was', () => {
    const values = Float64Array.from(draws(7, 500, 100))
    const copy = values.slice()
    smallestNumbers(values, 10)
    smallestNumbers(values, 400)
    expect(values).toEqual(copy)
  })
})
