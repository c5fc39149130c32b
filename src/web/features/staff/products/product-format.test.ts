import { describe, expect, it } from 'vitest'
import { decimalForInput, parseDecimal } from './product-format'

describe('decimals in the product editor', () => {
  it.each([
    ['1250,50', 'tr', '1250.50'],
    ['1.250,5', 'tr', '1250.5'],
    ['1.250.000', 'tr', '1250000'],
    ['12.5', 'tr', '12.5'],
    ['0', 'tr', '0'],
    ['  20 ', 'tr', '20'],
    ['1,250.50', 'en', '1250.50'],
    ['1250.5', 'en', '1250.5'],
  ] as const)('reads %s (%s) as %s', (typed, locale, value) => {
    expect(parseDecimal(typed, locale)).toEqual({ ok: true, value })
  })

  it('reads an empty field as no value', () => {
    expect(parseDecimal('  ', 'tr')).toEqual({ ok: true, value: null })
  })

  it.each([
    ['1.250', 'tr'],
    ['12,34,5', 'tr'],
    ['on iki', 'tr'],
    ['-5', 'tr'],
    ['1,5', 'en'],
    ['1,2345', 'tr'],
  ] as const)('refuses %s (%s)', (typed, locale) => {
    expect(parseDecimal(typed, locale, 3).ok).toBe(false)
  })

  it('shows a stored decimal for editing in the reader’s format', () => {
    expect(decimalForInput('1250.5000', 'tr')).toBe('1250,50')
    expect(decimalForInput('1250.5000', 'en')).toBe('1250.50')
    expect(decimalForInput('12.3456', 'tr')).toBe('12,3456')
    expect(decimalForInput('20.0000', 'tr', false)).toBe('20')
    expect(decimalForInput(null, 'tr')).toBe('')
  })
})
