// @vitest-environment jsdom

import { notifications } from '@mantine/notifications'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type AdminFaultReport,
  adminFaultReportListSchema,
  faultReportStatusResponseSchema,
} from '../../../../contracts/service'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { historyHandler } from '../../../test/history-fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { FaultReportsPage } from './FaultReportsPage'

const admin = dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } })

afterEach(() => {
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

const report = (overrides: Partial<AdminFaultReport> = {}): AdminFaultReport => ({
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
  hasPhoto: true,
  staffNote: null,
  history: [],
  dealer: { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' },
  userName: 'Ahmet Yılmaz',
  ...overrides,
})

function serve(items: AdminFaultReport[], patch?: () => Response) {
  server.use(
    historyHandler(),
    http.get('/yonetim/fault-reports', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status')
      const shown = status ? items.filter((r) => r.status === status) : items
      return apiJson(adminFaultReportListSchema, {
        items: shown,
        total: shown.length,
        page: 1,
        pages: 1,
        limit: 50,
      })
    }),
    http.patch(
      '/yonetim/fault-reports/:id',
      patch ??
        (async ({ params, request }) => {
          const { status } = (await request.json()) as { status: AdminFaultReport['status'] }
          return apiJson(faultReportStatusResponseSchema, {
            id: Number(params.id),
            status,
            staffNote: null,
            updatedAt: '2026-03-15T08:00:00.000Z',
          })
        }),
    ),
  )
  return recordRequests()
}

const renderPage = (route = '/yonetim/ariza-bildirimleri') =>
  renderWithProviders(<FaultReportsPage />, { bootstrap: admin, route })

describe('the staff fault reports page', () => {
  it('lists each report with the dealer, product, phone, description and photo link', async () => {
    serve([report()])
    renderPage()
    const row = await screen.findByTestId('fault-report-row')
    for (const text of [
      'AR-2026-000011',
      'Yıldız Yapı Market',
      'Bildiren: Ahmet Yılmaz',
      'DM-800',
      'SN-1',
      'Çalışırken duruyor.',
    ]) {
      expect(row.textContent).toContain(text)
    }
    expect(within(row).getByRole('link', { name: '0532 123 45 67' }).getAttribute('href')).toBe(
      'tel:05321234567',
    )
    expect(
      within(row)
        .getByRole('link', { name: 'Fotoğrafı aç: AR-2026-000011 (yeni sekmede)' })
        .getAttribute('href'),
    ).toBe('/yonetim/fault-reports/11/photo')
    const region = screen.getByRole('region', { name: 'Arıza bildirimleri' })
    expect(region.tabIndex).toBe(0)
  })

  it('offers the next step (and one back) only; a choice asks for a note to the dealer, then saves', async () => {
    const requests = serve([report()])
    renderPage()
    const select = await screen.findByRole('combobox', { name: 'AR-2026-000011 durumu' })
    expect((select as HTMLInputElement).value).toBe('Yeni')
    fireEvent.click(select)
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent)
    expect(options).toEqual(['Yeni', 'Serviste'])
    fireEvent.click(screen.getByRole('option', { name: 'Serviste' }))

    const dialog = await screen.findByRole('dialog', { name: 'AR-2026-000011: Serviste durumuna geçir' })
    await userEvent.type(within(dialog).getByLabelText(/Bayiye not/), 'Servise alındı.')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }))
    expect(await screen.findByText('AR-2026-000011: durum “Serviste” olarak kaydedildi.')).toBeTruthy()
    const patch = requests.find((r) => r.method === 'PATCH')!
    expect(patch.path).toBe('/yonetim/fault-reports/11')
    await waitFor(() => expect(patch.body).toEqual({ status: 'in_service', note: 'Servise alındı.' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("opens a report's change history in a dialog from its row, and gives the focus back after", async () => {
    serve([report()])
    server.use(
      historyHandler([
        {
          id: 4,
          at: '2026-03-15T08:00:00.000Z',
          actor: { id: 12, name: 'Mert Satış' },
          entity: 'fault_report',
          entityId: '11',
          action: 'status',
          changes: [
            { field: 'status', old: 'new', new: 'in_service' },
            { field: 'note', old: null, new: 'Servise alındı.' },
          ],
        },
      ]),
    )
    const requests = recordRequests()
    renderPage()
    const open = await screen.findByRole('button', {
      name: 'Değişiklik geçmişi: AR-2026-000011',
    })
    await userEvent.click(open)
    const dialog = await screen.findByRole('dialog', { name: 'AR-2026-000011: değişiklik geçmişi' })
    const item = await within(dialog).findByTestId('history-item')
    expect(item.textContent).toContain('15.03.2026 11:00')
    expect(item.textContent).toContain('Mert Satış')
    expect(item.textContent).toContain('Durum: Yeni → Serviste')
    expect(item.textContent).toContain('Not: — → Servise alındı.')
    expect(requests.filter((r) => r.url.pathname.startsWith('/yonetim/history/')).map((r) => r.path)).toEqual(
      ['/yonetim/history/fault_report/11'],
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(open))
  })

  it('writes a note alone with the same status, and cannot send an empty one', async () => {
    const requests = serve([report({ status: 'in_service' })])
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'AR-2026-000011 bildirimine not ekle' }))
    const dialog = await screen.findByRole('dialog', { name: 'AR-2026-000011: bayiye not' })
    const save = within(dialog).getByRole('button', { name: 'Kaydet' })
    expect((save as HTMLButtonElement).disabled).toBe(true)
    await userEvent.type(within(dialog).getByLabelText(/Bayiye not/), 'Parça bekleniyor.')
    fireEvent.click(save)
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        status: 'in_service',
        note: 'Parça bekleniyor.',
      }),
    )
  })

  it("shows the server's refusal in the dialog and keeps the status", async () => {
    serve([report({ status: 'in_service' })], () =>
      apiError(409, 'fault_status_step', 'Bildirim bu duruma geçirilemez; durum adım adım ilerler.'),
    )
    renderPage()
    const select = await screen.findByRole('combobox', { name: 'AR-2026-000011 durumu' })
    fireEvent.click(select)
    fireEvent.click(await screen.findByRole('option', { name: 'Tamamlandı' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Bildirim bu duruma geçirilemez; durum adım adım ilerler.',
    )
    expect((select as HTMLInputElement).value).toBe('Serviste')
  })

  it('shows what the dealer was told: the latest note and the steps', async () => {
    serve([
      report({
        status: 'done',
        staffNote: 'Parça değişti.',
        history: [
          { from: 'new', to: 'in_service', note: 'Servise alındı.', at: '2026-03-15T08:00:00.000Z' },
          { from: 'in_service', to: 'done', note: 'Parça değişti.', at: '2026-03-16T08:00:00.000Z' },
        ],
      }),
    ])
    renderPage()
    const answer = await screen.findByTestId('fault-answer')
    expect(answer.textContent).toContain('Servis notu: Parça değişti.')
    expect(answer.textContent).toContain('Geçmiş (2 adım)')
    expect(answer.textContent).toContain('15.03.2026 11:00: Serviste — Servise alındı.')
  })

  it('filters by status from the address and says when there is none', async () => {
    const requests = serve([report()])
    renderPage('/yonetim/ariza-bildirimleri?status=done')
    expect((await screen.findByTestId('staff-list-empty')).textContent).toBe(
      'Bu durumda arıza bildirimi yok.',
    )
    expect(requests.map((r) => r.path)).toContain('/yonetim/fault-reports?status=done&page=1')
    const filter = screen.getByRole('radiogroup', { name: 'Durum' })
    expect(within(filter).getByRole('radio', { name: 'Tamamlandı' })).toHaveProperty('checked', true)
  })

  it('shows cards with the status select on a phone', async () => {
    mockPhoneWidth()
    serve([report({ serialNumber: null, hasPhoto: false })])
    renderPage()
    const cards = await screen.findByTestId('fault-report-cards')
    const [card] = within(cards).getAllByRole('listitem')
    expect(card?.textContent).toContain('Seri No: —')
    expect(within(card!).getByRole('combobox', { name: 'AR-2026-000011 durumu' })).toBeTruthy()
    expect(screen.queryByTestId('fault-reports-table')).toBeNull()
  })
})
