// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { type CampaignsResponse, campaignsResponseSchema } from '../../../contracts/campaigns'
import { defaultStoreSettings } from '../../../contracts/settings'
import { campaign, dealerBootstrap, guestBootstrap, product } from '../../test/fixtures'
import { apiJson, never, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { HomePage } from './HomePage'

function serveCampaigns(answer: CampaignsResponse) {
  server.use(http.get('/api/catalog/campaigns', () => apiJson(campaignsResponseSchema, answer)))
}

describe('HomePage', () => {
  it('shows one placeholder per card slot while the campaigns load', () => {
    server.use(http.get('/api/catalog/campaigns', never))
    renderWithProviders(<HomePage />)
    expect(screen.getByRole('status', { name: 'Kampanyalar yükleniyor' })).toBeTruthy()
    expect(screen.getAllByTestId('campaign-skeleton')).toHaveLength(6)
  })

  it('greets a guest and asks to log in for prices', async () => {
    serveCampaigns({ campaigns: [campaign({ products: [product({ salePrice: null, listPrice: null })] })] })
    const requests = recordRequests()
    renderWithProviders(<HomePage />, { bootstrap: guestBootstrap() })
    expect(screen.getByRole('heading', { level: 1, name: 'Hoş geldiniz' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'giriş yapın' }).getAttribute('href')).toBe('/account/login')
    expect(await screen.findByText('Fiyat için giriş yapınız')).toBeTruthy()
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/catalog/campaigns'])
  })

  it('shows a dealer the campaign cards with sale and struck-through list prices', async () => {
    serveCampaigns({ campaigns: [campaign()] })
    renderWithProviders(<HomePage />, { bootstrap: dealerBootstrap() })
    expect(screen.getByRole('heading', { level: 1, name: 'Hoş geldiniz, Ayşe Yılmaz' })).toBeTruthy()

    const section = await screen.findByRole('region', { name: 'Haftanın Fırsatları' })
    const card = within(section).getByRole('link', { name: /Fren Balatası/ })
    expect(card.getAttribute('href')).toBe('/fren-balatasi-p-1')
    expect(within(card).getByText('FB-100')).toBeTruthy()
    expect(within(card).getByText('1.234,50 ₺')).toBeTruthy()
    const listPrice = within(card).getByText('1.500,00 ₺')
    expect(listPrice.closest('del')).toBeTruthy()
    const image = within(card).getByRole('img', { name: 'Fren Balatası' })
    expect(image.getAttribute('src')).toBe('/images/fb-100.jpg')
    // The first section's first card is above the fold: fetched at once, with high priority.
    expect(image.getAttribute('loading')).toBe('eager')
    expect(image.getAttribute('fetchpriority')).toBe('high')
  })

  it('hides the list price when the store turns it off or it is not above the sale price', async () => {
    serveCampaigns({
      campaigns: [
        campaign({
          products: [
            product({ id: 1, name: 'Birinci' }),
            product({ id: 2, name: 'İkinci', listPrice: { value: 1234.5, currency: 'TRY' } }),
          ],
        }),
      ],
    })
    const bootstrap = dealerBootstrap({ settings: { ...defaultStoreSettings, showListPrice: false } })
    renderWithProviders(<HomePage />, { bootstrap })
    expect(await screen.findAllByText('1.234,50 ₺')).toHaveLength(2)
    expect(screen.queryByText('1.500,00 ₺')).toBeNull()
    expect(document.querySelector('del')).toBeNull()
  })

  it('falls back to the 404 picture when an image fails', async () => {
    serveCampaigns({ campaigns: [campaign()] })
    renderWithProviders(<HomePage />, { bootstrap: dealerBootstrap() })
    const image = await screen.findByRole('img', { name: 'Fren Balatası' })
    image.dispatchEvent(new Event('error'))
    await vi.waitFor(() => expect(image.getAttribute('src')).toBe('/images/404.png'))
  })

  it('hides products out of stock when the visitor does not want them', async () => {
    serveCampaigns({
      campaigns: [
        campaign({
          products: [product({ id: 1, name: 'Stokta' }), product({ id: 2, name: 'Tükendi', quantity: 0 })],
        }),
        campaign({ id: 2, name: 'Boş kalan', products: [product({ id: 3, quantity: -1 })] }),
      ],
    })
    const bootstrap = dealerBootstrap()
    bootstrap.preferences.showNotInStocks = '0'
    renderWithProviders(<HomePage />, { bootstrap })
    expect(await screen.findByText('Stokta')).toBeTruthy()
    expect(screen.queryByText('Tükendi')).toBeNull()
    expect(screen.queryByRole('region', { name: 'Boş kalan' })).toBeNull()
  })

  it('says so when there is no campaign', async () => {
    serveCampaigns({ campaigns: [] })
    renderWithProviders(<HomePage />)
    expect(await screen.findByText('Şu anda gösterilecek bir kampanya bulunmuyor.')).toBeTruthy()
  })

  it('offers a retry after an error', async () => {
    serveCampaigns({ campaigns: [campaign()] })
    server.use(
      http.get('/api/catalog/campaigns', () => new HttpResponse('oops', { status: 500 }), { once: true }),
    )
    const user = userEvent.setup()
    renderWithProviders(<HomePage />, { bootstrap: dealerBootstrap() })

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Kampanyalar yüklenemedi')
    expect(alert.textContent).toContain('Teknik bir hata yaşandı. Lütfen daha sonra tekrar deneyin.')
    await user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }))
    expect(await screen.findByRole('region', { name: 'Haftanın Fırsatları' })).toBeTruthy()
  })
})
