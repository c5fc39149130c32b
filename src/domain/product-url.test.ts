import { describe, expect, it } from 'vitest'
import { parseProductSegment, productPath } from './product-url'

describe('productPath', () => {
  it.each([
    ['fren-balatasi', 1, '/fren-balatasi-p-1'],
    ['celik-raf-unitesi-agir-yuk', 1234, '/celik-raf-unitesi-agir-yuk-p-1234'],
    ['vida-p-m8', 42, '/vida-p-m8-p-42'],
  ])('%s, %i → %s', (seo, id, expected) => {
    expect(productPath(seo, id)).toBe(expected)
  })

  it('reads back what it builds', () => {
    expect(parseProductSegment(productPath('vida-p-m8', 42).slice(1))).toEqual({ seo: 'vida-p-m8', id: 42 })
  })
})

describe('parseProductSegment', () => {
  it.each([
    ['fren-balatasi-p-1', { seo: 'fren-balatasi', id: 1 }],
    ['olmayan-urun-p-99999999', { seo: 'olmayan-urun', id: 99_999_999 }],
    ['x-p-999999999', { seo: 'x', id: 999_999_999 }], // 9 digits
    ['vida-p-m8-p-42', { seo: 'vida-p-m8', id: 42 }], // the last '-p-' counts
    ['x-p-007', { seo: 'x', id: 7 }],
    ['-p-5', { seo: '', id: 5 }], // no slug: the server sends it to the right address
    ['x-p-0', null], // no product has id 0
    ['x-p-1234567890', null], // 10 digits name no product
    ['x-p-12a', null],
    ['x-p-', null],
    ['x-p--1', null],
    ['el-aletleri', null], // a category
    ['urunler', null],
    ['marka/x-p-1', null], // one segment only
    ['', null],
  ])('%s → %j', (segment, expected) => {
    expect(parseProductSegment(segment)).toEqual(expected)
  })
})
