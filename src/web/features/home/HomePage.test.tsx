// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { type CampaignsResponse, campaignsResponseSchema } from '../../../contracts/campaigns'
import { defaultStoreSettings } from '../../../contracts/settings'
import { LiveRegion } from '../../app/layout/LiveRegion'
import { campaign, dealerBootstrap, guestBootstrap, product } from '../../test/fixtures'
import { apiJson, never, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { HomePage } from './HomePage'

function serveCampaigns(answer: CampaignsResponse) {
  server.use(http.get('/api/catalog/campaigns', () => apiJson(campaignsResponseSchema, answer)))
}

describe('HomePage', () => {
  // The carousel is a chunk of its own, loaded as the page module loads: have it in before any test
  // waits for a carousel, so a slow import on a busy machine cannot outlast a test's wait.
  beforeAll(async () => {
    await import('./components/CampaignCarousel')
  }, 30_000)

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
    // The section stands at once with skeletons; its cards come when the lazy carousel resolves.
    const card = await within(section).findByRole('link', { name: /Fren Balatası/ })
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

  it('shows a list price equal to the sale price only when prices are without tax', async () => {
    const equal = campaign({ products: [product({ listPrice: { value: 1234.5, currency: 'TRY' } })] })
    serveCampaigns({ campaigns: [equal] })
    const withoutTax = renderWithProviders(<HomePage />, { bootstrap: dealerBootstrap() })
    expect(await screen.findAllByText('1.234,50 ₺')).toHaveLength(2)
    expect(document.querySelector('del')?.textContent).toContain('1.234,50 ₺')
    withoutTax.unmount()

    const settings = { ...defaultStoreSettings, productsWithKdv: true }
    renderWithProviders(<HomePage />, { bootstrap: dealerBootstrap({ settings }) })
    expect(await screen.findAllByText('1.234,50 ₺')).toHaveLength(1)
    expect(document.querySelector('del')).toBeNull()
  })

  it("lays the products out in a carousel: a slide is a column of the campaign's rows", async () => {
    const products = [1, 2, 3, 4, 5].map((id) => product({ id, name: `Ürün ${id}` }))
    serveCampaigns({ campaigns: [campaign({ rowCount: 2, products })] })
    renderWithProviders(<HomePage />, { bootstrap: dealerBootstrap() })

    const section = await screen.findByRole('region', { name: 'Haftanın Fırsatları' })
    const carousel = await within(section).findByRole('group', { name: 'Haftanın Fırsatları' })
    expect(carousel.getAttribute('aria-roledescription')).toBe('slayt gösterisi')
    const slides = within(carousel).getAllByRole('group', { name: /^\d+ \/ 3$/ })
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 / 3', '2 / 3', '3 / 3'])
    const namesIn = (slide: HTMLElement) =>
      within(slide)
        .getAllByRole('link')
        .map((link) => within(link).getByRole('img').getAttribute('alt'))
    expect(slides.map(namesIn)).toEqual([['Ürün 1', 'Ürün 2'], ['Ürün 3', 'Ürün 4'], ['Ürün 5']])
    // Each product once: the loop moves the slides, it copies none.
    expect(screen.getAllByRole('link', { name: /Ürün 1/ })).toHaveLength(1)
    // The first row of the first two columns is above the fold on a phone.
    const loading = (name: string) => screen.getByRole('img', { name }).getAttribute('loading')
    expect(['Ürün 1', 'Ürün 2', 'Ürün 3', 'Ürün 4', 'Ürün 5'].map(loading)).toEqual([
      'eager',
      'lazy',
      'eager',
      'lazy',
      'lazy',
    ])
    // Pagination, no arrows.
    expect(within(section).queryByRole('button', { name: /Previous|Next|Önceki|Sonraki/ })).toBeNull()
    const pagination = within(section).getByRole('group', { name: 'Haftanın Fırsatları: slaytlar' })
    const dots = within(pagination).getAllByRole('button')
    expect(dots.map((dot) => dot.getAttribute('aria-label'))).toEqual([
      'Slayt 1 / 3',
      'Slayt 2 / 3',
      'Slayt 3 / 3',
    ])
    await waitFor(() => expect(dots[0]?.getAttribute('aria-current')).toBe('true'))
  })

  it('moves to the position a pagination button names, and says so', async () => {
    const products = [1, 2, 3, 4].map((id) => product({ id, name: `Ürün ${id}` }))
    serveCampaigns({ campaigns: [campaign({ products })] })
    const user = userEvent.setup()
    renderWithProviders(
      <>
        <HomePage />
        <LiveRegion />
      </>,
      { bootstrap: dealerBootstrap() },
    )

    const third = await screen.findByRole('button', { name: 'Slayt 3 / 4' })
    await user.click(third)
    await waitFor(() => expect(third.getAttribute('aria-current')).toBe('true'))
    expect(screen.getByRole('button', { name: 'Slayt 1 / 4' }).getAttribute('aria-current')).toBeNull()
    // Said in the app's live region: the user moved it (the autoplay's moves are not read out).
    await waitFor(() => expect(screen.getByTestId('live-region').textContent?.trim()).toBe('Slayt 3 / 4'))
  })

  it('names the carousel parts in English on an English page', async () => {
    const products = [1, 2, 3].map((id) => product({ id, name: `Item ${id}` }))
    serveCampaigns({ campaigns: [campaign({ name: 'Deals of the week', products })] })
    renderWithProviders(<HomePage />, { bootstrap: dealerBootstrap({ locale: 'en' }) })
    const carousel = await screen.findByRole('group', { name: 'Deals of the week' })
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel')
    expect(within(carousel).getByRole('group', { name: '2 of 3' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Slide 3 of 3' })).toBeTruthy()
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
