import { describe, expect, it } from 'vitest'
import {
  cardOrganizationOf,
  commissionOf,
  defaultInstallmentPlan,
  INSTALLMENT_ROWS,
  type InstallmentPlanLike,
  installmentTable,
  installmentTotal,
  monthlyAmount,
  plansForCardType,
  showsInstallmentTable,
} from './installments'

const plan = (id: number, installment: number, commisionFee: number | string, isDefault = false) =>
  ({ id, installment, commisionFee, isDefault }) satisfies InstallmentPlanLike

describe('installmentTotal: amount × (100 + commission) / 100, half-up to 2 decimals (spec/2 §9)', () => {
  it.each([
    ['the spec example', '1000', '3.5', '1035.00'],
    ['no commission', '1000', '0', '1000.00'],
    ['a numeric column string', '1500.00', '2.20', '1533.00'],
    ['rounds down below half', '999.99', '2.75', '1027.49'], // 1027.489725
    ['rounds half up', '1', '0.5', '1.01'], // 1.005: binary floats give 1.00
    ['rounds half up on tiny amounts', '0.2', '2.5', '0.21'], // 0.205
    ['a long fraction', '10.01', '1.5', '10.16'], // 10.16015
    ['twelve installments at 12.8 %', '1000', '12.8', '1128.00'],
    ['numbers work as well as strings', 250.5, 9.6, '274.55'], // 274.548
  ])('%s: %s at %s %% → %s', (_label, amount, commission, expected) => {
    expect(installmentTotal(amount, commission).toFixed(2)).toBe(expected)
  })
})

describe('commissionOf: the percent a quoted total means, the way back of installmentTotal', () => {
  it.each([
    ['the spec example, back', '1000', '1035.00', '3.50'],
    ['no commission', '100.00', '100.00', '0.00'],
    ['iyzico quotes 100 TL', '100.00', '104.10', '4.10'],
    ['six installments', '1000', '1062.50', '6.25'],
    ['rounds half up', '300', '310.015', '3.34'], // 3.33383…
    ['a total below the price is no discount', '100', '99.50', '0.00'],
    ['twelve installments at 12.8 %', '1000', '1128.00', '12.80'],
  ])('%s: %s → %s is %s %%', (_label, price, total, expected) => {
    expect(commissionOf(price, total).toFixed(2)).toBe(expected)
  })

  it.each([
    ['1000', '3.5'],
    ['1500.00', '2.20'],
    ['100.00', '12.80'],
    ['250.00', '9.60'],
  ])('forward and back on decimals give the commission again: %s at %s %%', (price, commission) => {
    expect(commissionOf(price, installmentTotal(price, commission)).toFixed(2)).toBe(
      Number(commission).toFixed(2),
    )
  })

  it('refuses a price of 0', () => {
    expect(() => commissionOf('0', '10')).toThrow(RangeError)
  })
})

describe('monthlyAmount: total / count, half-up to 2 decimals', () => {
  it.each([
    ['the spec example', '1035.00', 3, '345.00'],
    ['one installment is the total', '1027.49', 1, '1027.49'],
    ['rounds down', '100', 3, '33.33'],
    ['rounds up', '200', 3, '66.67'],
    ['rounds half up', '1027.49', 2, '513.75'], // 513.745
    ['half a cent up', '0.05', 2, '0.03'], // 0.025
    ['twelve', '1128.00', 12, '94.00'],
  ])('%s: %s / %i → %s', (_label, total, count, expected) => {
    expect(monthlyAmount(total, count).toFixed(2)).toBe(expected)
  })

  it.each([0, -1, 1.5, 13.2])('refuses a count of %s', (count) => {
    expect(() => monthlyAmount('100', count)).toThrow(RangeError)
  })
})

