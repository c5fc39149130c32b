// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { type Order, orderSchema } from '../../../contracts/orders'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { testOrder } from '../../test/order-fixtures'
import { mockPhoneWidth } from '../../test/phone'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { OrderSuccessPage } from './OrderSuccessPage'

function renderSuccess(route: string, bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/siparis/:id" element={<OrderSuccessPage />} />
        <Route path="/en/siparis/:id" element={<OrderSuccessPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const text = (testId: string) => screen.getByTestId(testId).textContent

const serveOrder = (order: Order) =>
  server.use(http.get(`/api/catalog/order/${order.id}`, () => apiJson(orderSchema, order)))
const answerAnyOrder = (answer: () => Response) => server.use(http.get('/api/catalog/order/:id', answer))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('The order success screen', () => {
  it('shows the order: number, date, plan, branch, note, items and totals, and the ways on', async () => {
    serveOrder(testOrder())
    const requests = recordRequests()
    renderSuccess('/siparis/77')
    expect(screen.getByRole('status', { name: 'Sipariş yükleniyor' })).toBeTruthy()

    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading.textContent).toBe('Siparişiniz alındı')
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/catalog/order/77'])
    expect(screen.getByText('Siparişiniz S2026-000077 numarasıyla kaydedildi. Teşekkür ederiz.')).toBeTruthy()
    expect(text('order-no')).toBe('S2026-000077')
    expect(text('order-date')).toContain('14.03.2026')
    expect(text('order-plan')).toBe('30 Gün Vadeli')
    expect(text('order-branch')).toBe('Ankara Şube')
    expect(text('order-description')).toBe('Acil teslim')

    const items = screen.getAllByTestId('order-item')
    expect(items).toHaveLength(2)
    expect(items[0]!.querySelector('img')?.getAttribute('height')).toBe('80')
    expect(within(items[0]!).getByText('FB-100')).toBeTruthy()
    expect(within(items[0]!).getByText('Fren Balatası')).toBeTruthy()
    expect(within(items[0]!).getByTestId('item-quantity').textContent).toBe('2 Adet')
    expect(within(items[0]!).getByTestId('item-price').textContent).toBe('1.234,50 ₺')
    expect(within(items[0]!).getByTestId('item-amount').textContent).toBe('2.469,00 ₺')
    expect(within(items[1]!).getByTestId('item-quantity').textContent).toBe('3 Koli')

    expect([text('order-subtotal'), text('order-tax'), text('order-total')]).toEqual([
      '2.499,00 ₺',
      '496,80 ₺',
      '2.995,80 ₺',
    ])
    expect(screen.queryByTestId('order-base-total')).toBeNull()
    expect(screen.getByRole('link', { name: 'Siparişlerime git' }).getAttribute('href')).toBe(
      '/siparis/liste',
    )
    expect(screen.getByRole('link', { name: 'Alışverişe devam et' }).getAttribute('href')).toBe('/urunler')
    expect(document.title).toBe('Siparişiniz alındı | Demo Toptan')
  })

  it('lists the lines compactly on a phone, with quantity, price and amount in view', async () => {
    mockPhoneWidth()
    serveOrder(testOrder())
    renderSuccess('/siparis/77')
    const list = await screen.findByRole('list', { name: 'Sipariş edilen ürünler' })
    expect(screen.queryByRole('table')).toBeNull()
    const items = within(list).getAllByTestId('order-item')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByTestId('item-quantity').textContent).toBe('2 Adet')
    expect(within(items[0]!).getByTestId('item-price').textContent).toBe('1.234,50 ₺')
    expect(within(items[0]!).getByTestId('item-amount').textContent).toBe('2.469,00 ₺')
  })

  it('speaks English under /en, leaves out an empty branch and adds the TRY total for another currency', async () => {
    const usd = (value: number) => ({ value, currency: 'USD' })
    serveOrder(
      testOrder({
        id: 78,
        branch: null,
        subtotal: usd(60),
        tax: usd(12),
        total: usd(72),
        baseTotal: { value: 2880, currency: 'TRY' },
      }),
    )
    renderSuccess('/en/siparis/78', dealerBootstrap({ locale: 'en' }))
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Your order has been received',
    )
    expect(screen.queryByTestId('order-branch')).toBeNull()
    expect(text('order-total')).toBe('$72.00')
    expect(text('order-base-total')).toBe('₺2,880.00')
    expect(screen.getByRole('link', { name: 'Go to my orders' }).getAttribute('href')).toBe(
      '/en/siparis/liste',
    )
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/en/urunler')
  })

  it('says so when the order does not exist (or is another company’s)', async () => {
    answerAnyOrder(() => apiError(404, 'not_found', 'Aradığınız kayıt bulunamadı.'))
    renderSuccess('/siparis/999')
    const notFound = await screen.findByTestId('not-found')
    expect(within(notFound).getByRole('heading', { level: 1 }).textContent).toBe('Sipariş bulunamadı')
    expect(notFound.textContent).toContain('Aradığınız sipariş bulunamadı ya da şirketinize ait değil.')
  })

  it('does not ask the server about an address that is no order number', async () => {
    const requests = recordRequests()
    renderSuccess('/siparis/abc')
    expect((await screen.findByTestId('not-found')).textContent).toContain('Sipariş bulunamadı')
    expect(requests).toEqual([])
  })

  it('shows a load error with a retry', async () => {
    answerAnyOrder(() => apiError(500, 'internal', 'Olmadı.'))
    renderSuccess('/siparis/77')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Sipariş yüklenemedi')
    expect(within(alert).getByRole('button', { name: 'Tekrar dene' })).toBeTruthy()
  })

  it('sends a guest to login and tells an administrator the page is for dealers', async () => {
    const requests = recordRequests()
    const { unmount } = renderSuccess('/siparis/77', guestBootstrap())
    await waitFor(() => expect(text('location')).toBe('/account/login?next=%2Fsiparis%2F77'))
    unmount()
    renderSuccess(
      '/siparis/77',
      dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }),
    )
    expect(screen.getByText('Siparişler bayi hesapları içindir')).toBeTruthy()
    expect(requests).toEqual([])
  })
})
