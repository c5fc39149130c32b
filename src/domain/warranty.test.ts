import { describe, expect, it } from 'vitest'
import {
  addMonths,
  asList,
  checkSerialNumber,
  formatDayTr,
  isSaleMovement,
  normalizeSerialNumber,
  oneOrList,
  warrantyDaysLeft,
  warrantyEndDay,
} from './warranty'

describe('addMonths: calendar months, clamped to the month’s last day', () => {
  it.each([
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'], // leap year
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2025-11-30', 3, '2026-02-28'],
    ['2025-12-31', 2, '2026-02-28'],
    ['2025-06-10', 24, '2027-06-10'],
    ['2025-06-10', 0, '2025-06-10'],
    ['2026-03-31', -1, '2026-02-28'],
  ])('%s + %i months → %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected)
  })

  it('refuses what is not an ISO day', () => {
    expect(() => addMonths('04.03.2026', 1)).toThrow(RangeError)
  })
})

describe('warrantyDaysLeft: days from today to the last covered day', () => {
  it.each([
    // sale day, months, today, days left
    ['2026-01-10', 24, '2026-01-10', 730], // sold today: two years (no leap day in 2026–2027)
    ['2027-01-10', 24, '2027-01-10', 731], // …with 29 February 2028 in it
    ['2024-05-20', 24, '2026-05-19', 1],
    ['2024-05-20', 24, '2026-05-20', 0], // the last day still counts
    ['2024-05-20', 24, '2026-05-21', -1], // ran out yesterday
    ['2022-03-01', 24, '2026-03-01', -730],
    ['2025-08-31', 6, '2026-02-27', 1], // ends 28 February
    ['2026-02-01', 0, '2026-02-01', 0], // no warranty: only the day of sale
  ])('sold %s with %i months, on %s: %i', (sale, months, today, days) => {
    expect(warrantyDaysLeft(sale, months, today)).toBe(days)
  })

  it('ends on the sale day plus the months', () => {
    expect(warrantyEndDay('2025-08-31', 6)).toBe('2026-02-28')
  })
})

describe('reading a typed serial number', () => {
  it.each([
    ['  tp-gs-240001 ', 'TP-GS-240001'],
    ['tpi-ıi-1', 'TPI-II-1'], // Turkish keyboard: ı and i are both I on the label
    ['TPİ-7', 'TPI-7'], // caps lock on a Turkish keyboard types İ
    ['ab   12\t34', 'AB 12 34'],
    ['sn/2025.01_a', 'SN/2025.01_A'],
  ])('%j → %j', (typed, serial) => {
    expect(normalizeSerialNumber(typed)).toBe(serial)
    expect(checkSerialNumber(typed)).toEqual({ ok: true, serial })
  })

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['ŞİŞE-1', 'invalid'],
    ['AB#12', 'invalid'],
    ['<script>', 'invalid'],
    ['A'.repeat(65), 'invalid'],
  ])('%j is %s', (typed, reason) => {
    expect(checkSerialNumber(typed)).toEqual({ ok: false, reason })
  })

  it('takes 64 characters', () => {
    expect(checkSerialNumber('A'.repeat(64))).toEqual({ ok: true, serial: 'A'.repeat(64) })
  })
})

describe('movements', () => {
  it.each([
    ['SATIŞ', true],
    [' satış ', true],
    ['Satış', true],
    ['SATIS', false],
    ['SERVİS GİRİŞ', false],
    ['İADE', false],
  ])('%j is a sale: %s', (status, sale) => {
    expect(isSaleMovement(status)).toBe(sale)
  })

  it('formats days as dd.MM.yyyy', () => {
    expect(formatDayTr('2026-03-04')).toBe('04.03.2026')
    expect(formatDayTr('2025-12-31')).toBe('31.12.2025')
  })

  it('gives one movement as an object and several (or none) as a list, and reads both back', () => {
    const a = { durum: 'SATIŞ' }
    const b = { durum: 'SERVİS GİRİŞ' }
    expect(oneOrList([a])).toBe(a)
    expect(oneOrList([a, b])).toEqual([a, b])
    expect(oneOrList([])).toEqual([])
    expect(asList(a)).toEqual([a])
    expect(asList([a, b])).toEqual([a, b])
  })
})
