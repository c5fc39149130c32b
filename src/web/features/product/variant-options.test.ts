import { describe, expect, it } from 'vitest'
import {
  chooseVariant,
  initialSelection,
  matchingChild,
  type VariantInfo,
  variantOptions,
} from './variant-options'

const info: VariantInfo = {
  dimensions: ['Renk', 'Beden', 'Boy'],
  children: [
    { id: 1, values: ['Kırmızı', 'M', 'Kısa'], quantity: 3 },
    { id: 2, values: ['Kırmızı', 'L', 'Uzun'], quantity: 0 },
    { id: 3, values: ['Mavi', 'S', 'Kısa'], quantity: 5 },
    { id: 4, values: ['Mavi', 'M', 'Uzun'], quantity: 1 },
  ],
}

describe('variantOptions', () => {
  it.each([
    [
      [null, null, null],
      [
        ['Kırmızı', 'Mavi'],
        ['M', 'L', 'S'],
        ['Kısa', 'Uzun'],
      ],
    ],
    [
      ['Kırmızı', null, null],
      [
        ['Kırmızı', 'Mavi'],
        ['M', 'L'],
        ['Kısa', 'Uzun'],
      ],
    ],
    [
      ['Kırmızı', 'M', null],
      [['Kırmızı', 'Mavi'], ['M', 'L'], ['Kısa']],
    ],
    [
      ['Mavi', 'S', null],
      [['Kırmızı', 'Mavi'], ['S', 'M'], ['Kısa']],
    ],
    [
      [null, 'M', null],
      [
        ['Kırmızı', 'Mavi'],
        ['M', 'L', 'S'],
        ['Kısa', 'Uzun'],
      ],
    ],
  ])('offers only existing combinations after %j', (selection, expected) => {
    expect(variantOptions(info, selection)).toEqual(expected)
  })
})

describe('chooseVariant', () => {
  it('clears later choices that no longer exist', () => {
    expect(chooseVariant(info, ['Kırmızı', 'L', 'Uzun'], 0, 'Mavi')).toEqual(['Mavi', null, 'Uzun'])
    expect(chooseVariant(info, ['Kırmızı', 'M', 'Kısa'], 0, 'Mavi')).toEqual(['Mavi', 'M', null])
    expect(chooseVariant(info, ['Mavi', null, 'Uzun'], 1, 'S')).toEqual(['Mavi', 'S', null])
  })

  it('keeps earlier choices', () => {
    expect(chooseVariant(info, ['Mavi', null, null], 1, 'M')).toEqual(['Mavi', 'M', null])
  })
})

describe('matchingChild', () => {
  it('finds the child of a complete selection, and none while a dimension is open', () => {
    expect(matchingChild(info, ['Mavi', 'M', 'Uzun'])?.id).toBe(4)
    expect(matchingChild(info, ['Mavi', 'M', null])).toBeNull()
    expect(matchingChild(info, ['Mavi', 'L', 'Uzun'])).toBeNull()
  })
})

describe('initialSelection', () => {
  it('starts a child at its own values and a parent at nothing', () => {
    expect(initialSelection({ varyantx: info, variantValues: ['Mavi', 'S', 'Kısa'] })).toEqual([
      'Mavi',
      'S',
      'Kısa',
    ])
    expect(initialSelection({ varyantx: info, variantValues: null })).toEqual([null, null, null])
    expect(initialSelection({ varyantx: null, variantValues: null })).toEqual([])
  })
})
