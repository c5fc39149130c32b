// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { defaultStoreSettings } from '../../../contracts/settings'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { OverdueDebtBanner } from './OverdueDebtBanner'

const indebted = { ...dealer, customer: { ...dealer.customer!, overdueBalance: 12450.75, overdueDays: 45 } }

describe('OverdueDebtBanner', () => {
  it('tells a dealer about the overdue payment in the spec wording', () => {
    renderWithProviders(<OverdueDebtBanner />, {
      bootstrap: dealerBootstrap({
        user: indebted,
        settings: { ...defaultStoreSettings, overdueDebtInfoLimit: 1000 },
      }),
    })
    expect(screen.getByRole('status').textContent).toBe(
      'Vadesi 45 gün geçmiş 12.450,75 TL ödemeniz bulunmaktadır',
    )
  })

  it('stays hidden below the limit, when turned off, and for guests', () => {
    const { unmount } = renderWithProviders(<OverdueDebtBanner />, {
      bootstrap: dealerBootstrap({
        user: indebted,
        settings: { ...defaultStoreSettings, overdueDebtInfoLimit: 20000 },
      }),
    })
    expect(screen.queryByRole('status')).toBeNull()
    unmount()
    renderWithProviders(<OverdueDebtBanner />, {
      bootstrap: dealerBootstrap({
        user: indebted,
        settings: { ...defaultStoreSettings, showOverdueDebtInfo: false },
      }),
    })
    expect(screen.queryByRole('status')).toBeNull()
    renderWithProviders(<OverdueDebtBanner />, { bootstrap: guestBootstrap() })
    expect(screen.queryByRole('status')).toBeNull()
  })
})

describe('OverdueDebtBanner on the statement page', () => {
  const settings = { ...defaultStoreSettings, overdueDebtInfoLimit: 1000, showOverdueDebtInfo: false }
  it("the layout's banner leaves the page to its own, which shows even when turned off elsewhere", () => {
    const { unmount } = renderWithProviders(<OverdueDebtBanner />, {
      bootstrap: dealerBootstrap({ user: indebted, settings: { ...settings, showOverdueDebtInfo: true } }),
      route: '/hesap/ekstre',
    })
    expect(screen.queryByRole('status')).toBeNull()
    unmount()
    renderWithProviders(<OverdueDebtBanner onStatementPage overdue={{ balance: 2000.5, days: 9 }} />, {
      bootstrap: dealerBootstrap({ user: indebted, settings }),
      route: '/en/hesap/ekstre',
    })
    expect(screen.getByRole('status').textContent).toBe(
      'Vadesi 9 gün geçmiş 2.000,50 TL ödemeniz bulunmaktadır',
    )
  })
})