describe('installmentTable: 12 rows, those without a plan unavailable', () => {
  const plans = [plan(11, 1, 0, false), plan(12, 3, '3.5', true), plan(13, 6, '6.5'), plan(14, 12, '12.8')]

  it('has a row for every count from 1 to 12 in order', () => {
    const rows = installmentTable('1000', plans)
    expect(rows).toHaveLength(INSTALLMENT_ROWS)
    expect(rows.map((r) => r.installment)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
  })

  it.each([
    [1, '1000.00', '1000.00'],
    [3, '1035.00', '345.00'],
    [6, '1065.00', '177.50'],
    [12, '1128.00', '94.00'],
  ])('row %i: total %s, monthly %s', (count, total, monthly) => {
    const row = installmentTable('1000', plans)[count - 1]!
    expect(row.available).toBe(true)
    if (!row.available) return
    expect(row.plan.installment).toBe(count)
    expect(row.total.toFixed(2)).toBe(total)
    expect(row.monthly.toFixed(2)).toBe(monthly)
  })

  it('marks the counts without a plan unavailable', () => {
    const unavailable = installmentTable('1000', plans)
      .filter((r) => !r.available)
      .map((r) => r.installment)
    expect(unavailable).toEqual([2, 4, 5, 7, 8, 9, 10, 11])
  })

  it('takes the plans in any order, the first of two with the same count', () => {
    const rows = installmentTable('999.99', [plan(2, 2, '2.75'), plan(1, 1, 0), plan(3, 2, '9')])
    const two = rows[1]!
    expect(two.available && two.plan.id).toBe(2)
    expect(two.available && two.total.toFixed(2)).toBe('1027.49')
    expect(two.available && two.monthly.toFixed(2)).toBe('513.75')
  })

  it('is all unavailable without plans', () => {
    expect(installmentTable('1000', []).every((r) => !r.available)).toBe(true)
  })
})

describe('defaultInstallmentPlan: flagged default, else the first', () => {
  it.each([
    ['the flagged one', [plan(1, 1, 0), plan(2, 3, 3, true)], 2],
    ['the first flagged when two are', [plan(1, 1, 0), plan(2, 3, 3, true), plan(3, 6, 6, true)], 2],
    ['else the first', [plan(5, 2, 2), plan(1, 1, 0)], 5],
    ['none without plans', [], undefined],
  ])('%s', (_label, plans, id) => {
    expect(defaultInstallmentPlan(plans)?.id).toBe(id)
  })
})

describe('plansForCardType: installments on credit cards only', () => {
  const plans = [plan(1, 1, 0), plan(2, 3, '3.5', true), plan(3, 6, '6.5')]

  it.each([
    ['CREDIT', [1, 2, 3]],
    ['credit', [1, 2, 3]],
    ['DEBIT', [1]],
    [' debit ', [1]],
    ['DEBIT_CARD', [1]],
    ['PREPAID', [1]],
    ['PREPAID_CARD', [1]],
    ['CREDIT_CARD', [1, 2, 3]],
    ['', [1, 2, 3]],
    [null, [1, 2, 3]],
    [undefined, [1, 2, 3]],
  ])('%s → plans %j', (cardType, ids) => {
    expect(plansForCardType(plans, cardType).map((p) => p.id)).toEqual(ids)
  })

  it('leaves a debit card no plan when there is no single-payment plan', () => {
    expect(plansForCardType([plan(2, 3, 3)], 'DEBIT')).toEqual([])
  })
})

describe('showsInstallmentTable: only when the amount is above installmentLimit (0 when not set)', () => {
  it.each([
    ['above the limit', '1000.01', '1000', true],
    ['at the limit', '1000', '1000.00', false],
    ['below the limit', '999.99', 1000, false],
    ['no limit: any positive amount', '0.01', undefined, true],
    ['null limit', '5', null, true],
    ['empty limit counts as 0', '5', '', true],
    ['a limit that is not a number counts as 0', '5', 'abc', true],
    ['an amount of 0 never shows it', '0', undefined, false],
    ['an empty amount counts as 0', '', '0', false],
    ['number inputs', 1500, 1000, true],
  ])('%s (%s vs %s) → %s', (_label, amount, limit, shown) => {
    expect(showsInstallmentTable(amount, limit)).toBe(shown)
  })
})

describe('cardOrganizationOf', () => {
  it.each([
    ['VISA', 'VISA'],
    ['visa', 'VISA'],
    ['VISA ELECTRON', 'VISA'],
    ['MASTERCARD', 'MASTER_CARD'],
    ['Master Card', 'MASTER_CARD'],
    ['MASTER_CARD', 'MASTER_CARD'],
    ['MAESTRO', 'MASTER_CARD'],
    ['TROY', 'TROY'],
    ['AMERICAN EXPRESS', 'AMEX'],
    ['AMEX', 'AMEX'],
    ['UATP', null],
    ['DINERS CLUB INTERNATIONAL', null],
    ['PRIVATE LABEL', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (network, organization) => {
    expect(cardOrganizationOf(network)).toBe(organization)
  })
})
