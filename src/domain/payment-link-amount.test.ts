import { describe, expect, it } from 'vitest'
import { parsePaymentLinkAmount } from './payment-link-amount'

describe('parsePaymentLinkAmount (spec/2 §5)', () => {
  it.each([
    ['100', '100.00'],
    ['100.5', '100.50'],
    ['100,50', '100.50'],
    ['100,5', '100.50'],
    [' 250.75 ', '250.75'],
    ['0.01', '0.01'],
    ['007', '7.00'],
    ['999999999999.99', '999999999999.99'],
    [100.5, '100.50'],
    [42, '42.00'],
  ])('%j is %s', (input, expected) => {
    expect(parsePaymentLinkAmount(input)).toBe(expected)
  })

  it.each([
    ['0'],
    ['0.00'],
    ['0,0'],
    ['-1'],
    ['1.234'],
    ['12.345'],
    ['1,234.5'],
    ['1.234,50'],
    ['abc'],
    [''],
    ['   '],
    ['100.'],
    ['.5'],
    ['1e3'],
    ['1 000'],
    ['+5'],
    ['1000000000000'],
    [0],
    [-5],
    [Number.NaN],
    [1e21],
  ])('%j is refused', (input) => {
    expect(parsePaymentLinkAmount(input)).toBeNull()
  })
})
