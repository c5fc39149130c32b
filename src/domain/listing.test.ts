import { describe, expect, it } from 'vitest'
import {
  decreaseQuantity,
  discountPercent,
  isListed,
  listQuantity,
  listSort,
  paginationWindow,
  parseSort,
  stockNumberLabels,
} from './listing'

describe('isListed', () => {
  it.each([
    [{ parentId: null, isActive: true }, true],
    [{ parentId: null, isActive: false }, false],
    [{ parentId: 7, isActive: true }, false],
    [{ parentId: 7, isActive: false }, false],
  ])('%o → %s', (product, listed) => {
    expect(isListed(product)).toBe(listed)
  })
})

describe('parseSort', () => {
  it.each([
    ['name', 'name'],
    ['-name', '-name'],
    ['price', 'price'],
    ['-price', '-price'],
    ['brand', 'brand'],
    ['-brand', '-brand'],
    ['quantity', 'quantity'],
    ['-quantity', '-quantity'],
    ['id', 'name'],
    ['price;drop table', 'name'],
    ['', 'name'],
    [undefined, 'name'],
    [['price'], 'name'],
  ])('%s → %s', (input, expected) => {
    expect(parseSort(input, 'name')).toBe(expected)
  })
})

describe('listSort', () => {
  it.each([
    // [picked, has a query, store default, sort]
    [undefined, true, 'name', 'relevance'],
    ['relevance', true, 'price', 'relevance'],
    ['-price', true, 'name', '-price'],
    ['bogus', true, 'price', 'relevance'],
    [undefined, false, 'price', 'price'],
    ['relevance', false, 'price', 'price'],
    ['relevance', false, 'relevance', 'name'],
    ['brand', false, 'name', 'brand'],
  ] as const)('%s, query %s, default %s → %s', (picked, hasQuery, storeDefault, expected) => {
    expect(listSort(picked, hasQuery, storeDefault)).toBe(expected)
  })
})

describe('paginationWindow', () => {
  it.each([
    [1, 0, []],
    [1, 1, [1]],
    [4, 10, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    [1, 11, [1, 2, 3, 4, 5, 6, 'ellipsis', 11]],
    [3, 20, [1, 2, 3, 4, 5, 6, 'ellipsis', 20]],
    [4, 20, [1, 2, 3, 4, 5, 6, 'ellipsis', 20]],
    [5, 20, [1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 20]],
    [10, 20, [1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]],
    [17, 20, [1, 'ellipsis', 15, 16, 17, 18, 19, 20]],
    [20, 20, [1, 'ellipsis', 15, 16, 17, 18, 19, 20]],
    [2000, 2000, [1, 'ellipsis', 1995, 1996, 1997, 1998, 1999, 2000]],
    [99, 20, [1, 'ellipsis', 15, 16, 17, 18, 19, 20]],
  ])('page %i of %i', (current, pages, expected) => {
    expect(paginationWindow(current, pages)).toEqual(expected)
  })
})

describe('quantity inputs (spec/1 §5)', () => {
  it.each([
    ['5', 5],
    ['abc', 1],
    ['0', 1],
    ['', 1],
    ['-4', 1],
    ['250', 250],
  ])('list: %s → %i', (typed, expected) => {
    expect(listQuantity(typed)).toBe(expected)
  })

  it('decrease never goes below 1', () => {
    expect([decreaseQuantity(3), decreaseQuantity(1), decreaseQuantity(0)]).toEqual([2, 1, 1])
  })
})

describe('discountPercent', () => {
  it.each([
    [80, 100, true, 20],
    [66.67, 100, true, 33],
    [99.6, 100, true, 0],
    [100, 100, true, null],
    [120, 100, true, null],
    [80, 100, false, null],
    [80, 0, true, null],
    [0, 100, true, null],
    [-5, 100, true, null],
  ])('sale %s, list %s, showListPrice %s → %s', (sale, list, show, expected) => {
    expect(discountPercent(sale, list, show)).toBe(expected)
  })
})

describe('stockNumberLabels', () => {
  const product = { code: 'HRD-00123', barcode: '8690000000123', stockNumberType: 'StockCode' }
  it.each([
    ['StockCode', [{ label: 'Ürün kodu', value: 'HRD-00123' }]],
    ['Barcode', [{ label: 'Barkod', value: '8690000000123' }]],
    [
      'Both',
      [
        { label: 'Ürün kodu', value: 'HRD-00123' },
        { label: 'Barkod', value: '8690000000123' },
      ],
    ],
    [
      '',
      [
        { label: 'Ürün kodu', value: 'HRD-00123' },
        { label: 'Barkod', value: '8690000000123' },
      ],
    ],
  ])('%s', (type, expected) => {
    expect(stockNumberLabels({ ...product, stockNumberType: type })).toEqual(expected)
  })

  it('cuts values over 20 characters in the compact form only', () => {
    const long = { code: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', barcode: null, stockNumberType: 'StockCode' }
    expect(stockNumberLabels(long, true)[0]!.value).toBe('ABCDEFGHIJKLMNOPQRST…')
    expect(stockNumberLabels(long)[0]!.value).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ')
    expect(stockNumberLabels({ ...long, code: 'ABCDEFGHIJKLMNOPQRST' }, true)[0]!.value).toBe(
      'ABCDEFGHIJKLMNOPQRST',
    )
  })

  it('falls back to the code when a barcode is asked for but missing', () => {
    expect(stockNumberLabels({ code: 'X1', barcode: null, stockNumberType: 'Barcode' })).toEqual([
      { label: 'Ürün kodu', value: 'X1' },
    ])
  })
})
