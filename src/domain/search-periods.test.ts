import { describe, expect, it } from 'vitest'
import { istanbulMidnight, periodDays, periodFirstDay, searchPeriods } from './search-periods'

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
