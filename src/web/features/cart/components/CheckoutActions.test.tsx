// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { lazy, type ReactElement, Suspense } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap, PaymentPlan } from '../../../../contracts/bootstrap'
import { type Cart, cartSchema } from '../../../../contracts/cart'
import { okSchema } from '../../../../contracts/common'
import { offerSchema } from '../../../../contracts/offers'
import { type CheckoutInfo, checkoutInfoSchema, type Order, orderSchema } from '../../../../contracts/orders'
import { defaultStoreSettings } from '../../../../contracts/settings'
import { queryKeys } from '../../../lib/query-keys'
import { cartLine, cartOf, planFigures } from '../../../test/cart-fixtures'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, holdRequests, recordRequests } from '../../../test/network'
import { offer } from '../../../test/offer-fixtures'
import { testOrder } from '../../../test/order-fixtures'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { CartPage } from '../CartPage'

const noRisk: CheckoutInfo = { risk: { enforced: false, limit: 0, used: 0 }, plans: [] }

/** The figures of `oneLine()` in a plan as the checkout call answers them: its unit price in the plan. */
const inPlan = (id: number, unitPrice: number) => planFigures(oneLine(), id, [unitPrice])

/**
 * GET /api/catalog/cart answers `cart` and the checkout call `info`; every POST waits until the test
 * answers it, so a test can look at the page between the click and the server's answer.
 */
function serve(cart: Cart, info: CheckoutInfo = noRisk) {
  const { calls, resolver } = holdRequests()
  let current = cart
  /** Like the server: an order or an offer empties the cart. */
  const emptyingCart: typeof resolver = async (request) => {
    const response = await resolver(request)
    if (response.ok) current = cartOf([])
    return response
  }
  server.use(
    http.get('/api/catalog/cart/checkout', () => apiJson(checkoutInfoSchema, info)),
    http.get('/api/catalog/cart', () => apiJson(cartSchema, current)),
    http.post('/api/catalog/cart/offer', emptyingCart),
    http.post('/api/catalog/cart', emptyingCart),
    http.post('/api/catalog/settings', resolver),
  )
  return { calls }
}

const plans: PaymentPlan[] = [
  { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: false, isVirtual: false },
  { id: 2, name: '30 Gün Vadeli', priceName: 'advencePrice1', varsayilan: true, isVirtual: false },
  { id: 3, name: 'Kredi Kartı', priceName: 'advencePrice2', varsayilan: false, isVirtual: true },
]

function withSettings(patch: Partial<Bootstrap['settings']>, rest: Partial<Bootstrap> = {}): Bootstrap {
  return dealerBootstrap({ settings: { ...defaultStoreSettings, ...patch }, paymentPlans: plans, ...rest })
}

/** Stands in for the checkout page: shows the navigation state the cart page handed over. */
function CheckoutStateProbe() {
  return <output data-testid="checkout-state">{JSON.stringify(useLocation().state)}</output>
}

