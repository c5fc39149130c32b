// @vitest-environment jsdom

import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { addToCartResponseSchema, cartSchema } from '../../../contracts/cart'
import type { ProductDetail } from '../../../contracts/catalog'
import { defaultStoreSettings, type StoreSettings } from '../../../contracts/settings'
import { LiveRegion } from '../../app/layout/LiveRegion'
import { cartLine, cartOf, emptyCart } from '../../test/cart-fixtures'
import { catalogProduct } from '../../test/catalog-fixtures'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, never, type RecordedRequest, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { ADD_ERROR_MS, ADD_SUCCESS_MS, AddToCartButton, type AddToCartButtonProps } from './AddToCartButton'
import { QuantityInput } from './QuantityInput'
import { useAddLimit } from './use-add-limit'

const error = (status: number, type: string) => apiError(status, 'x', type)

/** GET /api/catalog/cart answers `cart`, POST /api/catalog/cart/:id answers `post`; returns the requests. */
function serve(post: () => Response | Promise<Response>, cart = emptyCart()) {
  server.use(
    http.get('/api/catalog/cart', () => apiJson(cartSchema, cart)),
    http.post('/api/catalog/cart/:id', post),
  )
  return recordRequests()
}

const posts = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST')
const paths = (requests: RecordedRequest[]) => requests.map((r) => r.path)

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
      <LiveRegion />
    </>,
    { bootstrap, route: '/fren-sistemi' },
  )
}

const addButton = () => screen.getByTestId('add-to-cart')
const alertText = async () => (await screen.findByTestId('cart-alert')).textContent

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  // The toasts live in one store for the whole file: the next test must not find this one's.
  act(() => notifications.clean())
})

