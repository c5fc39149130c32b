import { describe, expect, it } from 'vitest'
import { AMOUNT_EXAMPLE, amountForInput, parseAmount } from './amount'

describe('parseAmount: an amount of money a person typed (docs/decisions.md "One grammar for typed amounts")', () => {
  it.each([
    // Turkish: comma decimals, dots between thousands
    ['1.234,56', '1234.56'],
    ['1234,56', '1234.56'],
    ['1234,5', '1234.50'],
    ['2.500,50', '2500.50'],
    ['1.234.567,89', '1234567.89'],
    ['12.500,00', '12500.00'],
    ['0,50', '0.50'],
    // a dot with one or two decimals is the decimal point
    ['1234.56', '1234.56'],
    ['1234.5', '1234.50'],
    ['99.9', '99.90'],
    // whole amounts, several dot groups (only thousands can be), space and a pasted ₺
    ['1234', '1234.00'],
    ['1.234.567', '1234567.00'],
    ['  150  ', '150.00'],
    ['1.234,56 ₺', '1234.56'],
    ['1234,56₺', '1234.56'],
    // as our pages write it (Intl tr-TR), so as it is copied from them; and with 'TL' after it
    ['₺1.234,56', '1234.56'],
    ['₺ 150', '150.00'],
    ['150 TL', '150.00'],
    ['1.234,50 TL', '1234.50'],
    ['250,5tl', '250.50'],
    ['007', '7.00'],
    ['999999999999,99', '999999999999.99'],
  ])('%s → %s', (typed, amount) => {
    expect(parseAmount(typed)).toEqual({ ok: true, amount })
  })

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    // a single dot before three digits: a thousand or three decimals? refused, never guessed
    ['1.234', 'ambiguous'],
    ['12.345', 'ambiguous'],
    ['1.000', 'ambiguous'],
    // at most 2 decimals
    ['1234,567', 'decimals'],
    ['1.234,567', 'decimals'],
    ['12.3456', 'decimals'],
    // several commas, English grouping, mixed or broken groups
    ['1,234,56', 'format'],
    ['1,234.56', 'format'],
    ['1.23.456', 'format'],
    ['1.2345,00', 'format'],
    ['12.34,56', 'format'],
    ['1234,', 'format'],
    [',50', 'format'],
    ['.50', 'format'],
    ['1234.', 'format'],
    ['1 234,56', 'format'],
    // letters, signs, other currencies
    ['abc', 'format'],
    ['12a', 'format'],
    ['1e3', 'format'],
    ['150 USD', 'format'],
    ['TL', 'empty'],
    ['1.234 TL', 'ambiguous'],
    ['1,234.5', 'format'],
    ['100.', 'format'],
    ['1 000', 'format'],
    ['$150', 'format'],
    ['+150', 'format'],
    ['₺-5', 'negative'],
    ['-150', 'negative'],
    ['-1.234,56', 'negative'],
    ['0', 'zero'],
    ['0,00', 'zero'],
    ['0.0', 'zero'],
    ['1000000000000', 'tooLarge'],
    ['1.000.000.000.000,00', 'tooLarge'],
  ])('%s is refused: %s', (typed, reason) => {
    expect(parseAmount(typed)).toEqual({ ok: false, reason })
  })

  it('reads a number as it is, at most 2 decimals, above 0', () => {
    expect(parseAmount(1250.5)).toEqual({ ok: true, amount: '1250.50' })
    expect(parseAmount(1234)).toEqual({ ok: true, amount: '1234.00' })
    expect(parseAmount(1.234)).toEqual({ ok: false, reason: 'decimals' })
    expect(parseAmount(0)).toEqual({ ok: false, reason: 'zero' })
    expect(parseAmount(-5)).toEqual({ ok: false, reason: 'negative' })
    expect(parseAmount(Number.NaN)).toEqual({ ok: false, reason: 'format' })
    expect(parseAmount(1e13)).toEqual({ ok: false, reason: 'tooLarge' })
  })
})

describe('amountForInput: an amount put in a field, in the format of the hint', () => {
  it.each([
    ['1250.50', 'tr', '1250,50'],
    ['1250.50', 'en', '1250.50'],
    [1250.5, 'tr', '1250,50'],
    [1234, 'tr', '1234,00'],
    ['1.234,56', 'tr', '1234,56'],
    ['99.9', 'en', '99.90'],
    ['abc', 'tr', ''],
    [0, 'tr', ''],
    [undefined, 'tr', ''],
    ['', 'en', ''],
  ] as const)('%s (%s) → "%s"', (amount, locale, text) => {
    expect(amountForInput(amount, locale)).toBe(text)
  })

  it('writes the example of the hint in the same format, and the example reads back', () => {
    expect(amountForInput(AMOUNT_EXAMPLE, 'tr')).toBe('1250,50')
    expect(amountForInput(AMOUNT_EXAMPLE, 'en')).toBe('1250.50')
    for (const locale of ['tr', 'en'] as const) {
      expect(parseAmount(amountForInput(AMOUNT_EXAMPLE, locale))).toEqual({ ok: true, amount: '1250.50' })
    }
  })
})
