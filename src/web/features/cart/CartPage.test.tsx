// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { Navigate, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { type Cart, cartSchema } from '../../../contracts/cart'
import { checkoutInfoSchema } from '../../../contracts/orders'
import { withAddErrors } from '../../lib/add-errors'
import { cartLine, cartOf } from '../../test/cart-fixtures'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, holdRequests, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { CartPage } from './CartPage'

const tl = (value: number, currency = 'TRY') => ({ value, currency })

/**
 * GET answers `cart`; every change (PATCH, DELETE) waits until the test answers it, so a test can look
 * at the page between the click and the server's answer.
 */
function serve(cart: Cart) {
  const { calls, resolver } = holdRequests()
  server.use(
    http.get('/api/catalog/cart/checkout', () =>
      apiJson(checkoutInfoSchema, { risk: { enforced: false, limit: 0, used: 0 }, plans: [] }),
    ),
    http.get('/api/catalog/cart', () => apiJson(cartSchema, cart)),
    http.patch('/api/catalog/cart/:lineId', resolver),
    http.delete('/api/catalog/cart/:lineId', resolver),
    http.delete('/api/catalog/cart', resolver),
  )
  const requests = recordRequests()
  const gets = () => requests.filter((r) => r.method === 'GET' && r.path === '/api/catalog/cart').length
  return { calls, gets }
}

const answerCart = (cart: Cart) => apiJson(cartSchema, cart)

function renderCart(bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <>
      <main>
        <Routes>
          <Route path="/sepet" element={<CartPage />} />
          <Route path="*" element={null} />
        </Routes>
      </main>
      <LocationProbe />
    </>,
    { bootstrap, route: '/sepet' },
  )
}

const oneLine = () => cartOf([cartLine({ quantity: 2 })])
const twoLines = () =>
  cartOf([
    cartLine({ quantity: 2 }),
    cartLine({
      id: 502,
      quantity: 4,
      unitPrice: tl(10),
      product: { ...cartLine().product, id: 9, name: 'Vida', code: 'V-9', url: '/vida-p-9', taxRate: 10 },
    }),
  ])

const text = (testId: string) => screen.getByTestId(testId).textContent
const lineText = (testId: string, index = 0) =>
  within(screen.getAllByTestId('cart-line')[index]!).getByTestId(testId).textContent
const quantityField = (name = 'Fren Balatası') => screen.getByRole('textbox', { name: `${name} miktarı` })
const totals = () => [text('cart-subtotal'), text('cart-tax'), text('cart-total')]

afterEach(() => {
  vi.restoreAllMocks()
})

