// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../../contracts/bootstrap'
import { type CustomerCart, customerCartsSchema } from '../../../../contracts/staff-live'
import { FakeWebSocket } from '../../../test/fake-websocket'
import { dealer, dealerBootstrap, guestBootstrap } from '../../../test/fixtures'
import { apiJson, type RecordedRequest, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { CustomerCartsPage } from './CustomerCartsPage'

const admin = {
  ...dealer,
  id: 1,
  name: 'Yönetici',
  role: 'admin' as const,
  staffRole: 'owner' as const,
  customer: null,
}
const adminBootstrap = (overrides: Partial<Bootstrap> = {}) => guestBootstrap({ user: admin, ...overrides })

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()

function cart(overrides: Partial<CustomerCart> = {}): CustomerCart {
  return {
    id: 5,
    userId: 7,
    userName: 'Ayşe Yılmaz',
    companyName: 'Yılmaz Otomotiv Ltd.',
    updatedAt: minutesAgo(5),
    lineCount: 2,
    items: [
      {
        productName: 'Bosch Darbeli Matkap',
        productCode: 'BSH-100',
        productQuantity: 2,
        unit: 'Adet',
        link: '/bosch-darbeli-matkap-p-41',
      },
      {
        productName: 'Vida Seti',
        productCode: 'VD-9',
        productQuantity: 1,
        unit: 'Koli',
        link: '/vida-seti-p-42',
      },
    ],
    total: { value: 1234.5, currency: 'TRY' },
    ...overrides,
  }
}

/** What the server answers now; a test changes it to what a later read gets. */
let carts: CustomerCart[] = []
let recorded: RecordedRequest[] = []
const reads = () => recorded.filter((r) => r.path === '/yonetim/customer-carts').length

beforeEach(() => {
  FakeWebSocket.install()
  recorded = recordRequests()
  carts = [cart()]
  server.use(
    http.get('/yonetim/customer-carts', () =>
      apiJson(customerCartsSchema, { carts, limit: 50, lineLimit: 100 }),
    ),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

function renderPage(route = '/yonetim/musteri-sepetleri', bootstrap: Bootstrap = adminBootstrap()) {
  return renderWithProviders(
    <Routes>
      <Route path="/yonetim/musteri-sepetleri" element={<CustomerCartsPage />} />
      <Route path="/en/yonetim/musteri-sepetleri" element={<CustomerCartsPage />} />
      <Route path="*" element={null} />
    </Routes>,
    { bootstrap, route },
  )
}

const cards = () => screen.queryAllByTestId('customer-cart')
const lines = (card: HTMLElement) => within(card).getAllByTestId('cart-line')

describe('Customer carts, for an administrator', () => {
  it('shows each cart with its owner, company, total, age and a table of its lines', async () => {
    renderPage()
    expect(screen.getByRole('heading', { name: 'Müşteri Sepetleri' })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Sepetler yükleniyor' })).toBeTruthy()
    const [card] = await screen.findAllByTestId('customer-cart')
    expect(within(card!).getByRole('heading', { level: 2 }).textContent).toBe('Ayşe Yılmaz')
    expect(card!.textContent).toContain('Yılmaz Otomotiv Ltd.')
    expect(within(card!).getByTestId('cart-total').textContent).toBe('Toplam: 1.234,50 ₺')
    expect(card!.textContent).toContain('Son değişiklik: 5 dakika önce')
    expect(card!.textContent).toContain('2 satır')
    const table = within(card!).getByRole('table', { name: 'Ayşe Yılmaz sepetindeki ürünler' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Ürün adı', 'Ürün kodu', 'Miktar'])
    expect(lines(card!).map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Bosch Darbeli Matkap (yeni sekmede açılır)', 'BSH-100', '2 Adet'],
      ['Vida Seti (yeni sekmede açılır)', 'VD-9', '1 Koli'],
    ])
    expect(screen.queryByTestId('cart-truncated')).toBeNull()
  })

  it("calls a cart without a user's name 'Misafir Kullanıcı'", async () => {
    carts = [cart({ userName: null, companyName: null })]
    renderPage()
    const [card] = await screen.findAllByTestId('customer-cart')
    expect(within(card!).getByRole('heading', { level: 2 }).textContent).toBe('Misafir Kullanıcı')
  })

  it('opens the product in a new tab from a click on its line, and from its link with the keyboard', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    renderPage()
    const [card] = await screen.findAllByTestId('customer-cart')
    const [first, second] = lines(card!)
    fireEvent.click(within(second!).getByText('VD-9'))
    expect(open).toHaveBeenCalledWith('/vida-seti-p-42', '_blank', 'noopener')
    // The line's link is what the keyboard reaches: a real link to the product, opening a new tab.
    const link = within(first!).getByRole('link', { name: 'Bosch Darbeli Matkap (yeni sekmede açılır)' })
    expect(link.getAttribute('href')).toBe('/bosch-darbeli-matkap-p-41')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    // A click on the link itself is the link's to handle: the row opens nothing more.
    open.mockClear()
    fireEvent.click(link)
    expect(open).not.toHaveBeenCalled()
  })

  it('reads the carts again when the socket says a cart changed, and after a reconnect', async () => {
    renderPage()
    await screen.findAllByTestId('customer-cart')
    expect(reads()).toBe(1)
    act(() => FakeWebSocket.last.open())
    carts = [cart({ id: 6, userId: 8, userName: 'Berk Can', updatedAt: minutesAgo(0) }), cart()]
    act(() => FakeWebSocket.last.push({ type: 'customerCartsChanged' }))
    await waitFor(() => expect(cards().map((c) => c.dataset.cartId)).toEqual(['6', '5']))
    expect(reads()).toBe(2)
    expect(cards()[0]!.textContent).toContain('Son değişiklik: az önce')
    // The list of online users that also comes over the socket changes nothing here.
    act(() => FakeWebSocket.last.push({ type: 'updateOnlineUsers', onlineUsers: [] }))

    carts = []
    act(() => FakeWebSocket.last.drop())
    await waitFor(() =>
      expect(screen.getByTestId('live-connection').textContent).toContain('yeniden bağlanıyor'),
    )
    await waitFor(() => expect(FakeWebSocket.made).toHaveLength(2), { timeout: 3000 })
    act(() => FakeWebSocket.last.open())
    expect((await screen.findByTestId('carts-empty')).textContent).toBe('Henüz sepet verisi bulunmuyor.')
    expect(reads()).toBe(3)
  })

  it('says so when there are no carts', async () => {
    carts = []
    renderPage()
    expect((await screen.findByTestId('carts-empty')).textContent).toBe('Henüz sepet verisi bulunmuyor.')
  })

  it('says when only the first lines of a very large cart are shown', async () => {
    carts = [cart({ lineCount: 340 })]
    renderPage()
    expect((await screen.findByTestId('cart-truncated')).textContent).toBe(
      'İlk 2 satır gösteriliyor; toplam bu satırların tutarıdır.',
    )
    expect(cards()[0]!.textContent).toContain('340 satır')
  })

  it('offers a retry when the carts cannot be loaded', async () => {
    server.use(
      http.get(
        '/yonetim/customer-carts',
        () =>
          HttpResponse.json(
            { error: { code: 'internal', messages: { type: 'Sunucu hatası' } } },
            { status: 500 },
          ),
        { once: true },
      ),
    )
    renderPage()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Sepetler yüklenemedi')
    fireEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }))
    await waitFor(() => expect(cards()).toHaveLength(1))
  })

  it('speaks English at /en/yonetim/musteri-sepetleri, with product links under /en', async () => {
    carts = [cart(), cart({ id: 9, userName: null })]
    renderPage('/en/yonetim/musteri-sepetleri', adminBootstrap({ locale: 'en' }))
    expect(screen.getByRole('heading', { name: 'Customer carts' })).toBeTruthy()
    const [first, guest] = await screen.findAllByTestId('customer-cart')
    expect(within(first!).getByTestId('cart-total').textContent).toBe('Total: ₺1,234.50')
    expect(first!.textContent).toContain('Last change: 5 minutes ago')
    expect(
      within(first!)
        .getByRole('link', { name: 'Bosch Darbeli Matkap (opens in a new tab)' })
        .getAttribute('href'),
    ).toBe('/en/bosch-darbeli-matkap-p-41')
    expect(within(guest!).getByRole('heading', { level: 2 }).textContent).toBe('Guest user')
  })
})

describe('Customer carts, for anyone else', () => {
  it('refuses a dealer without reading the carts or opening a socket', async () => {
    renderPage('/yonetim/musteri-sepetleri', dealerBootstrap())
    expect(screen.getByText('Bu sayfa yöneticiler içindir')).toBeTruthy()
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(reads()).toBe(0)
    expect(FakeWebSocket.made).toHaveLength(0)
  })
})
