// @vitest-environment jsdom

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { EntityHistoryRow } from '../../../../contracts/audit'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { historyHandler } from '../../../test/history-fixtures'
import { apiError, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { EntityHistory } from './EntityHistory'

const staff = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({
    locale,
    user: { ...dealer, role: 'admin', staffRole, customer: null },
    paymentPlans: [
      { id: 2, name: '30 Gün Vadeli', priceName: 'advencePrice1', varsayilan: false, isVirtual: false },
    ],
  })

afterEach(() => vi.restoreAllMocks())

const terms: EntityHistoryRow = {
  id: 9,
  at: '2026-03-18T09:00:00.000Z',
  actor: { id: 14, name: 'Mert Satış' },
  entity: 'customer',
  entityId: '5',
  action: 'update',
  changes: [
    { field: 'riskLimit', old: '25000.00', new: '30000.00' },
    { field: 'paymentTermDays', old: 30, new: 45 },
    { field: 'defaultPaymentPlanId', old: 7, new: 2 },
  ],
}
const branchAdded: EntityHistoryRow = {
  id: 8,
  at: '2026-03-17T21:30:00.000Z',
  actor: { id: null, name: '' },
  entity: 'branch',
  entityId: '21',
  action: 'create',
  changes: [{ field: 'name', old: null, new: 'Gebze' }],
}

const renderHistory = (role: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(
    <EntityHistory
      entity="customer"
      entityId={5}
      recordLabel={(row) => (row.entityId === '21' ? 'Şube: Gebze' : null)}
    />,
    {
      bootstrap: staff(role, locale),
      route: locale === 'en' ? '/en/yonetim/musteriler' : '/yonetim/musteriler',
    },
  )

describe('EntityHistory', () => {
  it("asks for the record's own history and shows each change: what, when (store time), who, and each field old → new", async () => {
    server.use(historyHandler([terms, branchAdded]))
    const requests = recordRequests()
    renderHistory('sales')
    const items = await screen.findAllByTestId('history-item')
    expect(requests.map((r) => r.url.pathname)).toEqual(['/yonetim/history/customer/5'])
    expect(screen.getByRole('heading', { level: 3, name: 'Değişiklik geçmişi' })).toBeTruthy()
    expect(items[0]?.textContent).toContain('Güncelleme')
    expect(items[0]?.textContent).toContain('18.03.2026 12:00')
    expect(items[0]?.textContent).toContain('Mert Satış')
    expect(items[0]?.textContent).toContain('Risk limiti: 25.000,00 ₺ → 30.000,00 ₺')
    expect(items[0]?.textContent).toContain('Vade (gün): 30 → 45')
    // A plan by its name; one the store no longer has by its number.
    expect(items[0]?.textContent).toContain('Varsayılan ödeme planı: #7 → 30 Gün Vadeli')
    // A change of a record shown with this one names it; one written by the system says so.
    expect(items[1]?.textContent).toContain('18.03.2026 00:30')
    expect(items[1]?.textContent).toContain('Sistem · Şube: Gebze')
    expect(items[1]?.textContent).toContain('Ad: — → Gebze')
    expect(within(screen.getByTestId('history-section')).queryByRole('link')).toBeNull()
  })

  it('names a change the ERP made by its API key', async () => {
    const byKey: EntityHistoryRow = { ...terms, id: 10, actor: { id: null, name: 'Logo ERP', apiKey: true } }
    server.use(historyHandler([byKey]))
    renderHistory('owner', 'en')
    const [item] = await screen.findAllByTestId('history-item')
    expect(item?.textContent).toContain('API key: Logo ERP')
  })

  it('says how many more there are, and leads only a role that may open the audit trail there', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...terms, id: 100 - i }))
    server.use(historyHandler(many, 45))
    const sales = renderHistory('sales')
    expect(await screen.findByText('En yeni 20 değişiklik gösteriliyor; toplam 45.')).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
    sales.unmount()

    renderHistory('owner')
    const link = await screen.findByRole('link', { name: 'Tümünü değişiklik kaydında gör (45)' })
    expect(link.getAttribute('href')).toBe('/yonetim/denetim?entity=customer&entityId=5')
  })

  it('shows that it is loading, says when nothing was changed, and offers a retry when it cannot be read', async () => {
    server.use(
      http.get('/yonetim/history/:entity/:entityId', () => apiError(500, 'internal', 'Beklenmeyen hata')),
    )
    renderHistory('owner')
    expect(screen.getByRole('status', { name: 'Değişiklik geçmişi yükleniyor' })).toBeTruthy()
    expect(await screen.findByText('Değişiklik geçmişi yüklenemedi.')).toBeTruthy()

    // The retry is answered by the handler added last.
    server.use(historyHandler([]))
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }))
    expect(await screen.findByText('Bu kayıtta henüz personelin yaptığı bir değişiklik yok.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
  })

  it('reads in English on a phone, one card per change', async () => {
    mockPhoneWidth()
    server.use(historyHandler([terms]))
    renderHistory('owner', 'en')
    const list = await screen.findByRole('list', { name: 'Change history' })
    expect(list.textContent).toContain('Risk limit: ₺25,000.00 → ₺30,000.00')
    expect(list.textContent).toContain('Payment terms (days): 30 → 45')
    expect(screen.getByRole('link', { name: 'Open in the audit trail' }).getAttribute('href')).toBe(
      '/en/yonetim/denetim?entity=customer&entityId=5',
    )
  })
})
