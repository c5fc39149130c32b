// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type StaffOfferDetail,
  type StaffOfferRow,
  staffOfferDetailSchema,
  staffOfferListSchema,
  staffOfferOrderedSchema,
} from '../../../../contracts/staff-offers'
import type { StaffRole } from '../../../../domain/staff-access'
import { customerListReply } from '../../../test/customer-fixtures'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { historyHandler } from '../../../test/history-fixtures'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { stubObjectUrls } from '../../../test/object-urls'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { StaffOffersPage } from './StaffOffersPage'

const staff = (staffRole: StaffRole) =>
  dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => vi.restoreAllMocks())

const DEALER = { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' }

const row = (overrides: Partial<StaffOfferRow> = {}): StaffOfferRow => ({
  id: 41,
  offerNo: 'T2026-000041',
  date: '2026-03-14T09:30:00.000Z',
  dealer: DEALER,
  creator: 'Ayşe Yılmaz',
  status: 'open',
  total: { value: 1440, currency: 'TRY' },
  customerName: 'Kaya İnşaat',
  ...overrides,
})

const money = (value: number) => ({ value, currency: 'TRY' })

const detail = (overrides: Partial<StaffOfferDetail> = {}): StaffOfferDetail => ({
  id: 41,
  offerNo: 'T2026-000041',
  date: '2026-03-14T09:30:00.000Z',
  dealer: DEALER,
  creator: 'Ayşe Yılmaz',
  status: 'open',
  description: 'Şantiye için',
  customerName: 'Kaya İnşaat',
  customerCompanyName: null,
  lines: [
    {
      id: 1,
      productId: 9,
      code: 'VDA-100',
      name: 'Vida 4x40',
      quantity: 12,
      unit: 'Koli',
      price: money(100),
      taxRate: 20,
      lineTotal: money(1200),
    },
  ],
  subtotal: money(1200),
  tax: money(240),
  total: money(1440),
  order: null,
  convertible: true,
  ...overrides,
})

function serve(rows: StaffOfferRow[], convert?: () => Response) {
  let current = detail()
  server.use(
    historyHandler(),
    http.get('/yonetim/customers', () => customerListReply([DEALER])),
    http.get('/yonetim/offers', () =>
      apiJson(staffOfferListSchema, { items: rows, total: rows.length, page: 1, pages: 1, limit: 50 }),
    ),
    http.get('/yonetim/offers/:id', () => apiJson(staffOfferDetailSchema, current)),
    http.post(
      '/yonetim/offers/:id/order',
      convert ??
        (() => {
          const order = { id: 90, orderNo: 'S2026-000090' }
          current = detail({ status: 'ordered', convertible: false, order })
          return apiJson(staffOfferOrderedSchema, { offer: current, order })
        }),
    ),
  )
  return recordRequests()
}

const renderPage = (route = '/yonetim/teklifler', role: StaffRole = 'owner') =>
  renderWithProviders(
    <>
      <StaffOffersPage />
      <LocationProbe />
    </>,
    { bootstrap: staff(role), route },
  )

describe('the staff offers page', () => {
  it('lists the offers with dealer, customer, status and total, asking with the filters of the address', async () => {
    const requests = serve([
      row(),
      row({ id: 42, offerNo: 'T2026-000042', status: 'ordered', customerName: null }),
    ])
    renderPage('/yonetim/teklifler?status=ordered&q=T2026&customerId=5&from=2026-03-01&to=nope&page=x')
    await waitFor(() => {
      const ordered = screen.getByText('T2026-000042').closest('tr') as HTMLElement
      expect(within(ordered).getByText('Siparişe dönüştü')).toBeTruthy()
      expect(screen.getByText('Kaya İnşaat')).toBeTruthy()
    })
    const list = requests.find((r) => r.url.pathname === '/yonetim/offers')!
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      status: 'ordered',
      q: 'T2026',
      customerId: '5',
      from: '2026-03-01',
      page: '1',
    })
  })

  it('exports the list as its filters stand, as a file named by the server', async () => {
    const requests = serve([])
    server.use(
      http.get(
        '/yonetim/offers/export',
        () =>
          new Response('\uFEFFTeklif No\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': 'attachment; filename="teklifler-20260314-1230.csv"',
            },
          }),
      ),
    )
    stubObjectUrls()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    renderPage('/yonetim/teklifler?status=open&q=T2026')
    fireEvent.click(await screen.findByRole('button', { name: 'Dışa aktar' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV (noktalı virgülle)' }))
    await waitFor(() => expect(saved).toEqual(['teklifler-20260314-1230.csv']))
    const asked = requests.find((r) => r.url.pathname === '/yonetim/offers/export')!
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      status: 'open',
      q: 'T2026',
      format: 'csv',
      lang: 'tr',
    })
  })

  it('says so when no offer matches, and when the list cannot be read', async () => {
    serve([])
    renderPage()
    expect(await screen.findByText('Bu filtrelere uyan teklif yok.')).toBeTruthy()
    server.use(http.get('/yonetim/offers', () => apiError(500, 'internal', 'Beklenmeyen hata')))
    renderPage()
    expect(await screen.findByText('Teklifler yüklenemedi')).toBeTruthy()
  })

  it('shows cards on a phone', async () => {
    mockPhoneWidth()
    serve([row()])
    renderPage()
    const card = await screen.findByTestId('offer-card')
    expect(within(card).getByText('Açık')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'T2026-000041 numaralı teklifi aç' })).toBeTruthy()
    expect(screen.queryByTestId('staff-offers-table')).toBeNull()
  })

  it('opens an offer on its own page, converts it after asking, and links to the order', async () => {
    const requests = serve([row()])
    renderPage('/yonetim/teklifler?status=open')
    await waitFor(() =>
      fireEvent.click(screen.getByRole('button', { name: 'T2026-000041 numaralı teklifi aç' })),
    )
    await screen.findByTestId('offer-detail')
    expect(screen.getByTestId('location').textContent).toBe('/yonetim/teklifler?status=open&id=41')
    const lines = screen.getByTestId('offer-lines')
    expect(within(lines).getByText('VDA-100')).toBeTruthy()
    expect(within(lines).getByText('12 Koli')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Siparişe dönüştür' }))
    const dialog = await screen.findByRole('dialog', { name: 'T2026-000041 siparişe dönüştürülsün mü?' })
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Siparişe dönüştür' }))

    const done = await screen.findByTestId('offer-converted')
    const link = within(done).getByRole('link', { name: 'S2026-000090' })
    expect(link.getAttribute('href')).toBe('/yonetim/siparisler?q=S2026-000090')
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      '/yonetim/offers/41/order',
    ])
    await waitFor(() => expect(screen.queryByTestId('offer-convert')).toBeNull())
    expect(screen.getAllByText('Siparişe dönüştü').length).toBeGreaterThan(0)

    fireEvent.click(screen.getByTestId('offer-back'))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/yonetim/teklifler?status=open'),
    )
  })

  it("shows the server's refusal in place", async () => {
    serve([row()], () => apiError(409, 'insufficient_stock', 'Vida 4x40 ürününden 12 adet bulunmamaktadır!'))
    renderPage('/yonetim/teklifler?id=41')
    fireEvent.click(await screen.findByRole('button', { name: 'Siparişe dönüştür' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Siparişe dönüştür' }))
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('12 adet bulunmamaktadır'),
    )
  })

  it('gives a role without sales write the offer without the button', async () => {
    serve([row()])
    renderPage('/yonetim/teklifler?id=41', 'accounting')
    expect(await screen.findByText('Rolünüz teklifleri siparişe dönüştürmeye izin vermiyor.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Siparişe dönüştür' })).toBeNull()
  })
})
