// @vitest-environment jsdom

import { notifications } from '@mantine/notifications'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { bankTransferResponseSchema, customerSearchSchema } from '../../../../contracts/back-office'
import { staffPaymentListSchema, staffPaymentsSummarySchema } from '../../../../contracts/payments-staff'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { staffPaymentsSummary } from '../../../test/payment-fixtures'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { BankTransferPage } from './BankTransferPage'
import { PaymentsPage } from './PaymentsPage'

const admin = dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } })

afterEach(() => act(() => notifications.clean()))

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
      return apiJson(customerSearchSchema, {
        items: q ? all.filter((c) => c.name.toLowerCase().includes(q)) : all,
      })
    }),
    http.post('/yonetim/bank-transfers', answer),
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
