// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { cartSchema } from '../../../contracts/cart'
import { type ProductDetail, productDetailSchema } from '../../../contracts/catalog'
import { defaultStoreSettings } from '../../../contracts/settings'
import { emptyCart } from '../../test/cart-fixtures'
import { catalogProduct, unit } from '../../test/catalog-fixtures'
import { dealerBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { ProductDetailPage } from './ProductDetailPage'

/**
 * GET /api/catalog/product/:id answers the given products, any other id a 404; the dealer's cart (for
 * the add-to-cart button) is empty.
 */
function serve(products: ProductDetail[]) {
  const byId = new Map(products.map((p) => [p.id, p]))
  server.use(
    http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
    http.get('/api/catalog/product/:id', ({ params }) => {
      const product = byId.get(Number(params.id))
      return product ? apiJson(productDetailSchema, product) : apiError(404, 'not_found', 'Ürün bulunamadı.')
    }),
  )
}

function renderDetail(route: string, bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/:url" element={<ProductDetailPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { route, bootstrap },
  )
}

function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }))
  fireEvent.click(screen.getByRole('option', { name: option }))
}

function optionsOf(label: string): string[] {
  fireEvent.click(screen.getByRole('combobox', { name: label }))
  const options = screen.getAllByRole('option').map((option) => option.textContent ?? '')
  fireEvent.keyDown(screen.getByRole('combobox', { name: label }), { key: 'Escape', code: 'Escape' })
  return options
}

