// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { cartSchema } from '../../../contracts/cart'
import { categoryTreeSchema, type ProductList, productListSchema } from '../../../contracts/catalog'
import { okSchema } from '../../../contracts/common'
import { defaultStoreSettings } from '../../../contracts/settings'
import { emptyCart } from '../../test/cart-fixtures'
import { catalogProduct, categoryTree, productList } from '../../test/catalog-fixtures'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, never, type RecordedRequest, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { ProductListPage } from './ProductListPage'

type Answer = () => Response | Promise<Response>
let requests: RecordedRequest[] = []

/**
 * The calls of the list page: the category tree, the list (a fixed list or a resolver), the dealer's
 * cart (for the cart buttons) and, when given, the preference call.
 */
function serve({
  products = productList(),
  settings,
}: {
  products?: ProductList | Answer
  settings?: Answer
} = {}) {
  const list: Answer = typeof products === 'function' ? products : () => apiJson(productListSchema, products)
  server.use(
    http.get('/api/catalog/categories', () => apiJson(categoryTreeSchema, categoryTree)),
    http.get('/api/catalog/products', list),
    http.get('/api/catalog/products/*', list),
    http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
  )
  if (settings) server.use(http.post('/api/catalog/settings', settings))
  requests = recordRequests()
}

const preferenceSaved = () => apiJson(okSchema, { ok: true })
const settingsPosts = () => requests.filter((r) => r.path === '/api/catalog/settings')

function renderList(route: string, bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/urunler" element={<ProductListPage kind="all" />} />
        <Route path="/arama" element={<ProductListPage kind="search" />} />
        <Route path="/:url" element={<ProductListPage kind="path" />} />
        <Route path="/:brand/:url" element={<ProductListPage kind="path" />} />
      </Routes>
      <LocationProbe />
    </>,
    { route, bootstrap },
  )
}

const location = () => screen.getByTestId('location').textContent
const listCalls = () =>
  requests.filter((r) => r.url.pathname.startsWith('/api/catalog/products')).map((r) => r.url)

