// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mailOutboxListSchema } from '../../../contracts/mail-outbox'
import { adminFaultReportListSchema } from '../../../contracts/service'
import { staffBrandListSchema, staffCategoryListSchema } from '../../../contracts/staff-catalogue'
import { staffProductListSchema } from '../../../contracts/staff-products'
import type { StaffRole } from '../../../domain/staff-access'
import { dealer, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiJson, recordRequests } from '../../test/network'
import { mockPhoneWidth } from '../../test/phone'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { FaultReportsPage } from './fault-reports/FaultReportsPage'
import { ImportPage } from './imports/ImportPage'
import { MailOutboxPage } from './MailOutboxPage'
import { BankTransferPage } from './payments/BankTransferPage'
import { StaffProductsPage } from './products/StaffProductsPage'
import { StaffIndexPage } from './StaffIndexPage'

const staff = (staffRole: StaffRole) =>
  guestBootstrap({
    user: { ...dealer, id: 1, name: 'Personel', role: 'admin', staffRole, customer: null },
  })

function renderAt(route: string, role: StaffRole) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/yonetim" element={<StaffIndexPage />} />
        <Route path="/yonetim/e-postalar" element={<MailOutboxPage />} />
        <Route path="/yonetim/havale" element={<BankTransferPage />} />
        <Route path="/yonetim/ariza-bildirimleri" element={<FaultReportsPage />} />
        <Route path="/yonetim/iceri-aktar" element={<ImportPage />} />
        <Route path="/yonetim/urunler" element={<StaffProductsPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap: staff(role), route },
  )
}

const location = () => screen.getByTestId('location').textContent
const menuLinks = () =>
  within(screen.getByTestId('staff-menu'))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'))

const failedMail = {
  id: 41,
  kind: 'order_confirmation' as const,
  recipient: 'ayse@bayi.example',
  subject: 'Siparişiniz alındı',
  status: 'failed' as const,
  attempts: 6,
  nextAttemptAt: '2026-03-14T12:40:00.000Z',
  lastError: '550 Mailbox unavailable',
  createdAt: '2026-03-14T12:00:00.000Z',
  sentAt: null,
  document: null,
}

