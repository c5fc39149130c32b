// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  binPreviewSchema,
  binSummarySchema,
  type PaymentGatewayView,
  paymentGatewayViewSchema,
  type SetupBankList,
  type SetupPlanList,
  setupBankListSchema,
  setupPlanListSchema,
} from '../../../../contracts/payment-setup'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { PaymentSetupPage } from './PaymentSetupPage'

const staff = (staffRole: StaffRole) =>
  dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => act(() => notifications.clean()))

const PLANS: SetupPlanList = {
  plansOffered: true,
  items: [
    {
      id: 1,
      name: 'Peşin',
      nameEn: 'Cash',
      priceName: 'salePrice',
      isVirtual: false,
      isDefault: true,
      sortOrder: 0,
      companies: 2,
      paymentsPricing: 0,
    },
    {
      id: 4,
      name: 'Kredi Kartı',
      nameEn: null,
      priceName: 'advencePrice3',
      isVirtual: true,
      isDefault: false,
      sortOrder: 1,
      companies: 0,
      paymentsPricing: 1,
    },
  ],
}

const BANKS: SetupBankList = {
  installmentLimit: '250.00',
  gatewayQuotes: false,
  defaultPlans: [{ id: 9, installment: 1, commissionFee: '0.00', isDefault: true }],
  banks: [
    {
      id: 3,
      code: 'garanti',
      name: 'Garanti BBVA',
      logo: null,
      issuerMatch: ['GARANTI'],
      sortOrder: 0,
      binRanges: 4,
      plans: [
        { id: 10, installment: 1, commissionFee: '0.00', isDefault: true },
        { id: 11, installment: 3, commissionFee: '3.30', isDefault: false },
      ],
    },
  ],
}

const GATEWAY: PaymentGatewayView = {
  source: 'stored',
  active: { gateway: 'sandbox', baseUrl: null },
  stored: null,
  choices: ['sandbox', 'iyzico'],
  baseUrls: ['https://api.iyzipay.com', 'https://sandbox-api.iyzipay.com'],
  secretsKey: 'derived',
  paymentsInFlight: 0,
}

function serve(
  overrides: { plans?: SetupPlanList; banks?: SetupBankList; gateway?: PaymentGatewayView } = {},
) {
  server.use(
    http.get('/yonetim/payment-setup/plans', () => apiJson(setupPlanListSchema, overrides.plans ?? PLANS)),
    http.get('/yonetim/payment-setup/banks', () => apiJson(setupBankListSchema, overrides.banks ?? BANKS)),
    http.get('/yonetim/payment-setup/bin', () =>
      apiJson(binSummarySchema, {
        ranges: 20,
        withBank: 18,
        banks: [{ id: 3, name: 'Garanti BBVA', ranges: 4 }],
        unmatchedIssuers: [{ issuer: 'YENI BANKA', ranges: 2 }],
      }),
    ),
    http.get('/yonetim/payment-setup/gateway', () =>
      apiJson(paymentGatewayViewSchema, overrides.gateway ?? GATEWAY),
    ),
  )
}

const open = (role: StaffRole = 'accounting', tab?: string) =>
  renderWithProviders(<PaymentSetupPage />, {
    bootstrap: staff(role),
    route: tab ? `/yonetim/odeme-ayarlari?sekme=${tab}` : '/yonetim/odeme-ayarlari',
  })

