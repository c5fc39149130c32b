import { describe, expect, it } from 'vitest'
import { checkRiskLimit, riskUsed, usesCredit } from './risk-limit'

const show = (r: ReturnType<typeof checkRiskLimit>) =>
  r.allowed
    ? 'ok'
    : r.reason === 'blocked'
      ? 'blocked'
      : `excess ${r.excess.toFixed(2)}, max ${r.maxOrder.toFixed(2)}`

describe('checkRiskLimit (spec/2 §5)', () => {
  it.each([
    // enforced, limit, used, total → result
    [false, '1', '0', '100', 'ok'],
    [true, '0', '5000', '100', 'ok'], // no limit set
    [true, '1', '0', '0.01', 'blocked'],
    [true, '10000', '10000', '0.01', 'excess 0.01, max 0.00'], // available 0
    [true, '10000', '12000', '50', 'excess 50.00, max 0.00'], // available below 0
    [true, '10000', '2000', '7999.99', 'ok'], // one kuruş under
    [true, '10000', '2000', '8000.00', 'ok'], // exactly available
    [true, '10000', '2000', '8000.01', 'excess 0.01, max 8000.00'], // one kuruş over
    [true, '250000', '12450.75', '300000', 'excess 62450.75, max 237549.25'],
  ])('enforced %s, limit %s, used %s, total %s → %s', (enforced, riskLimit, used, orderTotal, expected) => {
    expect(show(checkRiskLimit({ enforced, riskLimit, used, orderTotal }))).toBe(expected)
  })
})

describe('riskUsed: the overdue balance and the open orders', () => {
  it.each([
    ['0', '0', '0.00'],
    ['12450.75', '0', '12450.75'],
    ['0', '3000.10', '3000.10'],
    ['12450.75', '237549.25', '250000.00'], // uses the whole limit of 250,000: nothing more can be ordered
  ])('overdue %s + open orders %s = %s', (overdueBalance, openOrders, expected) => {
    expect(riskUsed({ overdueBalance, openOrders }).toFixed(2)).toBe(expected)
  })

  it('an order placed after another sees it: the second is refused what the first took', () => {
    const used = riskUsed({ overdueBalance: '2000', openOrders: '8000' })
    expect(show(checkRiskLimit({ enforced: true, riskLimit: '10000', used, orderTotal: '0.01' }))).toBe(
      'excess 0.01, max 0.00',
    )
  })
})

describe('usesCredit: which orders count in riskUsed', () => {
  const paid = new Date('2026-03-01T10:00:00Z')
  it.each([
    ['new', null, true],
    ['processing', null, true],
    ['shipped', null, false], // invoiced: its debit is in the ledger, counted through the overdue balance
    ['cancelled', null, false],
    ['new', paid, false], // paid by card at checkout
    ['processing', paid, false],
  ] as const)('%s, paid %s → %s', (status, paidAt, expected) => {
    expect(usesCredit({ status, paidAt })).toBe(expected)
  })
})
