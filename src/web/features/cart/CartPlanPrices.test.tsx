// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Bootstrap, PaymentPlan } from '../../../contracts/bootstrap'
import { type Cart, cartSchema } from '../../../contracts/cart'
import { type CheckoutInfo, checkoutInfoSchema } from '../../../contracts/orders'
import { defaultStoreSettings } from '../../../contracts/settings'
import { cartLine, cartOf, planFigures } from '../../test/cart-fixtures'
import { dealer, dealerBootstrap } from '../../test/fixtures'
import { apiJson, holdRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { CartPage } from './CartPage'

/*
 * The cart page shows the lines and totals of the payment plan chosen, as the server prices them for
 * the order (GET /api/catalog/cart/checkout): the summary, the lines, the plan's line and the WhatsApp
 * text agree with what the order then records.
 */

const plans: PaymentPlan[] = [
  { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
  { id: 2, name: '30 Gün Vadeli', priceName: 'advencePrice1', varsayilan: false, isVirtual: false },
  { id: 3, name: 'Kredi Kartı', priceName: 'advencePrice3', varsayilan: false, isVirtual: true },
]

const tl = (value: number) => ({ value, currency: 'TRY' })

/** 2 × 1.234,50 (20 % KDV) and 4 × 10,00 (10 % KDV). */
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

/** The plans' figures for a cart: cash = the cart's own, 30 days and card dearer. */
const infoFor = (cart: Cart): CheckoutInfo => ({
  risk: { enforced: false, limit: 0, used: 0 },
  plans: [planFigures(cart, 1), planFigures(cart, 2, [1271.54, 10.3]), planFigures(cart, 3, [1320.92, 10.7])],
})

function serve(cart: Cart) {
  const { calls, resolver } = holdRequests()
  let current = cart
  server.use(
    http.get('/api/catalog/cart/checkout', () => apiJson(checkoutInfoSchema, infoFor(current))),
    http.get('/api/catalog/cart', () => apiJson(cartSchema, current)),
    http.patch('/api/catalog/cart/:lineId', resolver),
  )
  return {
    calls,
    /** The server's cart from now on. */
    setCart: (next: Cart) => {
      current = next
    },
  }
}

function renderCart(bootstrap: Bootstrap) {
  return renderWithProviders(
    <Routes>
      <Route path="/sepet" element={<CartPage />} />
      <Route path="/en/sepet" element={<CartPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { bootstrap, route: bootstrap.locale === 'en' ? '/en/sepet' : '/sepet' },
  )
}

const withPlans = (rest: Partial<Bootstrap> = {}) =>
  dealerBootstrap({
    settings: { ...defaultStoreSettings, showPaymentPlanPrice: true },
    paymentPlans: plans,
    ...rest,
  })

const text = (testId: string) => screen.getByTestId(testId).textContent
const totals = () => [text('cart-subtotal'), text('cart-tax'), text('cart-total')]
const lines = (testId: string) =>
  screen.getAllByTestId('cart-line').map((line) => within(line).getByTestId(testId).textContent)

describe('The cart page in a payment plan', () => {
  it('shows the lines and the summary in the chosen plan, equal to what the plan line says is charged', async () => {
    serve(twoLines())
    renderCart(withPlans())
    await screen.findByTestId('cart-table')
    // Cash, the default: the cart's own figures.
    await waitFor(() => expect(totals()).toEqual(['2.509,00 ₺', '497,80 ₺', '3.006,80 ₺']))
    expect(lines('line-unit-price')).toEqual(['1.234,50 ₺', '10,00 ₺'])

    fireEvent.click(screen.getByRole('radio', { name: '30 Gün Vadeli' }))
    // 2 × 1.271,54 = 2.543,08 and 4 × 10,30 = 41,20; KDV 508,616 + 4,12 = 512,74
    expect(lines('line-unit-price')).toEqual(['1.271,54 ₺', '10,30 ₺'])
    expect(lines('line-amount')).toEqual(['2.543,08 ₺', '41,20 ₺'])
    expect(totals()).toEqual(['2.584,28 ₺', '512,74 ₺', '3.097,02 ₺'])
    expect(text('plan-total-amount')).toBe(text('cart-total'))
    expect(text('cart-summary-plan')).toBe('Ödeme planı: 30 Gün Vadeli')

    fireEvent.click(screen.getByRole('radio', { name: /^Kredi Kartı/ }))
    expect(lines('line-unit-price')).toEqual(['1.320,92 ₺', '10,70 ₺'])
    expect(text('plan-total-amount')).toBe(text('cart-total'))
    // The WhatsApp text carries the same figures.
    const share = decodeURIComponent(
      screen
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href')!
        .split('text=')[1]!,
    )
    expect(share).toContain(`Genel Toplam: ${text('cart-total')}`)
    expect(share).toContain('FB-100 - Fren Balatası × 2 Adet = 2.641,84 ₺')
  })

  it("starts in the company's default plan (staff set it), and the dealer may still pick another", async () => {
    serve(twoLines())
    const company = { ...dealer.customer!, defaultPaymentPlanId: 2 }
    renderCart(withPlans({ user: { ...dealer, customer: company } }))
    await screen.findByTestId('cart-table')
    expect((screen.getByRole('radio', { name: '30 Gün Vadeli' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('radio', { name: 'Peşin' }) as HTMLInputElement).checked).toBe(false)
    await waitFor(() => expect(lines('line-unit-price')).toEqual(['1.271,54 ₺', '10,30 ₺']))
    expect(text('cart-summary-plan')).toBe('Ödeme planı: 30 Gün Vadeli')

    fireEvent.click(screen.getByRole('radio', { name: 'Peşin' }))
    expect(lines('line-unit-price')).toEqual(['1.234,50 ₺', '10,00 ₺'])
  })

  it("starts in the store's default when the company's plan is not one the store offers", async () => {
    serve(twoLines())
    renderCart(
      withPlans({ user: { ...dealer, customer: { ...dealer.customer!, defaultPaymentPlanId: 99 } } }),
    )
    await screen.findByTestId('cart-table')
    expect((screen.getByRole('radio', { name: 'Peşin' }) as HTMLInputElement).checked).toBe(true)
  })

  it('keeps the plan prices through a quantity change, at once and after the server answers', async () => {
    const { calls, setCart } = serve(twoLines())
    renderCart(withPlans())
    await screen.findByTestId('cart-table')
    fireEvent.click(screen.getByRole('radio', { name: '30 Gün Vadeli' }))
    await waitFor(() => expect(lines('line-unit-price')[0]).toBe('1.271,54 ₺'))
    fireEvent.click(screen.getAllByRole('button', { name: 'Miktarı artır' })[0]!)
    // At once: 3 × 1.271,54, never the cash price.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Fren Balatası miktarı' })).toHaveProperty('value', '3'),
    )
    expect(lines('line-amount')).toEqual(['3.814,62 ₺', '41,20 ₺'])
    await waitFor(() => expect(calls).toHaveLength(1))
    const next = cartOf([cartLine({ quantity: 3 }), twoLines().items[1]!])
    setCart(next)
    await act(async () => calls[0]!.answer(apiJson(cartSchema, next)))
    await waitFor(() => expect(text('plan-total-amount')).toBe(text('cart-total')))
    expect(lines('line-amount')).toEqual(['3.814,62 ₺', '41,20 ₺'])
    // 3.855,82 + KDV 762,924 + 4,12 = 767,04
    expect(totals()).toEqual(['3.855,82 ₺', '767,04 ₺', '4.622,86 ₺'])
  })

  it('never shows cash prices as a plan’s while the plan’s figures are on their way', async () => {
    const cart = twoLines()
    const { calls, resolver } = holdRequests()
    server.use(
      http.get('/api/catalog/cart/checkout', resolver),
      http.get('/api/catalog/cart', () => apiJson(cartSchema, cart)),
    )
    renderCart(withPlans({ paymentPlans: plans.map((p) => ({ ...p, varsayilan: p.id === 2 })) }))
    await screen.findByTestId('cart-table')
    // Unit price and amount of both lines.
    expect(screen.getAllByTestId('line-price-pending')).toHaveLength(4)
    expect(screen.queryByTestId('cart-total')).toBeNull()
    expect(screen.getByTestId('cart-summary-pending')).toBeTruthy()
    await waitFor(() => expect(calls).toHaveLength(1))
    await act(async () => calls[0]!.answer(apiJson(checkoutInfoSchema, infoFor(cart))))
    await waitFor(() => expect(text('cart-total')).toBe('3.097,02 ₺'))
    expect(lines('line-unit-price')).toEqual(['1.271,54 ₺', '10,30 ₺'])
  })

  it('marks a line without a price in the plan', async () => {
    const cart = twoLines()
    server.use(
      http.get('/api/catalog/cart/checkout', () =>
        apiJson(checkoutInfoSchema, {
          risk: { enforced: false, limit: 0, used: 0 },
          plans: [planFigures(cart, 1), planFigures(cart, 2, [1271.54, null])],
        }),
      ),
      http.get('/api/catalog/cart', () => apiJson(cartSchema, cart)),
    )
    renderCart(withPlans({ locale: 'en' }))
    await screen.findByTestId('cart-table')
    fireEvent.click(screen.getByRole('radio', { name: '30 Gün Vadeli' }))
    await waitFor(() => expect(lines('line-unit-price')).toEqual(['₺1,271.54', 'No price in this plan']))
    expect(text('cart-summary-plan')).toBe('Payment plan: 30 Gün Vadeli')
  })
})
