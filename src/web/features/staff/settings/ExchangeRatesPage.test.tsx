// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type ExchangeRates,
  exchangeRateFetchResultSchema,
  exchangeRatesSchema,
} from '../../../../contracts/exchange-rates'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { ExchangeRatesPage } from './ExchangeRatesPage'

const staff = (staffRole: StaffRole) =>
  dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => act(() => notifications.clean()))

const rates = (patch: Partial<ExchangeRates> = {}): ExchangeRates => ({
  settings: { field: 'ForexSelling', markupPercent: '0' },
  currencies: [
    {
      code: 'TRY',
      name: 'Türk Lirası',
      rate: '1.000000',
      source: 'manual',
      bulletinDate: null,
      pinned: false,
      isBase: true,
    },
    {
      code: 'USD',
      name: 'ABD Doları',
      rate: '42.486600',
      source: 'tcmb',
      bulletinDate: '2026-11-27',
      pinned: false,
      isBase: false,
    },
    {
      code: 'EUR',
      name: 'Euro',
      rate: '50.000000',
      source: 'manual',
      bulletinDate: null,
      pinned: true,
      isBase: false,
    },
  ],
  status: {
    lastSuccessAt: '2026-11-27T12:35:04.000Z',
    lastBulletinDate: '2026-11-27',
    lastFailureAt: null,
    lastFailure: null,
    failing: false,
  },
  ...patch,
})

function serve(data: ExchangeRates) {
  server.use(http.get('/yonetim/exchange-rates', () => apiJson(exchangeRatesSchema, data)))
}

