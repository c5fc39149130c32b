// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { OrderList } from '../../../contracts/orders'
import { routeFetch } from '../../test/fetch-routes'
import { dealerBootstrap, guestBootstrap, jsonResponse } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { mockPhoneWidth } from '../../test/phone'
import { renderWithProviders } from '../../test/render'
import { OrdersPage } from './OrdersPage'
import { testOrder, testOrderList } from './order-fixtures'

interface Pending {
  path: string
  method: string
  json: unknown
  answer: (response: Response | Error) => void
}

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
      testOrder({ id: 75, orderNo: 'S2026-000075', status: 'processing', cancellable: false }),
    ],
    { pages: 3, total: 45 },
  )

/** GET /api/catalog/orders answers `list(page)`; a cancel waits until the test answers it. */
function serve(list: (page: number) => OrderList | Promise<Response> = () => threeOrders()) {
  const pending: Pending[] = []
  const fetchMock = routeFetch({
    '/api/catalog/orders': async (url: URL) => {
      const answer = list(Number(url.searchParams.get('page') ?? '1'))
      return answer instanceof Promise ? answer : jsonResponse(answer)
    },
    '/api/catalog/order/': (url: URL, init: RequestInit | undefined) =>
      new Promise<Response>((resolve, reject) => {
        pending.push({
          path: url.pathname,
          method: init?.method ?? 'GET',
          json: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          answer: (response) => (response instanceof Error ? reject(response) : resolve(response)),
        })
      }),
  })
  vi.stubGlobal('fetch', fetchMock)
  const listPages = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/catalog/orders')
      .map((url) => url.searchParams.get('page'))
  return { pending, listPages }
}

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
  fireEvent.click(within(row(orderNo)).getByRole('button', { name: `${orderNo} numaralı siparişi iptal et` }))
  const dialog = await screen.findByRole('dialog', { name: 'Siparişi iptal et' })
  expect(dialog.textContent).toContain(`${orderNo} numaralı sipariş iptal edilecek`)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, iptal et' }))
}

afterEach(() => {
  // Toasts live in a module-wide store: one test's must not show up in the next.
  act(() => notifications.clean())
  vi.unstubAllGlobals()
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
    ).toEqual(['Sipariş No', 'Tarih', 'Oluşturan', 'Toplam', 'İptal', 'Detay'])
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
    expect(within(row('S2026-000076')).queryByRole('button', { name: /iptal et/ })).toBeNull()
    expect(cells('S2026-000075')[4]).toBe('Hazırlanıyor')
    expect(screen.getByTestId('orders-customer').textContent).toBe('Yılmaz Otomotiv Ltd.')
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
      json: { cancel: true },
    })
    await act(async () =>
      pending[0]!.answer(
        jsonResponse(testOrder({ status: 'cancelled', isCancel: true, cancellable: false })),
      ),
    )
    await waitFor(() => expect(cells('S2026-000077')[4]).toBe('İptal Edildi'))
    expect(within(row('S2026-000077')).queryByRole('button', { name: /iptal et/ })).toBeNull()
    expect(await screen.findByText('S2026-000077 numaralı sipariş iptal edildi.')).toBeTruthy()
  })

  it('asks first: keeping the order sends nothing', async () => {
    const { pending } = serve()
    renderOrders()
    await screen.findByTestId('orders-table')
    fireEvent.click(screen.getByRole('button', { name: 'S2026-000077 numaralı siparişi iptal et' }))
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
    await act(async () =>
      pending[0]!.answer(
        jsonResponse({ error: { code: 'not_cancellable', messages: { type: 'Başka bir metin.' } } }, 409),
      ),
    )
    expect(await screen.findByText(cancelFailed)).toBeTruthy()
    expect(screen.queryByText('Başka bir metin.')).toBeNull()
    // The list is fetched again so the row shows where the order stands.
    await waitFor(() => expect(listPages()).toHaveLength(2))
    expect(cells('S2026-000077')[4]).toBe('İptal Et')

    await confirmCancel('S2026-000077')
    await waitFor(() => expect(pending).toHaveLength(2))
    await act(async () => pending[1]!.answer(new TypeError('Failed to fetch')))
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
    serve(async () => jsonResponse({ error: { code: 'internal', messages: { type: 'Olmadı.' } } }, 500))
    renderOrders()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Siparişler yüklenemedi')
    expect(alert.textContent).toContain('Olmadı.')
    expect(within(alert).getByRole('button', { name: 'Tekrar dene' })).toBeTruthy()
  })

  it('sends a guest to login and back', async () => {
    const fetchMock = routeFetch({})
    vi.stubGlobal('fetch', fetchMock)
    renderOrders('/siparis/liste?page=2', guestBootstrap())
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/account/login?next=%2Fsiparis%2Fliste%3Fpage%3D2',
      ),
    )
    expect(fetchMock).not.toHaveBeenCalled()
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
    expect(first.getByRole('button', { name: 'S2026-000077 numaralı siparişi iptal et' }).textContent).toBe(
      'İptal Et',
    )
    const cancelled = within(row('S2026-000076'))
    expect(cancelled.getByTestId('order-cancelled').textContent).toBe('İptal Edildi')
    expect(cancelled.queryByRole('button', { name: /iptal et/ })).toBeNull()
    const processing = within(row('S2026-000075'))
    expect(processing.getByText('Hazırlanıyor')).toBeTruthy()
    expect(processing.queryByRole('button', { name: /iptal et/ })).toBeNull()
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
    await act(async () =>
      pending[0]!.answer(
        jsonResponse(testOrder({ status: 'cancelled', isCancel: true, cancellable: false })),
      ),
    )
    await waitFor(() =>
      expect(within(row('S2026-000077')).getByTestId('order-cancelled').textContent).toBe('İptal Edildi'),
    )
    expect(within(row('S2026-000077')).queryByRole('button', { name: /iptal et/ })).toBeNull()
  })
})