describe('The payment setup screen', () => {
  it('lists the plans with the price each charges, card or account, and which columns are unused', async () => {
    serve()
    open()
    const table = await screen.findByRole('table', { name: 'Ödeme planları' })
    const rows = within(table).getAllByTestId('plan-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getByText('Cash')).toBeTruthy()
    expect(within(rows[1]!).getByText('Plan fiyatı 3')).toBeTruthy()
    expect(within(rows[1]!).getByText('1 ödeme sürüyor')).toBeTruthy()
    const unused = screen
      .getAllByTestId('price-column')
      .filter((c) => c.textContent?.includes('Kullanılmıyor'))
    expect(unused).toHaveLength(4)
    expect(screen.getByRole('button', { name: 'Yeni plan' })).toBeTruthy()
  })

  it("keeps what was typed and shows the server's message under its field when a plan is refused", async () => {
    serve()
    server.use(
      http.post('/yonetim/payment-setup/plans', () =>
        apiError(400, 'validation', 'Gönderilen bilgiler geçersiz.', {
          name: 'En fazla 100 karakter olabilir.',
        }),
      ),
    )
    const requests = recordRequests()
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Yeni plan' }))
    const form = await screen.findByTestId('plan-form')
    await userEvent.type(within(form).getByRole('textbox', { name: /Plan adı \(Türkçe\)/ }), '90 Gün')
    await userEvent.type(within(form).getByRole('textbox', { name: /Plan adı \(İngilizce\)/ }), '90 Days')
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: /Uyguladığı fiyat/ }),
      'advencePrice4',
    )
    await userEvent.click(within(form).getByRole('button', { name: 'Kaydet' }))
    expect(await within(form).findByText('En fazla 100 karakter olabilir.')).toBeTruthy()
    expect((within(form).getByRole('textbox', { name: /Türkçe/ }) as HTMLInputElement).value).toBe('90 Gün')
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        name: '90 Gün',
        nameEn: '90 Days',
        priceName: 'advencePrice4',
        isVirtual: false,
        isDefault: false,
      }),
    )
  })

  it('moves a plan down with its button and sends the new order', async () => {
    serve()
    server.use(
      http.post('/yonetim/payment-setup/plans/order', () =>
        apiJson(setupPlanListSchema, { ...PLANS, items: [...PLANS.items].reverse() }),
      ),
    )
    const requests = recordRequests()
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Peşin planını aşağı taşı' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ ids: [4, 1] }))
  })

  it('gives a read-only role the plans to read and nothing to change', async () => {
    serve()
    open('readonly')
    expect(await screen.findByRole('table', { name: 'Ödeme planları' })).toBeTruthy()
    expect(screen.getByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Yeni plan' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Düzenle/ })).toBeNull()
  })

  it('shows the installment limit with a way to the settings screen for who may open it', async () => {
    serve()
    open('owner', 'bankalar')
    const limit = await screen.findByTestId('installment-limit')
    expect(limit.textContent).toContain('250,00 ₺')
    expect(within(limit).getByRole('link', { name: 'Ayarlar ekranında değiştir' }).getAttribute('href')).toBe(
      '/yonetim/ayarlar?grup=ordering',
    )
  })

  it("edits a bank's table and shows a refused commission under its row", async () => {
    serve()
    server.use(
      http.put('/yonetim/payment-setup/banks/3', () =>
        apiError(400, 'validation', 'Gönderilen bilgiler geçersiz.', {
          'plans.1.commissionFee': 'Komisyon 0 ile 99,99 arasında olmalıdır.',
        }),
      ),
    )
    const requests = recordRequests()
    open('accounting', 'bankalar')
    // The accounting role cannot open the settings screen: told who changes the limit.
    expect((await screen.findByTestId('installment-limit')).textContent).toContain('Mağaza sahibi')
    const row = within(await screen.findByRole('table', { name: 'Bankalar' })).getByTestId('bank-row')
    expect(row.textContent).toContain('3 %3,30')
    await userEvent.click(within(row).getByRole('button', { name: 'Garanti BBVA bankasını düzenle' }))
    const form = await screen.findByTestId('bank-form')
    const three = within(form).getByRole('textbox', { name: '3 taksit komisyonu (%)' })
    expect((three as HTMLInputElement).value).toBe('3,30')
    await userEvent.clear(three)
    await userEvent.type(three, '150')
    await userEvent.click(within(form).getByRole('button', { name: 'Kaydet' }))
    expect(await within(form).findByText('Komisyon 0 ile 99,99 arasında olmalıdır.')).toBeTruthy()
    expect((three as HTMLInputElement).value).toBe('150')
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
        name: 'Garanti BBVA',
        issuerMatch: ['GARANTI'],
        plans: [
          { installment: 1, commissionFee: '0,00', isDefault: true },
          { installment: 3, commissionFee: '150', isDefault: false },
        ],
      }),
    )
  })

  it('previews a BIN list, then applies the previewed file by its digest', async () => {
    serve()
    const digest = 'a'.repeat(64)
    server.use(
      http.post('/yonetim/payment-setup/bin/preview', () =>
        apiJson(binPreviewSchema, {
          digest,
          replace: false,
          lines: 5,
          rows: 3,
          duplicates: 0,
          added: 2,
          changed: 1,
          unchanged: 0,
          removed: 0,
          kept: 7,
          matched: 2,
          unmatched: 1,
          banks: [{ id: 3, name: 'Garanti BBVA', ranges: 2 }],
          unmatchedIssuers: [{ issuer: 'YENI BANKA A.S.', ranges: 1 }],
          rejected: 2,
          rejectedLines: [{ line: 5, reason: 'bin', text: '12345;VISA;CREDIT;;KISA' }],
          changes: [
            {
              prefix: '404308',
              kind: 'changed',
              network: 'VISA',
              cardType: 'CREDIT',
              issuer: 'GARANTI',
              bank: 'Garanti BBVA',
              before: { network: 'VISA', cardType: 'DEBIT', issuer: 'GARANTI', bank: null },
            },
          ],
        }),
      ),
      http.post('/yonetim/payment-setup/bin/apply', () =>
        HttpResponse.json({
          added: 2,
          changed: 1,
          removed: 0,
          unchanged: 0,
          summary: { ranges: 22, withBank: 20, banks: [], unmatchedIssuers: [] },
        }),
      ),
    )
    const requests = recordRequests()
    open('accounting', 'bin')
    expect((await screen.findByTestId('bin-summary')).textContent).toContain('YENI BANKA (2)')
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    await userEvent.upload(
      input,
      new File(['BIN;Network;Type;Category;Issuer\r\n'], 'bin.csv', { type: 'text/csv' }),
    )
    await userEvent.click(screen.getByTestId('bin-preview-button'))
    const preview = await screen.findByTestId('bin-preview')
    expect(within(preview).getByTestId('bin-added').textContent).toContain('2')
    expect(within(preview).getByTestId('bin-rejected').textContent).toContain('2')
    expect(within(preview).getByText('BIN 6 ya da 8 haneli değil')).toBeTruthy()
    expect(within(preview).getByText('VISA DEBIT →', { exact: false })).toBeTruthy()
    fireEvent.click(screen.getByTestId('bin-apply'))
    const confirm = await screen.findByRole('dialog', { name: 'BIN listesi uygulansın mı?' })
    fireEvent.click(within(confirm).getByRole('button', { name: 'Uygula' }))
    expect(await screen.findByText(/BIN listesi uygulandı: 2 eklendi/)).toBeTruthy()
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/yonetim/payment-setup/bin/apply')?.body).toMatchObject({
        digest,
        replace: '0',
      }),
    )
  })

  it('chooses iyzico with its keys, sends them once and never shows them back', async () => {
    serve()
    server.use(
      http.put('/yonetim/payment-setup/gateway', () =>
        apiJson(paymentGatewayViewSchema, {
          ...GATEWAY,
          active: { gateway: 'iyzico', baseUrl: 'https://sandbox-api.iyzipay.com' },
          stored: {
            gateway: 'iyzico',
            baseUrl: 'https://sandbox-api.iyzipay.com',
            apiKey: { setAt: '2026-03-02T10:00:00.000Z', endsWith: '9876' },
            secretKey: { setAt: '2026-03-02T10:00:00.000Z', endsWith: '5432' },
            keysReadable: true,
            updatedAt: '2026-03-02T10:00:00.000Z',
            updatedBy: 'Muhasebe',
          },
        }),
      ),
    )
    const requests = recordRequests()
    open('accounting', 'pos')
    expect((await screen.findByTestId('gateway-status')).textContent).toContain('Test POS (sandbox)')
    await userEvent.click(screen.getByRole('radio', { name: /iyzico/ }))
    await userEvent.type(screen.getByLabelText(/API anahtarı/), 'sandbox-api-key-0009876')
    await userEvent.type(screen.getByLabelText(/Gizli anahtar/), 'sandbox-secret-0005432')
    await userEvent.click(screen.getByTestId('gateway-save'))
    expect(await screen.findByText('Sanal POS ayarı kaydedildi.')).toBeTruthy()
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        gateway: 'iyzico',
        baseUrl: 'https://sandbox-api.iyzipay.com',
        apiKey: 'sandbox-api-key-0009876',
        secretKey: 'sandbox-secret-0005432',
      }),
    )
    expect(await screen.findByText(/sonu …9876/)).toBeTruthy()
    expect((screen.getByLabelText(/API anahtarı/) as HTMLInputElement).value).toBe('')
    expect(document.body.textContent).not.toContain('sandbox-api-key-0009876')
  })

  it('shows the gateway the environment names, with nothing to change', async () => {
    serve({ gateway: { ...GATEWAY, source: 'environment' } })
    open('owner', 'pos')
    expect(await screen.findByTestId('gateway-environment')).toBeTruthy()
    expect(screen.queryByTestId('gateway-form')).toBeNull()
  })

  it('chooses the section from a list on a phone', async () => {
    serve()
    mockPhoneWidth()
    open('accounting')
    const section = await screen.findByTestId('payment-setup-section')
    await userEvent.selectOptions(section, 'bin')
    expect(await screen.findByTestId('bin-summary')).toBeTruthy()
  })

  it('offers to try again when the plans cannot be loaded', async () => {
    server.use(http.get('/yonetim/payment-setup/plans', () => HttpResponse.json({}, { status: 500 })))
    open()
    expect(await screen.findByText('Ödeme planları yüklenemedi.')).toBeTruthy()
  })
})
