import Big from 'big.js'
import { describe, expect, it } from 'vitest'
import {
  convertPrice,
  planUnitPrice,
  priceConversion,
  profitMultiplier,
  roundMoney,
  withProfit,
} from './pricing'

// The formula as spec/1 §9 states it, every step decimal and no step skipped or shared.
function reference(v: string, from: string, to: string, profit: string, tax: string, withTax: boolean) {
  let price = new Big(v).times(from).div(to).times(new Big(profit).div(100).plus(1))
  if (withTax) price = price.times(new Big(tax).div(100).plus(1))
  return price.round(2, Big.roundHalfUp).toString()
}

describe('convertPrice (spec/1 §9: value × rate ÷ default rate × (1 + profit%) × (1 + tax%))', () => {
  it.each([
    // value, fromRate, toRate, profit, tax, withTax, expected
    ['100', '1', '1', 0, 20, false, '100'],
    ['100', '1', '1', 0, 20, true, '120'],
    ['10', '42.5', '1', 0, 20, false, '425'], // USD shown in TRY
    ['10', '42.5', '1', 0, 20, true, '510'],
    ['425', '1', '42.5', 0, 20, false, '10'], // TRY shown in USD
    ['10', '49.3', '42.5', 0, 0, false, '11.6'], // EUR shown in USD: 11.6000…
    ['100', '1', '1', 10, 20, true, '132'], // profit before tax
    ['100', '1', '1', -15, 0, false, '85'], // customer discount
    ['0.125', '1', '1', 0, 0, false, '0.13'], // half-up at the 2nd decimal
    ['0.124', '1', '1', 0, 0, false, '0.12'],
    ['19.99', '1', '3', 0, 18, true, '7.86'], // 6.663333 × 1.18 = 7.8627…
  ])(
    '%s at %s→%s, profit %s, tax %s (%s) = %s',
    (value, fromRate, toRate, profit, tax, withTax, expected) => {
      const price = convertPrice({
        value,
        fromRate,
        toRate,
        profitPercent: profit,
        taxRate: tax,
        withTax: withTax as boolean,
      })
      expect(price.toString()).toBe(expected)
    },
  )

  it('gives what the formula written out in full gives, shortcuts included (10,000 random inputs)', () => {
    let seed = 7
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed / 2 ** 31
    }
    const decimal = (max: number, places: number) => (next() * max).toFixed(places)
    const rates = ['1', '1.0000', '42.5', '49.3012', '3', '0.0235']
    for (let i = 0; i < 10_000; i++) {
      const value =
        next() < 0.2 ? `${Math.floor(next() * 1000)}.${['005', '125', '0050', '5'][i % 4]}` : decimal(5000, 4)
      const from = rates[Math.floor(next() * rates.length)] as string
      const to = next() < 0.5 ? from : (rates[Math.floor(next() * rates.length)] as string)
      const profit = next() < 0.5 ? '0' : decimal(60, 2).replace(/^/, next() < 0.3 ? '-' : '')
      const tax = ['0', '1', '8', '10', '18', '20'][i % 6] as string
      const withTax = next() < 0.5
      const input = { value, fromRate: from, toRate: to, profitPercent: profit, taxRate: tax, withTax }
      expect(convertPrice(input).toString(), JSON.stringify(input)).toBe(
        reference(value, from, to, profit, tax, withTax),
      )
    }
  })
})

describe('priceConversion (one conversion for many amounts)', () => {
  it.each([
    ['1', '1', '0', '20', false],
    ['1', '1', '-12.5', '20', true],
    ['42.5', '1', '7', '10', true],
    ['1', '42.5', '0', '0', false],
    ['49.3012', '42.5', '33.33', '18', true],
  ])(
    'at %s→%s, profit %s, tax %s (%s) each amount gets the formula price',
    (from, to, profit, tax, withTax) => {
      const conversion = {
        fromRate: from,
        toRate: to,
        profitPercent: profit,
        taxRate: tax,
        withTax: withTax as boolean,
      }
      const convert = priceConversion(conversion)
      const values = ['0', '0.005', '0.0049', '1', '19.99', '100.125', '1234.5678', '99999.9950']
      for (let i = 0; i < 200; i++)
        values.push(`${((i * 7919) % 100_000).toString()}.${String(i % 10_000).padStart(4, '0')}`)
      for (const value of values) {
        expect(convert(value).toString(), value).toBe(
          reference(value, from, to, profit, tax, withTax as boolean),
        )
      }
      // Applied again in another order: a conversion keeps no state between amounts.
      for (const value of [...values].reverse()) {
        expect(convert(value).toString(), value).toBe(
          reference(value, from, to, profit, tax, withTax as boolean),
        )
      }
    },
  )
})

describe('roundMoney', () => {
  it.each([
    ['1.005', '1.01'],
    ['1.004', '1'],
    ['-1.005', '-1.01'],
    ['2.675', '2.68'],
  ])('%s → %s', (input, expected) => {
    expect(roundMoney(input).toString()).toBe(expected)
  })
})

describe('planUnitPrice', () => {
  it.each([
    ['10', '10', null, '10'], // sale-price plan or no plan price
    ['10', '10', '10.6', '10.6'], // 6 % plan on the default unit
    ['110', '10', '10.6', '116.6'], // the same 6 % on a box of 12 priced 110
    ['10', '0', '12', '10'], // no sale price: nothing to scale from
  ])('unit %s, sale %s, plan %s → %s', (unitPrice, salePrice, planPrice, expected) => {
    expect(planUnitPrice({ unitPrice, salePrice, planPrice }).toString()).toBe(expected)
  })
})

describe('profitMultiplier and withProfit (the customer profit/discount percent)', () => {
  it.each([
    // percent, multiplier, 100 with it, 19.99 with it (not rounded)
    [0, '1', '100', '19.99'],
    [10, '1.1', '110', '21.989'],
    ['2.5', '1.025', '102.5', '20.48975'], // the demo dealer's 2.5 %
    [-5, '0.95', '95', '18.9905'], // a discount
    ['-15', '0.85', '85', '16.9915'],
    [-99.99, '0.0001', '0.01', '0.001999'], // the smallest an offer line allows
    [1000, '11', '1100', '219.89'], // the largest
    [-100, '0', '0', '0'],
  ])('%s %% → × %s', (percent, multiplier, of100, of1999) => {
    expect(profitMultiplier(percent).toString()).toBe(multiplier)
    expect(withProfit('100', percent).toString()).toBe(of100)
    expect(withProfit(19.99, percent).toString()).toBe(of1999)
  })
})
