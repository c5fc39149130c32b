import { describe, expect, it } from 'vitest'
import { brandHalf, categoryHalf, ESCAPED, NONE, packFacets } from './packed-facets'

describe('packed brand and category ids', () => {
  it.each([
    [-1, -1, NONE, NONE],
    [0, -1, 1, NONE],
    [-1, 0, NONE, 1],
    [7, 12, 8, 13],
    [65533, 65533, 65534, 65534],
    [65534, 3, ESCAPED, 4],
    [2, 70000, 3, ESCAPED],
    [2147483646, 2147483646, ESCAPED, ESCAPED],
  ])('brand %i and category %i keep %i and %i', (brand, category, brandPart, categoryPart) => {
    const packed = packFacets(brand, category)
    expect(packed).toBeGreaterThanOrEqual(0)
    expect(brandHalf(packed)).toBe(brandPart)
    expect(categoryHalf(packed)).toBe(categoryPart)
  })
})