describe('The cart page', () => {
  it('shows each line and the order summary', async () => {
    serve(twoLines())
    renderCart()
    const table = await screen.findByTestId('cart-table')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sepetim(2 ürün)')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Görsel', 'Kod', 'Ürün Adı', 'Birim', 'Miktar', 'Birim Fiyat', 'Tutar', 'Sil'])
    const [first] = screen.getAllByTestId('cart-line')
    expect(first!.querySelector('img')?.getAttribute('height')).toBe('80')
    expect(within(first!).getByText('FB-100')).toBeTruthy()
    expect(within(first!).getByRole('link', { name: 'Fren Balatası' }).getAttribute('href')).toBe(
      '/fren-balatasi-p-1',
    )
    const unit = within(first!).getByRole('combobox', { name: 'Fren Balatası birimi' })
    expect(
      within(unit)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Adet (1)', 'Koli (12)'])
    expect(quantityField()).toHaveProperty('value', '2')
    expect(lineText('line-unit-price')).toBe('1.234,50 ₺')
    expect(lineText('line-amount')).toBe('2.469,00 ₺')
    // 2469 + 40 = 2509; KDV 493.80 + 4 = 497.80; total 3006.80
    expect(totals()).toEqual(['2.509,00 ₺', '497,80 ₺', '3.006,80 ₺'])
    expect(screen.queryByTestId('cart-base-total')).toBeNull()
  })

  it('shows a quantity change at once, then the numbers the server answers', async () => {
    const { calls } = serve(oneLine())
    renderCart()
    await screen.findByTestId('cart-table')
    fireEvent.click(screen.getByRole('button', { name: 'Miktarı artır' }))

    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ path: '/api/catalog/cart/501', method: 'PATCH', body: { quantity: 3 } })
    expect(quantityField()).toHaveProperty('value', '3')
    expect(lineText('line-amount')).toBe('3.703,50 ₺')
    expect(totals()).toEqual(['3.703,50 ₺', '740,70 ₺', '4.444,20 ₺'])

    // The server priced it differently (a new price meanwhile): its numbers win.
    await act(async () =>
      calls[0]!.answer(answerCart(cartOf([cartLine({ quantity: 3, unitPrice: tl(1200) })]))),
    )
    await waitFor(() => expect(totals()).toEqual(['3.600,00 ₺', '720,00 ₺', '4.320,00 ₺']))
    expect(lineText('line-unit-price')).toBe('1.200,00 ₺')
  })

  it('counts a second quick press from the first one, before the page has drawn it', async () => {
    const { calls } = serve(cartOf([cartLine({ quantity: 3 })]))
    renderCart()
    await screen.findByTestId('cart-table')
    const minus = screen.getByRole('button', { name: 'Miktarı azalt' })
    // Between the presses only promise callbacks run (no timer): the first change reaches the cart held
    // by the query cache, but the query's observers, notified on a timer, have not drawn it yet.
    await act(async () => {
      minus.click()
      for (let i = 0; i < 20; i++) await Promise.resolve()
      minus.click()
    })

    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toEqual({ quantity: 2 })
    await act(async () => calls[0]!.answer(answerCart(cartOf([cartLine({ quantity: 2 })]))))
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls[1]?.body).toEqual({ quantity: 1 })
    await act(async () => calls[1]!.answer(answerCart(cartOf([cartLine({ quantity: 1 })]))))
    await waitFor(() => expect(quantityField()).toHaveProperty('value', '1'))
    expect(minus.getAttribute('aria-disabled')).toBe('true')
  })

  it('shows a unit change at once, then the numbers the server answers', async () => {
    const { calls } = serve(oneLine())
    renderCart()
    await screen.findByTestId('cart-table')
    fireEvent.change(screen.getByRole('combobox', { name: 'Fren Balatası birimi' }), {
      target: { value: '12' },
    })

    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ path: '/api/catalog/cart/501', method: 'PATCH', body: { unit: 12 } })
    expect(screen.getByRole('combobox', { name: 'Fren Balatası birimi' })).toHaveProperty('value', '12')
    expect(lineText('line-unit-price')).toBe('14.000,00 ₺')
    expect(totals()).toEqual(['28.000,00 ₺', '5.600,00 ₺', '33.600,00 ₺'])

    await act(async () =>
      calls[0]!.answer(answerCart(cartOf([cartLine({ unitId: 12, quantity: 2, unitPrice: tl(13900) })]))),
    )
    await waitFor(() => expect(totals()).toEqual(['27.800,00 ₺', '5.560,00 ₺', '33.360,00 ₺']))
  })

  it('sends a typed quantity on Enter and refuses one the stock does not cover', async () => {
    const { calls } = serve(oneLine())
    renderCart()
    await screen.findByTestId('cart-table')
    fireEvent.change(quantityField(), { target: { value: '200' } })
    fireEvent.keyDown(quantityField(), { key: 'Enter' })
    expect((await screen.findByTestId('cart-alert')).textContent).toBe('Bu üründen 200 adet bulunmamaktadır!')
    expect(quantityField()).toHaveProperty('value', '2')
    expect(calls).toHaveLength(0)

    fireEvent.change(quantityField(), { target: { value: '5' } })
    fireEvent.blur(quantityField())
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toEqual({ quantity: 5 })
    expect(lineText('line-amount')).toBe('6.172,50 ₺')
  })

  it('offers + only while the stock covers one more', async () => {
    const line = cartLine({ quantity: 2 })
    serve(cartOf([{ ...line, product: { ...line.product, quantity: 2 } }]))
    renderCart()
    await screen.findByTestId('cart-table')
    // At the bound + reads as unavailable but keeps the focus (never the disabled attribute).
    const plus = screen.getByRole('button', { name: 'Miktarı artır' })
    expect(plus.getAttribute('aria-disabled')).toBe('true')
    expect(plus).toHaveProperty('disabled', false)
    expect(screen.getByRole('button', { name: 'Miktarı azalt' }).hasAttribute('aria-disabled')).toBe(false)
  })

  it('removes a line at once', async () => {
    const { calls } = serve(twoLines())
    renderCart()
    await screen.findByTestId('cart-table')
    const remove = screen.getByRole('button', { name: 'Fren Balatası ürününü sepetten çıkar' })
    remove.focus()
    fireEvent.click(remove)
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1))
    expect(totals()).toEqual(['40,00 ₺', '4,00 ₺', '44,00 ₺'])
    // The focused button left with its line: the focus is on the page heading, not on <body>.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }))
    expect(calls[0]).toMatchObject({ path: '/api/catalog/cart/501', method: 'DELETE' })
  })

  it('clears the cart after a confirmation and shows the empty state', async () => {
    const { calls } = serve(twoLines())
    renderCart()
    await screen.findByTestId('cart-table')
    screen.getByRole('button', { name: 'Sepeti Boşalt' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Sepeti Boşalt' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Evet, boşalt' }))
    const empty = await screen.findByTestId('cart-empty')
    // The confirmation hands the focus back to a button that is gone: the heading takes it.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })))
    expect(empty.textContent).toContain('Sepetinizde ürün bulunmamaktadır.')
    expect(within(empty).getByRole('link', { name: 'Ürünlere göz at' }).getAttribute('href')).toBe('/urunler')
    expect(calls[0]).toMatchObject({ path: '/api/catalog/cart', method: 'DELETE' })
  })

  it('rolls back when the server refuses, shows its message and fetches the cart again', async () => {
    const { calls, gets } = serve(oneLine())
    renderCart()
    await screen.findByTestId('cart-table')
    fireEvent.click(screen.getByRole('button', { name: 'Miktarı artır' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(quantityField()).toHaveProperty('value', '3')

    const message = 'Bu üründen 3 adet bulunmamaktadır!'
    await act(async () => calls[0]!.answer(apiError(409, 'insufficient_stock', message)))
    expect((await screen.findByTestId('cart-alert')).textContent).toBe(message)
    expect(quantityField()).toHaveProperty('value', '2')
    expect(totals()).toEqual(['2.469,00 ₺', '493,80 ₺', '2.962,80 ₺'])
    await waitFor(() => expect(gets()).toBe(2))
  })

  it('rolls back silently on a network failure and fetches the cart again', async () => {
    const { calls, gets } = serve(oneLine())
    renderCart()
    await screen.findByTestId('cart-table')
    fireEvent.click(screen.getByRole('button', { name: 'Fren Balatası ürününü sepetten çıkar' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(await screen.findByTestId('cart-empty')).toBeTruthy()
    await act(async () => calls[0]!.answer(HttpResponse.error()))
    expect(await screen.findByTestId('cart-table')).toBeTruthy()
    await waitFor(() => expect(gets()).toBe(2))
    expect(screen.queryByTestId('cart-alert')).toBeNull()
  })

  it('adds the total in the TRY base when another currency is shown', async () => {
    serve(cartOf([cartLine({ quantity: 2, unitPrice: tl(30, 'USD') })], 'USD', 40))
    renderCart()
    await screen.findByTestId('cart-table')
    expect(totals()).toEqual(['60,00 $', '12,00 $', '72,00 $'])
    expect(text('cart-base-total')).toBe('2.880,00 ₺')
  })

  it('stacks the lines as cards on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    )
    serve(twoLines())
    renderCart()
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2))
    expect(screen.queryByTestId('cart-table')).toBeNull()
    expect(screen.getAllByTestId('cart-line')[0]?.tagName).toBe('LI')
  })

  it('shows a load error with a retry', async () => {
    server.use(http.get('/api/catalog/cart', () => apiError(500, 'x', 'Olmadı.')))
    renderCart()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Sepet yüklenemedi')
    expect(within(alert).getByRole('button', { name: 'Tekrar dene' })).toBeTruthy()
  })

  it('sends a guest to login and tells an administrator the cart is not for staff', async () => {
    const { unmount } = renderCart(guestBootstrap())
    await waitFor(() => expect(text('location')).toBe('/account/login?next=%2Fsepet'))
    unmount()
    const requests = recordRequests()
    renderCart(dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }))
    expect(screen.getByText('Yönetici hesabı ile bu işlemi gerçekleştiremezsiniz.')).toBeTruthy()
    expect(requests).toEqual([])
  })
})

