// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { invoiceListSchema } from '../../../../contracts/invoices'
import { type Statement, statementSchema } from '../../../../contracts/ledger'
import { defaultStoreSettings } from '../../../../contracts/settings'
import {
  companyUserSchema,
  companyUserSessionsEndedSchema,
  type StaffCustomerDetail,
  type StaffCustomerRow,
  staffCustomerDetailSchema,
  staffCustomerListSchema,
} from '../../../../contracts/staff-customers'
import type { StaffRole } from '../../../../domain/staff-access'
import { downloadThroughMenu } from '../../../test/export-download'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { historyHandler } from '../../../test/history-fixtures'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { StaffCustomersPage } from './StaffCustomersPage'

const staff = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({ locale, user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => vi.restoreAllMocks())

const row = (overrides: Partial<StaffCustomerRow> = {}): StaffCustomerRow => ({
  id: 5,
  code: '120.01.001',
  name: 'Yıldız Yapı Market',
  taxNumber: '1234567890',
  city: 'İzmir',
  riskLimit: 25000.5,
  profitPercent: -5,
  paymentTermDays: 30,
  salesPerson: { id: 3, name: 'Ayşe Satış' },
  active: true,
  ...overrides,
})

const company = (overrides: Partial<StaffCustomerDetail> = {}): StaffCustomerDetail => ({
  ...row(),
  taxOffice: 'Konak',
  email: 'info@yildiz.example',
  phone: '0232 111 22 33',
  address: 'Atatürk Cad. 1',
  town: 'Konak',
  branches: [{ id: 21, name: 'Merkez', address: 'Atatürk Cad. 1', active: true }],
  users: [
    {
      id: 31,
      name: 'Ahmet Yıldız',
      email: 'ahmet@yildiz.example',
      active: true,
      lastLoginAt: '2026-03-14T09:30:00.000Z',
    },
  ],
  overdue: { balance: 1500, days: 12 },
  salesPeople: [
    { id: 3, name: 'Ayşe Satış' },
    { id: 4, name: 'Mehmet Satış' },
  ],
  defaultPaymentPlanId: null,
  ...overrides,
})

const statement = (): Statement =>
  statementSchema.parse({
    from: '2025-03-18',
    to: '2026-03-18',
    currency: 'TRY',
    openingBalance: 0,
    entries: [
      {
        id: 11,
        date: '2026-01-10',
        documentNo: 'FTR-184',
        kind: 'invoice',
        description: 'Satış faturası',
        dueDate: '2026-02-10',
        debit: 2000,
        credit: 0,
        balance: 2000,
        open: 1500,
        overdue: true,
      },
    ],
    totals: { debit: 2000, credit: 0 },
    closingBalance: 2000,
    overdue: { balance: 1500, days: 12 },
    truncated: false,
    limits: { maxDays: 731, maxRows: 2000 },
  })

function serve(rows: StaffCustomerRow[] = [row()], patch?: () => Response) {
  let current = company()
  server.use(
    http.get('/yonetim/customers', () =>
      apiJson(staffCustomerListSchema, {
        items: rows,
        total: rows.length,
        page: 1,
        pages: 1,
        limit: 50,
        capped: false,
      }),
    ),
    http.get('/yonetim/customers/:id', () => apiJson(staffCustomerDetailSchema, current)),
    http.patch(
      '/yonetim/customers/:id',
      patch ??
        (() => {
          current = company({ paymentTermDays: 45 })
          return apiJson(staffCustomerDetailSchema, current)
        }),
    ),
    http.post('/yonetim/customers/:id/branches', () => {
      current = company({
        branches: [...current.branches, { id: 22, name: 'Depo', address: 'Sanayi Sit. 4', active: true }],
      })
      return apiJson(staffCustomerDetailSchema, current)
    }),
    http.patch('/yonetim/customers/:id/branches/:branchId', () =>
      apiJson(staffCustomerDetailSchema, current),
    ),
    http.get('/yonetim/customers/:id/statement', () => apiJson(statementSchema, statement())),
    http.get('/yonetim/customers/:id/invoices', () =>
      apiJson(invoiceListSchema, {
        items: [
          {
            id: 31,
            number: 'ABC2026000000123',
            date: '2026-03-02',
            dueDate: null,
            ettn: null,
            amount: '14400.0000',
            taxAmount: null,
            currency: 'TRY',
            hasPdf: true,
          },
        ],
        total: 1,
        page: 1,
        pages: 1,
        pageSize: 20,
      }),
    ),
    historyHandler(),
  )
  return recordRequests()
}

const renderPage = (route = '/yonetim/musteriler', role: StaffRole = 'owner', locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(
    <>
      <StaffCustomersPage />
      <LocationProbe />
    </>,
    { bootstrap: staff(role, locale), route },
  )

const location = () => screen.getByTestId('location').textContent

describe('the staff customers page', () => {
  it('lists the companies with their terms, asking with the filters of the address', async () => {
    const requests = serve([
      row(),
      row({ id: 6, code: '120.01.002', name: 'Kaya İnşaat', active: false, riskLimit: 0 }),
    ])
    renderPage('/yonetim/musteriler?q=yap&active=true&sort=name&dir=desc&page=x')
    const table = await screen.findByTestId('staff-customers-table')
    await waitFor(() => expect(within(table).getByText('Kaya İnşaat')).toBeTruthy())
    const first = within(table).getByText('Yıldız Yapı Market').closest('tr') as HTMLElement
    expect(first.textContent).toContain('25.000,50 ₺')
    expect(first.textContent).toContain('-%5,00')
    expect(first.textContent).toContain('30')
    expect(within(first).getByText('Etkin')).toBeTruthy()
    const second = within(table).getByText('Kaya İnşaat').closest('tr') as HTMLElement
    expect(second.textContent).toContain('Limitsiz')
    expect(within(second).getByText('Kapalı')).toBeTruthy()
    const list = requests.find((r) => r.url.pathname === '/yonetim/customers')!
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      q: 'yap',
      active: 'true',
      sort: 'name',
      dir: 'desc',
      page: '1',
    })
    expect((screen.getByTestId('customers-filter-q') as HTMLInputElement).value).toBe('yap')
  })

  it('searches on Enter and filters by status, starting again at the first page', async () => {
    const requests = serve()
    renderPage('/yonetim/musteriler?page=2')
    await screen.findByText('Yıldız Yapı Market')
    const q = screen.getByTestId('customers-filter-q')
    fireEvent.change(q, { target: { value: ' kaya ' } })
    fireEvent.submit(q.closest('form') as HTMLFormElement)
    await waitFor(() => expect(location()).toBe('/yonetim/musteriler?q=kaya'))
    fireEvent.click(screen.getByLabelText('Kapalı'))
    await waitFor(() => expect(location()).toBe('/yonetim/musteriler?q=kaya&active=false'))
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain(
        '/yonetim/customers?q=kaya&active=false&sort=code&dir=asc&page=1',
      ),
    )
  })

  it('exports the list as its filters and sort stand', async () => {
    serve()
    renderPage('/yonetim/musteriler?q=yap&active=false&sort=name&dir=desc&page=3')
    await screen.findByText('Yıldız Yapı Market')
    expect(
      await downloadThroughMenu('/yonetim/customers/export', { fileName: 'musteriler-20260314-1230.xlsx' }),
    ).toEqual({ q: 'yap', active: 'false', sort: 'name', dir: 'desc', format: 'xlsx', lang: 'tr' })
  })

  it('sorts by a column header', async () => {
    serve()
    renderPage('/yonetim/musteriler')
    const table = await screen.findByTestId('staff-customers-table')
    fireEvent.click(within(table).getByText('Firma adı'))
    await waitFor(() => expect(location()).toBe('/yonetim/musteriler?sort=name'))
  })

  it('says so when no company matches, and when the list cannot be read', async () => {
    serve([])
    renderPage()
    expect(await screen.findByText('Bu filtrelere uyan müşteri yok.')).toBeTruthy()
    server.use(http.get('/yonetim/customers', () => apiError(500, 'internal', 'Beklenmeyen hata')))
    renderPage()
    expect(await screen.findByText('Müşteriler yüklenemedi')).toBeTruthy()
  })

  it('shows cards on a phone', async () => {
    mockPhoneWidth()
    serve()
    renderPage()
    const card = await screen.findByTestId('customer-card')
    expect(within(card).getByText('Etkin')).toBeTruthy()
    expect(card.textContent).toContain('Vade (gün): 30')
    expect(
      within(card).getByRole('button', { name: /^120\.01\.001: Yıldız Yapı Market firmasını aç$/ }),
    ).toBeTruthy()
    expect(screen.queryByTestId('staff-customers-table')).toBeNull()
  })

  it('opens a company on its own page with its facts, users, links and history, and goes back to the list as it was', async () => {
    serve()
    server.use(
      historyHandler([
        {
          id: 40,
          at: '2026-03-16T07:00:00.000Z',
          actor: { id: 3, name: 'Ayşe Satış' },
          entity: 'branch',
          entityId: '21',
          action: 'update',
          changes: [{ field: 'active', old: true, new: false }],
        },
      ]),
    )
    renderPage('/yonetim/musteriler?q=yap')
    fireEvent.click(
      await screen.findByRole('button', { name: /^120\.01\.001: Yıldız Yapı Market firmasını aç$/ }),
    )
    const detail = await screen.findByTestId('customer-detail')
    expect(location()).toBe('/yonetim/musteriler?q=yap&id=5')
    expect(within(detail).getByRole('heading', { name: 'Yıldız Yapı Market (120.01.001)' })).toBeTruthy()
    const facts = screen.getByTestId('customer-facts')
    expect(facts.textContent).toContain('Konak · 1234567890')
    expect(facts.textContent).toContain('1.500,00 ₺ · 12 gün')
    const users = screen.getByTestId('customer-users')
    expect(users.textContent).toContain('ahmet@yildiz.example')
    expect(users.textContent).toContain('14.03.2026 12:30')
    const links = within(screen.getByTestId('customer-links'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'))
    expect(links).toEqual([
      '/yonetim/siparisler?customerId=5',
      '/yonetim/teklifler?customerId=5',
      '/yonetim/havale?customerId=5',
    ])
    // Its branches' changes are in its history, each naming its branch.
    const history = await screen.findByTestId('entity-history')
    expect(history.textContent).toContain('Ayşe Satış · Şube: Merkez')
    expect(history.textContent).toContain('Etkin: Evet → Hayır')
    fireEvent.click(screen.getByTestId('customer-back'))
    await waitFor(() => expect(location()).toBe('/yonetim/musteriler?q=yap'))
    await waitFor(() => expect(document.activeElement?.getAttribute('data-customer-opener')).toBe('5'))
  })

  it('sends only the terms changed, and shows a field the server refuses on its field', async () => {
    const requests = serve([row()], () =>
      apiError(400, 'validation', 'Geçersiz', { salesUserId: 'Bu kişi satış temsilcisi değil.' }),
    )
    renderPage('/yonetim/musteriler?id=5')
    const days = await screen.findByTestId('terms-payment-days')
    fireEvent.change(days, { target: { value: '45' } })
    fireEvent.change(screen.getByTestId('terms-risk-limit'), { target: { value: '30.000,00' } })
    fireEvent.click(screen.getByTestId('terms-save'))
    await screen.findByText('Bu kişi satış temsilcisi değil.')
    const sent = requests.filter((r) => r.method === 'PATCH')
    expect(sent.map((r) => r.url.pathname)).toEqual(['/yonetim/customers/5'])
    await waitFor(() => expect(sent[0]?.body).toEqual({ paymentTermDays: 45, riskLimit: '30.000,00' }))
  })

  it("sets the default payment plan from the store's plans, none allowed, and shows a refusal on its field", async () => {
    const answers = [
      () => apiError(400, 'validation', 'Geçersiz', { defaultPaymentPlanId: 'Bu ödeme planı mağazada yok.' }),
      () => apiJson(staffCustomerDetailSchema, company({ defaultPaymentPlanId: 2 })),
      () => apiJson(staffCustomerDetailSchema, company({ defaultPaymentPlanId: null })),
    ]
    const requests = serve([row()], () => answers.shift()!())
    renderWithProviders(<StaffCustomersPage />, {
      bootstrap: dealerBootstrap({
        user: { ...dealer, role: 'admin', staffRole: 'sales', customer: null },
        settings: { ...defaultStoreSettings, showPaymentPlanPrice: true },
        paymentPlans: [
          { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
          { id: 2, name: '30 Gün Vadeli', priceName: 'advencePrice1', varsayilan: false, isVirtual: false },
          { id: 3, name: 'Kredi Kartı', priceName: 'advencePrice3', varsayilan: false, isVirtual: true },
        ],
      }),
      route: '/yonetim/musteriler?id=5',
    })
    const plan = (await screen.findByTestId('terms-payment-plan')) as HTMLInputElement
    expect(plan.labels?.[0]?.textContent).toBe('Varsayılan ödeme planı')
    expect(plan.value).toBe('Mağazanın varsayılanı')
    expect(screen.getByText('Bayinin sepeti bu planla açılır; bayi başka plan seçebilir.')).toBeTruthy()
    const patches = () => requests.filter((r) => r.method === 'PATCH')

    fireEvent.click(plan)
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent)
    expect(options).toEqual([
      'Mağazanın varsayılanı',
      'Peşin',
      '30 Gün Vadeli',
      'Kredi Kartı (kartla ödenir)',
    ])
    fireEvent.click(screen.getByRole('option', { name: 'Kredi Kartı (kartla ödenir)' }))
    fireEvent.click(screen.getByTestId('terms-save'))
    expect(await screen.findByText('Bu ödeme planı mağazada yok.')).toBeTruthy()
    await waitFor(() => expect(patches()[0]?.body).toEqual({ defaultPaymentPlanId: 3 }))

    fireEvent.click(plan)
    fireEvent.click(await screen.findByRole('option', { name: '30 Gün Vadeli' }))
    fireEvent.click(screen.getByTestId('terms-save'))
    expect(await screen.findByText('Yıldız Yapı Market firmasının koşulları kaydedildi.')).toBeTruthy()
    await waitFor(() => expect(patches()[1]?.body).toEqual({ defaultPaymentPlanId: 2 }))
    await waitFor(() => expect(plan.value).toBe('30 Gün Vadeli'))

    // None: the store's default again.
    fireEvent.click(plan)
    fireEvent.click(await screen.findByRole('option', { name: 'Mağazanın varsayılanı' }))
    fireEvent.click(screen.getByTestId('terms-save'))
    await waitFor(() => expect(patches()[2]?.body).toEqual({ defaultPaymentPlanId: null }))
    await waitFor(() => expect(plan.value).toBe('Mağazanın varsayılanı'))
  })

  it('checks the terms with the contract before sending, and saves with a notice', async () => {
    const requests = serve()
    renderPage('/yonetim/musteriler?id=5')
    const risk = await screen.findByTestId('terms-risk-limit')
    fireEvent.change(risk, { target: { value: 'çok' } })
    fireEvent.click(screen.getByTestId('terms-save'))
    expect(await screen.findByText('Geçerli bir tutar yazınız (örneğin 25.000,50) ya da 0.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0)

    fireEvent.change(risk, { target: { value: '26000,50' } })
    fireEvent.click(screen.getByTestId('terms-active'))
    fireEvent.click(screen.getByTestId('terms-save'))
    expect(await screen.findByText('Yıldız Yapı Market firmasının koşulları kaydedildi.')).toBeTruthy()
    const sent = requests.filter((r) => r.method === 'PATCH')
    await waitFor(() => expect(sent[0]?.body).toEqual({ riskLimit: '26000,50', active: false }))
    // The stored answer is the form's new start: nothing reads as changed.
    await waitFor(() => expect((screen.getByTestId('terms-save') as HTMLButtonElement).disabled).toBe(true))
  })

  it('adds a branch in a modal and sends its name and address', async () => {
    const requests = serve()
    renderPage('/yonetim/musteriler?id=5')
    const add = await screen.findByTestId('branch-add')
    fireEvent.click(add)
    const dialog = await screen.findByRole('dialog', { name: 'Yeni şube' })
    fireEvent.change(within(dialog).getByTestId('branch-name'), { target: { value: ' Depo ' } })
    fireEvent.change(within(dialog).getByTestId('branch-address'), { target: { value: 'Sanayi Sit. 4' } })
    fireEvent.click(within(dialog).getByTestId('branch-save'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const sent = requests.filter((r) => r.method === 'POST')
    expect(sent.map((r) => r.url.pathname)).toEqual(['/yonetim/customers/5/branches'])
    expect(sent[0]?.body).toEqual({ name: 'Depo', address: 'Sanayi Sit. 4' })
    const branches = screen.getByTestId('customer-branches')
    expect(within(branches).getByText('Depo')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(add))
  })

  it('edits a branch sending only what changed, and closes one', async () => {
    const requests = serve()
    renderPage('/yonetim/musteriler?id=5')
    fireEvent.click(await screen.findByRole('button', { name: 'Merkez şubesini düzenle' }))
    const dialog = await screen.findByRole('dialog', { name: 'Merkez şubesini düzenle' })
    expect((within(dialog).getByTestId('branch-name') as HTMLInputElement).value).toBe('Merkez')
    fireEvent.change(within(dialog).getByTestId('branch-address'), { target: { value: 'Gazi Bulvarı 9' } })
    fireEvent.click(within(dialog).getByTestId('branch-save'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Merkez şubesini kapat' }))
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2))
    const sent = requests.filter((r) => r.method === 'PATCH')
    expect(sent.map((r) => r.url.pathname)).toEqual([
      '/yonetim/customers/5/branches/21',
      '/yonetim/customers/5/branches/21',
    ])
    await waitFor(() =>
      expect(sent.map((r) => r.body)).toEqual([{ address: 'Gazi Bulvarı 9' }, { active: false }]),
    )
  })

  it('gives a role that only reads the company without save or branch buttons', async () => {
    serve()
    renderPage('/yonetim/musteriler?id=5', 'accounting')
    await screen.findByTestId('customer-detail')
    expect(screen.getByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeTruthy()
    expect(screen.queryByTestId('terms-save')).toBeNull()
    expect(screen.queryByTestId('branch-add')).toBeNull()
    expect(screen.queryByTestId('branch-edit')).toBeNull()
    expect(screen.queryByTestId('branch-close')).toBeNull()
    expect((screen.getByTestId('terms-risk-limit') as HTMLInputElement).readOnly).toBe(true)
    expect(screen.queryByRole('button', { name: 'Kullanıcı davet et' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^İşlemler: / })).toBeNull()
  })

  it('invites a user with the contract checked first, and acts on a user from its menu', async () => {
    const requests = serve()
    server.use(
      http.post('/yonetim/customers/:id/users', () =>
        apiJson(companyUserSchema, {
          id: 41,
          name: 'Deniz Kaya',
          email: 'deniz@yildiz.test',
          active: true,
          lastLoginAt: null,
        }),
      ),
      http.post('/yonetim/customers/:id/users/:userId/sessions/end', () =>
        apiJson(companyUserSessionsEndedSchema, { endedSessions: 2 }),
      ),
    )
    renderPage('/yonetim/musteriler?id=5')
    await userEvent.click(await screen.findByRole('button', { name: 'Kullanıcı davet et' }))
    const form = screen.getByRole('form', { name: 'Kullanıcı daveti' })
    await userEvent.type(within(form).getByLabelText(/E-posta/), 'yanlış')
    await userEvent.click(within(form).getByRole('button', { name: 'Daveti gönder' }))
    expect(await within(form).findByText('Ad soyad yazın.')).toBeTruthy()
    expect(within(form).getByText('Geçerli bir e-posta adresi yazın.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    await userEvent.type(within(form).getByLabelText(/Ad soyad/), 'Deniz Kaya')
    await userEvent.clear(within(form).getByLabelText(/E-posta/))
    await userEvent.type(within(form).getByLabelText(/E-posta/), 'deniz@yildiz.test')
    await userEvent.click(within(form).getByRole('button', { name: 'Daveti gönder' }))
    expect(await screen.findByText('deniz@yildiz.test adresine davet gönderildi.')).toBeTruthy()
    const invite = requests.find((r) => r.method === 'POST' && r.path === '/yonetim/customers/5/users')!
    await waitFor(() => expect(invite.body).toEqual({ name: 'Deniz Kaya', email: 'deniz@yildiz.test' }))

    const users = screen.getByTestId('customer-users')
    await userEvent.click(within(users).getAllByRole('button', { name: /^İşlemler: / })[0]!)
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Oturumlarını kapat' }))
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && /\/users\/\d+\/sessions\/end$/.test(r.path))).toBe(
        true,
      ),
    )
    expect(await screen.findByText(/tüm oturumlardan çıkarıldı/)).toBeTruthy()
  })

  it("shows the company's statement with nothing to tick, and its export", async () => {
    const requests = serve()
    renderPage('/yonetim/musteriler?id=5&from=2026-01-01&to=2026-03-31')
    const table = await screen.findByTestId('statement-table')
    expect(within(table).getByText('FTR-184')).toBeTruthy()
    expect(screen.queryAllByTestId('statement-pick')).toHaveLength(0)
    expect(table.querySelectorAll('input[type="checkbox"]')).toHaveLength(0)
    expect(requests.map((r) => r.path)).toContain(
      '/yonetim/customers/5/statement?from=2026-01-01&to=2026-03-31',
    )
    expect(
      await downloadThroughMenu('/yonetim/customers/5/statement/export', {
        fileName: 'ekstre-20260101-20260331.xlsx',
      }),
    ).toEqual({ from: '2026-01-01', to: '2026-03-31', format: 'xlsx', lang: 'tr' })
  })

  it("lists the company's ERP invoices with each PDF", async () => {
    serve()
    renderPage('/yonetim/musteriler?id=5')
    const table = await screen.findByTestId('customer-invoices-table')
    expect([...table.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual([
      'ABC2026000000123',
      '02.03.2026',
      '—',
      '14.400,00 ₺',
      'PDF indir ABC2026000000123',
    ])
    expect(within(table).getByRole('link', { name: 'PDF indir ABC2026000000123' }).getAttribute('href')).toBe(
      '/yonetim/customers/5/invoices/31/pdf',
    )
  })

  it('keeps the statement range in the address, and shows cards with nothing to tick on a phone', async () => {
    mockPhoneWidth()
    const requests = serve()
    renderPage('/yonetim/musteriler?q=yap&id=5')
    const cards = await screen.findByTestId('statement-cards')
    expect(cards.textContent).toContain('FTR-184')
    expect(cards.querySelectorAll('input[type="checkbox"]')).toHaveLength(0)
    const filter = screen.getByTestId('customer-statement-filter')
    fireEvent.change(within(filter).getByLabelText('Başlangıç tarihi'), { target: { value: '2026-02-01' } })
    fireEvent.submit(filter)
    await waitFor(() =>
      expect(location()).toBe('/yonetim/musteriler?q=yap&id=5&from=2026-02-01&to=2026-03-18'),
    )
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain(
        '/yonetim/customers/5/statement?from=2026-02-01&to=2026-03-18',
      ),
    )
  })

  it('reads in English', async () => {
    serve()
    renderPage('/en/yonetim/musteriler?id=5', 'owner', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeTruthy()
    await screen.findByTestId('customer-detail')
    expect(screen.getByText('0 = no limit, 1 = ordering closed')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add branch' })).toBeTruthy()
    expect(screen.getByTestId('customer-users').textContent).toContain('14 Mar 2026')
    const links = screen.getByTestId('customer-links')
    expect(within(links).getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(
      '/en/yonetim/siparisler?customerId=5',
    )
  })
})