describe('AddToCartButton adds', () => {
  it('posts form data, looks busy during the call and successful for 1250 ms after', async () => {
    vi.useFakeTimers()
    let answer: (response: Response) => void = () => {}
    const requests = serve(() => new Promise<Response>((resolve) => (answer = resolve)))
    const product = catalogProduct({ quantity: 1000 })
    renderButton({ product, unit: product.units[1]!, quantity: 3 })
    await act(() => vi.advanceTimersByTimeAsync(0))

    fireEvent.click(addButton())
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(addButton().getAttribute('data-state')).toBe('busy')
    expect(addButton().getAttribute('aria-busy')).toBe('true')
    expect(addButton().textContent).toBe('Ekleniyor…')
    const [post] = posts(requests)
    expect(post?.path).toBe('/api/catalog/cart/1')
    expect(post?.headers.get('content-type')).toContain('application/x-www-form-urlencoded')
    expect(post?.body).toEqual({ quantity: '3', productValue: '12' })
    expect(post?.headers.get('X-Requested-With')).toBe('XMLHttpRequest')

    const line = cartLine({ unitId: 12, quantity: 3, unitPrice: { value: 14000, currency: 'TRY' } })
    const { items, ...summary } = cartOf([line])
    answer(apiJson(addToCartResponseSchema, { item: items[0]!, cart: summary }))
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

  it('on a network failure shows the error look and a toast (no alert), and fetches the cart again', async () => {
    const toast = vi.spyOn(notifications, 'show')
    const requests = serve(() => HttpResponse.error())
    renderButton()
    await waitFor(() => expect(requests).toHaveLength(1))
    fireEvent.click(addButton())
    await waitFor(() => expect(requests).toHaveLength(3))
    expect(paths(requests)).toEqual(['/api/catalog/cart', '/api/catalog/cart/1', '/api/catalog/cart'])
    expect(screen.queryByTestId('cart-alert')).toBeNull()
    expect(addButton().getAttribute('data-state')).toBe('error')
    expect(addButton().textContent).toBe('Eklenemedi')
    const message = 'Ürün sepete eklenemedi: sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.'
    expect(toast).toHaveBeenCalledWith({ color: 'red', message })
    // The region fills in its own effect, a render after the button's: wait for it.
    await waitFor(() => expect(screen.getByTestId('live-region').textContent?.trim()).toBe(message))
  })

  it('says a failed add in English under /en', async () => {
    const toast = vi.spyOn(notifications, 'show')
    serve(() => HttpResponse.error())
    renderButton({}, dealerBootstrap({ locale: 'en' }))
    fireEvent.click(addButton())
    await waitFor(() => expect(addButton().textContent).toBe('Not added'))
    expect(toast).toHaveBeenCalledWith({
      color: 'red',
      message:
        'The product was not added to the cart: the server could not be reached. Check your connection and try again.',
    })
  })

  it('keeps the error look as long as the toast (5 s), then is the button again', async () => {
    vi.useFakeTimers()
    serve(() => HttpResponse.error())
    renderButton()
    await act(() => vi.advanceTimersByTimeAsync(0))
    fireEvent.click(addButton())
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(addButton().getAttribute('data-state')).toBe('error')
    await act(() => vi.advanceTimersByTimeAsync(ADD_ERROR_MS - 100))
    expect(addButton().getAttribute('data-state')).toBe('error')
    await act(() => vi.advanceTimersByTimeAsync(100))
    expect(addButton().getAttribute('data-state')).toBe('idle')
    expect(ADD_ERROR_MS).toBe(5000)
  })

  it('never counts a line the server did not keep: refused or failed, the cart stays the server’s', async () => {
    const kept = cartOf([cartLine({ quantity: 2 })])
    for (const answer of [
      () => error(409, 'Bu üründen 1 adet bulunmamaktadır!'),
      () => HttpResponse.error(),
    ]) {
      const requests = serve(answer, kept)
      const { queryClient, unmount } = renderButton({ product: catalogProduct({ quantity: 1000 }) })
      await waitFor(() => expect(queryClient.getQueryData(['cart'])).toEqual(kept))
      fireEvent.click(addButton())
      await waitFor(() => expect(addButton().getAttribute('data-state')).toBe('error'))
      await waitFor(() => expect(requests.filter((r) => r.method === 'GET')).toHaveLength(2))
      expect(queryClient.getQueryData(['cart'])).toEqual(kept)
      unmount()
    }
  })

  it('adds nothing while the quantity field breaks its rule, and says the rule', async () => {
    const requests = serve(never)
    const onInvalidQuantity = vi.fn()
    renderButton({ quantityProblem: 'Miktar 1 ile 100 arasında bir tam sayı olmalıdır.', onInvalidQuantity })
    fireEvent.click(addButton())
    await act(async () => {})
    expect(posts(requests)).toHaveLength(0)
    expect(onInvalidQuantity).toHaveBeenCalledTimes(1)
    await waitFor(() =>
      expect(screen.getByTestId('live-region').textContent?.trim()).toBe(
        'Miktar 1 ile 100 arasında bir tam sayı olmalıdır.',
      ),
    )
    expect(addButton().getAttribute('data-state')).toBe('idle')
  })

  it('refuses what the stock does not cover before calling, counting what the cart holds', async () => {
    // 12 in stock, 10 already in the cart: 3 more are refused with the spec's message.
    const requests = serve(() => error(500, ''), cartOf([cartLine({ quantity: 10 })]))
    const { queryClient } = renderButton({ quantity: 3 })
    await waitFor(() => expect(queryClient.getQueryData(['cart'])).toBeTruthy())
    fireEvent.click(addButton())
    expect(await alertText()).toBe('Bu üründen 3 adet bulunmamaktadır!')
    expect(posts(requests)).toHaveLength(0)
    expect(addButton().getAttribute('data-state')).toBe('error')
  })

  it('lets a guest try, so the server answers 401 (the login redirect)', async () => {
    const requests = serve(never)
    renderButton({}, guestBootstrap())
    fireEvent.click(addButton())
    await waitFor(() => expect(posts(requests)).toHaveLength(1))
    // Guests never load a cart.
    expect(paths(requests)).toEqual(['/api/catalog/cart/1'])
  })
})

describe('AddToCartButton keeps the focus and says what happened', () => {
  const liveText = () => screen.getByTestId('live-region').textContent?.trim()

  it('stays focused and enabled while busy (a second press sends nothing) and after', async () => {
    let answer: (response: Response) => void = () => {}
    const requests = serve(() => new Promise<Response>((resolve) => (answer = resolve)))
    renderButton()
    await waitFor(() => expect(requests).toHaveLength(1))
    addButton().focus()
    fireEvent.click(addButton())
    await waitFor(() => expect(addButton().getAttribute('aria-busy')).toBe('true'))
    expect(addButton()).toHaveProperty('disabled', false)
    expect(document.activeElement).toBe(addButton())
    fireEvent.click(addButton())
    expect(posts(requests)).toHaveLength(1)
    expect(liveText()).toBe('')

    const { items, ...summary } = cartOf([cartLine()])
    answer(apiJson(addToCartResponseSchema, { item: items[0]!, cart: summary }))
    await waitFor(() => expect(addButton().getAttribute('data-state')).toBe('success'))
    expect(addButton().hasAttribute('aria-busy')).toBe(false)
    expect(document.activeElement).toBe(addButton())
    await waitFor(() => expect(liveText()).toBe('Sepete Eklendi'))
  })

  it('says the same news twice by changing the region each time', async () => {
    serve(() => {
      const { items, ...summary } = cartOf([cartLine()])
      return apiJson(addToCartResponseSchema, { item: items[0]!, cart: summary })
    })
    renderButton()
    fireEvent.click(addButton())
    await waitFor(() => expect(liveText()).toBe('Sepete Eklendi'))
    const first = screen.getByTestId('live-region').textContent
    await waitFor(() => expect(addButton().getAttribute('data-state')).toBe('success'))
    fireEvent.click(addButton())
    await waitFor(() => expect(screen.getByTestId('live-region').textContent).not.toBe(first))
    expect(liveText()).toBe('Sepete Eklendi')
  })

  it("puts the server's refusal in the live region too, and the focus back on the button", async () => {
    serve(() => error(409, 'Bu üründen 1 adet bulunmamaktadır!'))
    renderButton()
    addButton().focus()
    fireEvent.click(addButton())
    expect(await alertText()).toBe('Bu üründen 1 adet bulunmamaktadır!')
    await waitFor(() => expect(liveText()).toBe('Bu üründen 1 adet bulunmamaktadır!'))
    fireEvent.click(screen.getByRole('button', { name: 'Tamam' }))
    await waitFor(() => expect(screen.queryByTestId('cart-alert')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(addButton()))
  })
})

describe('AddToCartButton and variants', () => {
  const family = () =>
    catalogProduct({
      varyantx: { dimensions: ['Renk'], children: [{ id: 2, values: ['Kırmızı'], quantity: 5 }] },
    })

  it('on a list, goes to the product page with the redirect alert', async () => {
    const requests = serve(() => error(500, ''))
    renderButton({ product: family() })
    fireEvent.click(addButton())
    expect(await alertText()).toBe('Ürün sayfasına yönlendiriliyorsunuz... Varyant Seçiniz!')
    expect(screen.getByTestId('location').textContent).toBe('/fren-balatasi-p-1')
    expect(posts(requests)).toHaveLength(0)
  })

  it("on the product page, asks for the variant with 'Varyant Seçiniz!'", async () => {
    const requests = serve(() => error(500, ''))
    renderButton({ product: family(), page: 'detail' })
    fireEvent.click(addButton())
    expect(await alertText()).toBe('Varyant Seçiniz!')
    expect(screen.getByTestId('location').textContent).toBe('/fren-sistemi')
    expect(posts(requests)).toHaveLength(0)
  })

  it('adds a chosen child by its own id', async () => {
    const requests = serve(never)
    const child = catalogProduct({ ...family(), id: 2, parentId: 1, url: '/fren-balatasi-kirmizi-p-2' })
    renderButton({ product: child, page: 'detail' })
    fireEvent.click(addButton())
    await waitFor(() => expect(posts(requests)[0]?.path).toBe('/api/catalog/cart/2'))
  })
})

describe('What stands in place of the button', () => {
  const single = catalogProduct({ units: [catalogProduct().units[0]!] })
  beforeEach(() => {
    server.use(http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())))
  })
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
      'askPrice',
      'Fiyat Sorunuz',
    ],
    [
      'stock the safety margin keeps (mode 9: 3 − 5)',
      { ...single, quantity: 3 },
      settings({ stockInfoStatus: 9 }),
      'noStock',
      'Stokta Yok',
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
    // At the bound + reads as unavailable and keeps the focus it has.
    expect(plus.getAttribute('aria-disabled')).toBe('true')
    expect(plus).toHaveProperty('disabled', false)
  })

  it('is not limited when cartStockControl is on', async () => {
    serve(() => error(500, ''), cartOf([cartLine({ quantity: 12 })]))
    const bootstrap = dealerBootstrap({ settings: settings({ cartStockControl: true }) })
    renderWithProviders(<LimitedQuantity product={catalogProduct()} />, { bootstrap })
    const plus = screen.getByRole('button', { name: 'Miktarı artır' })
    await act(async () => {})
    fireEvent.click(plus)
    expect(within(plus.parentElement!).getByRole('textbox')).toHaveProperty('value', '2')
    expect(plus.hasAttribute('aria-disabled')).toBe(false)
  })
})