const open = (role: StaffRole = 'owner', locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(<ExchangeRatesPage />, {
    bootstrap: { ...staff(role), locale },
    route: locale === 'en' ? '/en/yonetim/doviz-kurlari' : '/yonetim/doviz-kurlari',
  })

const row = async (code: string) =>
  (await screen.findAllByTestId('rate-row')).find((r) => r.getAttribute('data-code') === code)!

describe('The exchange rates screen', () => {
  it('lists each currency with its rate and where it came from', async () => {
    serve(rates())
    open()
    const usd = await row('USD')
    expect(within(usd).getByTestId('rate-value').textContent).toBe('42,4866')
    expect(within(usd).getByTestId('rate-source').textContent).toBe('TCMB 27.11.2026')
    const eur = await row('EUR')
    expect(within(eur).getByTestId('rate-source').textContent).toBe('Elle')
    expect(within(eur).getByText('Sabit')).toBeTruthy()
    expect(within(await row('TRY')).getByText('Ana para birimi')).toBeTruthy()
    // The base currency has no manual entry.
    expect(within(await row('TRY')).queryByRole('button')).toBeNull()
    expect(screen.getByTestId('rates-last').textContent).toBe(
      'Son bülten: 27.11.2026 · son başarılı alım: 27.11.2026 15:35',
    )
    expect(screen.queryByTestId('rates-warning')).toBeNull()
  })

  it('in English, with the English labels', async () => {
    serve(rates())
    open('owner', 'en')
    const usd = await row('USD')
    expect(within(usd).getByTestId('rate-value').textContent).toBe('42.4866')
    expect(within(await row('EUR')).getByTestId('rate-source').textContent).toBe('Manual')
  })

  it('warns when the last fetch failed, with the time of the last success', async () => {
    serve(
      rates({
        status: {
          lastSuccessAt: '2026-11-27T12:35:04.000Z',
          lastBulletinDate: '2026-11-27',
          lastFailureAt: '2026-11-30T12:35:02.000Z',
          lastFailure: 'HTTP 500',
          failing: true,
        },
      }),
    )
    open()
    const warning = await screen.findByTestId('rates-warning')
    expect(warning.getAttribute('role')).toBe('alert')
    expect(warning.textContent).toContain('Son deneme 30.11.2026 15:35: HTTP 500.')
    expect(warning.textContent).toContain('Geçerli kurlar 27.11.2026 15:35 tarihindeki son başarılı alımdan.')
  })

  it('fetches on demand and says what the bulletin changed', async () => {
    serve(rates())
    const requests = recordRequests()
    server.use(
      http.post('/yonetim/exchange-rates/fetch', () =>
        apiJson(exchangeRateFetchResultSchema, {
          bulletinDate: '2026-11-30',
          rates: [{ currency: 'USD', rate: '42.600100' }],
        }),
      ),
    )
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'TCMB’den şimdi al' }))
    expect(await screen.findByText('30.11.2026 bülteni uygulandı: 1 kur güncellendi.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/yonetim/exchange-rates/fetch',
    ])
    // The screen is read again after the fetch.
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.path === '/yonetim/exchange-rates')).toHaveLength(
        2,
      ),
    )
  })

  it('says why a fetch failed', async () => {
    serve(rates())
    server.use(
      http.post('/yonetim/exchange-rates/fetch', () =>
        apiError(
          502,
          'rates_fetch_failed',
          'Merkez Bankası kurları alınamadı (HTTP 500); önceki kurlar geçerli.',
        ),
      ),
    )
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'TCMB’den şimdi al' }))
    expect(await screen.findByText(/Merkez Bankası kurları alınamadı \(HTTP 500\)/)).toBeTruthy()
  })

  it('sets a rate by hand, pinned by default, typed with a comma, from the keyboard', async () => {
    serve(rates())
    const requests = recordRequests()
    server.use(http.put('/yonetim/exchange-rates/USD', () => apiJson(exchangeRatesSchema, rates())))
    open()
    await userEvent.click(within(await row('USD')).getByRole('button', { name: 'Elle gir (USD)' }))
    const input = await screen.findByRole('textbox', { name: '1 USD kaç TL?' })
    await waitFor(() => expect(document.activeElement).toBe(input))
    await userEvent.keyboard('43,10{Enter}')
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1))
    const put = requests.find((r) => r.method === 'PUT')!
    await waitFor(() => expect(put.body).toEqual({ rate: '43.10', pinned: true }))
    expect(await screen.findByText('USD kuru kaydedildi.')).toBeTruthy()
  })

  it('refuses a rate that is not one before sending it', async () => {
    serve(rates())
    const requests = recordRequests()
    open()
    await userEvent.click(within(await row('EUR')).getByRole('button', { name: 'Elle gir (EUR)' }))
    await userEvent.type(await screen.findByRole('textbox', { name: '1 EUR kaç TL?' }), '0{Enter}')
    expect(await screen.findByText('Sıfırdan büyük, en fazla altı ondalıklı bir kur giriniz.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0)
  })

  it('saves the rate settings', async () => {
    serve(rates())
    const requests = recordRequests()
    server.use(
      http.put('/yonetim/exchange-rates/settings', () =>
        apiJson(exchangeRatesSchema, rates({ settings: { field: 'ForexSelling', markupPercent: '1.5' } })),
      ),
    )
    open()
    const markup = await screen.findByRole('textbox', { name: /Kur farkı/ })
    await userEvent.clear(markup)
    await userEvent.type(markup, '1,5')
    await userEvent.click(screen.getByRole('button', { name: 'Ayarları kaydet' }))
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1))
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        field: 'ForexSelling',
        markupPercent: '1.5',
      }),
    )
  })

  it('shows a read-only role the rates without any button that writes', async () => {
    serve(rates())
    open('readonly')
    await row('USD')
    expect(screen.queryByRole('button', { name: 'TCMB’den şimdi al' })).toBeNull()
    expect(screen.queryByRole('button', { name: /elle gir/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Ayarları kaydet' })).toBeNull()
  })

  it('says so when the rates cannot be loaded, and offers to try again', async () => {
    server.use(http.get('/yonetim/exchange-rates', () => HttpResponse.json({}, { status: 500 })))
    open()
    expect(await screen.findByText('Kurlar yüklenemedi.')).toBeTruthy()
  })

  it('says so when the store has no currencies', async () => {
    serve(rates({ currencies: [] }))
    open()
    expect(await screen.findByTestId('rates-empty')).toBeTruthy()
  })
})
