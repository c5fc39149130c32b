// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { exchangeRatesSchema } from '../../../../contracts/exchange-rates'
import { type StaffSummary, staffSummarySchema } from '../../../../contracts/staff-home'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { StaffHomePage } from './StaffHomePage'

const staff = (staffRole: StaffRole) =>
  dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole, customer: null } })

const figures: StaffSummary = {
  day: '2026-03-18',
  orders: { count: 12, total: 48250.5, waiting: 4 },
  offers: { count: 3 },
  cardPayments: { count: 2, total: 1320 },
  bankTransfers: { count: 1, total: 250.5, day: '2026-03-18' },
  faultReports: { open: 5 },
}

const serve = (ratesFailing = false) =>
  server.use(
    http.get('/yonetim/summary', () => apiJson(staffSummarySchema, figures)),
    http.get('/yonetim/exchange-rates', () =>
      apiJson(exchangeRatesSchema, {
        settings: { field: 'ForexSelling', markupPercent: '0' },
        currencies: [],
        status: {
          lastSuccessAt: '2026-03-17T12:35:00.000Z',
          lastBulletinDate: '2026-03-17',
          lastFailureAt: ratesFailing ? '2026-03-18T12:35:00.000Z' : null,
          lastFailure: ratesFailing ? 'HTTP 500' : null,
          failing: ratesFailing,
        },
      }),
    ),
  )

describe('The staff home', () => {
  it('warns the owner when the last fetch of the exchange rates failed, with a link to them', async () => {
    serve(true)
    renderWithProviders(<StaffHomePage />, { bootstrap: staff('owner'), route: '/yonetim/ozet' })
    const warning = await screen.findByTestId('home-rates-warning')
    expect(warning.textContent).toContain(
      'Döviz kurları TCMB’den alınamadı; geçerli kurlar 17.03.2026 15:35 tarihindeki son başarılı alımdan.',
    )
    expect(within(warning).getByRole('link', { name: 'Döviz kurlarına git' }).getAttribute('href')).toBe(
      '/yonetim/doviz-kurlari',
    )
  })

  it('says nothing of the rates while their fetches succeed', async () => {
    serve(false)
    renderWithProviders(<StaffHomePage />, { bootstrap: staff('owner'), route: '/yonetim/ozet' })
    await screen.findByTestId('figure-orders')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('home-rates-warning')).toBeNull()
  })

  it("shows today's figures, each with its screen", async () => {
    serve()
    renderWithProviders(<StaffHomePage />, { bootstrap: staff('owner'), route: '/yonetim/ozet' })
    const orders = await screen.findByTestId('figure-orders')
    expect(within(orders).getByRole('heading', { name: 'Bugünkü siparişler' })).toBeTruthy()
    expect(orders.textContent).toContain('12')
    expect(orders.textContent).toContain('48.250,50 ₺')
    expect(within(orders).getByRole('link', { name: 'Bugünün siparişlerini aç' }).getAttribute('href')).toBe(
      '/yonetim/siparisler?from=2026-03-18&to=2026-03-18',
    )
    expect(within(screen.getByTestId('figure-waiting')).getByRole('link').getAttribute('href')).toBe(
      '/yonetim/siparisler?status=new',
    )
    expect(screen.getByTestId('figure-offers').textContent).toContain('3')
    expect(screen.getByTestId('figure-card-payments').textContent).toContain('1.320,00 ₺')
    expect(screen.getByTestId('figure-transfers').textContent).toContain('250,50 ₺')
    expect(screen.getByTestId('figure-fault-reports').textContent).toContain('5')
    expect(screen.getByTestId('summary-updated').textContent).toMatch(
      /^18\.03\.2026 · son güncelleme \d\d:\d\d$/,
    )
  })

  it('gives a sales user the same links (payments, fault reports and offers are theirs to read)', async () => {
    serve()
    renderWithProviders(<StaffHomePage />, { bootstrap: staff('sales'), route: '/yonetim/ozet' })
    await screen.findByTestId('figure-orders')
    expect(within(screen.getByTestId('figure-card-payments')).getByRole('link').getAttribute('href')).toBe(
      '/yonetim/odemeler',
    )
    expect(within(screen.getByTestId('figure-fault-reports')).getByRole('link')).toBeTruthy()
    expect(within(screen.getByTestId('figure-offers')).getByRole('link').getAttribute('href')).toMatch(
      /^\/yonetim\/teklifler\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/,
    )
  })

  it('says when the figures cannot be read, with a retry', async () => {
    serve()
    server.use(
      http.get('/yonetim/summary', () => apiError(503, 'unavailable', 'Hizmet şu an kullanılamıyor.')),
    )
    renderWithProviders(<StaffHomePage />, { bootstrap: staff('owner'), route: '/yonetim/ozet' })
    expect(await screen.findByText('Özet yüklenemedi.')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Tekrar dene|Yeniden dene/ })).toBeTruthy()
  })
})
