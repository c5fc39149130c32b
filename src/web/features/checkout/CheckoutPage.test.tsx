// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { Navigate, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap, PaymentPlan } from '../../../contracts/bootstrap'
import { type Cart, cartSchema } from '../../../contracts/cart'
import { type CheckoutInfo, checkoutInfoSchema } from '../../../contracts/orders'
import { binControlResponseSchema, paymentResultSchema } from '../../../contracts/payments'
import { defaultStoreSettings } from '../../../contracts/settings'
import { cartLine, cartOf, planFigures } from '../../test/cart-fixtures'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiJson, holdRequests } from '../../test/network'
import { binAnswer, paymentResult } from '../../test/payment-fixtures'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { CheckoutPage } from './CheckoutPage'

const plans: PaymentPlan[] = [
  { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
  { id: 3, name: 'Kredi Kartı', priceName: 'advencePrice2', varsayilan: false, isVirtual: true },
]

const bootstrap = (overrides: Partial<Bootstrap> = {}) =>
  dealerBootstrap({
    settings: { ...defaultStoreSettings, showPaymentPlanPrice: true },
    paymentPlans: plans,
    ...overrides,
  })

/** The cart (2 × 1.234,50 + 20 % KDV = 2.962,80) costs 3.555,36 in the card plan. */
const info: CheckoutInfo = {
  risk: { enforced: false, limit: 0, used: 0 },
  plans: [
    planFigures(cartOf([cartLine({ quantity: 2 })]), 1),
    planFigures(cartOf([cartLine({ quantity: 2 })]), 3, [1481.4]),
  ],
}

function serve(cart: Cart = cartOf([cartLine({ quantity: 2 })])) {
  server.use(
    http.get('/api/catalog/cart', () => apiJson(cartSchema, cart)),
    http.get('/api/catalog/cart/checkout', () => apiJson(checkoutInfoSchema, info)),
    http.post('/api/catalog/bin-control', () => apiJson(binControlResponseSchema, binAnswer())),
  )
}

/**
 * Opens the checkout as the cart page does: the plan in the address, the note in the state (inside a
 * <main>, where the page heading the focus goes to lives).
 */
function renderCheckout(search = '?plan=3', boot: Bootstrap = bootstrap()) {
  return renderWithProviders(
    <main>
      <Routes>
        <Route
          path="/start"
          element={<Navigate to={`/odeme/sepet${search}`} state={{ description: 'Acil teslim' }} replace />}
        />
        <Route path="/odeme/sepet" element={<CheckoutPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </main>,
    { bootstrap: boot, route: '/start' },
  )
}

const heading = () => screen.findByRole('heading', { level: 1 })
const location = () => screen.getByTestId('location').textContent

afterEach(() => {
  vi.restoreAllMocks()
})

describe('The card checkout', { timeout: 30_000 }, () => {
  it('previews the cart, then takes the card for the plan total and goes to the summary once the server confirms', async () => {
    serve()
    const { calls, resolver } = holdRequests()
    server.use(http.get('/api/payments/:id', resolver))
    const user = userEvent.setup({ delay: null })
    renderCheckout()

    expect((await heading()).textContent).toBe('Sepet Önizleme')
    const steps = screen.getByRole('navigation', { name: 'Ödeme adımları' })
    expect(within(steps).getByText('Sepet Önizleme')).toBeTruthy()
    expect(within(steps).getByText('Ödeme Bilgileri')).toBeTruthy()
    expect(within(steps).getByText('Alışveriş Özeti')).toBeTruthy()
    const line = await screen.findByTestId('preview-line')
    expect(line.textContent).toContain('Fren Balatası')
    expect(line.textContent).toContain('2 Adet')
    // The default plan's line prices are not the ones charged: the lines show no amounts.
    expect(line.textContent).not.toContain('₺')
    expect(line.querySelector('img')?.getAttribute('height')).toBe('80')
    // The totals are the card plan's: what the server charges.
    expect((await screen.findByTestId('preview-plan-total')).textContent).toBe('3.555,36 ₺')
    expect(screen.getByTestId('preview-subtotal').textContent).toBe('2.962,80 ₺')
    expect(screen.getByTestId('preview-tax').textContent).toBe('592,56 ₺')
    expect(screen.queryByTestId('preview-total')).toBeNull()
    expect(screen.getByTestId('preview-plan-prices').textContent).toBe(
      'Tutarlar Kredi Kartı ödeme planının fiyatlarıdır.',
    )
    expect(screen.getByText('Kredi Kartı ile ödenecek tutar (KDV dahil)')).toBeTruthy()
    expect(screen.getByTestId('preview-note').textContent).toBe('Acil teslim')

    await user.click(screen.getByRole('button', { name: 'Ödeme Bilgilerine Geç' }))
    const paymentHeading = await heading()
    expect(paymentHeading.textContent).toBe('Ödeme Bilgileri')
    await waitFor(() => expect(document.activeElement).toBe(paymentHeading))
    const amount = screen.getByLabelText('Ödenecek Tutar') as HTMLInputElement
    expect(amount.readOnly).toBe(true)
    expect(amount.value).toBe('3.555,36 ₺')

    for (const [label, text] of [
      ['Kart Numarası', '4111111111111111'],
      ['Kart Üzerindeki İsim', 'Ayşe Yılmaz'],
      [/Son Kullanma Tarihi/, '1229'],
      ['CCV', '123'],
    ] as const) {
      await user.click(screen.getByLabelText(label))
      await user.paste(text)
    }
    await screen.findByTestId('installment-table')
    await user.click(screen.getByRole('button', { name: 'Ödeme Yap' }))
    await screen.findByRole('dialog', { name: 'Güvenli Ödeme (3-D Secure)' })
    const frame = screen.getByTestId('payment-frame') as HTMLIFrameElement
    const postMessage = vi.spyOn(frame.contentWindow!, 'postMessage')
    const post = (data: unknown) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data, origin: window.location.origin, source: frame.contentWindow }),
        )
      })
    post({ type: 'ready' })
    expect(postMessage.mock.calls[0]![0]).toMatchObject({
      type: 'start',
      form: {
        paymentType: 'order',
        advencePrice: '3',
        description: 'Acil teslim',
        amount: undefined,
        planId: 13,
      },
    })

    post({ type: 'payment_succeed', intentId: 'pi_7f3a9c' })
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(location()).toBe('/odeme/sepet?plan=3')
    await act(async () => calls[0]!.answer(apiJson(paymentResultSchema, paymentResult())))
    await waitFor(() => expect(location()).toBe('/odeme/sonuc/pi_7f3a9c'))
  })

  it('goes back from the card form to the preview, and from the preview to the cart', async () => {
    serve()
    const user = userEvent.setup({ delay: null })
    renderCheckout()
    await screen.findByTestId('preview-plan-total')
    await user.click(screen.getByRole('button', { name: 'Ödeme Bilgilerine Geç' }))
    await user.click(await screen.findByRole('button', { name: 'Sepet Önizlemeye Dön' }))
    expect((await heading()).textContent).toBe('Sepet Önizleme')
    await user.click(screen.getByRole('button', { name: 'Sepete Dön' }))
    await waitFor(() => expect(location()).toBe('/sepet'))
  })

  it('refuses a plan that is not paid by card', async () => {
    serve()
    renderCheckout('?plan=1')
    expect((await screen.findByTestId('wrong-plan')).textContent).toContain('Bu ödeme planı kartla ödenmez')
    expect(screen.getByRole('link', { name: 'Sepete Dön' }).getAttribute('href')).toBe('/sepet')
    expect(screen.queryByTestId('card-payment-form')).toBeNull()
  })

  it('has nothing to pay for an empty cart', async () => {
    serve(cartOf([]))
    renderCheckout()
    expect((await screen.findByTestId('checkout-empty')).textContent).toContain('Sepetiniz boş')
  })

  it('sends a guest to the login page and back', async () => {
    renderCheckout('?plan=3', guestBootstrap({ paymentPlans: plans }))
    await waitFor(() =>
      expect(location()).toBe(`/account/login?next=${encodeURIComponent('/odeme/sepet?plan=3')}`),
    )
  })
})
