import { describe, expect, it } from 'vitest'
import {
  gatewayOrigin,
  installmentSetProblem,
  isLoopbackUrl,
  keyEnding,
  PLAN_PRICE_NAMES,
  parseCommission,
} from './payment-setup'

describe('parseCommission', () => {
  it.each([
    ['0', '0.00'],
    ['2,5', '2.50'],
    ['2.50', '2.50'],
    [' %3,30 ', '3.30'],
    ['12,8 %', '12.80'],
    ['99.99', '99.99'],
    [4.1, '4.10'],
    [0, '0.00'],
  ])('reads %j as %s', (typed, percent) => {
    expect(parseCommission(typed)).toEqual({ ok: true, percent })
  })

  it.each([
    ['', 'empty'],
    ['  ', 'empty'],
    ['abc', 'format'],
    ['-1', 'format'],
    ['1.234,5', 'format'],
    ['2,555', 'decimals'],
    ['100', 'range'],
    ['150,00', 'range'],
    [Number.NaN, 'format'],
  ])('refuses %j (%s)', (typed, reason) => {
    expect(parseCommission(typed)).toEqual({ ok: false, reason })
  })
})

describe('installmentSetProblem', () => {
  const row = (installment: number, isDefault = false) => ({ installment, commissionFee: '1.00', isDefault })
  it('takes counts 1 to 12 once each with at most one preselected', () => {
    expect(installmentSetProblem([row(1, true), row(3), row(12)])).toBeNull()
    expect(installmentSetProblem([row(2)])).toBeNull()
  })
  it('says what is wrong', () => {
    expect(installmentSetProblem([])).toBe('none')
    expect(installmentSetProblem([row(0)])).toBe('count')
    expect(installmentSetProblem([row(13)])).toBe('count')
    expect(installmentSetProblem([row(3), row(3)])).toBe('repeated')
    expect(installmentSetProblem([row(1, true), row(2, true)])).toBe('twoDefaults')
  })
})

describe('gateway addresses and keys', () => {
  it('keeps an origin only', () => {
    expect(gatewayOrigin('https://sandbox-api.iyzipay.com/')).toBe('https://sandbox-api.iyzipay.com')
    expect(gatewayOrigin('https://api.iyzipay.com')).toBe('https://api.iyzipay.com')
    expect(gatewayOrigin('https://api.iyzipay.com/payment')).toBeNull()
    expect(gatewayOrigin('https://u:p@api.iyzipay.com')).toBeNull()
    expect(gatewayOrigin('not a url')).toBeNull()
  })
  it('knows a loopback stand-in', () => {
    expect(isLoopbackUrl('http://127.0.0.1:4010')).toBe(true)
    expect(isLoopbackUrl('http://localhost:9')).toBe(true)
    expect(isLoopbackUrl('https://api.iyzipay.com')).toBe(false)
    expect(isLoopbackUrl('ftp://127.0.0.1')).toBe(false)
  })
  it('shows the last four characters of a key, and nothing of a short one', () => {
    expect(keyEnding('sandbox-abcdefgh1234')).toBe('1234')
    expect(keyEnding('short-key')).toBe('')
  })
  it('names the sale price and the five plan prices', () => {
    expect(PLAN_PRICE_NAMES).toEqual([
      'salePrice',
      'advencePrice1',
      'advencePrice2',
      'advencePrice3',
      'advencePrice4',
      'advencePrice5',
    ])
  })
})
