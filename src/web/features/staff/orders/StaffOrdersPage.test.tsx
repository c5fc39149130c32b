// @vitest-environment jsdom

import { notifications } from '@mantine/notifications'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type StaffOrderDetail,
  type StaffOrderRow,
  staffOrderDetailSchema,
  staffOrderListSchema,
} from '../../../../contracts/staff-orders'
import type { OrderStatus } from '../../../../domain/order-status'
import { customerListReply } from '../../../test/customer-fixtures'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { historyHandler } from '../../../test/history-fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { stubObjectUrls } from '../../../test/object-urls'
import { testOrder } from '../../../test/order-fixtures'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { StaffOrdersPage } from './StaffOrdersPage'

const staff = (staffRole: 'owner' | 'sales' | 'readonly') =>
  dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => {
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

const DEALER = { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' }

const row = (overrides: Partial<StaffOrderRow> = {}): StaffOrderRow => ({
  id: 77,
  orderNo: 'S2026-000077',
  date: '2026-03-14T09:30:00.000Z',
  dealer: DEALER,
  creator: 'Ayşe Yılmaz',
  branch: 'Ankara Şube',
  status: 'new',
  total: { value: 2995.8, currency: 'TRY' },
  paymentPlan: '30 Gün Vadeli',
  paidByCard: false,
  erpDocumentNo: null,
  ...overrides,
})

const NEXT: Record<OrderStatus, OrderStatus[]> = {
  new: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
}

const detail = (status: OrderStatus, history: StaffOrderDetail['history'] = []): StaffOrderDetail => ({
  order: testOrder({ status, isCancel: status === 'cancelled', cancellable: false }),
  dealer: DEALER,
  paidByCard: false,
  cancelPending: false,
  erpDocumentNo: null,
  next: NEXT[status],
  history,
})

function serve(rows: StaffOrderRow[], patch?: () => Response) {
  let current = detail('new')
  server.use(
    historyHandler(),
    http.get('/yonetim/customers', () => customerListReply([DEALER])),
    http.get('/yonetim/orders', () =>
      apiJson(staffOrderListSchema, {
        items: rows,
        total: rows.length,
        page: 1,
        pages: 1,
        limit: 50,
        capped: false,
      }),
    ),
    http.get('/yonetim/orders/:id', () => apiJson(staffOrderDetailSchema, current)),
    http.patch(
      '/yonetim/orders/:id',
      patch ??
        (async ({ request }) => {
          const body = (await request.json()) as { status: OrderStatus; note?: string }
          current = detail(body.status, [
            ...current.history,
            {
              from: current.order.status,
              to: body.status,
              at: '2026-03-15T08:00:00.000Z',
              note: body.note ?? null,
              byStaff: true,
              by: 'Elif Şahin',
            },
          ])
          return apiJson(staffOrderDetailSchema, current)
        }),
    ),
  )
  return recordRequests()
}

/**
 * Opens the order's drawer with its row's button. The page settles its layout (phone or desktop) just
 * after its first render, which draws the table anew: the click is repeated until the drawer opened.
 */
async function openOrder(orderNo: string) {
  await waitFor(() => {
    fireEvent.click(screen.getByRole('button', { name: `${orderNo} numaralı siparişi aç` }))
    expect(screen.getByRole('dialog')).toBeTruthy()
  })
}

const renderPage = (route = '/yonetim/siparisler', role: 'owner' | 'sales' | 'readonly' = 'owner') =>
  renderWithProviders(<StaffOrdersPage />, { bootstrap: staff(role), route })

describe('the staff orders page', () => {
  it('lists the orders with dealer, status and total, and asks with the filters of the address', async () => {
    const requests = serve([
      row(),
      row({ id: 78, orderNo: 'S2026-000078', status: 'shipped', paidByCard: true }),
    ])
    renderPage('/yonetim/siparisler?status=shipped&sort=total&dir=asc&q=S2026')
    // Asked until the page settled its layout (it draws the table anew once just after its first render).
    await waitFor(() => {
      expect(screen.getByText('S2026-000078')).toBeTruthy()
      expect(screen.getAllByText('Yıldız Yapı Market')).toHaveLength(2)
      const shipped = screen.getByText('S2026-000078').closest('tr') as HTMLElement
      expect(within(shipped).getByText('Sevk edildi')).toBeTruthy()
      expect(within(shipped).getByText('Kartla ödendi')).toBeTruthy()
    })
    const list = requests.find((r) => r.url.pathname === '/yonetim/orders')!
    expect(Object.fromEntries(list.url.searchParams)).toMatchObject({
      status: 'shipped',
      sort: 'total',
      dir: 'asc',
      q: 'S2026',
      page: '1',
    })
  })

  it('exports the list as its filters stand, as a file named by the server', async () => {
    const requests = serve([row()])
    server.use(
      http.get(
        '/yonetim/orders/export',
        () =>
          new Response(new Uint8Array([80, 75, 3, 4]), {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': 'attachment; filename="siparisler-20260314-1230.xlsx"',
            },
          }),
      ),
    )
    const created = stubObjectUrls()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    renderPage('/yonetim/siparisler?status=shipped&customerId=5&sort=total&dir=asc')
    fireEvent.click(await screen.findByRole('button', { name: 'Dışa aktar' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }))
    await waitFor(() => expect(saved).toEqual(['siparisler-20260314-1230.xlsx']))
    expect(created.mock.calls[0]![0].size).toBe(4)
    const asked = requests.find((r) => r.url.pathname === '/yonetim/orders/export')!
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({
      status: 'shipped',
      customerId: '5',
      sort: 'total',
      dir: 'asc',
      format: 'xlsx',
      lang: 'tr',
    })
  })

  it("says the server's refusal of an export on the page", async () => {
    serve([row()])
    server.use(
      http.get('/yonetim/orders/export', () =>
        apiError(400, 'export_too_large', 'Bu süzgeçle 20.000 kayıttan fazlası çıkıyor.'),
      ),
    )
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Dışa aktar' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV (noktalı virgülle)' }))
    const alert = await screen.findByTestId('export-error')
    expect(alert.textContent).toContain('Bu süzgeçle 20.000 kayıttan fazlası çıkıyor.')
    expect(alert.getAttribute('role')).toBe('alert')
  })

  it('reads a total counted up to its cap as "1000+"', async () => {
    serve([row()])
    server.use(
      http.get('/yonetim/orders', () =>
        apiJson(staffOrderListSchema, {
          items: [row()],
          total: 1000,
          page: 1,
          pages: 20,
          limit: 50,
          capped: true,
        }),
      ),
    )
    renderPage()
    expect(await screen.findByText(/ \/ 1000\+ sipariş$/)).toBeTruthy()
  })

  it('says so when no order matches', async () => {
    serve([])
    renderPage()
    expect(await screen.findByText('Bu filtrelere uyan sipariş yok.')).toBeTruthy()
  })

  it('opens an order and moves it on; a cancellation asks for its reason before anything is sent', async () => {
    const requests = serve([row()])
    renderPage()
    await openOrder('S2026-000077')
    const form = await screen.findByTestId('order-move-form')
    expect(within(form).getByRole('combobox', { name: /Yeni durum/ })).toHaveProperty('value', 'Hazırlanıyor')
    fireEvent.click(within(form).getByRole('button', { name: 'Kaydet' }))
    expect(await screen.findByText('S2026-000077: Hazırlanıyor')).toBeTruthy()
    const patch = requests.find((r) => r.method === 'PATCH')!
    await waitFor(() => expect(patch.body).toEqual({ status: 'processing' }))
    expect(await screen.findByTestId('order-history-step')).toHaveProperty(
      'textContent',
      expect.stringContaining('Elif Şahin'),
    )

    // Cancelling without a reason is stopped at the form.
    const status = within(form).getByRole('combobox', { name: /Yeni durum/ })
    fireEvent.click(status)
    fireEvent.click(await screen.findByRole('option', { name: 'İptal Edildi' }))
    fireEvent.click(within(form).getByRole('button', { name: 'Kaydet' }))
    expect(await within(form).findByText('İptal nedenini yazın; bayiye bu not gösterilir.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1)
  })

  it('asks before a typed note is lost: Escape once asks, "go back" keeps the note, the other choice closes', async () => {
    serve([row()])
    renderPage()
    await openOrder('S2026-000077')
    const form = await screen.findByTestId('order-move-form')
    const note = within(form).getByRole('textbox', { name: 'Bayiye not' })
    fireEvent.change(note, { target: { value: 'Kargo: YK-1' } })
    fireEvent.keyDown(note, { key: 'Escape' })
    const unsaved = await screen.findByTestId('order-unsaved')
    const keep = within(unsaved).getByRole('button', { name: 'Geri dön' })
    await waitFor(() => expect(document.activeElement).toBe(keep))
    fireEvent.click(keep)
    expect(screen.queryByTestId('order-unsaved')).toBeNull()
    expect(note).toHaveProperty('value', 'Kargo: YK-1')
    fireEvent.keyDown(note, { key: 'Escape' })
    fireEvent.click(
      within(await screen.findByTestId('order-unsaved')).getByRole('button', { name: 'Kapat, kaydetme' }),
    )
    await waitFor(() => expect(screen.queryByTestId('order-move-form')).toBeNull())
  })

  it("shows the server's refusal of a move in the drawer", async () => {
    serve([row()], () =>
      apiError(
        409,
        'status_not_allowed',
        'Sipariş "Sevk edildi" durumundan "Hazırlanıyor" durumuna geçirilemez.',
      ),
    )
    renderPage()
    await openOrder('S2026-000077')
    const form = await screen.findByTestId('order-move-form')
    fireEvent.click(within(form).getByRole('button', { name: 'Kaydet' }))
    expect(await within(form).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('geçirilemez'),
    )
  })

  it("cancelling a card-paid order says its payment will be refunded, and shows the bank's refusal in place", async () => {
    const requests = serve([row({ paidByCard: true })], () =>
      apiError(
        502,
        'refund_failed',
        'Kart ödemesi iade edilemedi; sipariş iptal edilmedi. Banka: Bankada teknik bir hata oluştu.',
      ),
    )
    server.use(
      http.get('/yonetim/orders/:id', () =>
        apiJson(staffOrderDetailSchema, { ...detail('new'), paidByCard: true }),
      ),
    )
    renderPage()
    await openOrder('S2026-000077')
    const form = await screen.findByTestId('order-move-form')
    expect(within(form).queryByText('Kart ödemesi iade edilecek')).toBeNull()
    fireEvent.click(within(form).getByRole('combobox', { name: /Yeni durum/ }))
    fireEvent.click(await screen.findByRole('option', { name: 'İptal Edildi' }))
    expect(within(form).getByTestId('order-paid-cancel')).toHaveProperty(
      'textContent',
      expect.stringContaining('Kart ödemesi iade edilecek'),
    )
    fireEvent.change(within(form).getByRole('textbox', { name: /İptal nedeni/ }), {
      target: { value: 'Bayi vazgeçti' },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'İade et ve iptal et' }))
    const refusal = await within(form).findByText(/Banka: Bankada teknik bir hata oluştu\./)
    expect(refusal.closest('[role="alert"]')).toBeTruthy()
    // The warning stays beside it: the order was not cancelled and may be tried again.
    expect(within(form).getByTestId('order-paid-cancel')).toBeTruthy()
    const patch = requests.find((r) => r.method === 'PATCH')!
    expect(patch.body).toEqual({ status: 'cancelled', note: 'Bayi vazgeçti' })
  })

  it('an order whose cancellation waits for the bank offers no move and says why', async () => {
    serve([row({ paidByCard: true })])
    server.use(
      http.get('/yonetim/orders/:id', () =>
        apiJson(staffOrderDetailSchema, {
          ...detail('new'),
          paidByCard: true,
          cancelPending: true,
          next: [],
        }),
      ),
    )
    renderPage()
    await openOrder('S2026-000077')
    expect(await screen.findByTestId('order-cancel-pending')).toHaveProperty(
      'textContent',
      expect.stringContaining('kart ödemesinin iadesi bankadan bekleniyor'),
    )
    expect(screen.queryByTestId('order-move-form')).toBeNull()
  })

  it("shows a sales user the order's change history in the drawer, asked for by the order's id", async () => {
    serve([row()])
    server.use(
      historyHandler([
        {
          id: 3,
          at: '2026-03-14T10:00:00.000Z',
          actor: { id: 12, name: 'Ayşe Satış' },
          entity: 'order',
          entityId: '77',
          action: 'status',
          changes: [
            { field: 'status', old: 'new', new: 'processing' },
            { field: 'note', old: null, new: 'Hazırlanıyor' },
          ],
        },
      ]),
    )
    const requests = recordRequests()
    renderPage('/yonetim/siparisler', 'sales')
    await openOrder('S2026-000077')
    const drawer = await screen.findByTestId('order-drawer')
    const history = await within(drawer).findByTestId('entity-history')
    expect(within(drawer).getByRole('heading', { level: 4, name: 'Değişiklik geçmişi' })).toBeTruthy()
    expect(history.textContent).toContain('14.03.2026 13:00')
    expect(history.textContent).toContain('Ayşe Satış')
    expect(history.textContent).toContain('Durum: Yeni → Hazırlanıyor')
    expect(history.textContent).toContain('Not: — → Hazırlanıyor')
    expect(requests.some((r) => r.url.pathname === '/yonetim/history/order/77')).toBe(true)
  })

  it('gives a read-only user the order without the form to move it', async () => {
    serve([row()])
    renderPage('/yonetim/siparisler', 'readonly')
    await openOrder('S2026-000077')
    expect(await screen.findByText('Rolünüz siparişlerin durumunu değiştirmeye izin vermiyor.')).toBeTruthy()
    expect(screen.queryByTestId('order-move-form')).toBeNull()
  })
})
