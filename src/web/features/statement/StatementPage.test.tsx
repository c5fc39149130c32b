// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { type Statement, type StatementEntry, statementSchema } from '../../../contracts/ledger'
import { defaultStoreSettings } from '../../../contracts/settings'
import { OverdueDebtBanner } from '../../app/layout/OverdueDebtBanner'
import { downloadThroughMenu } from '../../test/export-download'
import { dealer, dealerBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { mockPhoneWidth } from '../../test/phone'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { StatementPage } from './StatementPage'

const entry = (overrides: Partial<StatementEntry>): StatementEntry => ({
  id: 1,
  date: '2026-01-10',
  documentNo: 'F-1',
  kind: 'invoice',
  description: 'Satış faturası',
  dueDate: '2026-02-10',
  debit: 0,
  credit: 0,
  balance: 0,
  open: 0,
  overdue: false,
  ...overrides,
})

function testStatement(overrides: Partial<Statement> = {}): Statement {
  return statementSchema.parse({
    from: '2025-03-18',
    to: '2026-03-18',
    currency: 'TRY',
    openingBalance: 1000,
    entries: [
      entry({ id: 11, documentNo: 'FTR-184', debit: 2000, balance: 3000, open: 1500, overdue: true }),
      entry({
        id: 12,
        documentNo: 'FTR-231',
        date: '2026-02-05',
        debit: 500.5,
        balance: 3500.5,
        open: 500.5,
        overdue: true,
      }),
      entry({
        id: 13,
        documentNo: 'EFT-1',
        kind: 'bank_transfer',
        date: '2026-02-16',
        dueDate: null,
        description: 'Havale',
        credit: 1500,
        balance: 2000.5,
      }),
      entry({
        id: 14,
        documentNo: 'FTR-268',
        date: '2026-03-13',
        dueDate: '2026-04-12',
        debit: 800,
        balance: 2800.5,
        open: 800,
      }),
    ],
    totals: { debit: 3300.5, credit: 1500 },
    closingBalance: 2800.5,
    overdue: { balance: 2000.5, days: 45 },
    truncated: false,
    limits: { maxDays: 731, maxRows: 2000 },
    ...overrides,
  })
}

function serve(answer: () => Statement | Response = () => testStatement()) {
  server.use(
    http.get('/api/account/statement', () => {
      const value = answer()
      return value instanceof Response ? value : apiJson(statementSchema, value)
    }),
  )
  return recordRequests()
}

function renderStatement(route = '/hesap/ekstre', bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/hesap/ekstre" element={<StatementPage />} />
        <Route path="/en/hesap/ekstre" element={<StatementPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const row = (documentNo: string) =>
  screen.getAllByTestId('statement-row').find((r) => r.textContent?.includes(documentNo))!
const cells = (documentNo: string) => [...row(documentNo).querySelectorAll('td')].map((td) => td.textContent)

afterEach(() => vi.restoreAllMocks())

describe('The account statement', () => {
  it('shows a skeleton, then the entries with running balance, open amounts and totals', async () => {
    serve()
    renderStatement()
    expect(screen.getByRole('status', { name: 'Ekstre yükleniyor' })).toBeTruthy()
    const table = await screen.findByTestId('statement-table')
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Seç',
      'Tarih',
      'Belge No',
      'Tür',
      'Açıklama',
      'Vade Tarihi',
      'Borç',
      'Alacak',
      'Bakiye',
      'Kalan',
    ])
    expect(
      [...screen.getByTestId('statement-totals').querySelectorAll('th, td')].map((c) => c.textContent),
    ).toEqual(['', 'Toplam / Kapanış bakiyesi', '3.300,50 ₺', '1.500,00 ₺', '2.800,50 ₺', ''])
    expect(screen.getByTestId('statement-opening').textContent).toContain('1.000,00 ₺')
    expect(cells('FTR-184').slice(1)).toEqual([
      '10.01.2026',
      'FTR-184',
      'Fatura',
      'Satış faturası',
      '10.02.2026 Vadesi geçti',
      '2.000,00 ₺',
      '—',
      '3.000,00 ₺',
      '1.500,00 ₺',
    ])
    expect(cells('EFT-1').slice(1)).toEqual([
      '16.02.2026',
      'EFT-1',
      'Havale / EFT',
      'Havale',
      '—',
      '—',
      '1.500,00 ₺',
      '2.000,50 ₺',
      '—',
    ])
    // Only open debits can be ticked.
    expect(within(row('EFT-1')).queryByRole('checkbox')).toBeNull()
    expect(screen.getAllByRole('checkbox')).toHaveLength(3)
    expect(
      await downloadThroughMenu('/api/account/statement/export', {
        fileName: 'ekstre-20250318-20260318.xlsx',
      }),
    ).toEqual({ format: 'xlsx', lang: 'tr' })
  })

  it('always shows the overdue banner here, with the figures the statement read', async () => {
    serve()
    // The store turned the banner off elsewhere; the session still has an older figure.
    const bootstrap = dealerBootstrap({
      user: { ...dealer, customer: { ...dealer.customer!, overdueBalance: 9999, overdueDays: 3 } },
      settings: { ...defaultStoreSettings, showOverdueDebtInfo: false, overdueDebtInfoLimit: 100 },
    })
    renderWithProviders(
      <>
        <OverdueDebtBanner />
        <Routes>
          <Route path="/hesap/ekstre" element={<StatementPage />} />
        </Routes>
      </>,
      { bootstrap, route: '/hesap/ekstre' },
    )
    await screen.findByTestId('statement-table')
    // One banner: the layout's leaves this page to the page's own.
    await waitFor(() =>
      expect(screen.getAllByTestId('overdue-banner').map((b) => b.textContent)).toEqual([
        'Vadesi 45 gün geçmiş 2.000,50 TL ödemeniz bulunmaktadır',
      ]),
    )
  })

  it('ticks open items: the bar sums what is left of them and pays exactly those', async () => {
    serve()
    renderStatement()
    await screen.findByTestId('statement-table')
    expect(screen.queryByTestId('statement-pay-bar')).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'FTR-231 belgesini ödemek için seç' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'FTR-184 belgesini ödemek için seç' }))
    expect(screen.getByTestId('statement-selection').textContent).toBe('2 kalem seçildi · Toplam 2.000,50 ₺')
    fireEvent.click(screen.getByRole('link', { name: 'Seçilenleri Öde' }))
    // In the statement's order, with the open sum in decimal.
    expect(screen.getByTestId('location').textContent).toBe('/odeme?items=11,12&amount=2000.50')
  })

  it('untick and clear: the bar follows, and goes away with nothing chosen', async () => {
    serve()
    renderStatement()
    await screen.findByTestId('statement-table')
    const box = screen.getByRole('checkbox', { name: 'FTR-268 belgesini ödemek için seç' })
    fireEvent.click(box)
    expect(screen.getByTestId('statement-selection').textContent).toBe('1 kalem seçildi · Toplam 800,00 ₺')
    fireEvent.click(screen.getByRole('button', { name: 'Seçimi temizle' }))
    expect(screen.queryByTestId('statement-pay-bar')).toBeNull()
    expect((box as HTMLInputElement).checked).toBe(false)
  })

  it('filters by dates: the range goes to the address, the call and the export', async () => {
    const requests = serve()
    renderStatement()
    await screen.findByTestId('statement-table')
    const from = screen.getByLabelText('Başlangıç tarihi') as HTMLInputElement
    const to = screen.getByLabelText('Bitiş tarihi') as HTMLInputElement
    // The empty inputs show the range the server chose.
    await waitFor(() => expect([from.value, to.value]).toEqual(['2025-03-18', '2026-03-18']))
    fireEvent.change(from, { target: { value: '2026-01-01' } })
    fireEvent.change(to, { target: { value: '2026-02-28' } })
    fireEvent.submit(screen.getByTestId('statement-filter'))
    expect(screen.getByTestId('location').textContent).toBe('/hesap/ekstre?from=2026-01-01&to=2026-02-28')
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain('/api/account/statement?from=2026-01-01&to=2026-02-28'),
    )
    expect(
      await downloadThroughMenu('/api/account/statement/export', {
        fileName: 'ekstre-20260101-20260228.csv',
        item: 'CSV (noktalı virgülle)',
      }),
    ).toEqual({ from: '2026-01-01', to: '2026-02-28', format: 'csv', lang: 'tr' })
  })

  it('refuses a start after the end without calling', async () => {
    const requests = serve()
    renderStatement()
    await screen.findByTestId('statement-table')
    const calls = requests.length
    fireEvent.change(screen.getByLabelText('Başlangıç tarihi'), { target: { value: '2026-03-01' } })
    fireEvent.change(screen.getByLabelText('Bitiş tarihi'), { target: { value: '2026-02-01' } })
    fireEvent.click(screen.getByRole('button', { name: 'Uygula' }))
    expect(await screen.findByText('Başlangıç tarihi bitiş tarihinden sonra olamaz.')).toBeTruthy()
    expect(requests.length).toBe(calls)
    expect(screen.getByTestId('location').textContent).toBe('/hesap/ekstre')
  })

  it('says when the range has no entries, with the balance', async () => {
    serve(() =>
      testStatement({
        entries: [],
        totals: { debit: 0, credit: 0 },
        openingBalance: 250,
        closingBalance: 250,
      }),
    )
    renderStatement()
    const empty = await screen.findByTestId('statement-empty')
    expect(empty.textContent).toBe('Bu tarih aralığında hesap hareketi yok.Bakiye: 250,00 ₺')
  })

  it("shows the server's refusal and retries", async () => {
    let calls = 0
    serve(() =>
      ++calls === 1
        ? apiError(400, 'range_too_long', 'Ekstre en fazla 731 günlük bir aralık için alınabilir.')
        : testStatement(),
    )
    renderStatement('/hesap/ekstre?from=2020-01-01')
    expect(await screen.findByText('Ekstre en fazla 731 günlük bir aralık için alınabilir.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }))
    expect(await screen.findByTestId('statement-table')).toBeTruthy()
  })

  it('says when the list was cut at the row limit', async () => {
    serve(() => testStatement({ truncated: true }))
    renderStatement()
    expect((await screen.findByTestId('statement-truncated')).textContent).toContain('ilk 2000 kayıt')
  })

  it('draws cards on a phone, with the same checkboxes and bar', async () => {
    mockPhoneWidth()
    serve()
    renderStatement()
    const cards = await screen.findByTestId('statement-cards')
    expect(screen.queryByTestId('statement-table')).toBeNull()
    expect(within(cards).getAllByTestId('statement-row')).toHaveLength(4)
    expect(within(row('FTR-184')).getByTestId('statement-open').textContent).toBe('1.500,00 ₺')
    fireEvent.click(screen.getByRole('checkbox', { name: 'FTR-184 belgesini ödemek için seç' }))
    expect(screen.getByTestId('statement-selection').textContent).toBe('1 kalem seçildi · Toplam 1.500,00 ₺')
  })

  it('is for dealers: an administrator is told so and nothing is asked', async () => {
    const requests = serve()
    renderStatement(
      '/hesap/ekstre',
      dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }),
    )
    expect(screen.getByText('Hesap ekstresi bayi hesapları içindir')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(requests).toHaveLength(0)
  })

  it('speaks English under /en, its files too', async () => {
    serve()
    renderStatement('/en/hesap/ekstre', dealerBootstrap({ locale: 'en' }))
    await screen.findByTestId('statement-table')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Account statement')
    expect(
      await downloadThroughMenu('/api/account/statement/export', {
        fileName: 'ekstre-20250318-20260318.csv',
        button: 'Export',
        item: 'CSV (semicolon-separated)',
      }),
    ).toEqual({ format: 'csv', lang: 'en' })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose FTR-268 to pay' }))
    fireEvent.click(screen.getByRole('link', { name: 'Pay the chosen items' }))
    expect(screen.getByTestId('location').textContent).toBe('/en/odeme?items=14&amount=800.00')
  })
})
