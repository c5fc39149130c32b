// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { type Invoice, type InvoiceList, invoiceListSchema } from '../../../contracts/invoices'
import { dealer, dealerBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { mockPhoneWidth } from '../../test/phone'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { InvoicesPage } from './InvoicesPage'

const invoice = (overrides: Partial<Invoice>): Invoice => ({
  id: 1,
  number: 'FTR2026000000001',
  date: '2026-03-02',
  dueDate: '2026-04-01',
  ettn: '8f0c2f7e-3c1a-4b9e-9a57-0c1d2e3f4a5b',
  amount: '1200.5000',
  taxAmount: '200.0800',
  currency: 'TRY',
  hasPdf: true,
  ...overrides,
})

const list = (overrides: Partial<InvoiceList> = {}): InvoiceList =>
  invoiceListSchema.parse({
    items: [
      invoice({ id: 7 }),
      invoice({
        id: 6,
        number: 'FTR2026000000002',
        date: '2026-02-10',
        dueDate: null,
        ettn: null,
        amount: '99.9',
        currency: 'USD',
        hasPdf: false,
      }),
    ],
    total: 2,
    page: 1,
    pages: 1,
    pageSize: 20,
    ...overrides,
  })

function serve(answer: (url: URL) => InvoiceList | Response = () => list()) {
  server.use(
    http.get('/api/account/invoices', ({ request }) => {
      const value = answer(new URL(request.url))
      return value instanceof Response ? value : apiJson(invoiceListSchema, value)
    }),
  )
  return recordRequests()
}

function renderPage(route = '/hesap/faturalar', bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/hesap/faturalar" element={<InvoicesPage />} />
        <Route path="/en/hesap/faturalar" element={<InvoicesPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const row = (number: string) =>
  screen.getAllByTestId('invoice-row').find((r) => r.textContent?.includes(number))!

describe('My invoices', () => {
  it('shows a skeleton, then the invoices with days, ETTN, amount in their currency and the PDF link', async () => {
    serve()
    renderPage()
    expect(screen.getByRole('heading', { name: 'Faturalarım' })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Faturalar yükleniyor' })).toBeTruthy()
    const table = await screen.findByTestId('invoices-table')
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Fatura No',
      'Tarih',
      'Vade Tarihi',
      'ETTN',
      'Tutar (KDV dahil)',
      'PDF',
    ])
    expect([...row('FTR2026000000001').querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'FTR2026000000001',
      '02.03.2026',
      '01.04.2026',
      '8f0c2f7e-3c1a-4b9e-9a57-0c1d2e3f4a5b',
      '1.200,50 ₺',
      'PDF indir FTR2026000000001',
    ])
    const link = screen.getByRole('link', { name: 'PDF indir FTR2026000000001' })
    expect(link.getAttribute('href')).toBe('/api/account/invoices/7/pdf')
    expect(link.hasAttribute('download')).toBe(true)
    const second = [...row('FTR2026000000002').querySelectorAll('td')].map((td) => td.textContent)
    expect(second.slice(2)).toEqual(['—', '—', '99,90 $', 'PDF yok'])
    expect(screen.getByTestId('invoices-count').textContent).toBe('2 fatura')
  })

  it('filters by date range through the address, and refuses a start after the end', async () => {
    const requests = serve((url) =>
      url.searchParams.get('from') ? list({ items: [invoice({ id: 3 })], total: 1 }) : list(),
    )
    renderPage()
    await screen.findByTestId('invoices-table')
    const form = screen.getByRole('form', { name: 'Faturaları tarihe göre süz' })
    fireEvent.change(within(form).getByLabelText('Başlangıç'), { target: { value: '2026-03-05' } })
    fireEvent.change(within(form).getByLabelText('Bitiş'), { target: { value: '2026-03-01' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Uygula' }))
    expect(await within(form).findByText('Başlangıç tarihi bitişten sonra olamaz.')).toBeTruthy()
    fireEvent.change(within(form).getByLabelText('Bitiş'), { target: { value: '2026-03-31' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Uygula' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/hesap/faturalar?from=2026-03-05&to=2026-03-31',
      ),
    )
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1))
    expect(
      requests.some((r) => r.path === '/api/account/invoices?from=2026-03-05&to=2026-03-31&page=1'),
    ).toBe(true)
  })

  it('pages through a long list', async () => {
    const requests = serve((url) =>
      list({ total: 45, pages: 3, page: Number(url.searchParams.get('page') ?? 1) }),
    )
    renderPage()
    await screen.findByTestId('invoices-table')
    fireEvent.click(screen.getByRole('button', { name: 'Sayfa 2' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/hesap/faturalar?page=2'))
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('page=2'))).toBe(true))
  })

  it('says when there are none, and when a range has none', async () => {
    serve(() => list({ items: [], total: 0, pages: 0 }))
    renderPage()
    expect((await screen.findByTestId('invoices-empty')).textContent).toBe('Henüz faturanız yok.')
  })

  it('says a range has none', async () => {
    serve(() => list({ items: [], total: 0, pages: 0 }))
    renderPage('/hesap/faturalar?from=2020-01-01')
    expect((await screen.findByTestId('invoices-empty')).textContent).toBe('Bu tarih aralığında fatura yok.')
  })

  it('shows the error with a retry', async () => {
    serve(() => apiError(500, 'internal', 'Beklenmeyen hata'))
    renderPage()
    expect(await screen.findByText('Faturalar yüklenemedi')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeTruthy()
  })

  it('lists cards on a phone, in English at /en', async () => {
    mockPhoneWidth()
    serve()
    renderPage('/en/hesap/faturalar', dealerBootstrap({ locale: 'en' }))
    const cards = await screen.findByTestId('invoices-cards')
    expect(screen.queryByTestId('invoices-table')).toBeNull()
    expect(within(cards).getAllByTestId('invoice-row')).toHaveLength(2)
    expect(screen.getByRole('heading', { name: 'My invoices' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Download PDF FTR2026000000001' })).toBeTruthy()
    expect(row('FTR2026000000001').textContent).toContain('Due date: 1 Apr 2026')
  })

  it('tells an administrator the page is for dealers, and asks for nothing', async () => {
    const requests = serve()
    renderPage(
      '/hesap/faturalar',
      dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }),
    )
    expect(await screen.findByText('Faturalar bayi hesapları içindir')).toBeTruthy()
    expect(requests.filter((r) => r.path.startsWith('/api/account/invoices'))).toHaveLength(0)
  })
})
