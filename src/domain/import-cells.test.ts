import { describe, expect, it } from 'vitest'
import {
  cellText,
  normaliseHeader,
  readBoolean,
  readCurrency,
  readDate,
  readDecimal,
  readInteger,
  readList,
} from './import-cells'

describe('readDecimal: a decimal as distributors’ files write it', () => {
  it.each([
    // Turkish: comma decimals, dots between thousands
    ['1.234,56', '1234.56'],
    ['1234,56', '1234.56'],
    ['1.234.567,8', '1234567.8'],
    ['0,5', '0.5'],
    ['12.500', '12500'],
    ['1.234.567', '1234567'],
    // English: dot decimals, commas between thousands
    ['1,234.56', '1234.56'],
    ['1,234,567', '1234567'],
    ['1,234,567.25', '1234567.25'],
    ['1234.56', '1234.56'],
    ['0.5', '0.5'],
    ['1234.5678', '1234.5678'],
    // whole numbers, signs and spaces around
    ['1234', '1234'],
    ['  150 ', '150'],
    ['1 234,56', '1234.56'],
    ['₺1.234,56', '1234.56'],
    ['1.234,56 TL', '1234.56'],
    ['%20', '20'],
    ['20 %', '20'],
    ['-12,5', '-12.5'],
    ['-0', '0'],
    // an XLSX number
    [1234.56, '1234.56'],
    [20, '20'],
    [0.1 + 0.2, '0.30000000000000004'],
  ])('%s → %s', (cell, value) => {
    expect(readDecimal(cell)).toEqual({ ok: true, value })
  })

  it.each([
    ['', 'empty'],
    ['abc', 'letters'],
    ['12a', 'a letter inside'],
    ['1.23.4', 'broken thousands'],
    ['1,23,4', 'broken thousands'],
    ['1.234.56', 'dots only, last group of two'],
    ['1,2.34,5', 'mixed twice'],
    ['1.2,34', 'a thousands group of one'],
    [',', 'a separator alone'],
    ['--5', 'two signs'],
  ])('refuses %s (%s)', (cell) => {
    expect(readDecimal(cell)).toEqual({ ok: false })
  })

  it('refuses what is not text or a number', () => {
    expect(readDecimal(null)).toEqual({ ok: false })
    expect(readDecimal(true)).toEqual({ ok: false })
    expect(readDecimal(new Date())).toEqual({ ok: false })
    expect(readDecimal(Number.NaN)).toEqual({ ok: false })
  })
})

describe('readInteger', () => {
  it.each([
    ['12', 12],
    ['1.250', 1250],
    ['1.250,00', 1250],
    [7, 7],
    ['0', 0],
  ])('%s → %s', (cell, value) => {
    expect(readInteger(cell)).toEqual({ ok: true, value })
  })
  it.each([['12,5'], [12.5], ['x'], ['']])('refuses %s', (cell) => {
    expect(readInteger(cell)).toEqual({ ok: false })
  })
})

describe('readBoolean', () => {
  it.each([
    ['Evet', true],
    ['EVET', true],
    ['E', true],
    ['Aktif', true],
    ['Var', true],
    ['yes', true],
    ['1', true],
    [1, true],
    [true, true],
    ['Hayır', false],
    ['HAYIR', false],
    ['hayir', false],
    ['H', false],
    ['Pasif', false],
    ['Yok', false],
    ['no', false],
    ['0', false],
    [0, false],
    [false, false],
  ])('%s → %s', (cell, value) => {
    expect(readBoolean(cell)).toEqual({ ok: true, value })
  })
  it.each([['belki'], [2], [''], [null]])('refuses %s', (cell) => {
    expect(readBoolean(cell)).toEqual({ ok: false })
  })
})

describe('readDate', () => {
  it.each([
    ['31.12.2026', '2026-12-31'],
    ['1.2.2026', '2026-02-01'],
    ['29/02/2028', '2028-02-29'],
    ['05-03-2026', '2026-03-05'],
    ['2026-12-31', '2026-12-31'],
    [new Date(Date.UTC(2026, 11, 31)), '2026-12-31'],
  ])('%s → %s', (cell, value) => {
    expect(readDate(cell)).toEqual({ ok: true, value })
  })
  it.each([
    ['31.02.2026'],
    ['29.02.2027'],
    ['12/31/2026'],
    ['2026-13-01'],
    ['dün'],
    [45000],
    [new Date(Number.NaN)],
  ])('refuses %s', (cell) => {
    expect(readDate(cell)).toEqual({ ok: false })
  })
})

describe('readCurrency, readList, cellText', () => {
  it.each([
    ['TRY', 'TRY'],
    ['tl', 'TRY'],
    ['₺', 'TRY'],
    ['$', 'USD'],
    ['€', 'EUR'],
    ['usd', 'USD'],
  ])('currency %s → %s', (cell, value) => {
    expect(readCurrency(cell)).toEqual({ ok: true, value })
  })

  it('splits a list on commas, semicolons and bars', () => {
    expect(readList('A-1, B-2;C-3 | D-4,,')).toEqual({ ok: true, value: ['A-1', 'B-2', 'C-3', 'D-4'] })
    expect(readList(12345)).toEqual({ ok: true, value: ['12345'] })
  })

  it.each([
    [null, ''],
    ['  Çay  ', 'Çay'],
    [12.5, '12.5'],
    [true, 'Evet'],
    [false, 'Hayır'],
    [new Date(Date.UTC(2026, 0, 9)), '09.01.2026'],
  ])('shows %s as %s', (cell, text) => {
    expect(cellText(cell)).toBe(text)
  })
})

describe('normaliseHeader', () => {
  it.each([
    ['Ürün Adı', 'urun adi'],
    ['ÜRÜN ADI', 'urun adi'],
    ['urun adi', 'urun adi'],
    ['STOK KODU', 'stok kodu'],
    ['Stok_Kodu', 'stok kodu'],
    ['  Depo   Kodu: ', 'depo kodu'],
    ['KDV %', 'kdv %'],
    ['İŞLEM TARİHİ', 'islem tarihi'],
    ['Şube', 'sube'],
    ['Product Name', 'product name'],
  ])('%s → %s', (header, normal) => {
    expect(normaliseHeader(header)).toBe(normal)
  })
})
