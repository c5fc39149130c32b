import { describe, expect, it } from 'vitest'
import { formatAmount, formatMoney } from './money-format'

describe('formatMoney', () => {
  it.each([
    [1234.5, 'TRY', 'tr', '1.234,50 ₺'],
    [0, 'TRY', 'tr', '0,00 ₺'],
    [1234567.891, 'TL', 'tr', '1.234.567,89 ₺'],
    [12.3, 'USD', 'tr', '12,30 $'],
    [99.999, 'EUR', 'tr', '100,00 €'],
    [1234.5, 'TRY', 'en', '₺1,234.50'],
    [5, 'CHF', 'tr', '5,00 CHF'],
  ])('%s %s (%s) → %s', (value, currency, locale, expected) => {
    expect(formatMoney(value, currency, locale as 'tr' | 'en')).toBe(expected)
  })
})

describe('formatAmount', () => {
  it('writes the overdue amount Turkish style', () => {
    expect(formatAmount(12450.75)).toBe('12.450,75')
  })
})
