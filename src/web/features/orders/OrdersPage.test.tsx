// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { type OrderList, orderListSchema, orderSchema } from '../../../contracts/orders'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, holdRequests, recordRequests } from '../../test/network'
import { testOrder, testOrderList } from '../../test/order-fixtures'
import { mockPhoneWidth } from '../../test/phone'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { OrdersPage } from './OrdersPage'

const cancelFailed = 'Sipariş iptal edilemedi. Lütfen bizimle iletişime geçiniz.'

const threeOrders = () =>
  testOrderList(
    [
      testOrder(),
      testOrder({
        id: 76,
        orderNo: 'S2026-000076',
        status: 'cancelled',
        isCancel: true,
        cancellable: false,
        creator: 'Mehmet Kaya',
      }),
      testOrder({
        id: 75,
        orderNo: 'S2026-000075',
        status: 'processing',
        cancellable: false,
        erpDocumentNo: 'IRS-2026/0042',
      }),
    ],
    { pages: 3, total: 45 },
  )

/** GET /api/catalog/orders answers `list(page)`; a cancel waits until the test answers it. */
function serve(list: (page: number) => OrderList | Response = () => threeOrders()) {
  const { calls: pending, resolver } = holdRequests()
  server.use(
    http.get('/api/catalog/orders', ({ request }) => {
      const answer = list(Number(new URL(request.url).searchParams.get('page') ?? '1'))
      return answer instanceof Response ? answer : apiJson(orderListSchema, answer)
    }),
    http.patch('/api/catalog/order/:id', resolver),
  )
  const requests = recordRequests()
  const listPages = () =>
    requests
      .filter((r) => r.url.pathname === '/api/catalog/orders')
      .map((r) => r.url.searchParams.get('page'))
  return { pending, listPages }
}

const cancelled = () =>
  apiJson(orderSchema, testOrder({ status: 'cancelled', isCancel: true, cancellable: false }))

