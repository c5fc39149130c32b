import { describe, expect, it } from 'vitest'
import type { Currency } from '../../../contracts/bootstrap'
import { defaultStoreSettings } from '../../../contracts/settings'
import { priceFor, pricingContextFor } from './pricing.service'

const currencies: Currency[] = [
  {
    id: 1,
    code: 'TRY',
    name: 'Türk Lirası',
    symbol: '₺',
    exchangeRate: 1,
    isDefault: true,
    rateSource: 'manual',
    rateBulletinDate: null,
  },
  {
    id: 2,
    code: 'USD',
    name: 'Dolar',
    symbol: '$',
    exchangeRate: 42.5,
    isDefault: false,
    rateSource: 'manual',
    rateBulletinDate: null,
  },
]
const dealer = { preferences: null, profitPercent: '-10' }

describe('priceFor (a catalogue amount for one visitor)', () => {
  const withTax = { ...defaultStoreSettings, productsWithKdv: true }

  it('gives each (amount, currency, tax rate) its own price, however often and in whatever order asked', () => {
    const ctx = pricingContextFor(withTax, currencies, dealer)
    // 100 × 0.9 (profit −10 %) × 1.2 or 1.1; in USD × 42.5 first.
    const table: [string, number, string, number][] = [
      ['100.0000', 1, '20', 108],
      ['100.0000', 1, '10', 99],
      ['100.0000', 2, '20', 4590],
      ['100.0000', 2, '10', 4207.5],
      ['0.0050', 1, '0', 0],
      ['0.0056', 1, '0', 0.01],
      ['19.9900', 1, '20', 21.59], // 21.5892
    ]
    for (const round of [table, [...table].reverse(), table]) {
      for (const [value, currencyId, tax, expected] of round) {
        expect(priceFor(ctx, value, currencyId, tax), `${value} ${currencyId} ${tax}`).toEqual({
          value: expected,
          currency: 'TRY',
        })
      }
    }
  })

  it('answers numbers as well as stored decimal text', () => {
    const ctx = pricingContextFor(withTax, currencies, dealer)
    expect(priceFor(ctx, 100, 1, 20)).toEqual({ value: 108, currency: 'TRY' })
    expect(priceFor(ctx, '100.0000', 1, 20)).toEqual({ value: 108, currency: 'TRY' })
  })

  it('keeps one visitor’s prices apart from another’s', () => {
    const guestStore = { ...withTax, showPriceStatus: true }
    const listPrice = pricingContextFor(guestStore, currencies, null)
    const discounted = pricingContextFor(guestStore, currencies, dealer)
    expect(priceFor(discounted, '100.0000', 1, '20')?.value).toBe(108)
    expect(priceFor(listPrice, '100.0000', 1, '20')?.value).toBe(120)
    expect(priceFor(discounted, '100.0000', 1, '20')?.value).toBe(108)
  })

  it('is null when prices are hidden from the visitor, the amount is missing or its currency unknown', () => {
    const hidden = pricingContextFor({ ...withTax, showPriceStatus: false }, currencies, null)
    expect(priceFor(hidden, '100.0000', 1, '20')).toBeNull()
    const ctx = pricingContextFor(withTax, currencies, dealer)
    expect(priceFor(ctx, null, 1, '20')).toBeNull()
    expect(priceFor(ctx, '100.0000', 99, '20')).toBeNull()
  })
})
