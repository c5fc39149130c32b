import { describe, expect, it } from 'vitest'
import { dealer } from '../test/fixtures'
import { isStatementPath, showsOverdueDebtBanner } from './overdue-debt'

const customer = (overdueBalance: number) => ({ ...dealer.customer!, overdueBalance, overdueDays: 12 })

describe('showsOverdueDebtBanner', () => {
  it.each([
    // balance, limit, showOverdueDebtInfo, on the statement page, shown
    [1500, 1000, true, false, true],
    [1000, 1000, true, false, true],
    [999.99, 1000, true, false, false],
    [0, 0, true, false, false],
    [-50, 0, true, false, false],
    [1500, 0, false, false, false],
    [1500, 0, false, true, true],
    [500, 1000, false, true, false],
  ])(
    'balance %d, limit %d, setting %s, statement page %s → %s',
    (balance, limit, setting, statement, shown) => {
      const settings = { overdueDebtInfoLimit: limit, showOverdueDebtInfo: setting }
      expect(showsOverdueDebtBanner(customer(balance), settings, statement)).toBe(shown)
    },
  )

  it('needs a customer', () => {
    expect(showsOverdueDebtBanner(null, { overdueDebtInfoLimit: 0, showOverdueDebtInfo: true })).toBe(false)
  })
})

describe('isStatementPath', () => {
  it.each([
    ['/hesap/ekstre', true],
    ['/en/hesap/ekstre', true],
    ['/hesap/ekstre/', true],
    ['/hesap', false],
    ['/sepet', false],
    ['/en/hesap/ekstre-eski', false],
  ])('%s → %s', (path, expected) => {
    expect(isStatementPath(path)).toBe(expected)
  })
})
