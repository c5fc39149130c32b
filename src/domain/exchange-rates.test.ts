import { describe, expect, it } from 'vitest'
import {
  type BulletinCurrency,
  bulletinDay,
  isMarkupPercent,
  isRateText,
  lastFetchDueAt,
  nextFetchAt,
  rateFromBulletin,
  ratesFromBulletin,
  rateText,
} from './exchange-rates'

const quote = (code: string, unit: string, rates: Partial<BulletinCurrency['rates']>): BulletinCurrency => ({
  code,
  unit,
  rates: { ForexBuying: null, ForexSelling: null, BanknoteBuying: null, BanknoteSelling: null, ...rates },
})

describe('rateFromBulletin', () => {
  it.each([
    // currency, field, markup → TRY for one unit
    [quote('USD', '1', { ForexSelling: '42.4866' }), 'ForexSelling', '0', '42.486600'],
    [quote('USD', '1', { ForexSelling: '42.4866' }), 'ForexSelling', '2', '43.336332'],
    [quote('USD', '1', { ForexSelling: '42.4866' }), 'ForexSelling', '1.5', '43.123899'],
    // JPY is quoted per 100 yen
    [quote('JPY', '100', { ForexBuying: '27.1642' }), 'ForexBuying', '0', '0.271642'],
    [quote('JPY', '100', { ForexBuying: '27.1642' }), 'ForexBuying', '3', '0.279791'],
    // six decimals, half-up: 0.10197 / 100 = 0.0010197 → 0.001020
    [quote('IRR', '100', { ForexSelling: '0.10197' }), 'ForexSelling', '0', '0.001020'],
    [quote('EUR', '1', { BanknoteSelling: '49.3155' }), 'BanknoteSelling', '100', '98.631000'],
  ] as const)('%o %s +%s%% → %s', (currency, field, markup, expected) => {
    expect(rateFromBulletin(currency, field, markup)).toBe(expected)
  })

  it.each([
    ['an empty field', quote('XDR', '1', { ForexBuying: '57.6512' }), 'BanknoteBuying'],
    ['a missing unit', quote('USD', '', { ForexSelling: '42.4866' }), 'ForexSelling'],
    ['a zero unit', quote('USD', '0', { ForexSelling: '42.4866' }), 'ForexSelling'],
    ['a zero rate', quote('USD', '1', { ForexSelling: '0' }), 'ForexSelling'],
    ['a rate that is not a number', quote('USD', '1', { ForexSelling: '42,48' }), 'ForexSelling'],
    ['a negative rate', quote('USD', '1', { ForexSelling: '-1' }), 'ForexSelling'],
    ['a rate that rounds to nothing', quote('VND', '100', { ForexSelling: '0.00001' }), 'ForexSelling'],
  ] as const)('leaves a currency out for %s', (_why, currency, field) => {
    expect(rateFromBulletin(currency, field, '0')).toBeNull()
  })

  it('is exact where floats are not', () => {
    // 0.1 + 0.2 style: 1.1 × 1.03 is 1.1330000000000002 in floats
    expect(rateFromBulletin(quote('X', '1', { ForexBuying: '1.1' }), 'ForexBuying', '3')).toBe('1.133000')
  })
})

describe('ratesFromBulletin', () => {
  it('keeps the bulletin order and leaves out the currencies without the chosen rate', () => {
    const list = [
      quote('USD', '1', { BanknoteBuying: '42.3805' }),
      quote('XDR', '1', { ForexBuying: '57.6512' }),
      quote('JPY', '100', { BanknoteBuying: '27.0687' }),
    ]
    expect(ratesFromBulletin(list, 'BanknoteBuying', '0')).toEqual([
      { currency: 'USD', rate: '42.380500' },
      { currency: 'JPY', rate: '0.270687' },
    ])
  })
})

