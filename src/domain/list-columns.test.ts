import { describe, expect, it } from 'vitest'
import { inCompactRow, type ListColumn, type ListColumnSettings, listColumns } from './list-columns'

const base: ListColumnSettings = { specialCode: false, listPrice: false, planPrices: false, planCount: 0 }
const names = (columns: ListColumn[]) =>
  columns.map((c) =>
    c.key === 'plan' ? `plan${c.planIndex}` : c.key === 'price' && c.planInfo ? 'price+info' : c.key,
  )

describe('listColumns', () => {
  it.each([
    {
      name: 'the fewest columns',
      settings: base,
      expected: 'image code name brand model quantity price taxRate stock warehouse addToCart',
    },
    {
      name: 'special code and list price where the spec puts them',
      settings: { ...base, specialCode: true, listPrice: true },
      expected:
        'image code name brand model specialCode quantity listPrice price taxRate stock warehouse addToCart',
    },
    {
      name: 'plans shown but none set up: the price',
      settings: { ...base, planPrices: true, planCount: 0 },
      expected: 'image code name brand model quantity price taxRate stock warehouse addToCart',
    },
    {
      name: 'one plan: its column',
      settings: { ...base, planPrices: true, planCount: 1 },
      expected: 'image code name brand model quantity plan0 taxRate stock warehouse addToCart',
    },
    {
      name: 'two plans: a column each',
      settings: { ...base, listPrice: true, planPrices: true, planCount: 2 },
      expected:
        'image code name brand model quantity listPrice plan0 plan1 taxRate stock warehouse addToCart',
    },
    {
      name: 'three plans fold into the price-info control',
      settings: { ...base, planPrices: true, planCount: 3 },
      expected: 'image code name brand model quantity price+info taxRate stock warehouse addToCart',
    },
    {
      name: 'four plans and every optional column (the demo store)',
      settings: { specialCode: true, listPrice: true, planPrices: true, planCount: 4 },
      expected:
        'image code name brand model specialCode quantity listPrice price+info taxRate stock warehouse addToCart',
    },
    {
      name: 'plans the store does not show: the plain price, no info control',
      settings: { ...base, planPrices: false, planCount: 4 },
      expected: 'image code name brand model quantity price taxRate stock warehouse addToCart',
    },
  ])('$name', ({ settings, expected }) => {
    expect(names(listColumns(settings)).join(' ')).toBe(expected)
  })
})

describe('inCompactRow', () => {
  const all = listColumns({ specialCode: true, listPrice: true, planPrices: true, planCount: 4 })
  it('keeps code, name, price, stock with its warehouse button and the cart control on a phone', () => {
    expect(names(all.filter((c) => inCompactRow(c, [])))).toEqual([
      'code',
      'name',
      'quantity',
      'price+info',
      'stock',
      'warehouse',
      'addToCart',
    ])
  })

  it.each([
    { priceNames: ['salePrice', 'advencePrice1'], kept: 'plan0' },
    { priceNames: ['advencePrice1', 'salePrice'], kept: 'plan1' },
    { priceNames: ['advencePrice1', 'advencePrice2'], kept: 'plan0' },
    { priceNames: ['advencePrice3'], kept: 'plan0' },
  ])('of plan columns $priceNames keeps $kept', ({ priceNames, kept }) => {
    const columns = listColumns({ ...base, planPrices: true, planCount: priceNames.length })
    const plans = columns.filter((c) => c.key === 'plan')
    expect(names(plans.filter((c) => inCompactRow(c, priceNames)))).toEqual([kept])
  })
})
