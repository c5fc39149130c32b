// @vitest-environment jsdom

import { notifications } from '@mantine/notifications'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type BankTransferRow,
  bankTransferListSchema,
  bankTransferResponseSchema,
  bankTransferReversalResponseSchema,
} from '../../../../contracts/bank-transfers'
import { staffPaymentListSchema, staffPaymentsSummarySchema } from '../../../../contracts/payments-staff'
import { customerListReply } from '../../../test/customer-fixtures'
import { downloadThroughMenu } from '../../../test/export-download'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { staffPaymentsSummary } from '../../../test/payment-fixtures'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { BankTransferPage } from './BankTransferPage'
import { PaymentsPage } from './PaymentsPage'

const admin = dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } })

afterEach(() => {
  vi.restoreAllMocks()
  act(() => notifications.clean())
})

const transferRow = (over: Partial<BankTransferRow> = {}): BankTransferRow => ({
  id: 91,
  dealer: { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' },
  date: '2026-03-17',
  amount: 1200.5,
  documentNo: 'EFT-778',
  description: 'Garanti havale',
  enteredBy: 'Mehmet Öztürk',
  enteredAt: '2026-03-17T10:00:00.000Z',
  reversal: null,
  ...over,
})

/** The transfer list answers these rows (the one page); the dealer pickers find no one. */
function serveList(rows: BankTransferRow[] = []) {
  server.use(
    http.get('/yonetim/customers', () => customerListReply([])),
    http.get('/yonetim/bank-transfers', () =>
      apiJson(bankTransferListSchema, { items: rows, total: rows.length, page: 1, pages: 1, limit: 50 }),
    ),
  )
}

function serveTransfer(
  answer = () =>
    apiJson(bankTransferResponseSchema, {
      entryId: 91,
      dealer: { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' },
      overdue: { balance: 499.5, days: 10 },
    }),
) {
  server.use(
    http.get('/yonetim/customers', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? ''
      const all = [
        { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' },
        { id: 6, code: '120.01.002', name: 'Çağlar Oto' },
      ]
      return customerListReply(q ? all.filter((c) => c.name.toLowerCase().includes(q)) : all)
    }),
    http.post('/yonetim/bank-transfers', answer),
  )
  server.use(
    http.get('/yonetim/bank-transfers', () =>
      apiJson(bankTransferListSchema, { items: [], total: 0, page: 1, pages: 1, limit: 50 }),
    ),
  )
  return recordRequests()
}

describe('Recording a bank transfer', () => {
  it('picks a dealer, sends the transfer and shows the new overdue figure', async () => {
    const requests = serveTransfer()
    renderWithProviders(<BankTransferPage />, { bootstrap: admin, route: '/yonetim/havale' })
    const picker = screen.getByPlaceholderText('Cari kodu veya unvan yazın')
    fireEvent.focus(picker)
    fireEvent.click(picker)
    fireEvent.change(picker, { target: { value: 'yıldız' } })
    fireEvent.click(await screen.findByRole('option', { name: '120.01.001 – Yıldız Yapı Market' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Tutar (TL)' }), { target: { value: '1.200,50' } })
    fireEvent.change(screen.getByLabelText(/Ödeme tarihi/), { target: { value: '2026-03-17' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Belge / dekont no' }), {
      target: { value: 'EFT-778' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }))

    const done = await screen.findByTestId('transfer-done')
    expect(done.textContent).toBe(
      'Yıldız Yapı Market: 1.200,50 ₺ tutarındaki ödeme kaydedildi (belge no EFT-778). ' +
        'Vadesi geçmiş bakiye şimdi 499,50 ₺ (10 gün).',
    )
    const post = requests.find((r) => r.method === 'POST')!
    await waitFor(() =>
      expect(post.body).toEqual({
        customerId: 5,
        amount: '1200.50',
        date: '2026-03-17',
        documentNo: 'EFT-778',
        description: '',
      }),
    )
    // Ready for the next one: the amount and document are cleared.
    expect((screen.getByRole('textbox', { name: 'Tutar (TL)' }) as HTMLInputElement).value).toBe('')
  })

  it('checks the form before sending anything', async () => {
    const requests = serveTransfer()
    renderWithProviders(<BankTransferPage />, { bootstrap: admin, route: '/yonetim/havale' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Tutar (TL)' }), { target: { value: '10,001' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }))
    expect(await screen.findByText('Bayi seçiniz.')).toBeTruthy()
    expect(screen.getByText("0'dan büyük bir tutar giriniz (en fazla 2 ondalık).")).toBeTruthy()
    expect(screen.getByText('Belge numarası giriniz.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it("drops the dealer's error as soon as a new search is typed", async () => {
    serveTransfer()
    renderWithProviders(<BankTransferPage />, { bootstrap: admin, route: '/yonetim/havale' })
    fireEvent.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }))
    expect(await screen.findByText('Bayi seçiniz.')).toBeTruthy()
    const picker = screen.getByPlaceholderText('Cari kodu veya unvan yazın')
    await userEvent.type(picker, 'y')
    expect((picker as HTMLInputElement).value).toBe('y')
    expect(screen.queryByText('Bayi seçiniz.')).toBeNull()
    expect(screen.getByText('Belge numarası giriniz.')).toBeTruthy()
  })

  it("shows the server's refusal", async () => {
    serveTransfer(() => apiError(404, 'unknown_customer', 'Cari bulunamadı.'))
    renderWithProviders(<BankTransferPage />, { bootstrap: admin, route: '/yonetim/havale' })
    const picker = screen.getByPlaceholderText('Cari kodu veya unvan yazın')
    fireEvent.click(picker)
    fireEvent.change(picker, { target: { value: 'çağlar' } })
    fireEvent.click(await screen.findByRole('option', { name: '120.01.002 – Çağlar Oto' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Tutar (TL)' }), { target: { value: '5' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Belge / dekont no' }), { target: { value: 'X' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Cari bulunamadı.')
  })
})

describe('The transfers entered', () => {
  it('lists each transfer with its status, and a reversed one with when, who and why', async () => {
    serveList([
      transferRow(),
      transferRow({
        id: 92,
        documentNo: 'EFT-700',
        reversal: {
          date: '2026-03-18',
          reason: 'Mükerrer kayıt',
          by: 'Ayşe Kaya',
          at: '2026-03-18T08:00:00.000Z',
        },
      }),
    ])
    renderWithProviders(<BankTransferPage />, { bootstrap: admin, route: '/yonetim/havale' })
    const table = await screen.findByRole('table', { name: 'Girilen havaleler' })
    const row = async (text: string) =>
      (await within(table).findByText(text)).closest('tr') as HTMLTableRowElement
    const booked = await row('EFT-778')
    expect(booked.textContent).toContain('17.03.2026')
    expect(booked.textContent).toContain('1.200,50 ₺')
    expect(booked.textContent).toContain('Kayıtlı')
    expect(within(booked).getByRole('button', { name: 'EFT-778 numaralı havaleyi geri al' })).toBeTruthy()
    const reversed = await row('EFT-700')
    expect(reversed.textContent).toContain('Geri alındı')
    expect(reversed.textContent).toContain('18.03.2026, Ayşe Kaya: Mükerrer kayıt')
    expect(within(reversed).queryByRole('button', { name: /geri al$/ })).toBeNull()
  })

  it('asks for the reason, sends it, and reads the list again', async () => {
    serveList([transferRow()])
    server.use(
      http.post('/yonetim/bank-transfers/91/reversal', () =>
        apiJson(bankTransferReversalResponseSchema, {
          transfer: transferRow({
            reversal: {
              date: '2026-03-18',
              reason: 'Yanlış bayi',
              by: 'Mehmet Öztürk',
              at: '2026-03-18T08:00:00.000Z',
            },
          }),
          overdue: { balance: 1200.5, days: 45 },
        }),
      ),
    )
    const requests = recordRequests()
    renderWithProviders(<BankTransferPage />, { bootstrap: admin, route: '/yonetim/havale' })
    await userEvent.click(await screen.findByRole('button', { name: 'EFT-778 numaralı havaleyi geri al' }))
    const dialog = await screen.findByRole('dialog', { name: 'Havaleyi geri al' })
    expect(dialog.textContent).toContain(
      'Yıldız Yapı Market için 17.03.2026 tarihli, 1.200,50 ₺ tutarındaki EFT-778 numaralı havale',
    )
    // Without a reason nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Havaleyi geri al' }))
    expect(await within(dialog).findByText('Geri alma nedenini yazın.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)

    const listReads = requests.filter((r) => r.path.startsWith('/yonetim/bank-transfers')).length
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Geri alma nedeni/ }), 'Yanlış bayi')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Havaleyi geri al' }))
    expect(
      await screen.findByText(
        'EFT-778 numaralı havale geri alındı. Bayinin vadesi geçmiş bakiyesi: 1.200,50 ₺.',
      ),
    ).toBeTruthy()
    const post = requests.find((r) => r.method === 'POST')!
    await waitFor(() => expect(post.body).toEqual({ reason: 'Yanlış bayi' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() =>
      expect(
        requests.filter((r) => r.method === 'GET' && r.path.startsWith('/yonetim/bank-transfers')).length,
      ).toBeGreaterThan(listReads),
    )
  })

  it("keeps the reason and says the server's refusal inside the dialog", async () => {
    serveList([transferRow()])
    server.use(
      http.post('/yonetim/bank-transfers/91/reversal', () =>
        apiError(409, 'already_reversed', 'Bu havale zaten geri alındı.'),
      ),
    )
    renderWithProviders(<BankTransferPage />, { bootstrap: admin, route: '/yonetim/havale' })
    await userEvent.click(await screen.findByRole('button', { name: 'EFT-778 numaralı havaleyi geri al' }))
    const dialog = await screen.findByRole('dialog', { name: 'Havaleyi geri al' })
    const reason = within(dialog).getByRole('textbox', { name: /Geri alma nedeni/ })
    await userEvent.type(reason, 'İki kez girildi')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Havaleyi geri al' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Bu havale zaten geri alındı.')
    expect((reason as HTMLTextAreaElement).value).toBe('İki kez girildi')
  })

  it('sends the dealer and the days of the address, and changing one starts at the first page', async () => {
    serveList([])
    const requests = recordRequests()
    renderWithProviders(<BankTransferPage />, {
      bootstrap: admin,
      route: '/yonetim/havale?customerId=5&from=2026-03-01&page=2',
    })
    expect(await screen.findByText('Bu filtrelere uyan havale yok.')).toBeTruthy()
    const first = requests.find((r) => r.path.startsWith('/yonetim/bank-transfers'))!
    expect(Object.fromEntries(first.url.searchParams)).toEqual({
      customerId: '5',
      from: '2026-03-01',
      page: '2',
    })
    fireEvent.change(screen.getByLabelText('Bitiş'), { target: { value: '2026-03-10' } })
    await waitFor(() =>
      expect(
        requests.some(
          (r) =>
            r.url.pathname === '/yonetim/bank-transfers' &&
            r.url.searchParams.get('to') === '2026-03-10' &&
            !r.url.searchParams.has('page'),
        ),
      ).toBe(true),
    )
  })

  it('exports the transfers the filters of the address match', async () => {
    serveList([transferRow()])
    renderWithProviders(<BankTransferPage />, {
      bootstrap: admin,
      route: '/yonetim/havale?customerId=5&from=2026-03-01&to=2026-03-10&page=2',
    })
    await screen.findByText(transferRow().documentNo)
    expect(
      await downloadThroughMenu('/yonetim/bank-transfers/export', {
        fileName: 'havaleler-20260314-1230.csv',
        item: 'CSV (noktalı virgülle)',
      }),
    ).toEqual({ customerId: '5', from: '2026-03-01', to: '2026-03-10', format: 'csv', lang: 'tr' })
  })

  it('shows a card per transfer on a phone, with its status and the reversal button', async () => {
    mockPhoneWidth()
    serveList([
      transferRow(),
      transferRow({
        id: 92,
        documentNo: 'EFT-700',
        reversal: { date: '2026-03-18', reason: 'Mükerrer kayıt', by: null, at: '2026-03-18T08:00:00.000Z' },
      }),
    ])
    renderWithProviders(<BankTransferPage />, { bootstrap: admin, route: '/yonetim/havale' })
    const cards = await screen.findByRole('list', { name: 'Girilen havaleler' })
    const [booked, reversed] = within(cards).getAllByRole('listitem')
    expect(booked?.textContent).toContain('1.200,50 ₺')
    expect(within(booked!).getByRole('button', { name: 'EFT-778 numaralı havaleyi geri al' })).toBeTruthy()
    expect(reversed?.textContent).toContain('18.03.2026, silinmiş kullanıcı: Mükerrer kayıt')
    expect(within(reversed!).queryByRole('button')).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('gives a read-only user the list without a reversal button', async () => {
    serveList([transferRow()])
    const readonly = dealerBootstrap({
      user: { ...dealer, role: 'admin', staffRole: 'readonly', customer: null },
    })
    renderWithProviders(<BankTransferPage />, { bootstrap: readonly, route: '/yonetim/havale' })
    expect(await screen.findByText('EFT-778')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /geri al$/ })).toBeNull()
    expect(screen.queryByRole('form')).toBeNull()
  })
})

describe('The payments list', () => {
  it('shows each payment with its masked card, amounts and dealer', async () => {
    server.use(
      http.get('/yonetim/payments/summary', () =>
        apiJson(staffPaymentsSummarySchema, staffPaymentsSummary()),
      ),
      http.get('/yonetim/payments', () =>
        apiJson(staffPaymentListSchema, {
          items: [
            {
              id: 'a'.repeat(32),
              status: 'succeeded',
              paymentType: 'order',
              cardMasked: '454360******4363',
              cardHolder: 'AHMET YILMAZ',
              amount: 1000,
              totalAmount: 1030.5,
              installment: 3,
              dealer: { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' },
              order: { id: 8, no: 'S2026-000008' },
              failureMessage: null,
              createdAt: '2026-03-18T09:00:00.000Z',
              stateChangedAt: '2026-03-18T09:00:00.000Z',
              gatewayRef: 'sbx-4f1c2a9e7b3d5a10',
              attentionReason: null,
            },
          ],
          page: 1,
          pages: 1,
          limit: 50,
          total: 1,
        }),
      ),
    )
    renderWithProviders(<PaymentsPage />, { bootstrap: admin, route: '/yonetim/odemeler' })
    const row = await screen.findByTestId('payment-row')
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(1)).toEqual([
      'Başarılı',
      'Yıldız Yapı Market120.01.001',
      'Sipariş ödemesiS2026-000008',
      '454360******4363AHMET YILMAZ',
      '1.000,00 ₺',
      '1.030,50 ₺3 taksit',
      'sbx-4f1c2a9e7b3d5a10',
      'Ayrıntılar',
    ])
    expect(screen.getByTestId('staff-list-total').textContent).toBe('1 ödeme')
  })
})
