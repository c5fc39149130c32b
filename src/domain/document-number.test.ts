import { describe, expect, it } from 'vitest'
import {
  type DocumentKind,
  documentCounterKey,
  documentNumber,
  documentNumberMatch,
  documentYear,
} from './document-number'

describe('documentYear: the calendar year in Istanbul', () => {
  it.each([
    ['2026-06-15T12:00:00Z', 2026],
    // 21:00 UTC on 31 December is midnight in Istanbul (UTC+3): the new year
    ['2025-12-31T20:59:59Z', 2025],
    ['2025-12-31T21:00:00Z', 2026],
    ['2026-12-31T23:30:00Z', 2027],
    ['2026-01-01T00:30:00+03:00', 2026],
  ])('%s → %i', (at, year) => {
    expect(documentYear(new Date(at))).toBe(year)
  })
})

describe('document numbers', () => {
  const newYearsNight = new Date('2025-12-31T21:30:00Z') // 00:30 on 1 January 2026 in Istanbul
  it.each([
    ['order', 1, 'S2026-000001'],
    ['order', 42, 'S2026-000042'],
    ['offer', 7, 'T2026-000007'],
    ['faultReport', 42, 'AR-2026-000042'],
    ['order', 1_234_567, 'S2026-1234567'],
  ] as Array<[DocumentKind, number, string]>)('%s number %i → %s', (kind, n, expected) => {
    expect(documentNumber(documentCounterKey(kind, newYearsNight), n)).toBe(expected)
  })

  it.each([0, -1, 1.5])('refuses a counter value of %d', (n) => {
    expect(() => documentNumber('S2026', n)).toThrow(RangeError)
  })
})

describe('documentNumberMatch: where a typed part of a number can be', () => {
  it.each([
    ['order', 'S2026-0001', 'start'],
    ['order', 's2026', 'start'],
    ['order', 'S', 'start'],
    ['order', '2026-0001', 'anywhere'],
    ['order', '000042', 'anywhere'],
    ['order', 'T2026', 'anywhere'],
    ['offer', 'T2026-000007', 'start'],
    ['faultReport', 'AR-2026', 'start'],
    ['faultReport', 'A', 'anywhere'],
  ] as Array<[DocumentKind, string, string]>)('%s, typed %s → %s', (kind, typed, expected) => {
    expect(documentNumberMatch(kind, typed)).toBe(expected)
  })

  it('agrees with the numbers themselves: a prefix-led part found anywhere is found at the start', () => {
    const numbers = [1, 42, 1000, 999_999, 1_234_567].map((n) => documentNumber('S2026', n))
    for (const typed of ['S2026-0', 'S2026-000042', 'S2026-1', 'S20']) {
      const anywhere = numbers.filter((no) => no.includes(typed))
      expect(numbers.filter((no) => no.startsWith(typed))).toEqual(anywhere)
    }
  })
})
