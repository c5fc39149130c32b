import { describe, expect, it } from 'vitest'
import { checkRiskLimit } from './risk-limit'

const show = (r: ReturnType<typeof checkRiskLimit>) =>
  r.allowed
    ? 'ok'
    : r.reason === 'blocked'
      ? 'blocked'
      : `excess ${r.excess.toFixed(2)}, max ${r.maxOrder.toFixed(2)}`

describe('checkRiskLimit (spec/2 §5)', () => {
  it.each([
    // enforced, limit, overdue, total → result
    [false, '1', '0', '100', 'ok'],
    [true, '0', '5000', '100', 'ok'], // no limit set
    [true, '1', '0', '0.01', 'blocked'],
    [true, '10000', '10000', '0.01', 'excess 0.01, max 0.00'], // available 0
    [true, '10000', '12000', '50', 'excess 50.00, max 0.00'], // available below 0
    [true, '10000', '2000', '7999.99', 'ok'], // one kuruş under
    [true, '10000', '2000', '8000.00', 'ok'], // exactly available
    [true, '10000', '2000', '8000.01', 'excess 0.01, max 8000.00'], // one kuruş over
    [true, '250000', '12450.75', '300000', 'excess 62450.75, max 237549.25'],
  ])(
    'enforced %s, limit %s, overdue %s, total %s → %s',
    (enforced, riskLimit, overdueBalance, orderTotal, expected) => {
      expect(show(checkRiskLimit({ enforced, riskLimit, overdueBalance, orderTotal }))).toBe(expected)
    },
  )
})