describe('the staff area by role', () => {
  afterEach(() => vi.restoreAllMocks())

  it('sends each role from /yonetim to the first screen it may open', async () => {
    renderAt('/yonetim', 'accounting')
    await waitFor(() => expect(location()).toBe('/yonetim/ozet'))
  })

  it('sends the catalogue team to the product table, its first screen, beside the imports', async () => {
    server.use(
      http.get('/yonetim/products', () =>
        apiJson(staffProductListSchema, { items: [], page: 1, pages: 0, limit: 50, total: 0, capped: false }),
      ),
      http.get('/yonetim/categories', () => apiJson(staffCategoryListSchema, { items: [] })),
      http.get('/yonetim/brands', () => apiJson(staffBrandListSchema, { items: [] })),
    )
    renderAt('/yonetim', 'catalogue')
    await waitFor(() => expect(location()).toBe('/yonetim/urunler'))
    expect(await screen.findByTestId('staff-products-table')).toBeTruthy()
    expect(menuLinks()).toEqual([
      '/yonetim/urunler',
      '/yonetim/kategoriler',
      '/yonetim/kampanyalar',
      '/yonetim/iceri-aktar',
    ])
  })

  it('lists only the screens of the role in the menu', async () => {
    server.use(
      http.get('/yonetim/fault-reports', () =>
        apiJson(adminFaultReportListSchema, { items: [], total: 0, page: 1, pages: 0, limit: 50 }),
      ),
    )
    renderAt('/yonetim/ariza-bildirimleri', 'accounting')
    expect(menuLinks()).toEqual([
      '/yonetim/ozet',
      '/yonetim/siparisler',
      '/yonetim/teklifler',
      '/yonetim/ariza-bildirimleri',
      '/yonetim/musteriler',
      // Accounting's own imports (the current account), among its payment screens.
      '/yonetim/iceri-aktar',
      '/yonetim/odemeler',
      '/yonetim/odeme-baglantilari',
      '/yonetim/havale',
      '/yonetim/odeme-ayarlari',
    ])
    // Under the headings of their groups, each a list named by its heading; no empty group.
    const menu = screen.getByTestId('staff-menu')
    const sales = within(menu).getByRole('list', { name: 'Satış' })
    const customers = within(menu).getByRole('list', { name: 'Müşteriler' })
    const payments = within(menu).getByRole('list', { name: 'Ödemeler' })
    expect(
      within(sales)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Özet', 'Siparişler', 'Teklifler', 'Arıza Bildirimleri'])
    expect(within(customers).getAllByRole('link')).toHaveLength(1)
    expect(within(payments).getAllByRole('link')).toHaveLength(5)
    expect(within(menu).getAllByRole('list')).toHaveLength(3)
    expect(within(sales).getByRole('link', { name: 'Arıza Bildirimleri' }).getAttribute('aria-current')).toBe(
      'page',
    )
  })

  it('folds the menu into one button on a phone, which opens it and says so', async () => {
    mockPhoneWidth()
    server.use(
      http.get('/yonetim/fault-reports', () =>
        apiJson(adminFaultReportListSchema, { items: [], total: 0, page: 1, pages: 0, limit: 50 }),
      ),
    )
    renderAt('/yonetim/ariza-bildirimleri', 'accounting')
    const toggle = await screen.findByRole('button', { name: 'Yönetim menüsü' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(within(screen.getByTestId('staff-menu')).queryAllByRole('link')).toHaveLength(0)
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeTruthy()
    expect(menuLinks()).toHaveLength(10)
    await userEvent.click(toggle)
    expect(within(screen.getByTestId('staff-menu')).queryAllByRole('link')).toHaveLength(0)
  })

  it('shows a screen the role may not open as not open to it, and asks the server nothing', async () => {
    const requests = recordRequests()
    renderAt('/yonetim/e-postalar', 'sales')
    expect(await screen.findByText('Bu sayfa rolünüze açık değil')).toBeTruthy()
    expect(document.title).toContain('Bu sayfa rolünüze açık değil')
    expect(requests.filter((r) => r.path.startsWith('/yonetim/'))).toEqual([])
  })

  it('gives a read-only user the mail queue without a retry button', async () => {
    server.use(
      http.get('/yonetim/mail-outbox', () =>
        apiJson(mailOutboxListSchema, { items: [failedMail], page: 1, pages: 1, limit: 50, total: 1 }),
      ),
    )
    renderAt('/yonetim/e-postalar', 'readonly')
    expect(await screen.findAllByText('ayse@bayi.example')).not.toHaveLength(0)
    expect(screen.queryByTestId('mail-retry')).toBeNull()
  })

  it('gives the owner the retry button on the same mail', async () => {
    server.use(
      http.get('/yonetim/mail-outbox', () =>
        apiJson(mailOutboxListSchema, { items: [failedMail], page: 1, pages: 1, limit: 50, total: 1 }),
      ),
    )
    renderAt('/yonetim/e-postalar', 'owner')
    expect(await screen.findAllByTestId('mail-retry')).not.toHaveLength(0)
  })

  it('tells a read-only user the bank transfer form is not theirs to use, and draws no form', async () => {
    server.use(
      http.get('/yonetim/customers', () => HttpResponse.json({ items: [] })),
      http.get('/yonetim/bank-transfers', () =>
        HttpResponse.json({ items: [], total: 0, page: 1, pages: 0, limit: 50 }),
      ),
    )
    renderAt('/yonetim/havale', 'readonly')
    expect(await screen.findByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeTruthy()
    expect(screen.queryByTestId('transfer-dealer')).toBeNull()
  })

  it('shows accounting a fault report’s status as text, with no control to change it', async () => {
    server.use(
      http.get('/yonetim/fault-reports', () =>
        apiJson(adminFaultReportListSchema, {
          items: [
            {
              id: 11,
              reportNo: 'AR-2026-000011',
              createdAt: '2026-03-14T09:30:00.000Z',
              updatedAt: '2026-03-14T09:30:00.000Z',
              productCode: 'DM-800',
              productName: 'Darbeli Matkap 800W',
              serialNumber: 'SN-1',
              description: 'Çalışırken duruyor.',
              contactPhone: '0532 123 45 67',
              status: 'new',
              hasPhoto: false,
              staffNote: null,
              history: [],
              dealer: { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' },
              userName: 'Ahmet Yılmaz',
            },
          ],
          total: 1,
          page: 1,
          pages: 1,
          limit: 50,
        }),
      ),
    )
    renderAt('/yonetim/ariza-bildirimleri', 'accounting')
    expect(await screen.findAllByText('AR-2026-000011')).not.toHaveLength(0)
    expect(screen.queryByTestId('fault-status-select')).toBeNull()
  })
})
