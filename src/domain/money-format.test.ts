import { describe, expect, it } from 'vitest'
import { currencySymbol, formatAmount, formatMoney, normalizeCurrencyCode } from './money-format'

describe('formatMoney (Turkish style)', () => {
  it.each([
    [1234.5, 'TRY', '1.234,50 ₺'],
    [0, 'TRY', '0,00 ₺'],
    [1234567.891, 'TRY', '1.234.567,89 ₺'],
    [2.345, 'TRY', '2,35 ₺'],
    [-15, 'TRY', '-15,00 ₺'],
    [99.9, 'USD', '99,90 $'],
    [1000, 'EUR', '1.000,00 €'],
    [1234.5, 'TL', '1.234,50 ₺'],
    [10, 'tl', '10,00 ₺'],
    [5, 'XYZ', '5,00 XYZ'],
  ])('%d %s → %s', (value, currency, expected) => {
    expect(formatMoney({ value, currency }, 'tr')).toBe(expected)
  })

  it('formats Turkish by default', () => {
    expect(formatMoney({ value: 1234.5, currency: 'TRY' })).toBe('1.234,50 ₺')
  })
})

describe('formatMoney (English)', () => {
  it.each([
    [1234.5, 'TRY', '₺1,234.50'],
    [0, 'USD', '$0.00'],
    [-15, 'EUR', '-€15.00'],
    [5, 'XYZ', 'XYZ 5.00'],
  ])('%d %s → %s', (value, currency, expected) => {
    expect(formatMoney({ value, currency }, 'en')).toBe(expected)
  })
})

describe('formatAmount', () => {
  it.each([
    [1234.5, 'tr', '1.234,50'],
    [0, 'tr', '0,00'],
    [1234.5, 'en', '1,234.50'],
  ] as const)('%d (%s) → %s', (value, locale, expected) => {
    expect(formatAmount(value, locale)).toBe(expected)
  })
})

describe('currency codes', () => {
  it.each([
    ['TL', 'TRY'],
    [' tl ', 'TRY'],
    ['usd', 'USD'],
    ['TRY', 'TRY'],
  ])('%s is read as %s', (code, expected) => {
    expect(normalizeCurrencyCode(code)).toBe(expected)
  })

  it.each([
    ['TRY', '₺'],
    ['TL', '₺'],
    ['USD', '$'],
    ['EUR', '€'],
    ['GBP', '£'],
    ['not a code', 'NOT A CODE'],
  ])('%s has the symbol %s', (code, expected) => {
    expect(currencySymbol(code)).toBe(expected)
  })
})
