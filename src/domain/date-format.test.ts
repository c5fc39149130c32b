import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TIME_ZONE,
  dayIn,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatTime,
  isTimeZone,
  startOfDay,
  wallClockAsUtc,
} from './date-format'

const IST = 'Europe/Istanbul'

describe('isTimeZone: an IANA name Intl knows', () => {
  it.each([
    [DEFAULT_TIME_ZONE, true],
    ['Europe/London', true],
    ['America/New_York', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Asia/Kathmandu', true],
    ['UTC', true],
    ['Etc/GMT+3', true],
    ['Mars/Olympus_Mons', false],
    ['Europe/Istanbull', false],
    ['+03:00', false],
    ['', false],
    ['Europe/../../etc/passwd', false],
    ['x'.repeat(65), false],
  ])('%s → %s', (name, valid) => {
    expect(isTimeZone(name)).toBe(valid)
  })
})

describe('formatDateTime: one format per language, in the zone given', () => {
  it.each([
    ['2026-11-28T11:05:00Z', IST, 'tr', '28.11.2026 14:05'],
    ['2026-11-28T11:05:00Z', IST, 'en', '28 Nov 2026, 14:05'],
    ['2026-11-27T22:05:00Z', IST, 'tr', '28.11.2026 01:05'], // already the 28th in Istanbul
    ['2026-11-27T22:05:00Z', 'UTC', 'tr', '27.11.2026 22:05'],
    ['2026-11-27T22:05:00Z', 'America/New_York', 'en', '27 Nov 2026, 17:05'],
    ['2026-11-28T11:05:00Z', 'Europe/London', 'tr', '28.11.2026 11:05'],
    ['2026-07-01T11:05:00Z', 'Europe/London', 'tr', '01.07.2026 12:05'], // summer time
    ['2026-03-05T00:00:00Z', IST, 'en', '5 Mar 2026, 03:00'],
    ['2026-09-05T21:00:00Z', IST, 'en', '6 Sep 2026, 00:00'], // 'Sep' whatever the ICU data says
    ['2026-03-17T21:00:00Z', IST, 'tr', '18.03.2026 00:00'], // midnight in Istanbul
    ['2026-03-17T20:59:59Z', IST, 'tr', '17.03.2026 23:59'],
    ['2025-12-31T21:05:00Z', IST, 'tr', '01.01.2026 00:05'],
    ['2015-01-15T10:00:00Z', IST, 'tr', '15.01.2015 12:00'], // UTC+2 then
    ['2015-03-29T00:59:00Z', IST, 'tr', '29.03.2015 02:59'], // the minute before summer time began
    ['2015-03-29T01:00:00Z', IST, 'tr', '29.03.2015 04:00'],
    ['2026-06-01T06:30:00Z', 'Asia/Kathmandu', 'tr', '01.06.2026 12:15'], // UTC+5:45
    ['2026-03-08T06:59:00Z', 'America/New_York', 'tr', '08.03.2026 01:59'], // before summer time
    ['2026-03-08T07:00:00Z', 'America/New_York', 'tr', '08.03.2026 03:00'],
  ] as const)('%s in %s (%s) → %s', (instant, zone, locale, text) => {
    expect(formatDateTime(instant, locale, zone)).toBe(text)
    // A second call, answered from the remembered offset, is the same; so is a Date or epoch ms.
    expect(formatDateTime(new Date(instant), locale, zone)).toBe(text)
    expect(formatDateTime(Date.parse(instant), locale, zone)).toBe(text)
  })

  it('draws the same whatever zone the machine runs in (only the zone given counts)', () => {
    const machine = Intl.DateTimeFormat().resolvedOptions().timeZone
    const zone = machine === 'Pacific/Auckland' ? 'America/Los_Angeles' : 'Pacific/Auckland'
    expect(formatDateTime('2026-11-27T22:05:00Z', 'tr', zone)).toBe('28.11.2026 11:05')
  })

  it('shows text that is no instant as it came', () => {
    expect(formatDateTime('28.11.2026 03:26', 'tr', IST)).toBe('28.11.2026 03:26')
    expect(formatDate('yarın', 'en', IST)).toBe('yarın')
    expect(formatDateTime(Number.NaN, 'tr', IST)).toBe('')
  })

  it('draws an unknown zone (an older browser) in the default zone rather than failing', () => {
    expect(formatDateTime('2026-11-28T11:05:00Z', 'tr', 'Mars/Olympus_Mons')).toBe('28.11.2026 14:05')
  })
})

describe('formatDate and formatTime', () => {
  it.each([
    ['2026-11-27T22:05:00Z', IST, 'tr', '28.11.2026', '01:05'],
    ['2026-11-27T22:05:00Z', IST, 'en', '28 Nov 2026', '01:05'],
    ['2026-11-27T22:05:00Z', 'America/New_York', 'en', '27 Nov 2026', '17:05'],
  ] as const)('%s in %s (%s) → %s, %s', (instant, zone, locale, date, time) => {
    expect(formatDate(instant, locale, zone)).toBe(date)
    expect(formatTime(instant, zone)).toBe(time)
  })
})

describe('formatCalendarDay: a day, which no zone moves', () => {
  it.each([
    ['2026-03-18', 'tr', '18.03.2026'],
    ['2026-03-18', 'en', '18 Mar 2026'],
    ['2026-01-01', 'en', '1 Jan 2026'],
    ['2026-13-45x', 'tr', '2026-13-45x'],
  ] as const)('%s (%s) → %s', (day, locale, text) => {
    expect(formatCalendarDay(day, locale)).toBe(text)
  })
})

describe('dayIn and startOfDay', () => {
  it.each([
    ['2026-03-14T20:59:59Z', IST, '2026-03-14'],
    ['2026-03-14T21:00:00Z', IST, '2026-03-15'],
    ['2026-03-14T21:00:00Z', 'UTC', '2026-03-14'],
    ['2026-03-15T03:59:00Z', 'America/New_York', '2026-03-14'],
  ])('%s in %s falls on %s', (instant, zone, day) => {
    expect(dayIn(new Date(instant), zone)).toBe(day)
  })

  it.each([
    ['2026-03-18', IST, '2026-03-17T21:00:00.000Z'],
    ['2015-01-15', IST, '2015-01-14T22:00:00.000Z'], // UTC+2 then
    ['2015-03-29', IST, '2015-03-28T22:00:00.000Z'], // summer time began at 01:00 UTC that day
    ['2026-03-08', 'America/New_York', '2026-03-08T05:00:00.000Z'], // still winter time at midnight
    ['2026-03-09', 'America/New_York', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/New_York', '2026-11-01T04:00:00.000Z'], // still summer time at midnight
    ['2026-03-29', 'Europe/London', '2026-03-29T00:00:00.000Z'],
    ['2026-03-30', 'Europe/London', '2026-03-29T23:00:00.000Z'],
  ])('%s begins in %s at %s', (day, zone, instant) => {
    expect(startOfDay(day, zone).toISOString()).toBe(instant)
  })
})

describe('the wall clock for a spreadsheet cell', () => {
  it.each([
    ['2026-11-27T21:30:00Z', 'Europe/Istanbul', '2026-11-28T00:30:00.000Z'],
    ['2026-11-28T11:05:59Z', 'Europe/Istanbul', '2026-11-28T14:05:00.000Z'],
    ['2026-07-01T03:00:00Z', 'America/New_York', '2026-06-30T23:00:00.000Z'],
    ['2026-01-01T03:00:00Z', 'America/New_York', '2025-12-31T22:00:00.000Z'],
  ])('%s in %s reads %s', (at, zone, wall) => {
    expect(wallClockAsUtc(at, zone)?.toISOString()).toBe(wall)
  })

  it('is null for what is not an instant', () => {
    expect(wallClockAsUtc('dün', 'Europe/Istanbul')).toBeNull()
  })
})