function renderOrders(route = '/siparis/liste', bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/siparis/liste" element={<OrdersPage />} />
        <Route path="/en/siparis/liste" element={<OrdersPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const rows = () => screen.getAllByTestId('order-row')
const row = (orderNo: string) => rows().find((r) => r.textContent?.includes(orderNo))!
const cells = (orderNo: string) =>
  within(row(orderNo))
    .getAllByRole('cell')
    .map((cell) => cell.textContent)

async function confirmCancel(orderNo: string) {
  fireEvent.click(within(row(orderNo)).getByRole('button', { name: `İptal Et: ${orderNo} numaralı sipariş` }))
  const dialog = await screen.findByRole('dialog', { name: 'Siparişi iptal et' })
  expect(dialog.textContent).toContain(`${orderNo} numaralı sipariş iptal edilecek`)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, iptal et' }))
}

afterEach(() => {
  // Toasts live in a module-wide store: one test's must not show up in the next.
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

describe('The order list', () => {
  it('shows a skeleton, then one row per order with its cancel state', async () => {
    serve()
    renderOrders()
    expect(screen.getByRole('status', { name: 'Siparişler yükleniyor' })).toBeTruthy()
    const table = await screen.findByTestId('orders-table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Sipariş No', 'Tarih', 'Oluşturan', 'Toplam', 'İptal', 'ERP belge no', 'Detay'])
    expect(rows()).toHaveLength(3)
    const [orderNo, date, creator, total, cancel] = cells('S2026-000077')
    expect([orderNo, creator, total, cancel]).toEqual([
      'S2026-000077',
      'Ayşe Yılmaz',
      '2.995,80 ₺',
      'İptal Et',
    ])
    expect(date).toContain('14.03.2026')
    expect(cells('S2026-000076')[4]).toBe('İptal Edildi')
    expect(within(row('S2026-000076')).queryByRole('button', { name: /^İptal Et: / })).toBeNull()
    expect(cells('S2026-000075')[4]).toBe('Hazırlanıyor')
    // The ERP's document number once the distributor's ERP took the order over; a dash before.
    expect(cells('S2026-000077')[5]).toBe('—')
    expect(cells('S2026-000075')[5]).toBe('IRS-2026/0042')
    expect(screen.getByTestId('orders-customer').textContent).toBe('Yılmaz Otomotiv Ltd.')
  })

  it("shows under an order's items how its status changed, who changed it and the seller's note", async () => {
    const shipped = testOrder({
      id: 74,
      orderNo: 'S2026-000074',
      status: 'shipped',
      cancellable: false,
      statusNote: 'Kargo: YK-123456',
      history: [
        { from: 'new', to: 'processing', at: '2026-03-14T10:00:00.000Z', note: null, byStaff: true },
        {
          from: 'processing',
          to: 'shipped',
          at: '2026-03-15T07:30:00.000Z',
          note: 'Kargo: YK-123456',
          byStaff: true,
        },
      ],
    })
    serve(() => testOrderList([shipped]))
    renderOrders()
    await screen.findByTestId('orders-table')
    expect(cells('S2026-000074')[4]).toBe('Sevk edildi')
    fireEvent.click(
      within(row('S2026-000074')).getByRole('button', {
        name: 'S2026-000074 numaralı siparişin ürünlerini göster',
      }),
    )
    const history = within(screen.getByTestId('order-details')).getByRole('list', {
      name: 'S2026-000074 numaralı siparişin durum geçmişi',
    })
    const steps = within(history).getAllByTestId('order-history-step')
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Hazırlanıyor14\.03\.2026 13:00 · Satıcı$/),
      expect.stringMatching(/^Sevk edildi15\.03\.2026 10:30 · SatıcıSatıcının notu: Kargo: YK-123456$/),
    ])
  })

  it('opens and closes the items of an order', async () => {
    serve()
    renderOrders()
    await screen.findByTestId('orders-table')
    expect(screen.queryByTestId('order-details')).toBeNull()
    const toggle = within(row('S2026-000077')).getByRole('button', {
      name: 'S2026-000077 numaralı siparişin ürünlerini göster',
    })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)

    const details = screen.getByTestId('order-details')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(toggle.getAttribute('aria-label')).toBe('S2026-000077 numaralı siparişin ürünlerini gizle')
    expect(toggle.getAttribute('aria-controls')).toBe(details.id)
    expect(
      within(details)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Görsel', 'Ürün Kodu', 'Ürün Adı', 'Miktar', 'Birim Fiyat', 'Tutar'])
    const items = within(details).getAllByTestId('order-item')
    expect(
      items.map((item) => [...item.querySelectorAll('td')].slice(1).map((td) => td.textContent)),
    ).toEqual([
      ['FB-100', 'Fren Balatası', '2 Adet', '1.234,50 ₺', '2.469,00 ₺'],
      ['V-9', 'Vida', '3 Koli', '10,00 ₺', '30,00 ₺'],
    ])
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe('/images/fb-100.jpg')
    expect(items[1]!.querySelector('img')?.getAttribute('src')).toBe('/images/404.png')
    // The details row sits right under its order.
    expect(row('S2026-000077').nextElementSibling).toBe(details)

    fireEvent.click(toggle)
    expect(screen.queryByTestId('order-details')).toBeNull()
  })

  it('cancels an order after a confirmation: the row shows the badge and no button', async () => {
    const { pending } = serve()
    renderOrders()
    await screen.findByTestId('orders-table')
    await confirmCancel('S2026-000077')

    await waitFor(() => expect(pending).toHaveLength(1))
    expect(pending[0]).toMatchObject({
      path: '/api/catalog/order/77',
      method: 'PATCH',
      body: { cancel: true },
    })
    await act(async () => pending[0]!.answer(cancelled()))
    await waitFor(() => expect(cells('S2026-000077')[4]).toBe('İptal Edildi'))
    expect(within(row('S2026-000077')).queryByRole('button', { name: /^İptal Et: / })).toBeNull()
    expect(await screen.findByText('S2026-000077 numaralı sipariş iptal edildi.')).toBeTruthy()
  })

  it('asks first: keeping the order sends nothing', async () => {
    const { pending } = serve()
    renderOrders()
    await screen.findByTestId('orders-table')
    fireEvent.click(screen.getByRole('button', { name: 'İptal Et: S2026-000077 numaralı sipariş' }))
    const dialog = await screen.findByRole('dialog', { name: 'Siparişi iptal et' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(pending).toHaveLength(0)
    expect(cells('S2026-000077')[4]).toBe('İptal Et')
  })

  it('says the order could not be cancelled when the server refuses, whatever its reason, and on a network failure', async () => {
    const { pending, listPages } = serve()
    renderOrders()
    await screen.findByTestId('orders-table')
    await confirmCancel('S2026-000077')
    await waitFor(() => expect(pending).toHaveLength(1))
    await act(async () => pending[0]!.answer(apiError(409, 'not_cancellable', 'Başka bir metin.')))
    expect(await screen.findByText(cancelFailed)).toBeTruthy()
    expect(screen.queryByText('Başka bir metin.')).toBeNull()
    // The list is fetched again so the row shows where the order stands.
    await waitFor(() => expect(listPages()).toHaveLength(2))
    expect(cells('S2026-000077')[4]).toBe('İptal Et')

    await confirmCancel('S2026-000077')
    await waitFor(() => expect(pending).toHaveLength(2))
    await act(async () => pending[1]!.answer(HttpResponse.error()))
    await waitFor(() => expect(screen.getAllByText(cancelFailed)).toHaveLength(2))
  })

  it('pages through the URL: ?page=n is fetched, and a new page scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo')
    const { listPages } = serve((page) => ({
      ...threeOrders(),
      page,
      items: [testOrder({ id: 100 + page, orderNo: `S2026-00010${page}` })],
    }))
    renderOrders('/siparis/liste?page=2')
    await screen.findByText('S2026-000102')
    expect(listPages()).toEqual(['2'])
    const nav = screen.getByRole('navigation', { name: 'Sayfalar' })
    expect(within(nav).getByRole('button', { name: 'Sayfa 2' }).getAttribute('aria-current')).toBe('page')
    scrollTo.mockClear()

    fireEvent.click(within(nav).getByRole('button', { name: 'Sayfa 3' }))
    await screen.findByText('S2026-000103')
    expect(screen.getByTestId('location').textContent).toBe('/siparis/liste?page=3')
    expect(listPages()).toEqual(['2', '3'])
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 })

    fireEvent.click(within(nav).getByRole('button', { name: 'Önceki sayfa' }))
    await screen.findByText('S2026-000102')
    expect(screen.getByTestId('location').textContent).toBe('/siparis/liste?page=2')
    fireEvent.click(within(nav).getByRole('button', { name: 'Sayfa 1' }))
    await screen.findByText('S2026-000101')
    expect(screen.getByTestId('location').textContent).toBe('/siparis/liste')
    expect(listPages()).toEqual(['2', '3', '2', '1'])
  })

  it('has no pagination for a single page, and an empty state without orders', async () => {
    serve(() => testOrderList([]))
    renderOrders()
    const empty = await screen.findByTestId('orders-empty')
    expect(empty.textContent).toContain('Henüz siparişiniz yok.')
    expect(within(empty).getByRole('link', { name: 'Ürünlere göz at' }).getAttribute('href')).toBe('/urunler')
    expect(screen.queryByRole('navigation')).toBeNull()
  })

  it('speaks English under /en', async () => {
    serve(() => testOrderList([]))
    renderOrders('/en/siparis/liste', dealerBootstrap({ locale: 'en' }))
    expect((await screen.findByTestId('orders-empty')).textContent).toContain('You have no orders yet.')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My orders')
  })

  it('shows a load error with a retry', async () => {
    serve(() => apiError(500, 'internal', 'Olmadı.'))
    renderOrders()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Siparişler yüklenemedi')
    expect(alert.textContent).toContain('Olmadı.')
    expect(within(alert).getByRole('button', { name: 'Tekrar dene' })).toBeTruthy()
  })

  it('sends a guest to login and back', async () => {
    const requests = recordRequests()
    renderOrders('/siparis/liste?page=2', guestBootstrap())
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/account/login?next=%2Fsiparis%2Fliste%3Fpage%3D2',
      ),
    )
    expect(requests).toEqual([])
  })
})

