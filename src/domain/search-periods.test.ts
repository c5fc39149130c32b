import { describe, expect, it } from 'vitest'
import {
  formatSearchDate,
  istanbulMidnight,
  periodDays,
  periodFirstDay,
  searchPeriods,
} from './search-periods'

describe('periodFirstDay: whole days ending today', () => {
  it.each([
    ['today', '2026-03-18', '2026-03-18'],
    ['7d', '2026-03-18', '2026-03-12'],
    ['30d', '2026-03-18', '2026-02-17'],
    ['7d', '2026-01-03', '2025-12-28'], // across a new year
    ['30d', '2024-03-15', '2024-02-15'], // a leap February
  ] as const)('%s ending %s starts on %s', (period, today, first) => {
    expect(periodFirstDay(period, today)).toBe(first)
  })

  it('has a length for every period', () => {
    expect(searchPeriods.map((p) => periodDays[p])).toEqual([1, 7, 30])
  })
})

describe('istanbulMidnight: when an Istanbul day begins', () => {
  it.each([
    ['2026-03-18', '2026-03-17T21:00:00.000Z'], // UTC+3 all year since 2016
    ['2026-01-01', '2025-12-31T21:00:00.000Z'],
    ['2015-07-01', '2015-06-30T21:00:00.000Z'], // summer time then: UTC+3
    ['2015-01-15', '2015-01-14T22:00:00.000Z'], // winter time then: UTC+2
  ])('%s → %s', (day, instant) => {
    expect(istanbulMidnight(day).toISOString()).toBe(instant)
  })
})

describe('formatSearchDate: dd.MM.yyyy HH:mm in Istanbul', () => {
  it.each([
    ['2026-03-18T06:30:00Z', '18.03.2026 09:30'],
    ['2026-03-17T21:00:00Z', '18.03.2026 00:00'], // midnight in Istanbul, still the 17th in UTC
    ['2026-03-17T20:59:59Z', '17.03.2026 23:59'],
    ['2025-12-31T21:05:00Z', '01.01.2026 00:05'],
    ['2015-01-15T10:00:00Z', '15.01.2015 12:00'], // UTC+2 then
    ['2015-03-29T00:59:00Z', '29.03.2015 02:59'], // the hour before summer time began (01:00 UTC)
    ['2015-03-29T01:00:00Z', '29.03.2015 04:00'],
  ])('%s → %s', (instant, text) => {
    expect(formatSearchDate(new Date(instant))).toBe(text)
    // A second call, answered from the remembered offset, is the same.
    expect(formatSearchDate(new Date(instant))).toBe(text)
  })
})