function renderCart(bootstrap: Bootstrap = withSettings({ showPaymentPlanPrice: true })) {
  const route = bootstrap.locale === 'en' ? '/en/sepet' : '/sepet'
  return renderWithProviders(
    <>
      <Routes>
        <Route path={route} element={<CartPage />} />
        <Route path="/odeme/sepet" element={<CheckoutStateProbe />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

/** 2 × 1.234,50 net + 20 % KDV = 2.962,80 ₺ */
const oneLine = () => cartOf([cartLine({ quantity: 2 })])

/** The order the checkout answers for `oneLine()`. */
function order(): Order {
  const money = (value: number) => ({ value, currency: 'TRY' })
  return testOrder({
    branch: null,
    subtotal: money(2469),
    tax: money(493.8),
    total: money(2962.8),
    baseTotal: money(2962.8),
    orderItems: [],
  })
}

const location = () => screen.getByTestId('location').textContent
const orderButton = () => screen.queryByRole('button', { name: 'Sipariş Ver' })
const description = () => screen.getByRole('textbox', { name: /Sipariş Notu/ }) as HTMLTextAreaElement
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

afterEach(() => {
  vi.restoreAllMocks()
})

describe('The checkout actions of the cart page', () => {
  it('orders with the note and the chosen plan as form data, the button busy and focused while saving', async () => {
    const { calls } = serve(oneLine())
    const { queryClient } = renderCart()
    await screen.findByTestId('cart-table')
    // The plan flagged as default is chosen at first.
    expect(screen.getByRole('radio', { name: '30 Gün Vadeli' })).toHaveProperty('checked', true)
    fireEvent.click(screen.getByRole('radio', { name: 'Peşin' }))
    fireEvent.change(description(), { target: { value: '  Acil teslim  ' } })
    orderButton()!.focus()
    fireEvent.click(orderButton()!)

    await waitFor(() => expect(calls).toHaveLength(1))
    const [call] = calls
    expect(call).toMatchObject({ path: '/api/catalog/cart', method: 'POST' })
    expect(call!.headers.get('content-type')).toContain('application/x-www-form-urlencoded')
    expect(call!.body).toEqual({ description: 'Acil teslim', advencePrice: '1' })
    expect(call!.headers.get('Idempotency-Key')).toMatch(uuid)
    expect(call!.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    // Busy, not disabled: the focus stays on it, and a second press sends nothing.
    expect(orderButton()!.getAttribute('aria-busy')).toBe('true')
    expect(orderButton()).toHaveProperty('disabled', false)
    expect(document.activeElement).toBe(orderButton())
    fireEvent.click(orderButton()!)
    expect(screen.getByTestId('order-saving').textContent).toBe('Sipariş kaydediliyor…')
    expect(screen.getByRole('button', { name: 'Teklif Oluştur' })).toHaveProperty('disabled', true)

    await act(async () => call!.answer(apiJson(orderSchema, order())))
    await waitFor(() => expect(location()).toBe('/siparis/77'))
    expect(calls).toHaveLength(1)
    expect(queryClient.getQueryData<Cart>(['cart'])?.count).toBe(0)
    expect(queryClient.getQueryData<Order>(['orders', 'detail', 77])?.orderNo).toBe('S2026-000077')
  })

  it('keeps the ordered lines, busy, until the success page is there: no empty cart, no request thrown away', async () => {
    const { calls } = serve(oneLine())
    // The success page's chunk arrives when the test says, as a lazy page does on a real network.
    let arrive: () => void = () => {}
    const chunk = new Promise<{ default: () => ReactElement }>((resolve) => {
      arrive = () => resolve({ default: () => <p>Sipariş alındı</p> })
    })
    const SuccessPage = lazy(() => chunk)
    const requests = recordRequests()
    const { queryClient } = renderWithProviders(
      <Suspense fallback={<p>yükleniyor</p>}>
        <Routes>
          <Route path="/sepet" element={<CartPage />} />
          <Route path="/siparis/:id" element={<SuccessPage />} />
        </Routes>
        <LocationProbe />
      </Suspense>,
      { bootstrap: withSettings({ showPaymentPlanPrice: true }), route: '/sepet' },
    )
    await screen.findByTestId('cart-table')
    await waitFor(() => expect(requests.some((r) => r.path === '/api/catalog/cart/checkout')).toBe(true))
    fireEvent.click(orderButton()!)
    await waitFor(() => expect(calls).toHaveLength(1))
    const before = requests.length
    await act(async () => calls[0]!.answer(apiJson(orderSchema, order())))

    // The order is made and the next page is on its way: the lines stay, the button stays busy.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByTestId('cart-empty')).toBeNull()
    expect(screen.queryByText('Sepetinizde ürün bulunmamaktadır.')).toBeNull()
    expect(screen.getByTestId('cart-table')).toBeTruthy()
    expect(orderButton()!.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByTestId('order-saving')).toBeTruthy()

    await act(async () => arrive())
    expect(await screen.findByText('Sipariş alındı')).toBeTruthy()
    expect(location()).toBe('/siparis/77')
    // The answer said the cart is empty: neither the cart nor the checkout figures are asked again
    // (a request started here would be cancelled when the cart page goes), only marked stale.
    const after = requests.slice(before).map((r) => `${r.method} ${r.path}`)
    expect(after).toEqual([])
    expect(queryClient.getQueryState(queryKeys.cart())?.isInvalidated).toBe(true)
    expect(requests.filter((r) => r.signal.aborted).map((r) => r.path)).toEqual([])
  })

  it('cancels a cart read still under way when the order empties the cart, so its lines never come back', async () => {
    const { calls } = serve(oneLine())
    const { queryClient } = renderCart()
    await screen.findByTestId('cart-table')
    // A read of the cart that the server answers late, with the lines it had before the order.
    const late = holdRequests()
    server.use(http.get('/api/catalog/cart', late.resolver))
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart() })
    await waitFor(() => expect(late.calls).toHaveLength(1))
    fireEvent.click(orderButton()!)
    await waitFor(() => expect(calls).toHaveLength(1))
    await act(async () => calls[0]!.answer(apiJson(orderSchema, order())))
    await waitFor(() => expect(location()).toBe('/siparis/77'))
    await act(async () => late.calls[0]!.answer(apiJson(cartSchema, oneLine())))
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(queryClient.getQueryData<Cart>(queryKeys.cart())?.count).toBe(0)
    expect(queryClient.getQueryState(queryKeys.cart())?.isInvalidated).toBe(true)
  })

  it('keeps the lines after an offer too, until the offer list is there', async () => {
    const { calls } = serve(oneLine())
    let arrive: () => void = () => {}
    const chunk = new Promise<{ default: () => ReactElement }>((resolve) => {
      arrive = () => resolve({ default: () => <p>Teklifler</p> })
    })
    const OffersPage = lazy(() => chunk)
    const requests = recordRequests()
    renderWithProviders(
      <Suspense fallback={<p>yükleniyor</p>}>
        <Routes>
          <Route path="/sepet" element={<CartPage />} />
          <Route path="/teklif/liste" element={<OffersPage />} />
        </Routes>
      </Suspense>,
      { bootstrap: withSettings({ showPaymentPlanPrice: true }), route: '/sepet' },
    )
    await screen.findByTestId('cart-table')
    fireEvent.click(screen.getByRole('button', { name: 'Teklif Oluştur' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    const before = requests.length
    await act(async () => calls[0]!.answer(apiJson(offerSchema, offer())))
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByTestId('cart-empty')).toBeNull()
    expect(screen.getByTestId('cart-table')).toBeTruthy()
    await act(async () => arrive())
    expect(await screen.findByText('Teklifler')).toBeTruthy()
    expect(requests.slice(before).map((r) => r.path)).toEqual([])
    expect(requests.filter((r) => r.signal.aborted).map((r) => r.path)).toEqual([])
  })

  it("shows the server's refusal, keeps what was typed and retries with the same Idempotency-Key", async () => {
    const { calls } = serve(oneLine())
    renderCart()
    await screen.findByTestId('cart-table')
    fireEvent.change(description(), { target: { value: 'Kargo ile' } })
    fireEvent.click(orderButton()!)
    await waitFor(() => expect(calls).toHaveLength(1))
    const message = 'Fren Balatası ürününden 2 adet bulunmamaktadır!'
    await act(async () => calls[0]!.answer(apiError(409, 'insufficient_stock', message)))
    const alert = await screen.findByTestId('checkout-error')
    expect(alert.textContent).toContain('Sipariş verilemedi')
    expect(alert.textContent).toContain(message)
    expect(description().value).toBe('Kargo ile')
    expect(screen.getByRole('radio', { name: '30 Gün Vadeli' })).toHaveProperty('checked', true)
    expect(location()).toBe('/sepet')

    fireEvent.click(orderButton()!)
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(screen.queryByTestId('checkout-error')).toBeNull()
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe(calls[0]!.headers.get('Idempotency-Key'))
    expect(calls[1]!.body).toEqual({ description: 'Kargo ile', advencePrice: '2' })
    await act(async () => calls[1]!.answer(HttpResponse.error()))
    expect((await screen.findByTestId('checkout-error')).textContent).toContain('Sunucuya ulaşılamadı')

    fireEvent.click(orderButton()!)
    await waitFor(() => expect(calls).toHaveLength(3))
    expect(calls[2]!.headers.get('Idempotency-Key')).toBe(calls[0]!.headers.get('Idempotency-Key'))
  })

  it('gives a plan paid by card the pay button, which opens the card checkout with the plan and the note', async () => {
    const { calls } = serve(oneLine())
    renderCart()
    await screen.findByTestId('cart-table')
    expect(screen.queryByRole('button', { name: 'Ödeme Yap' })).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: /Kredi Kartı/ }))
    expect(orderButton()).toBeNull()
    fireEvent.click(screen.getByRole('radio', { name: 'Peşin' }))
    expect(orderButton()).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Ödeme Yap' })).toBeNull()

    fireEvent.click(screen.getByRole('radio', { name: /Kredi Kartı/ }))
    fireEvent.change(description(), { target: { value: 'Kartla ödenecek' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ödeme Yap' }))
    await waitFor(() => expect(location()).toBe('/odeme/sepet?plan=3'))
    expect(screen.getByTestId('checkout-state').textContent).toBe('{"description":"Kartla ödenecek"}')
    expect(calls).toHaveLength(0)
  })

  it('offers no plan choice when payment-plan prices are off, and sends no plan', async () => {
    const { calls } = serve(oneLine())
    renderCart(withSettings({ showPaymentPlanPrice: false }))
    await screen.findByTestId('cart-table')
    expect(screen.queryByRole('radiogroup')).toBeNull()
    fireEvent.click(orderButton()!)
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.body).toEqual({ description: '' })
  })

  it('makes an offer with the note, the button busy meanwhile, then goes to the offer list', async () => {
    const { calls } = serve(oneLine())
    const { queryClient } = renderCart()
    await screen.findByTestId('cart-table')
    fireEvent.change(description(), { target: { value: 'Müşteri X için' } })
    const offerButton = screen.getByRole('button', { name: 'Teklif Oluştur' })
    fireEvent.click(offerButton)
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ path: '/api/catalog/cart/offer', method: 'POST' })
    expect(calls[0]!.headers.get('content-type')).toContain('application/x-www-form-urlencoded')
    expect(calls[0]!.body).toEqual({ description: 'Müşteri X için' })
    expect(offerButton.getAttribute('aria-busy')).toBe('true')
    expect(offerButton).toHaveProperty('disabled', false)
    expect(orderButton()).toHaveProperty('disabled', true)
    fireEvent.click(offerButton)

    await act(async () => calls[0]!.answer(apiJson(offerSchema, offer({ id: 5, orderNo: 'T2026-000005' }))))
    await waitFor(() => expect(location()).toBe('/teklif/liste'))
    expect(calls).toHaveLength(1)
    expect(queryClient.getQueryData<Cart>(['cart'])?.count).toBe(0)
  })

  it("alerts the server's message when the offer is refused and keeps the note", async () => {
    const { calls } = serve(oneLine())
    renderCart()
    await screen.findByTestId('cart-table')
    fireEvent.change(description(), { target: { value: 'Not' } })
    fireEvent.click(screen.getByRole('button', { name: 'Teklif Oluştur' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    await act(async () =>
      calls[0]!.answer(apiError(409, 'offers_disabled', 'Teklif verme şu anda kapalıdır.')),
    )
    const alert = await screen.findByTestId('checkout-error')
    expect(alert.textContent).toContain('Teklif oluşturulamadı')
    expect(alert.textContent).toContain('Teklif verme şu anda kapalıdır.')
    expect(screen.getByRole('button', { name: 'Teklif Oluştur' })).toHaveProperty('disabled', false)
    expect(description().value).toBe('Not')
  })

  it('has no offer button when the store does not allow offers', async () => {
    serve(oneLine())
    renderCart(withSettings({ b2b_teklif_ver_durum: false }))
    await screen.findByTestId('cart-table')
    expect(orderButton()).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Teklif Oluştur' })).toBeNull()
  })

  it('refuses before the click when the cart total passes the risk limit', async () => {
    // available = 5.000 − 4.000 = 1.000; the cart's TRY total 2.962,80 exceeds it by 1.962,80
    serve(oneLine(), { risk: { enforced: true, limit: 5000, used: 4000 }, plans: [] })
    renderCart()
    const alert = await screen.findByTestId('risk-alert')
    expect(alert.textContent).toBe(
      'Risk limitiSipariş tutarı risk limitinizi 1.962,80 TL aşıyor. En fazla 1.000,00 TL tutarında sipariş verebilirsiniz.',
    )
    expect(orderButton()).toHaveProperty('disabled', true)
    expect(orderButton()?.getAttribute('aria-describedby')).toBe('checkout-risk')
    // An offer takes no risk: it stays possible.
    expect(screen.getByRole('button', { name: 'Teklif Oluştur' })).toHaveProperty('disabled', false)
  })

  it('shows what the order costs in the chosen plan and checks the risk limit against that', async () => {
    // The cart at sale prices is 2.962,80; in the 30-day plan the server prices it at 3.259,08.
    serve(oneLine(), {
      risk: { enforced: true, limit: 3100, used: 0 },
      plans: [inPlan(1, 1234.5), inPlan(2, 1357.95), inPlan(3, 1481.4)],
    })
    renderCart()
    const planTotal = await screen.findByTestId('plan-total')
    expect(planTotal.textContent).toBe('30 Gün Vadeli ile sipariş tutarı (KDV dahil): 3.259,08 ₺')
    expect((await screen.findByTestId('risk-alert')).textContent).toContain(
      'Sipariş tutarı risk limitinizi 159,08 TL aşıyor. En fazla 3.100,00 TL tutarında sipariş verebilirsiniz.',
    )
    expect(orderButton()).toHaveProperty('disabled', true)
    fireEvent.click(screen.getByRole('radio', { name: 'Peşin' }))
    expect(screen.getByTestId('plan-total').textContent).toBe(
      'Peşin ile sipariş tutarı (KDV dahil): 2.962,80 ₺',
    )
    expect(screen.queryByTestId('risk-alert')).toBeNull()
    expect(orderButton()).toHaveProperty('disabled', false)
  })

  it('uses the TRY total for the risk limit when another currency is shown, and says so in English', async () => {
    // 2 × 30 $ + 20 % = 72 $; at 40 ₺ the TRY total is 2.880; available 10.000 − 9.000 = 1.000
    serve(cartOf([cartLine({ quantity: 2, unitPrice: { value: 30, currency: 'USD' } })], 'USD', 40), {
      risk: { enforced: true, limit: 10000, used: 9000 },
      plans: [],
    })
    renderCart(withSettings({ showPaymentPlanPrice: true }, { locale: 'en' }))
    const alert = await screen.findByTestId('risk-alert')
    expect(alert.textContent).toBe(
      'Risk limitThe order exceeds your risk limit by 1,880.00 TL. You can order at most 1,000.00 TL.',
    )
    expect(screen.getByRole('button', { name: 'Place order' })).toHaveProperty('disabled', true)
  })

  it('blocks ordering when the limit is 1, and does nothing when the store does not enforce limits', async () => {
    serve(oneLine(), { risk: { enforced: true, limit: 1, used: 0 }, plans: [] })
    const { unmount } = renderCart()
    expect((await screen.findByTestId('risk-alert')).textContent).toContain(
      'Risk limitiniz sipariş vermenize izin vermiyor. Lütfen bizimle iletişime geçiniz.',
    )
    expect(orderButton()).toHaveProperty('disabled', true)
    unmount()

    serve(oneLine(), { risk: { enforced: false, limit: 1, used: 0 }, plans: [] })
    renderCart()
    await screen.findByTestId('cart-table')
    await waitFor(() => expect(orderButton()).toHaveProperty('disabled', false))
    expect(screen.queryByTestId('risk-alert')).toBeNull()
  })

  it('lets a customer with several branches choose one, stored as the branch preference', async () => {
    const { calls } = serve(oneLine())
    const branches = [
      { id: 4, name: 'Merkez' },
      { id: 9, name: 'Ankara Şube' },
    ]
    renderCart(
      withSettings(
        { showPaymentPlanPrice: true },
        {
          user: { ...dealer, customer: { ...dealer.customer!, branches } },
          preferences: { ...dealerBootstrap().preferences, branch: 4 },
        },
      ),
    )
    await screen.findByTestId('cart-table')
    const select = screen.getByRole('combobox', { name: 'Şube' }) as HTMLSelectElement
    expect(select.value).toBe('4')
    fireEvent.change(select, { target: { value: '9' } })
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      path: '/api/catalog/settings',
      method: 'POST',
      body: { key: 'branch', value: 9 },
    })
    await act(async () => calls[0]!.answer(apiJson(okSchema, { ok: true })))
    await waitFor(() => expect(select.disabled).toBe(false))
    expect(select.value).toBe('9')
  })

  it('has no branch choice for a customer with one branch', async () => {
    serve(oneLine())
    renderCart(
      withSettings(
        {},
        { user: { ...dealer, customer: { ...dealer.customer!, branches: [{ id: 4, name: 'Merkez' }] } } },
      ),
    )
    await screen.findByTestId('cart-table')
    expect(screen.queryByRole('combobox', { name: 'Şube' })).toBeNull()
  })

  it('shares a readable cart summary through WhatsApp, in the chosen plan', async () => {
    serve(oneLine(), { ...noRisk, plans: [inPlan(1, 1234.5), inPlan(2, 1357.95)] })
    renderCart()
    await screen.findByTestId('cart-table')
    // The default plan, 30 days, is chosen: its prices, as the page shows them.
    const link = await screen.findByRole('link', { name: 'WhatsApp ile Gönder' })
    const url = new URL(link.getAttribute('href')!)
    expect(url.origin + url.pathname).toBe('https://wa.me/')
    expect(url.searchParams.get('text')).toBe(
      [
        'Demo Toptan - Sepet Özeti',
        '',
        'FB-100 - Fren Balatası × 2 Adet = 2.715,90 ₺',
        '',
        'Ara Toplam: 2.715,90 ₺',
        'KDV: 543,18 ₺',
        'Genel Toplam: 3.259,08 ₺',
      ].join('\n'),
    )
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
  })
})
