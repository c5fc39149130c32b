import { describe, expect, it } from 'vitest'
import { isVariantParent } from './variant'

describe('isVariantParent (spec/1 §5)', () => {
  it.each([
    ['a family parent with one dimension', null, ['Renk'], true],
    ['a family parent with two dimensions', null, ['Renk', 'Beden'], true],
    ['a child of a family', 1, ['Renk'], false],
    ['a child without dimensions of its own', 1, null, false],
    ['a plain product', null, null, false],
    ['a plain product, dimensions unknown', null, undefined, false],
    ['an empty dimension list is no family', null, [], false],
  ])('%s', (_label, parentId, variantDimensions, expected) => {
    expect(isVariantParent({ parentId, variantDimensions })).toBe(expected)
  })
})
