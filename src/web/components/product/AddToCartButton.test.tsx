// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { ProductDetail } from '../../../contracts/catalog'
import { defaultStoreSettings, type StoreSettings } from '../../../contracts/settings'
import { cartLine, cartOf, emptyCart } from '../../test/cart-fixtures'
import { catalogProduct } from '../../test/catalog-fixtures'
import { calledUrls, routeFetch } from '../../test/fetch-routes'
import { dealerBootstrap, guestBootstrap, jsonResponse } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { renderWithProviders } from '../../test/render'
import { ADD_SUCCESS_MS, AddToCartButton, type AddToCartButtonProps } from './AddToCartButton'
import { QuantityInput } from './QuantityInput'
import { useAddLimit } from './use-add-limit'

const error = (status: number, type: string) =>
  jsonResponse({ error: { code: 'x', messages: { type } } }, status)

function serve(post: (init: RequestInit | undefined) => Response | Promise<Response>, cart = emptyCart()) {
  const fetchMock = routeFetch({
    '/api/catalog/cart': (_url: URL, init: RequestInit | undefined) =>
      init?.method === 'POST' ? post(init) : jsonResponse(cart),
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const posts = (fetchMock: ReturnType<typeof routeFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')

function settings(patch: Partial<StoreSettings> = {}): StoreSettings {
  return { ...defaultStoreSettings, ...patch }
}

function renderButton(
  props: Partial<AddToCartButtonProps> & { product?: ProductDetail } = {},
  bootstrap: Bootstrap = dealerBootstrap(),
) {
  const product = props.product ?? catalogProduct()
  return renderWithProviders(
    <>
      <AddToCartButton product={product} unit={product.defaultUnit} quantity={1} {...props} />
      <LocationProbe />
    </>,
    { bootstrap, route: '/fren-sistemi' },
  )
}

const addButton = () => screen.getByTestId('add-to-cart')
const alertText = async () => (await screen.findByTestId('cart-alert')).textContent

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('AddToCartButton adds', () => {
  it('posts form data, looks busy during the call and successful for 1250 ms after', async () => {
    vi.useFakeTimers()
    let answer: (response: Response) => void = () => {}
    const fetchMock = serve(() => new Promise<Response>((resolve) => (answer = resolve)))
    const product = catalogProduct({ quantity: 1000 })
    renderButton({ product, unit: product.units[1]!, quantity: 3 })
    await act(() => vi.advanceTimersByTimeAsync(0))

    fireEvent.click(addButton())
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(addButton().getAttribute('data-state')).toBe('busy')
    expect(addButton().hasAttribute('data-loading')).toBe(true)
    const [url, init] = posts(fetchMock)[0] ?? []
    expect(url).toBe('/api/catalog/cart/1')
    expect(String(init?.body)).toBe('quantity=3&productValue=12')
    expect(new Headers(init?.headers).get('X-Requested-With')).toBe('XMLHttpRequest')

    const line = cartLine({ unitId: 12, quantity: 3, unitPrice: { value: 14000, currency: 'TRY' } })
    const { items, ...summary } = cartOf([line])
    answer(jsonResponse({ item: items[0], cart: summary }))
    await act(() => vi.advanceTimersByTimeAsync(0))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(addButton().getAttribute('data-state')).toBe('success')
    expect(addButton().textContent).toBe('Sepete Eklendi')

    await act(() => vi.advanceTimersByTimeAsync(ADD_SUCCESS_MS - 1))
    expect(addButton().getAttribute('data-state')).toBe('success')
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(addButton().getAttribute('data-state')).toBe('idle')
    expect(addButton().textContent).toBe('Sepete Ekle')
    expect(ADD_SUCCESS_MS).toBe(1250)
  })

  it("shows the server's message in an alert and the error look", async () => {
    serve(() => error(409, 'Bu üründen 1 adet bulunmamaktadır!'))
    renderButton()
    fireEvent.click(addButton())
    expect(await alertText()).toBe('Bu üründen 1 adet bulunmamaktadır!')
    expect(addButton().getAttribute('data-state')).toBe('error')
    fireEvent.click(screen.getByRole('button', { name: 'Tamam' }))
    await waitFor(() => expect(screen.queryByTestId('cart-alert')).toBeNull())
  })

  it('stays silent on a network failure and fetches the cart again', async () => {
    const fetchMock = serve(() => Promise.reject(new TypeError('Failed to fetch')))
    renderButton()
    await waitFor(() => expect(calledUrls(fetchMock)).toHaveLength(1))
    fireEvent.click(addButton())
    await waitFor(() => expect(calledUrls(fetchMock)).toHaveLength(3))
    expect(calledUrls(fetchMock).map((u) => u.pathname)).toEqual([
      '/api/catalog/cart',
      '/api/catalog/cart/1',
      '/api/catalog/cart',
    ])
    expect(screen.queryByTestId('cart-alert')).toBeNull()
    expect(addButton().getAttribute('data-state')).toBe('idle')
  })

  it('refuses what the stock does not cover before calling, counting what the cart holds', async () => {
    // 12 in stock, 10 already in the cart: 3 more are refused with the spec's message.
    const fetchMock = serve(() => error(500, ''), cartOf([cartLine({ quantity: 10 })]))
    const { queryClient } = renderButton({ quantity: 3 })
    await waitFor(() => expect(queryClient.getQueryData(['cart'])).toBeTruthy())
    fireEvent.click(addButton())
    expect(await alertText()).toBe('Bu üründen 3 adet bulunmamaktadır!')
    expect(posts(fetchMock)).toHaveLength(0)
    expect(addButton().getAttribute('data-state')).toBe('error')
  })

  it('lets a guest try, so the server answers 401 (the login redirect)', async () => {
    const fetchMock = serve(() => new Promise<Response>(() => {}))
    renderButton({}, guestBootstrap())
    fireEvent.click(addButton())
    await waitFor(() => expect(posts(fetchMock)).toHaveLength(1))
    // Guests never load a cart.
    expect(calledUrls(fetchMock).map((u) => u.pathname)).toEqual(['/api/catalog/cart/1'])
  })
})

describe('AddToCartButton and variants', () => {
  const family = () =>
    catalogProduct({
      varyantx: { dimensions: ['Renk'], children: [{ id: 2, values: ['Kırmızı'], quantity: 5 }] },
    })

  it('on a list, goes to the product page with the redirect alert', async () => {
    const fetchMock = serve(() => error(500, ''))
    renderButton({ product: family() })
    fireEvent.click(addButton())
    expect(await alertText()).toBe('Ürün sayfasına yönlendiriliyorsunuz... Varyant Seçiniz!')
    expect(screen.getByTestId('location').textContent).toBe('/fren-balatasi-p-1')
    expect(posts(fetchMock)).toHaveLength(0)
  })

  it("on the product page, asks for the variant with 'Varyant Seçiniz!'", async () => {
    const fetchMock = serve(() => error(500, ''))
    renderButton({ product: family(), page: 'detail' })
    fireEvent.click(addButton())
    expect(await alertText()).toBe('Varyant Seçiniz!')
    expect(screen.getByTestId('location').textContent).toBe('/fren-sistemi')
    expect(posts(fetchMock)).toHaveLength(0)
  })

  it('adds a chosen child by its own id', async () => {
    const fetchMock = serve(() => new Promise<Response>(() => {}))
    const child = catalogProduct({ ...family(), id: 2, parentId: 1, url: '/fren-balatasi-kirmizi-p-2' })
    renderButton({ product: child, page: 'detail' })
    fireEvent.click(addButton())
    await waitFor(() => expect(posts(fetchMock)[0]?.[0]).toBe('/api/catalog/cart/2'))
  })
})

describe('What stands in place of the button', () => {
  const single = catalogProduct({ units: [catalogProduct().units[0]!] })
  it.each([
    [
      'no price',
      { ...single, salePrice: { value: 0, currency: 'TRY' } },
      settings(),
      'askPrice',
      'Fiyat Sorunuz',
    ],
    [
      'several units and no price',
      catalogProduct({ salePrice: { value: 0, currency: 'TRY' } }),
      settings(),
      'askStock',
      'Stok sorunuz.',
    ],
    ['no stock', { ...single, quantity: 0 }, settings(), 'noStock', 'Stokta Yok'],
    [
      'a variant family sold out',
      { ...single, quantity: 0, varyantx: { dimensions: ['Renk'], children: [] } },
      settings(),
      'soldOut',
      'Stokta Tükendi',
    ],
    [
      'no stock, WhatsApp on with a short number',
      { ...single, quantity: 0 },
      settings({ whatsappControl: true }),
      'noStock',
      'Stokta Yok',
    ],
  ])('%s', (_case, product, storeSettings, kind, text) => {
    renderButton({ product }, dealerBootstrap({ settings: storeSettings }))
    expect(screen.queryByTestId('add-to-cart')).toBeNull()
    const control = screen.getByTestId('buy-control')
    expect(control.getAttribute('data-kind')).toBe(kind)
    expect(control.textContent).toBe(text)
  })

  it("is the WhatsApp link 'Stokta Sorunuz' with a message naming the product", () => {
    const bootstrap = dealerBootstrap({ settings: settings({ whatsappControl: true }) })
    bootstrap.store = { ...bootstrap.store, whatsapp: '+90 532 123 45 67' }
    renderButton({ product: { ...single, quantity: 0 } }, bootstrap)
    const link = screen.getByRole('link', { name: 'Stokta Sorunuz' })
    const href = new URL(link.getAttribute('href') ?? '')
    expect(href.origin + href.pathname).toBe('https://wa.me/905321234567')
    expect(href.searchParams.get('text')).toBe(
      'Merhaba, FB-100 kodlu "Fren Balatası" ürününün stok durumu hakkında bilgi almak istiyorum.',
    )
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('is the button without stock when cartStockControl is on', () => {
    renderButton(
      { product: { ...single, quantity: 0 } },
      dealerBootstrap({ settings: settings({ cartStockControl: true }) }),
    )
    expect(addButton().textContent).toBe('Sepete Ekle')
  })
})

function LimitedQuantity({ product }: { product: ProductDetail }) {
  const [quantity, setQuantity] = useState(1)
  const max = useAddLimit(product, product.defaultUnit)
  return <QuantityInput value={quantity} onChange={setQuantity} rule="list" label="Miktar" max={max} />
}

describe('The quantity control beside the button', () => {
  it('counts up only while the remaining stock covers it (minus what the cart holds)', async () => {
    // 12 in stock and 9 Adet in the cart: 3 more can be added.
    serve(() => error(500, ''), cartOf([cartLine({ quantity: 9 })]))
    const { queryClient } = renderWithProviders(<LimitedQuantity product={catalogProduct()} />, {
      bootstrap: dealerBootstrap(),
    })
    await waitFor(() => expect(queryClient.getQueryData(['cart'])).toBeTruthy())
    const input = screen.getByRole('textbox', { name: 'Miktar' })
    const plus = screen.getByRole('button', { name: 'Miktarı artır' })
    for (let i = 0; i < 4; i++) fireEvent.click(plus)
    expect(input).toHaveProperty('value', '3')
    expect(plus).toHaveProperty('disabled', true)
  })

  it('is not limited when cartStockControl is on', async () => {
    serve(() => error(500, ''), cartOf([cartLine({ quantity: 12 })]))
    const bootstrap = dealerBootstrap({ settings: settings({ cartStockControl: true }) })
    renderWithProviders(<LimitedQuantity product={catalogProduct()} />, { bootstrap })
    const plus = screen.getByRole('button', { name: 'Miktarı artır' })
    await act(async () => {})
    fireEvent.click(plus)
    expect(within(plus.parentElement!).getByRole('textbox')).toHaveProperty('value', '2')
    expect(plus).toHaveProperty('disabled', false)
  })
})