const codes = () => screen.getAllByTestId('product-code').map((line) => line.textContent)
const salePrice = () => within(screen.getByTestId('detail-price')).getByTestId('sale-price').textContent

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('ProductDetailPage', () => {
  it('shows codes, the special code, brand, model, prices, tax note, stock and equivalent codes', async () => {
    serve([catalogProduct({ stockNumberType: 'Both' })])
    const bootstrap = dealerBootstrap({
      settings: {
        ...defaultStoreSettings,
        b2b_urun_detay_ozel_kod_gosterim: true,
        b2b_urun_detay_ozel_kod: 'ozelkod2',
        b2b_urun_detay_ozel_kod_baslik: 'OEM No',
        productsWithKdv: true,
      },
    })
    renderDetail('/fren-balatasi-p-1', bootstrap)
    expect(screen.getByRole('status', { name: 'Ürün yükleniyor' })).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 1, name: 'Fren Balatası' })).toBeTruthy()
    expect(document.title).toBe('Fren Balatası | Demo Toptan')
    expect(codes()).toEqual(['Ürün kodu: FB-100', 'Barkod: 8690000000017'])
    expect(screen.getByTestId('special-code').textContent).toBe('OEM No: OZ-2')
    expect(screen.getByRole('link', { name: 'Bremsa' }).getAttribute('href')).toBe('/bremsa')
    expect(screen.getByRole('link', { name: 'Seri 3' }).getAttribute('href')).toBe('/bremsa?filters=model:9')
    expect(salePrice()).toContain('1.234,50 ₺')
    expect(within(screen.getByTestId('detail-price')).getByTestId('list-price').tagName).toBe('DEL')
    expect(screen.getByTestId('discount-badge').textContent).toBe('%18 indirim')
    expect(screen.getByText('KDV Dahil')).toBeTruthy()
    expect(screen.getByText('KDV Oranı: %20')).toBeTruthy()
    expect(screen.getByTestId('stock-info').textContent).toBe('Bu ürün stoklarda 12 birim mevcuttur.')
    expect(screen.getByText('BR-55')).toBeTruthy()
    expect(screen.getByText('seramik').tagName).toBe('STRONG')
    const image = screen.getByRole('img', { name: 'Fren Balatası' })
    expect(image.getAttribute('height')).toBe('222')
    const crumbs = screen.getByRole('navigation', { name: 'Bulunduğunuz yer' })
    expect(within(crumbs).getByRole('link', { name: 'Fren Sistemi' }).getAttribute('href')).toBe(
      '/fren-sistemi',
    )
  })

  it('hides the special-code line when it is off or empty', async () => {
    serve([catalogProduct({ ozelkod: null })])
    const bootstrap = dealerBootstrap({
      settings: { ...defaultStoreSettings, b2b_urun_detay_ozel_kod_gosterim: true },
    })
    renderDetail('/fren-balatasi-p-1', bootstrap)
    await screen.findByRole('heading', { level: 1, name: 'Fren Balatası' })
    expect(screen.queryByTestId('special-code')).toBeNull()
  })

  it('shows the payment-plan prices when the store shows them', async () => {
    serve([catalogProduct()])
    const bootstrap = dealerBootstrap({
      settings: { ...defaultStoreSettings, showPaymentPlanPrice: true },
      paymentPlans: [
        { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
        { id: 2, name: '60 Gün', priceName: 'advencePrice2', varsayilan: false, isVirtual: false },
      ],
    })
    renderDetail('/fren-balatasi-p-1', bootstrap)
    const table = await screen.findByTestId('plan-prices')
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Peşin1.234,50 ₺', '60 Gün1.300,00 ₺'])
  })

  it('shows the payment-plan prices of the chosen unit', async () => {
    serve([catalogProduct()])
    const bootstrap = dealerBootstrap({
      settings: { ...defaultStoreSettings, showPaymentPlanPrice: true },
      paymentPlans: [
        { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
        { id: 2, name: '30 Gün', priceName: 'advencePrice1', varsayilan: false, isVirtual: false },
        { id: 3, name: '90 Gün', priceName: 'advencePrice3', varsayilan: false, isVirtual: false },
      ],
    })
    renderDetail('/fren-balatasi-p-1', bootstrap)
    const rows = () =>
      within(screen.getByTestId('plan-prices'))
        .getAllByRole('row')
        .map((row) => row.textContent)
    await screen.findByTestId('plan-prices')
    expect(rows()).toEqual(['Peşin1.234,50 ₺', '30 Gün1.270,00 ₺', '90 Gün—'])
    expect(screen.getByTestId('plan-prices-unit').textContent).toContain('Adet fiyatı')
    choose('Birim', 'Koli (12)')
    // The Koli's own price (14.000) in each plan's ratio to the sale price: 14.000 × 1.270 / 1.234,50.
    expect(rows()).toEqual(['Peşin14.000,00 ₺', '30 Gün14.402,59 ₺', '90 Gün—'])
    expect(screen.getByTestId('plan-prices-unit').textContent).toContain('Koli fiyatı')
    expect(salePrice()).toContain('14.000,00 ₺')
  })

  it("shows 'Fiyat Sorunuz' for a sale price of 0: no 0,00 ₺, no tax note, no plan table of zeros", async () => {
    const zero = { value: 0, currency: 'TRY' }
    const base = catalogProduct()
    serve([
      catalogProduct({
        salePrice: zero,
        listPrice: zero,
        advencePrice1: zero,
        units: base.units.map((u) => ({ ...u, defaultPrice: zero, listPrice: zero })),
        defaultUnit: { ...base.defaultUnit!, defaultPrice: zero, listPrice: zero },
        quantity: 982,
        stock: { kind: 'exact', quantity: 982 },
      }),
    ])
    const bootstrap = dealerBootstrap({
      settings: { ...defaultStoreSettings, showPaymentPlanPrice: true },
      paymentPlans: [
        { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
        { id: 2, name: '30 Gün', priceName: 'advencePrice1', varsayilan: false, isVirtual: false },
      ],
    })
    renderDetail('/fren-balatasi-p-1', bootstrap)
    await screen.findByRole('heading', { level: 1, name: 'Fren Balatası' })
    expect(salePrice()).toBe('Fiyat Sorunuz')
    expect(screen.getByTestId('detail-price').textContent).not.toContain('0,00')
    expect(screen.queryByText('KDV Hariç')).toBeNull()
    expect(screen.queryByTestId('plan-prices')).toBeNull()
    expect(screen.getByTestId('buy-control').textContent).toBe('Fiyat Sorunuz')
    // Nothing to count without a price: no quantity field beside 'Fiyat Sorunuz'.
    expect(screen.queryByRole('textbox', { name: 'Miktar' })).toBeNull()
    // Several units and no price: the stock is told as it is, beside 'Fiyat Sorunuz' (not the spec's
    // red 'Stok sorunuz.', which said the opposite of the stock line).
    expect(screen.getByTestId('stock-info').textContent).toBe('Bu ürün stoklarda 982 birim mevcuttur.')
    expect(screen.queryByText('Stok sorunuz.')).toBeNull()
  })

  it('never shows a stock line saying there is stock beside a control saying there is none', async () => {
    // Mode 9 keeps a margin of 5: 3 in stock reads 'Stok sorunuz.', so the button is 'Stokta Yok'.
    serve([catalogProduct({ units: [unit()], quantity: 3, stock: { kind: 'outOfStock' } })])
    renderDetail(
      '/fren-balatasi-p-1',
      dealerBootstrap({ settings: { ...defaultStoreSettings, stockInfoStatus: 9 } }),
    )
    await screen.findByRole('heading', { level: 1, name: 'Fren Balatası' })
    expect(screen.getByTestId('stock-info').textContent).toBe('Stok sorunuz.')
    expect(screen.queryByTestId('add-to-cart')).toBeNull()
    expect(screen.getByTestId('buy-control').textContent).toBe('Stokta Yok')
  })

  it('shows the chosen unit’s prices', async () => {
    serve([catalogProduct()])
    renderDetail('/fren-balatasi-p-1')
    await screen.findByRole('heading', { level: 1, name: 'Fren Balatası' })
    expect((screen.getByRole('combobox', { name: 'Birim' }) as HTMLInputElement).value).toBe('Adet (1)')
    choose('Birim', 'Koli (12)')
    expect(salePrice()).toContain('14.000,00 ₺')
    expect(within(screen.getByTestId('detail-price')).getByTestId('list-price').textContent).toContain(
      '18.000,00 ₺',
    )
  })

  it('takes a typed quantity by the spec once it is left: 1–100 taken, not a number or 0 → 1, else the previous', async () => {
    serve([catalogProduct({ quantity: 500, stock: { kind: 'exact', quantity: 500 } })])
    renderDetail('/fren-balatasi-p-1')
    const input = (await screen.findByRole('textbox', { name: 'Miktar' })) as HTMLInputElement
    const decrease = screen.getByRole('button', { name: 'Miktarı azalt' })
    const increase = screen.getByRole('button', { name: 'Miktarı artır' })
    const problem = () => screen.queryByTestId('quantity-problem')?.textContent ?? null
    expect(input.value).toBe('1')
    expect(decrease.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(increase)
    fireEvent.click(increase)
    expect(input.value).toBe('3')
    fireEvent.click(decrease)
    expect(input.value).toBe('2')
    const commit = (text: string) => {
      fireEvent.change(input, { target: { value: text } })
      fireEvent.blur(input)
    }
    commit('42')
    expect(input.value).toBe('42')
    // Out of range while typing: marked, with the rule beside it …
    fireEvent.change(input, { target: { value: '150' } })
    expect(problem()).toBe('Miktar 1 ile 100 arasında bir tam sayı olmalıdır.')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    // … and left, the previous amount stays: nothing stays red.
    fireEvent.blur(input)
    expect(input.value).toBe('42')
    expect(problem()).toBeNull()
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    for (const [typed, kept] of [
      ['-3', '42'],
      ['abc', '1'],
      ['7', '7'],
      ['0', '1'],
      ['100', '100'],
      ['101', '100'],
      ['', '1'],
      ['1,5', '1'],
    ] as const) {
      commit(typed)
      expect(input.value, typed).toBe(kept)
      expect(problem(), typed).toBeNull()
    }
    // Enter commits too.
    fireEvent.change(input, { target: { value: 'x' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(input.value).toBe('1')
  })

  it.each([
    ['abc', '1'],
    ['0', '1'],
    ['150', '5'],
    ['-2', '5'],
    ['12', '12'],
  ])('adds by the same rule when the typed %s is not left first: %s', async (typed, added) => {
    serve([catalogProduct({ quantity: 500, stock: { kind: 'exact', quantity: 500 } })])
    server.use(http.post('/api/catalog/cart/:id', () => apiError(400, 'stop', 'Durdu.')))
    const requests = recordRequests()
    renderDetail('/fren-balatasi-p-1')
    const input = (await screen.findByRole('textbox', { name: 'Miktar' })) as HTMLInputElement
    fireEvent.change(input, { target: { value: '5' } })
    fireEvent.blur(input)
    fireEvent.change(input, { target: { value: typed } })
    fireEvent.click(screen.getByTestId('add-to-cart'))
    await act(async () => {})
    const posts = requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => (r.body as { quantity: string }).quantity)).toEqual([added])
    // The field shows what was added, never a red value with no add.
    expect(input.value).toBe(added)
    expect(screen.queryByTestId('quantity-problem')).toBeNull()
  })

  it('says the rule in English under /en', async () => {
    serve([catalogProduct()])
    renderDetail('/fren-balatasi-p-1', dealerBootstrap({ locale: 'en' }))
    const input = await screen.findByRole('textbox', { name: 'Quantity' })
    fireEvent.change(input, { target: { value: '150' } })
    expect(screen.getByTestId('quantity-problem').textContent).toBe(
      'The quantity must be a whole number from 1 to 100.',
    )
  })

  it('offers only existing variant combinations and shows the chosen child after 2.5 s', async () => {
    const varyantx = {
      dimensions: ['Renk', 'Beden'],
      children: [
        { id: 101, values: ['Kırmızı', 'M'], quantity: 4 },
        { id: 102, values: ['Kırmızı', 'L'], quantity: 0 },
        { id: 103, values: ['Mavi', 'S'], quantity: 9 },
      ],
    }
    const parent = catalogProduct({
      id: 100,
      name: 'İş Gömleği',
      code: 'GM-100',
      url: '/is-gomlegi-p-100',
      varyantx,
    })
    const child = catalogProduct({
      id: 103,
      name: 'İş Gömleği Mavi S',
      code: 'GM-100-MAVI-S',
      url: '/is-gomlegi-mavi-s-p-103',
      parentId: 100,
      variantValues: ['Mavi', 'S'],
      varyantx,
      quantity: 9,
      stock: { kind: 'exact', quantity: 9 },
      salePrice: { value: 321, currency: 'TRY' },
      listPrice: null,
      units: [unit({ id: 31, defaultPrice: { value: 321, currency: 'TRY' }, listPrice: null })],
      defaultUnit: unit({ id: 31, defaultPrice: { value: 321, currency: 'TRY' }, listPrice: null }),
    })
    serve([parent, child])
    renderDetail('/is-gomlegi-p-100')
    await screen.findByRole('heading', { level: 1, name: 'İş Gömleği' })
    expect(screen.getByText('Sepete eklemek için varyant seçiniz.')).toBeTruthy()

    expect(optionsOf('Renk')).toEqual(['Kırmızı', 'Mavi'])
    expect(optionsOf('Beden')).toEqual(['M', 'L', 'S'])
    choose('Renk', 'Mavi')
    expect(optionsOf('Beden')).toEqual(['S'])

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    choose('Beden', 'S')
    expect(screen.getByTestId('variant-busy').textContent).toBe('Seçtiğiniz varyant hazırlanıyor…')
    await act(() => vi.advanceTimersByTimeAsync(2499))
    expect(codes()).toEqual(['Ürün kodu: GM-100'])
    expect(salePrice()).toContain('1.234,50 ₺')
    expect(screen.getByTestId('variant-busy')).toBeTruthy()

    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(codes()).toEqual(['Ürün kodu: GM-100-MAVI-S'])
    expect(salePrice()).toContain('321,00 ₺')
    expect(screen.getByTestId('stock-info').textContent).toBe('Bu ürün stoklarda 9 birim mevcuttur.')
    expect(screen.queryByTestId('variant-busy')).toBeNull()
    expect(screen.getByTestId('location').textContent).toBe('/is-gomlegi-mavi-s-p-103')
    expect((screen.getByRole('combobox', { name: 'Renk' }) as HTMLInputElement).value).toBe('Mavi')
    expect((screen.getByRole('combobox', { name: 'Beden' }) as HTMLInputElement).value).toBe('S')
  })

  it('shows a not-found message for an unknown product', async () => {
    serve([])
    renderDetail('/olmayan-urun-p-999')
    expect(await screen.findByRole('heading', { name: 'Ürün bulunamadı' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ürünlere git' }).getAttribute('href')).toBe('/urunler')
  })

  it('opens the stock inventory modal from the stock info link', async () => {
    serve([catalogProduct()])
    renderDetail('/fren-balatasi-p-1')
    fireEvent.click(await screen.findByRole('button', { name: 'Stok bilgisi' }))
    const dialog = await screen.findByRole('dialog', { name: 'Depo Stok Durumu' })
    expect(within(dialog).getByText('Merkez Depo')).toBeTruthy()
    expect(within(dialog).getByText('8 Adet')).toBeTruthy()
  })
})