beforeEach(() => serve())

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('ProductListPage', () => {
  it('shows one placeholder per page slot while the list loads', () => {
    serve({ products: never })
    renderList('/fren-sistemi')
    expect(screen.getByRole('status', { name: 'Ürünler yükleniyor' })).toBeTruthy()
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(24)
  })

  it('shows grid cards with image, name, code, prices, discount, stock, quantity and the cart slot', async () => {
    renderList('/fren-sistemi')
    const card = await screen.findByTestId('product-card')
    expect(listCalls()[0]?.pathname).toBe('/api/catalog/products/fren-sistemi')
    expect(screen.getByRole('heading', { level: 1, name: 'Fren Sistemi' })).toBeTruthy()

    const image = card.querySelector('img')
    expect(image?.getAttribute('src')).toBe('/images/fb-100.jpg')
    // The first card's image is above the fold: fetched at once, with high priority.
    expect(image?.getAttribute('loading')).toBe('eager')
    expect(image?.getAttribute('fetchpriority')).toBe('high')
    expect(image?.getAttribute('height')).toBe('229')
    expect(within(card).getByRole('link', { name: 'Fren Balatası' }).getAttribute('href')).toBe(
      '/fren-balatasi-p-1',
    )
    expect(within(card).getByText('Ürün kodu: FB-100')).toBeTruthy()
    expect(within(card).getByTestId('sale-price').textContent).toContain('1.234,50 ₺')
    expect(within(card).getByTestId('list-price').tagName).toBe('DEL')
    expect(within(card).getByTestId('discount-badge').textContent).toBe('%18 indirim')
    expect(within(card).getByTestId('stock-info').textContent).toBe('12 Adet')
    expect(within(card).getByRole('textbox', { name: 'Fren Balatası miktarı' })).toHaveProperty('value', '1')
    expect(within(card).getByRole('button', { name: 'Sepete Ekle' })).toHaveProperty('disabled', false)
  })

  it.each([
    ['grid', 'product-card'],
    ['list', 'product-row'],
  ])('disables the quantity of a product that cannot be added (%s), saying why', async (view, testId) => {
    serve({
      products: productList({
        view: view as 'grid' | 'list',
        items: [
          catalogProduct({ quantity: 0, stock: { kind: 'outOfStock' } }),
          catalogProduct({ id: 2, name: 'Disk', code: 'D-2', url: '/disk-p-2', seo: 'disk' }),
        ],
      }),
    })
    renderList(`/fren-sistemi?view=${view}`)
    const [gone, inStock] = await screen.findAllByTestId(testId)
    const field = within(gone!).getByRole('textbox', { name: 'Fren Balatası miktarı' })
    // Disabled (by its fieldset: Mantine's Input keeps a described field's own attribute off).
    expect(field.matches(':disabled')).toBe(true)
    for (const name of ['Miktarı azalt', 'Miktarı artır']) {
      expect(within(gone!).getByRole('button', { name })).toHaveProperty('disabled', true)
    }
    const reason = document.getElementById(field.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe('Sepete eklenemez: Stokta Yok')
    // An addable product keeps its control.
    expect(within(inStock!).getByRole('textbox', { name: 'Disk miktarı' }).matches(':disabled')).toBe(false)
    expect(within(inStock!).getByRole('button', { name: 'Miktarı artır' })).toHaveProperty('disabled', false)
  })

  it('shows the table with the spec’s columns in the spec’s order', async () => {
    const bootstrap = dealerBootstrap({
      settings: { ...defaultStoreSettings, b2b_urun_detay_ozel_kod_gosterim: true },
    })
    renderList('/fren-sistemi?view=list', bootstrap)
    const table = await screen.findByTestId('product-table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers).toEqual([
      'Görsel',
      'Kod',
      'Ürün Adı',
      'Marka',
      'Model',
      'Özel Kod',
      'Miktar',
      'Liste Fiyatı',
      'Fiyat',
      'KDV',
      'Stok',
      'Depo',
      'Sepet',
    ])
    const cells = within(table)
      .getAllByRole('row')[1]
      ?.querySelectorAll('td') as NodeListOf<HTMLTableCellElement>
    expect(cells[0]?.querySelector('img')?.getAttribute('height')).toBe('80')
    expect(cells[1]?.textContent).toBe('FB-100')
    expect(cells[2]?.textContent).toBe('Fren Balatası')
    expect(cells[3]?.textContent).toBe('Bremsa')
    expect(cells[4]?.textContent).toBe('Seri 3')
    expect(cells[5]?.textContent).toBe('OZ-1')
    expect(cells[7]?.querySelector('del')?.textContent).toBe('1.500,00 ₺')
    expect(cells[8]?.textContent).toContain('1.234,50 ₺')
    expect(cells[9]?.textContent).toBe('%20')
    expect(cells[10]?.textContent).toBe('12 Adet')
  })

  it('shows one price column per payment plan when the store shows two plans (more fold into the price info)', async () => {
    const bootstrap = dealerBootstrap({
      settings: { ...defaultStoreSettings, showPaymentPlanPrice: true },
      paymentPlans: [
        { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
        { id: 2, name: '30 Gün', priceName: 'advencePrice1', varsayilan: false, isVirtual: false },
      ],
    })
    renderList('/fren-sistemi?view=list', bootstrap)
    const table = await screen.findByTestId('product-table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers.slice(5, 10)).toEqual(['Miktar', 'Liste Fiyatı', 'Peşin', '30 Gün', 'KDV'])
    expect(headers).not.toContain('Fiyat')
    const row = within(table).getAllByRole('row')[1] as HTMLElement
    expect(within(row).getByText('1.270,00 ₺')).toBeTruthy()
    expect(within(row).getByTestId('sale-price').textContent).toContain('1.234,50 ₺')
  })

  it('opens the stock inventory modal from the warehouse column', async () => {
    renderList('/fren-sistemi?view=list')
    await screen.findByTestId('product-table')
    fireEvent.click(screen.getByRole('button', { name: 'Depolar: Fren Balatası için depo stokları' }))
    const dialog = await screen.findByRole('dialog', { name: 'Depo Stok Durumu' })
    const rows = within(dialog)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual(['DepoStok', 'Merkez Depo8 Adet', 'Ankara Depo4 Adet'])
    // The theme names every modal's × button in the page's language.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kapat' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('opens the price information modal from a card', async () => {
    const bootstrap = dealerBootstrap({
      settings: { ...defaultStoreSettings, showPaymentPlanPrice: true },
      paymentPlans: [
        { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
        { id: 2, name: '30 Gün', priceName: 'advencePrice1', varsayilan: false, isVirtual: false },
      ],
    })
    renderList('/fren-sistemi', bootstrap)
    fireEvent.click(
      await screen.findByRole('button', { name: 'Fren Balatası için ödeme planı fiyatlarını göster' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Fiyat Bilgisi' })
    expect(
      within(dialog)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Ödeme planıFiyat', 'Peşin1.234,50 ₺', '30 Gün1.270,00 ₺'])
  })

  it('switches to the list view in the address and stores the choice', async () => {
    const user = userEvent.setup()
    serve({ settings: preferenceSaved })
    renderList('/fren-sistemi?page=2')
    await screen.findByTestId('product-card')
    await user.click(screen.getByText('Liste'))
    expect(await screen.findByTestId('product-table')).toBeTruthy()
    expect(location()).toBe('/fren-sistemi?page=2&view=list')
    await waitFor(() => expect(settingsPosts()[0]?.body).toEqual({ key: 'productListView', value: 'list' }))
  })

  it('lets a guest switch the view without storing it, shows no prices and no stock-only switch', async () => {
    const guestList = productList({
      items: [
        catalogProduct({ salePrice: null, listPrice: null, quantity: null, stock: null, inventory: null }),
      ],
    })
    serve({ products: guestList })
    renderList('/fren-sistemi', guestBootstrap())
    await screen.findByTestId('product-card')
    expect(screen.getByText('Fiyat için giriş yapınız')).toBeTruthy()
    expect(screen.queryByTestId('stock-info')).toBeNull()
    expect(screen.queryByRole('switch')).toBeNull()
    fireEvent.click(screen.getByText('Liste'))
    expect(await screen.findByTestId('product-table')).toBeTruthy()
    expect(settingsPosts()).toEqual([])
  })

  it('sorts through the address and asks the server for that sort from page 1', async () => {
    const user = userEvent.setup()
    renderList('/fren-sistemi?page=3')
    await screen.findByTestId('product-card')
    await user.click(screen.getByRole('combobox', { name: 'Sıralama' }))
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual([
      'Ada göre (A-Z)',
      'Ada göre (Z-A)',
      'Fiyata göre artan',
      'Fiyata göre azalan',
      'Markaya göre (A-Z)',
      'Markaya göre (Z-A)',
      'Stoğa göre artan',
      'Stoğa göre azalan',
    ])
    await user.click(screen.getByRole('option', { name: 'Fiyata göre artan' }))
    expect(location()).toBe('/fren-sistemi?sort=price')
    await waitFor(() => expect(listCalls().at(-1)?.search).toBe('?sort=price'))
  })

  it('changes the page through the address and scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo')
    serve({ products: productList({ total: 700, pages: 30 }) })
    renderList('/fren-sistemi?sort=-price')
    await screen.findByTestId('product-card')
    fireEvent.click(screen.getByRole('button', { name: 'Sayfa 2' }))
    expect(location()).toBe('/fren-sistemi?sort=-price&page=2')
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 })
    await waitFor(() => expect(listCalls().at(-1)?.search).toBe('?page=2&sort=-price'))
  })

  it('says so in the spec’s words when nothing matches', async () => {
    serve({ products: productList({ items: [], total: 0, pages: 0 }) })
    renderList('/fren-sistemi')
    expect(await screen.findByRole('heading', { name: 'Aradığınız Ürün Bulunamadı!' })).toBeTruthy()
    expect(screen.getByText('Seçtiğiniz filtrelere uygun bir ürün bulunamadı.')).toBeTruthy()
  })

  it('shows a not-found page for an unknown category', async () => {
    serve({ products: () => apiError(404, 'not_found', 'Bulunamadı') })
    renderList('/yok-boyle-bir-sey')
    expect(await screen.findByRole('heading', { name: 'Sayfa bulunamadı' })).toBeTruthy()
  })

  it('offers a retry after an error', async () => {
    let calls = 0
    serve({
      products: () =>
        ++calls === 1 ? new HttpResponse('oops', { status: 500 }) : apiJson(productListSchema, productList()),
    })
    renderList('/fren-sistemi')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Ürünler yüklenemedi')
    fireEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }))
    expect(await screen.findByTestId('product-card')).toBeTruthy()
  })

  it('shows the search page with its query, brand and model filters, each removable', async () => {
    serve({
      products: productList({
        category: null,
        breadcrumbs: [],
        q: 'balata',
        brand: { id: 4, name: 'Bremsa', slug: 'bremsa' },
        model: { id: 9, name: 'Seri 3' },
      }),
    })
    renderList('/arama?q=balata&brand=bremsa&filters=model:9')
    expect(
      await screen.findByRole('heading', { level: 1, name: '“balata” için arama sonuçları' }),
    ).toBeTruthy()
    expect(listCalls()[0]?.pathname).toBe('/api/catalog/products')
    expect(Object.fromEntries(listCalls()[0]?.searchParams ?? [])).toEqual({
      q: 'balata',
      brand: 'bremsa',
      filters: 'model:9',
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Seri 3 filtresini kaldır' }))
    expect(location()).toBe('/arama?q=balata&brand=bremsa')
    fireEvent.click(screen.getByRole('button', { name: 'Bremsa filtresini kaldır' }))
    expect(location()).toBe('/arama?q=balata')
  })

  it('shows the category tree opened down to the current category, and breadcrumbs', async () => {
    renderList('/fren-sistemi')
    await screen.findByTestId('product-card')
    const nav = await screen.findByRole('navigation', { name: 'Kategoriler' })
    const current = await within(nav).findByRole('link', { name: 'Fren Sistemi' })
    expect(current.getAttribute('aria-current')).toBe('page')
    expect(
      within(nav).getByRole('button', { name: 'Otomotiv alt kategorileri' }).getAttribute('aria-expanded'),
    ).toBe('true')
    const crumbs = screen.getByRole('navigation', { name: 'Bulunduğunuz yer' })
    expect(within(crumbs).getByRole('link', { name: 'Otomotiv' }).getAttribute('href')).toBe('/otomotiv')
  })

  it('saves the stock-only choice with a spinner for at least a second, then fetches the list again', async () => {
    serve({ settings: preferenceSaved })
    renderList('/fren-sistemi')
    await screen.findByTestId('product-card')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const before = listCalls().length
    const toggle = screen.getByRole('switch', { name: 'Sadece stoktakiler' })
    toggle.focus()
    fireEvent.click(toggle)
    expect(screen.getByRole('status', { name: 'Tercihiniz kaydediliyor' })).toBeTruthy()
    // Busy, not disabled: the focus stays on the switch, and a second press meanwhile is ignored.
    expect(toggle).toHaveProperty('disabled', false)
    expect(toggle.getAttribute('aria-busy')).toBe('true')
    expect(document.activeElement).toBe(toggle)
    fireEvent.click(toggle)
    await act(() => vi.advanceTimersByTimeAsync(999))
    expect(screen.getByRole('status', { name: 'Tercihiniz kaydediliyor' })).toBeTruthy()
    expect(listCalls().length).toBe(before)
    await act(() => vi.advanceTimersByTimeAsync(1))
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(screen.queryByRole('status', { name: 'Tercihiniz kaydediliyor' })).toBeNull()
    expect(screen.getByRole('switch', { name: 'Sadece stoktakiler' })).toHaveProperty('checked', true)
    expect(document.activeElement).toBe(toggle)
    expect(settingsPosts().map((post) => post.body)).toEqual([{ key: 'showNotInStocks', value: '0' }])
    expect(listCalls().length).toBe(before + 1)
  })

  it('logs a failed stock-only save and stops the spinner, leaving the switch as it was', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    serve({ settings: () => new HttpResponse('x', { status: 500 }) })
    renderList('/fren-sistemi')
    await screen.findByTestId('product-card')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    fireEvent.click(screen.getByRole('switch', { name: 'Sadece stoktakiler' }))
    await act(() => vi.advanceTimersByTimeAsync(1000))
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(screen.queryByRole('status', { name: 'Tercihiniz kaydediliyor' })).toBeNull()
    expect(screen.getByRole('switch', { name: 'Sadece stoktakiler' })).toHaveProperty('checked', false)
    expect(log).toHaveBeenCalled()
  })
})
