import { describe, expect, it } from 'vitest'
import { priceChangedByPercent } from './price-change'

describe('a bulk price change by percent', () => {
  it.each([
    ['100', 10, '110.00'],
    ['100', -10, '90.00'],
    ['19.99', 5, '20.99'], // 20.9895 up
    ['0.05', 10, '0.06'], // 0.055 half up
    ['1234.5678', 0, '1234.57'],
    ['10', -99, '0.10'],
    ['0', 50, '0.00'],
    ['99.995', 0, '100.00'],
    ['12.34', 12.5, '13.88'], // 13.8825
    ['1000000', 1000, '11000000.00'],
  ])('%s changed by %s %% is %s', (price, percent, expected) => {
    expect(priceChangedByPercent(price, percent)).toBe(expected)
  })

  it('leaves an empty plan price empty', () => {
    expect(priceChangedByPercent(null, 10)).toBeNull()
  })
})
