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
import { apiError, apiJson } from '../../test/network'
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

  it('applies the detail quantity rules', async () => {
    serve([catalogProduct()])
    renderDetail('/fren-balatasi-p-1')
    const input = (await screen.findByRole('textbox', { name: 'Miktar' })) as HTMLInputElement
    const decrease = screen.getByRole('button', { name: 'Miktarı azalt' })
    const increase = screen.getByRole('button', { name: 'Miktarı artır' })
    expect(input.value).toBe('1')
    expect(decrease.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(increase)
    fireEvent.click(increase)
    expect(input.value).toBe('3')
    fireEvent.click(decrease)
    expect(input.value).toBe('2')
    const type = (text: string) => fireEvent.change(input, { target: { value: text } })
    type('42')
    expect(input.value).toBe('42')
    type('150')
    expect(input.value).toBe('42')
    type('-3')
    expect(input.value).toBe('42')
    type('100')
    expect(input.value).toBe('100')
    expect(increase.getAttribute('aria-disabled')).toBe('true')
    type('abc')
    expect(input.value).toBe('1')
    type('7')
    type('0')
    expect(input.value).toBe('1')
    type('')
    expect(input.value).toBe('')
    fireEvent.blur(input)
    expect(input.value).toBe('1')
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