describe('bulletinDay', () => {
  it.each([
    ['27.11.2026', '2026-11-27'],
    [' 02.01.2026 ', '2026-01-02'],
    ['29.02.2028', '2028-02-29'],
    ['29.02.2027', null],
    ['31.11.2026', null],
    ['11/27/2026', null],
    ['2026-11-27', null],
    ['', null],
  ])('%s → %s', (tarih, expected) => {
    expect(bulletinDay(tarih)).toBe(expected)
  })
})

describe('nextFetchAt (15:35 Istanbul = 12:35 UTC, business days)', () => {
  it.each([
    // now (UTC) → next fetch (UTC)
    ['Thursday morning', '2026-11-26T06:00:00Z', '2026-11-26T12:35:00Z'],
    ['Thursday just before', '2026-11-26T12:34:59Z', '2026-11-26T12:35:00Z'],
    ['Thursday at the time', '2026-11-26T12:35:00Z', '2026-11-27T12:35:00Z'],
    ['Friday after the bulletin', '2026-11-27T13:00:00Z', '2026-11-30T12:35:00Z'],
    ['Saturday', '2026-11-28T10:00:00Z', '2026-11-30T12:35:00Z'],
    ['Sunday late evening in Istanbul (Monday 01:00 there)', '2026-11-29T22:00:00Z', '2026-11-30T12:35:00Z'],
    // Friday 23:30 UTC is Saturday 02:30 in Istanbul: the weekend already
    ['Friday night UTC, Saturday in Istanbul', '2026-11-27T23:30:00Z', '2026-11-30T12:35:00Z'],
    // Istanbul keeps UTC+3 all year: the same UTC time in summer and winter, across Europe's DST dates
    ['before Europe springs forward', '2026-03-27T13:00:00Z', '2026-03-30T12:35:00Z'],
    ['in summer', '2026-07-15T06:00:00Z', '2026-07-15T12:35:00Z'],
    ['after Europe falls back', '2026-10-23T13:00:00Z', '2026-10-26T12:35:00Z'],
  ])('%s: %s → %s', (_when, now, expected) => {
    expect(nextFetchAt(new Date(now)).toISOString()).toBe(new Date(expected).toISOString())
  })
})

describe('lastFetchDueAt', () => {
  it.each([
    ['Monday before the bulletin: the Friday before', '2026-11-30T09:00:00Z', '2026-11-27T12:35:00Z'],
    ['Monday after it', '2026-11-30T13:00:00Z', '2026-11-30T12:35:00Z'],
    ['Sunday', '2026-11-29T12:00:00Z', '2026-11-27T12:35:00Z'],
    ['exactly at the time', '2026-11-26T12:35:00Z', '2026-11-26T12:35:00Z'],
  ])('%s', (_when, now, expected) => {
    expect(lastFetchDueAt(new Date(now)).toISOString()).toBe(new Date(expected).toISOString())
  })
})

describe('typed values', () => {
  it.each([
    ['0', true],
    ['2', true],
    ['1.25', true],
    ['100', true],
    ['100.01', false],
    ['-1', false],
    ['1.255', false],
    ['', false],
    ['abc', false],
  ])('markup %s → %s', (text, ok) => {
    expect(isMarkupPercent(text)).toBe(ok)
  })

  it.each([
    ['42.5', true],
    ['0.000001', true],
    ['0', false],
    ['0.0000001', false],
    ['-3', false],
    ['1e3', false],
  ])('rate %s → %s', (text, ok) => {
    expect(isRateText(text)).toBe(ok)
  })
})

describe('rateText', () => {
  it.each([
    ['42.486600', 'tr', '42,4866'],
    ['42.486600', 'en', '42.4866'],
    ['0.271642', 'tr', '0,271642'],
    ['1.000000', 'tr', '1,0000'],
    ['43.1', 'en', '43.1000'],
  ] as const)('%s (%s) → %s', (rate, locale, expected) => {
    expect(rateText(rate, locale)).toBe(expected)
  })
})
