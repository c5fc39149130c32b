// @vitest-environment jsdom

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AuditRow, auditListSchema } from '../../../../contracts/audit'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { AuditPage } from './AuditPage'

const owner = dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } })
const englishOwner = dealerBootstrap({
  locale: 'en',
  user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null },
})

afterEach(() => {
  vi.restoreAllMocks()
})

const reversal: AuditRow = {
  id: 7,
  at: '2026-03-18T09:00:00.000Z',
  actor: { id: 12, name: 'Ayşe Muhasebe' },
  ip: '203.0.113.9',
  entity: 'bank_transfer',
  entityId: '91',
  action: 'reverse',
  changes: [
    { field: 'reversed', old: false, new: true },
    { field: 'reason', old: null, new: 'Yanlış bayi' },
  ],
}
const orderMove: AuditRow = {
  id: 6,
  at: '2026-03-18T08:00:00.000Z',
  actor: { id: 14, name: 'Mert Satış' },
  ip: '198.51.100.4',
  entity: 'order',
  entityId: '300',
  action: 'status',
  changes: [{ field: 'status', old: 'new', new: 'processing' }],
}
const entered: AuditRow = {
  ...reversal,
  id: 4,
  action: 'create',
  changes: [
    { field: 'amount', old: null, new: '1250.50' },
    { field: 'date', old: null, new: '2026-03-17' },
  ],
}
const recipients: AuditRow = {
  id: 5,
  at: '2026-03-18T07:00:00.000Z',
  actor: { id: 12, name: 'Ayşe Muhasebe' },
  ip: '203.0.113.9',
  entity: 'store_setting',
  entityId: 'storeMailRecipients',
  action: 'update',
  changes: [{ field: 'recipients', old: [], new: ['satis@toptan.test', 'muhasebe@toptan.test'] }],
}

const roleChange: AuditRow = {
  id: 3,
  at: '2026-03-18T06:00:00.000Z',
  actor: { id: 1, name: 'Mehmet Öztürk' },
  ip: '203.0.113.1',
  entity: 'user',
  entityId: '14',
  action: 'update',
  changes: [
    { field: 'role', old: 'sales', new: 'readonly' },
    { field: 'active', old: true, new: false },
  ],
}

function serve(rows: AuditRow[]) {
  server.use(
    http.get('/yonetim/audit', () =>
      apiJson(auditListSchema, { items: rows, total: rows.length, page: 1, pages: 1, limit: 50 }),
    ),
  )
}

describe('AuditPage', () => {
  it('lists each change with who, from where, the record and its fields old → new, in the store time zone', async () => {
    serve([reversal, orderMove, recipients, entered])
    renderWithProviders(<AuditPage />, { bootstrap: owner, route: '/yonetim/denetim' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Değişiklik kaydı' })).toBeTruthy()
    const table = await screen.findByTestId('audit-table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows[0]?.textContent).toContain('18.03.2026 12:00')
    expect(rows[0]?.textContent).toContain('Ayşe Muhasebe')
    expect(rows[0]?.textContent).toContain('203.0.113.9')
    expect(rows[0]?.textContent).toContain('Havale / EFT 91')
    expect(rows[0]?.textContent).toContain('Ters kayıt')
    expect(rows[0]?.textContent).toContain('Ters kayıt yapıldı: Hayır → Evet')
    expect(rows[0]?.textContent).toContain('Neden: — → Yanlış bayi')
    expect(rows[1]?.textContent).toContain('Durum: Yeni → Hazırlanıyor')
    expect(rows[3]?.textContent).toContain('Tutar: — → 1.250,50')
    expect(rows[3]?.textContent).toContain('Tarih: — → 17.03.2026')
    expect(rows[2]?.textContent).toContain('Mağaza ayarı: Bildirim e-postaları')
    expect(rows[2]?.textContent).toContain('Alıcılar: — → satis@toptan.test, muhasebe@toptan.test')
  })

  it('names a staff user’s role and state in words', async () => {
    serve([roleChange])
    renderWithProviders(<AuditPage />, { bootstrap: owner, route: '/yonetim/denetim?entity=user' })
    const table = await screen.findByTestId('audit-table')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2))
    const row = within(table).getAllByRole('row')[1]!
    expect(row.textContent).toContain('Kullanıcı 14')
    expect(row.textContent).toContain('Rol: Satış → Yalnızca görüntüleme')
    expect(row.textContent).toContain('Etkin: Evet → Hayır')
  })

  it('sends the filters of the address, and a click on a user shows only their changes', async () => {
    serve([reversal, orderMove])
    const requests = recordRequests()
    renderWithProviders(<AuditPage />, {
      bootstrap: owner,
      route: '/yonetim/denetim?entity=bank_transfer&from=2026-03-01&page=x',
    })
    await screen.findByTestId('audit-table')
    const first = requests.find((r) => r.url.pathname === '/yonetim/audit')!
    expect(Object.fromEntries(first.url.searchParams)).toEqual({
      entity: 'bank_transfer',
      from: '2026-03-01',
    })
    expect((screen.getByLabelText(/Başlangıç/) as HTMLInputElement).value).toBe('2026-03-01')

    await userEvent.click(
      (
        await screen.findAllByRole('button', { name: 'Mert Satış kullanıcısının değişikliklerini göster' })
      )[0]!,
    )
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('userId')).toBe('14'))
    const chip = await screen.findByText('Kullanıcı: Mert Satış')
    expect(chip).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Mert Satış süzgecini kaldır' }))
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('userId')).toBeNull())
  })

  it('applies a typed record number on Enter, not on every key', async () => {
    serve([orderMove])
    const requests = recordRequests()
    renderWithProviders(<AuditPage />, { bootstrap: owner, route: '/yonetim/denetim' })
    await screen.findByTestId('audit-table')
    const input = screen.getByLabelText(/Kayıt no/)
    await userEvent.type(input, '300')
    const asked = () => requests.filter((r) => r.url.pathname === '/yonetim/audit').length
    const before = asked()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(asked()).toBe(before + 1))
    expect(requests.at(-1)!.url.searchParams.get('entityId')).toBe('300')
  })

  it('says so when nothing matches, and offers a retry when the list cannot be read', async () => {
    serve([])
    const first = renderWithProviders(<AuditPage />, { bootstrap: owner, route: '/yonetim/denetim' })
    expect(await screen.findByText('Bu süzgeçlere uyan değişiklik yok.')).toBeTruthy()
    first.unmount()
    server.use(http.get('/yonetim/audit', () => apiError(500, 'internal')))
    renderWithProviders(<AuditPage />, { bootstrap: owner, route: '/yonetim/denetim' })
    expect(await screen.findByText('Değişiklik kaydı yüklenemedi.')).toBeTruthy()
  })

  it('shows a card per change on a phone, in English too', async () => {
    mockPhoneWidth()
    serve([reversal])
    renderWithProviders(<AuditPage />, { bootstrap: englishOwner, route: '/en/yonetim/denetim' })
    const cards = await screen.findByRole('list', { name: 'Audit trail' })
    expect(cards?.textContent).toContain('Bank transfer 91')
    expect(cards?.textContent).toContain('Reversal')
    expect(cards?.textContent).toContain('Reversed: No → Yes')
    expect(cards?.textContent).toContain('Reason: — → Yanlış bayi')
  })
})
