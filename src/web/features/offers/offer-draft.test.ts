import { describe, expect, it } from 'vitest'
import {
  DEFAULT_OFFER_DESCRIPTION,
  OFFER_PROFIT_MAX,
  OFFER_PROFIT_MIN,
  offerProfitSchema,
} from '../../../contracts/offers'
import { offer } from '../../test/offer-fixtures'
import { NO_OFFER_NOTE, PROFIT_MAX, PROFIT_MIN } from './offer-constants'
import { changedProfits, draftForAll, draftTotals, linePercent, percentValue } from './offer-draft'

describe('offer constants', () => {
  it('are the contract values', () => {
    expect(PROFIT_MIN).toBe(OFFER_PROFIT_MIN)
    expect(PROFIT_MAX).toBe(OFFER_PROFIT_MAX)
    expect(NO_OFFER_NOTE).toBe(DEFAULT_OFFER_DESCRIPTION)
  })
})

describe('percentValue', () => {
  it.each([
    [12.5, 12.5],
    [-5, -5],
    ['', 0],
    ['-', 0],
    ['7,25', 7.25],
    [12.345, 12.35],
    [-150, -99.99],
    [5000, 1000],
  ])('%j → %j', (typed, expected) => {
    expect(percentValue(typed)).toBe(expected)
  })

  it('gives only values the server accepts', () => {
    for (const typed of [-150, 5000, '', 3.333]) {
      expect(offerProfitSchema.safeParse(percentValue(typed)).success).toBe(true)
    }
  })
})

describe('the draft of an offer', () => {
  it('keeps the saved percent of a line nobody typed in', () => {
    const [first, second] = offer().offerItems
    expect(linePercent(first!, {})).toBe(0)
    expect(linePercent(second!, { 11: 5 })).toBe(10)
    expect(linePercent(second!, { 12: '' })).toBe(0)
  })

  it('lists only the lines whose percent changed', () => {
    expect(changedProfits(offer(), {})).toEqual({})
    expect(changedProfits(offer(), { 11: 0, 12: 10 })).toEqual({})
    expect(changedProfits(offer(), { 11: 15, 12: 10 })).toEqual({ '11': 15 })
    expect(changedProfits(offer(), draftForAll(offer(), -5))).toEqual({ '11': -5, '12': -5 })
  })

  it('computes the saved numbers without a draft', () => {
    const totals = draftTotals(offer(), {})
    expect(totals.lines.map((l) => [l.unitPrice.value, l.amount.value])).toEqual([
      [100, 200],
      [55.55, 166.65],
    ])
    expect([totals.subtotal.value, totals.tax.value, totals.total.value]).toEqual([366.65, 56.67, 423.32])
    expect(totals.total.currency).toBe('TRY')
  })

  it('applies typed percents before tax', () => {
    // 100 × 1.125 = 112.50 × 2 = 225; 50.50 × 0.95 = 47.975 → 47.98 × 3 = 143.94
    // KDV 45 + 14.394 = 59.394 → 59.39; total 368.94 + 59.39 = 428.33
    const totals = draftTotals(offer(), { 11: 12.5, 12: -5 })
    expect(totals.lines.map((l) => l.unitPrice.value)).toEqual([112.5, 47.98])
    expect([totals.subtotal.value, totals.tax.value, totals.total.value]).toEqual([368.94, 59.39, 428.33])
  })
})