describe('The order list on a phone', () => {
  it('shows each order as a card with its labelled number, date, creator, total and status', async () => {
    mockPhoneWidth()
    serve()
    renderOrders()
    await screen.findByTestId('orders-cards')
    expect(screen.queryByTestId('orders-table')).toBeNull()
    expect(rows()).toHaveLength(3)
    expect(rows()[0]!.tagName).toBe('LI')
    const first = within(row('S2026-000077'))
    for (const label of ['Sipariş No', 'Tarih', 'Oluşturan', 'Toplam'])
      expect(first.getByText(label)).toBeTruthy()
    expect(first.getByText('S2026-000077')).toBeTruthy()
    expect(first.getByText(/^14\.03\.2026 \d\d:\d\d$/)).toBeTruthy()
    expect(first.getByText('Ayşe Yılmaz')).toBeTruthy()
    expect(first.getByTestId('order-total').textContent).toBe('2.995,80 ₺')
    expect(first.getByText('Yeni')).toBeTruthy()
    expect(first.getByRole('button', { name: 'İptal Et: S2026-000077 numaralı sipariş' }).textContent).toBe(
      'İptal Et',
    )
    const cancelled = within(row('S2026-000076'))
    expect(cancelled.getByTestId('order-cancelled').textContent).toBe('İptal Edildi')
    expect(cancelled.queryByRole('button', { name: /^İptal Et: / })).toBeNull()
    const processing = within(row('S2026-000075'))
    expect(processing.getByText('Hazırlanıyor')).toBeTruthy()
    expect(processing.queryByRole('button', { name: /^İptal Et: / })).toBeNull()
  })

  it('expands an order into a compact list of its lines', async () => {
    mockPhoneWidth()
    serve()
    renderOrders()
    await screen.findByTestId('orders-cards')
    const toggle = within(row('S2026-000077')).getByRole('button', {
      name: 'S2026-000077 numaralı siparişin ürünlerini göster',
    })
    expect(toggle.textContent).toBe('Ürünler')
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)

    const details = within(row('S2026-000077')).getByTestId('order-details')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(toggle.getAttribute('aria-controls')).toBe(details.id)
    expect(within(details).queryByRole('table')).toBeNull()
    const list = within(details).getByRole('list', { name: 'S2026-000077 numaralı siparişin ürünleri' })
    const items = within(list).getAllByTestId('order-item')
    expect(
      items.map((item) =>
        ['item-quantity', 'item-price', 'item-amount'].map((id) => within(item).getByTestId(id).textContent),
      ),
    ).toEqual([
      ['2 Adet', '1.234,50 ₺', '2.469,00 ₺'],
      ['3 Koli', '10,00 ₺', '30,00 ₺'],
    ])
    expect(items[0]!.textContent).toContain('Fren Balatası')
    expect(items[0]!.textContent).toContain('FB-100')
    expect(items[0]!.textContent).toContain('2 Adet × 1.234,50 ₺')
    expect(items[0]!.querySelector('img')?.getAttribute('src')).toBe('/images/fb-100.jpg')

    fireEvent.click(
      within(row('S2026-000077')).getByRole('button', {
        name: 'S2026-000077 numaralı siparişin ürünlerini gizle',
      }),
    )
    expect(screen.queryByTestId('order-details')).toBeNull()
  })

  it('cancels an order from its card after the confirmation', async () => {
    mockPhoneWidth()
    const { pending } = serve()
    renderOrders()
    await screen.findByTestId('orders-cards')
    await confirmCancel('S2026-000077')
    await waitFor(() => expect(pending).toHaveLength(1))
    expect(pending[0]).toMatchObject({ path: '/api/catalog/order/77', method: 'PATCH' })
    await act(async () => pending[0]!.answer(cancelled()))
    await waitFor(() =>
      expect(within(row('S2026-000077')).getByTestId('order-cancelled').textContent).toBe('İptal Edildi'),
    )
    expect(within(row('S2026-000077')).queryByRole('button', { name: /^İptal Et: / })).toBeNull()
  })
})