describe('The add errors of an offer edited back into the cart (spec/2 §8)', () => {
  const refused = [
    { productId: 9, code: 'V-9', name: 'Vida', message: 'Bu üründen 5 adet bulunmamaktadır!' },
    {
      productId: 31,
      code: 'K-31',
      name: 'Kablo',
      message: 'Bu ürünün fiyatı için lütfen bizimle iletişime geçiniz.',
    },
  ]

  /** The cart page reached as the offer list's Düzenle reaches it: with the refusals in the state. */
  function renderAfterEdit(cart: Cart, bootstrap: Bootstrap = dealerBootstrap()) {
    serve(cart)
    const prefix = bootstrap.locale === 'en' ? '/en' : ''
    return renderWithProviders(
      <>
        <main>
          <Routes>
            <Route
              path="/duzenle"
              element={<Navigate to={`${prefix}/sepet`} state={withAddErrors(refused)} />}
            />
            <Route path={`${prefix}/sepet`} element={<CartPage />} />
          </Routes>
        </main>
        <LocationProbe />
      </>,
      { bootstrap, route: '/duzenle' },
    )
  }

  it('lists each refused product with its reason and marks the one that is in the cart anyway', async () => {
    renderAfterEdit(twoLines())
    await screen.findByTestId('cart-table')
    const alert = screen.getByRole('alert')
    expect(within(alert).getByText('Bazı ürünler sepete eklenemedi')).toBeTruthy()
    expect(screen.getAllByTestId('cart-add-error').map((item) => item.textContent)).toEqual([
      'Vida (V-9): Bu üründen 5 adet bulunmamaktadır!',
      'Kablo (K-31): Bu ürünün fiyatı için lütfen bizimle iletişime geçiniz.',
    ])
    const [brake, screw] = screen.getAllByTestId('cart-line')
    expect(within(screw!).getByTestId('line-add-error').textContent).toBe(
      'Sepete eklenemedi: Bu üründen 5 adet bulunmamaktadır!',
    )
    expect(screw!.getAttribute('data-add-error')).toBe('true')
    expect(within(brake!).queryByTestId('line-add-error')).toBeNull()
  })

  it('says it when every line was refused and the cart is empty, in English too', async () => {
    renderAfterEdit(cartOf([]), dealerBootstrap({ locale: 'en' }))
    expect(await screen.findByTestId('cart-empty')).toBeTruthy()
    expect(screen.getByText('Some products could not be added to the cart')).toBeTruthy()
    expect(screen.getAllByTestId('cart-add-error')).toHaveLength(2)
  })

  it('closes with its button, the focus going to the heading', async () => {
    renderAfterEdit(twoLines())
    await screen.findByTestId('cart-table')
    const close = within(screen.getByTestId('cart-add-errors')).getByRole('button', { name: 'Kapat' })
    close.focus()
    fireEvent.click(close)
    await waitFor(() => expect(screen.queryByTestId('cart-add-errors')).toBeNull())
    expect(screen.queryByTestId('line-add-error')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })))
    expect(screen.getByTestId('location').textContent).toBe('/sepet')
  })

  it('is not there when the cart is opened any other way', async () => {
    serve(twoLines())
    renderCart()
    await screen.findByTestId('cart-table')
    expect(screen.queryByTestId('cart-add-errors')).toBeNull()
    expect(screen.queryByTestId('line-add-error')).toBeNull()
  })
})
