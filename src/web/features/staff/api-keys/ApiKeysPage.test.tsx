// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  type ApiKey,
  apiKeyIssuedSchema,
  apiKeyListSchema,
  apiKeySchema,
} from '../../../../contracts/api-keys'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { ApiKeysPage } from './ApiKeysPage'

const staff = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({ locale, user: { ...dealer, role: 'admin', staffRole, customer: null } })

const key = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 3,
  name: 'Logo ERP',
  prefix: 'tpk_3f9a1c0b7d2e',
  scopes: ['catalogue:write', 'orders:read'],
  state: 'active',
  createdAt: '2026-03-14T09:30:00.000Z',
  createdBy: 'Zeynep Sahip',
  lastUsedAt: null,
  revokedAt: null,
  expiresAt: null,
  rotatedFromId: null,
  ...overrides,
})
const revoked = key({
  id: 2,
  name: 'Eski entegrasyon',
  state: 'revoked',
  revokedAt: '2026-03-10T09:00:00.000Z',
})
const SECRET = `tpk_aaaaaaaaaaaa_${'S'.repeat(43)}`

function serve(rows: ApiKey[] = [key(), revoked]) {
  server.use(
    http.get('/yonetim/api-keys', () => apiJson(apiKeyListSchema, { items: rows })),
    http.post('/yonetim/api-keys', () =>
      apiJson(apiKeyIssuedSchema, { ...key({ id: 9, name: 'Stok', scopes: ['stock:write'] }), key: SECRET }),
    ),
    http.post('/yonetim/api-keys/:id/revoke', () => apiJson(apiKeySchema, key({ state: 'revoked' }))),
  )
  return recordRequests()
}

const renderPage = (role: StaffRole = 'owner', locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(<ApiKeysPage />, { bootstrap: staff(role, locale), route: '/yonetim/api-anahtarlari' })

describe('the API keys page', { timeout: 30_000 }, () => {
  it('lists keys with scopes, last use and state, never a whole key', async () => {
    serve()
    renderPage()
    const table = await screen.findByTestId('api-keys-table')
    await waitFor(() => expect(within(table).getByText('Logo ERP')).toBeTruthy())
    const row = within(table).getByText('Logo ERP').closest('tr') as HTMLElement
    expect(row.textContent).toContain('tpk_3f9a1c0b7d2e_…')
    expect(row.textContent).toContain('orders:read')
    expect(row.textContent).toContain('Hiç kullanılmadı')
    expect(row.textContent).toContain('Etkin')
    expect((within(table).getByText('Eski entegrasyon').closest('tr') as HTMLElement).textContent).toContain(
      'İptal edildi',
    )
  })

  it('creates a key: the contract is checked first, then the key is shown once with a warning', async () => {
    const requests = serve()
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Yeni anahtar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Yeni API anahtarı' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anahtarı oluştur' }))
    expect(await within(dialog).findByText('1–100 karakterlik bir ad girin.')).toBeTruthy()
    expect(within(dialog).getByText('En az bir yetki seçin.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText(/^Ad/), { target: { value: ' Stok ' } })
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Stok' })).getByRole('checkbox'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anahtarı oluştur' }))
    const shown = await screen.findByRole('dialog', { name: 'Anahtarınız hazır' })
    expect(shown.textContent).toContain('bir daha gösterilmeyecek')
    expect((within(shown).getByLabelText('API anahtarı') as HTMLInputElement).value).toBe(SECRET)
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/yonetim/api-keys')!
    await waitFor(() => expect(sent.body).toEqual({ name: 'Stok', scopes: ['stock:write'] }))
    fireEvent.click(within(shown).getByRole('button', { name: 'Kaydettim, kapat' }))
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull())
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anahtarınız hazır' })).toBeNull())
  })

  it('revokes only after the confirm step', async () => {
    const requests = serve()
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'İşlemler: Logo ERP' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'İptal et' }))
    const confirm = await screen.findByRole('dialog', { name: 'Anahtar iptal edilsin mi?' })
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
    fireEvent.click(within(confirm).getByRole('button', { name: 'İptal et' }))
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.path === '/yonetim/api-keys/3/revoke')).toBe(true),
    )
  })

  it('shows a read-only role the list alone', async () => {
    serve()
    renderPage('readonly')
    await screen.findByText('Logo ERP')
    expect(screen.queryByRole('button', { name: 'Yeni anahtar' })).toBeNull()
    expect(screen.queryByTestId('api-key-actions')).toBeNull()
  })

  it('draws cards on a phone, in English, and says when there are none or the list fails', async () => {
    mockPhoneWidth()
    serve()
    renderPage('owner', 'en')
    const cards = await screen.findAllByTestId('api-key-card')
    expect(cards).toHaveLength(2)
    expect(cards[0]?.textContent).toContain('Never used')
    serve([])
    renderPage()
    expect(await screen.findByText('Henüz API anahtarı yok.')).toBeTruthy()
    server.use(http.get('/yonetim/api-keys', () => apiError(500, 'internal', 'Beklenmeyen hata')))
    renderPage()
    expect(await screen.findByText('Anahtarlar yüklenemedi.')).toBeTruthy()
  })
})
