import { describe, expect, it } from 'vitest'
import {
  chargesSalePrices,
  choosePaymentPlan,
  defaultPlan,
  offeredPlans,
  orderLinePrice,
  type PlanLike,
  type PlanPrices,
  planPriceOf,
  priceInPlan,
  SALE_PLAN,
} from './payment-plan'

const plan = (id: number, priceName: string, patch: Partial<PlanLike> = {}): PlanLike => ({
  id,
  name: `Plan ${id}`,
  priceName,
  varsayilan: false,
  isVirtual: false,
  ...patch,
})

const cash = plan(1, 'salePrice')
const threeMonths = plan(2, 'advencePrice1', { varsayilan: true })
const sixMonths = plan(3, 'advencePrice2')
const card = plan(4, 'advencePrice3', { isVirtual: true })
const plans = [cash, threeMonths, sixMonths, card]

describe('offeredPlans and defaultPlan (spec/2 §9)', () => {
  it('offers the plans only when the store shows plan prices', () => {
    expect(offeredPlans(plans, true)).toBe(plans)
    expect(offeredPlans(plans, false)).toEqual([])
  })

  it.each([
    ['the plan flagged as default', plans, threeMonths],
    ['else the first', [cash, sixMonths], cash],
    ['none without plans', [], undefined],
  ])('%s', (_label, list, expected) => {
    expect(defaultPlan(list)).toBe(expected)
  })

  it.each([
    ["the company's plan before the store's default", plans, 3, sixMonths],
    ["the company's card plan too (the cart offers to pay by card)", plans, 4, card],
    ['the store default when the company has none', plans, null, threeMonths],
    ["the store default when the company's plan is gone", plans, 99, threeMonths],
    ["else the first when the company's plan is gone", [cash, sixMonths], 99, cash],
    ['none without plans', [], 3, undefined],
  ])('%s', (_label, list, companyPlanId, expected) => {
    expect(defaultPlan(list, companyPlanId)).toBe(expected)
  })
})

describe('choosePaymentPlan', () => {
  it.each([
    ['plans off: the sale prices, whatever was chosen', plans, false, '3', { plan: SALE_PLAN }],
    ['plans off, nothing chosen', plans, false, undefined, { plan: SALE_PLAN }],
    ['chosen by id', plans, true, '3', { plan: sixMonths }],
    ['chosen by price name', plans, true, 'advencePrice2', { plan: sixMonths }],
    ['the cash plan chosen by its price name', plans, true, 'salePrice', { plan: cash }],
    ['nothing chosen: the default plan', plans, true, undefined, { plan: threeMonths }],
    ['nothing chosen, no default flag: the first', [sixMonths, cash], true, undefined, { plan: sixMonths }],
    ['nothing chosen, no plans: the sale prices', [], true, undefined, { plan: SALE_PLAN }],
    ['an empty choice counts as none', plans, true, '', { plan: threeMonths }],
    ['an id of no plan', plans, true, '99', { refusal: 'unknownPlan' }],
    ['a price name of no plan', plans, true, 'advencePrice5', { refusal: 'unknownPlan' }],
    ['a choice when there are no plans', [], true, '1', { refusal: 'unknownPlan' }],
    ['a card plan is never ordered directly', plans, true, '4', { refusal: 'cardPlan' }],
    [
      'a card plan as the default is refused too',
      [plan(5, 'advencePrice4', { varsayilan: true, isVirtual: true })],
      true,
      undefined,
      { refusal: 'cardPlan' },
    ],
  ])('%s', (_label, list, offered, chosen, expected) => {
    expect(choosePaymentPlan({ plans: list, offered, chosen })).toEqual(expected)
  })

  it.each([
    ["nothing chosen: the company's plan", undefined, 3, { plan: sixMonths }],
    ['a choice wins over the company plan', '1', 3, { plan: cash }],
    [
      "nothing chosen, the company's plan paid by card: refused as a card plan",
      undefined,
      4,
      { refusal: 'cardPlan' },
    ],
    ["nothing chosen, the company's plan gone: the store's default", undefined, 99, { plan: threeMonths }],
  ] as const)('%s', (_label, chosen, companyPlanId, expected) => {
    expect(choosePaymentPlan({ plans, offered: true, chosen, companyPlanId })).toEqual(expected)
  })

  it('prices in the sale prices when plans are not offered, whatever the company plan', () => {
    expect(choosePaymentPlan({ plans, offered: false, chosen: undefined, companyPlanId: 3 })).toEqual({
      plan: SALE_PLAN,
    })
  })
})

const prices: PlanPrices = {
  advencePrice1: '10.6',
  advencePrice2: '11.2',
  advencePrice3: null,
  advencePrice4: '0',
  advencePrice5: null,
}

describe('planPriceOf', () => {
  it.each([
    ['advencePrice1', '10.6'],
    ['advencePrice2', '11.2'],
    ['advencePrice3', null],
    ['advencePrice4', '0'],
    ['salePrice', null], // the sale-price plan scales nothing
    ['listPrice', null], // no plan's price
    ['', null],
  ])('%s → %s', (priceName, expected) => {
    expect(planPriceOf(prices, priceName)).toBe(expected)
  })
})

describe('chargesSalePrices', () => {
  it.each([
    ['salePrice', true],
    ['advencePrice1', false],
    ['advencePrice5', false],
    ['listPrice', true], // names no plan field: planPriceOf gives null, the unit's own price
  ])('%s → %s', (priceName, expected) => {
    expect(chargesSalePrices({ priceName })).toBe(expected)
    // The same reading as planPriceOf: no plan price, so the unit's price is charged.
    expect(planPriceOf(prices, priceName) === null || !expected).toBe(true)
  })
})

describe('priceInPlan and orderLinePrice', () => {
  const line = { unitPrice: '10', salePrice: '10', prices, profitPercent: 0 }
  it.each([
    // patch, price in plan, order price (null: refused as no price)
    ['sale-price plan', { priceName: 'salePrice' }, '10', '10'],
    ['6 % plan', { priceName: 'advencePrice1' }, '10.6', '10.6'],
    [
      'the same plan on a box of 12 priced 110',
      { priceName: 'advencePrice1', unitPrice: '110' },
      '116.6',
      '116.6',
    ],
    ['a plan without its own price charges the unit price', { priceName: 'advencePrice3' }, '10', '10'],
    [
      'the dealer’s 2.5 % on the plan price',
      { priceName: 'advencePrice1', profitPercent: 2.5 },
      '10.865',
      '10.865',
    ],
    ['a 5 % discount', { priceName: 'advencePrice2', profitPercent: -5 }, '10.64', '10.64'],
    ['a plan price of 0 is no price', { priceName: 'advencePrice4' }, '0', null],
    ['a unit price of 0 is no price', { priceName: 'salePrice', unitPrice: '0' }, '0', null],
    ['a sale price of 0 is no price', { priceName: 'salePrice', salePrice: '0' }, '10', null],
    ['a sale price of 0 in a plan too', { priceName: 'advencePrice1', salePrice: '0' }, '10', null],
    ['a full discount leaves no price', { priceName: 'salePrice', profitPercent: -100 }, '0', null],
  ])('%s', (_label, patch, inPlan, forOrder) => {
    const input = { ...line, ...patch }
    expect(priceInPlan(input).toString()).toBe(inPlan)
    expect(orderLinePrice(input)?.toString() ?? null).toBe(forOrder)
  })
})
