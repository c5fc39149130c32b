// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type StaffUser,
  staffUserListSchema,
  staffUserResetSentSchema,
  staffUserSchema,
} from '../../../../contracts/staff-users'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { StaffUsersPage } from './StaffUsersPage'

/** The signed-in staff user: the fixtures' user 7, with this role. */
const staff = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({ locale, user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => vi.restoreAllMocks())

const user = (overrides: Partial<StaffUser> = {}): StaffUser => ({
  id: 12,
  name: 'Deniz Satış',
  email: 'deniz@toptan.example',
  role: 'sales',
  active: true,
  lastLoginAt: '2026-03-14T09:30:00.000Z',
  invited: false,
  ...overrides,
})

const me = user({ id: dealer.id, name: dealer.name, email: dealer.email, role: 'owner' })
const invitedOne = user({
  id: 13,
  name: 'Ece Muhasebe',
  email: 'ece@toptan.example',
  role: 'accounting',
  lastLoginAt: null,
  invited: true,
})
const disabledOne = user({
  id: 14,
  name: 'Kaan Katalog',
  email: 'kaan@toptan.example',
  role: 'catalogue',
  active: false,
})

function serve(rows: StaffUser[] = [me, user(), invitedOne, disabledOne]) {
  server.use(
    http.get('/yonetim/staff-users', () =>
      apiJson(staffUserListSchema, { items: rows, total: rows.length, page: 1, pages: 1, limit: 50 }),
    ),
    http.post('/yonetim/staff-users', () =>
      apiJson(
        staffUserSchema,
        user({ id: 20, name: 'Selin Yeni', email: 'selin@toptan.example', invited: true }),
      ),
    ),
    http.patch('/yonetim/staff-users/:id', () => apiJson(staffUserSchema, user({ role: 'accounting' }))),
    http.post('/yonetim/staff-users/:id/password-reset', () =>
      apiJson(staffUserResetSentSchema, { expiresAt: '2026-03-18T10:00:00.000Z' }),
    ),
  )
  return recordRequests()
}

const renderPage = (route = '/yonetim/personel', role: StaffRole = 'owner', locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(
    <>
      <StaffUsersPage />
      <LocationProbe />
    </>,
    { bootstrap: staff(role, locale), route },
  )

const location = () => screen.getByTestId('location').textContent
const rowOf = (name: string) =>
  within(screen.getByTestId('staff-users-table')).getByText(name).closest('tr') as HTMLElement

// Every row draws a role select and a menu: on a busy machine a test's first renders (the file's
// first test also loads the table and Mantine's combobox) took longer than the web project's 15 s.
describe('the staff users page', { timeout: 30_000 }, () => {
  it('lists the users with role, state, last sign-in and the invited mark, asking with the address’s filters', async () => {
    const requests = serve()
    renderPage('/yonetim/personel?q=de&role=sales&active=true&page=x')
    const table = await screen.findByTestId('staff-users-table')
    await waitFor(() => expect(within(table).getByText('Deniz Satış')).toBeTruthy())
    const deniz = rowOf('Deniz Satış')
    expect(deniz.textContent).toContain('deniz@toptan.example')
    expect(deniz.textContent).toContain('14.03.2026 12:30')
    expect(deniz.textContent).toContain('Etkin')
    const ece = rowOf('Ece Muhasebe')
    expect(ece.textContent).toContain('Davet edildi')
    expect(ece.textContent).toContain('Hiç giriş yapmadı')
    expect(rowOf('Kaan Katalog').textContent).toContain('Devre dışı')
    // One's own row says so, and shows the role as text: another owner changes it.
    const mine = rowOf(dealer.name)
    expect(mine.textContent).toContain('Siz')
    expect(mine.textContent).toContain('Mağaza sahibi')
    expect(within(mine).queryByTestId('staff-user-role')).toBeNull()
    const list = requests.find((r) => r.url.pathname === '/yonetim/staff-users')!
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ q: 'de', role: 'sales', active: 'true' })
    expect((screen.getByTestId('staff-users-filter-q') as HTMLInputElement).value).toBe('de')
  })

  it('searches on Enter and filters by role and status, starting again at the first page', async () => {
    const requests = serve()
    renderPage('/yonetim/personel?page=2')
    await screen.findByText('Deniz Satış')
    const q = screen.getByTestId('staff-users-filter-q')
    fireEvent.change(q, { target: { value: ' ece ' } })
    fireEvent.submit(q.closest('form') as HTMLFormElement)
    await waitFor(() => expect(location()).toBe('/yonetim/personel?q=ece'))
    fireEvent.click(screen.getByRole('combobox', { name: 'Rol' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Muhasebe' }))
    await waitFor(() => expect(location()).toBe('/yonetim/personel?q=ece&role=accounting'))
    fireEvent.click(screen.getByLabelText('Devre dışı'))
    await waitFor(() => expect(location()).toBe('/yonetim/personel?q=ece&role=accounting&active=false'))
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain(
        '/yonetim/staff-users?q=ece&role=accounting&active=false',
      ),
    )
  })

  it('says so when nobody matches, and when the list cannot be read', async () => {
    serve([])
    renderPage()
    expect(await screen.findByText('Bu filtrelere uyan personel yok.')).toBeTruthy()
    server.use(http.get('/yonetim/staff-users', () => apiError(500, 'internal', 'Beklenmeyen hata')))
    renderPage()
    expect(await screen.findByText('Personel yüklenemedi')).toBeTruthy()
  })

  it('invites with the contract checked first, sends name, address and role, and says where it went', async () => {
    const requests = serve()
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Personel davet et' }))
    const dialog = await screen.findByRole('dialog', { name: 'Personel daveti' })
    fireEvent.change(within(dialog).getByLabelText(/E-posta/), { target: { value: 'yanlış' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Daveti gönder' }))
    expect(await within(dialog).findByText('Ad soyad yazın (en fazla 200 karakter).')).toBeTruthy()
    expect(within(dialog).getByText('Geçerli bir e-posta adresi yazın.')).toBeTruthy()
    expect(within(dialog).getByText('Bir rol seçin.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)

    fireEvent.change(within(dialog).getByLabelText(/Ad soyad/), { target: { value: ' Selin Yeni ' } })
    fireEvent.change(within(dialog).getByLabelText(/E-posta/), { target: { value: 'selin@toptan.example' } })
    fireEvent.click(within(dialog).getByTestId('staff-invite-role'))
    fireEvent.click(await screen.findByRole('option', { name: 'Satış' }))
    expect(dialog.textContent).toContain('Siparişler, teklifler, müşteriler')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Daveti gönder' }))
    expect(await screen.findByText('selin@toptan.example adresine davet gönderildi.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/yonetim/staff-users')!
    await waitFor(() =>
      expect(sent.body).toEqual({ name: 'Selin Yeni', email: 'selin@toptan.example', role: 'sales' }),
    )
  })

  it('shows a taken address on its field', async () => {
    serve()
    server.use(
      http.post('/yonetim/staff-users', () =>
        apiError(409, 'email_taken', 'Bu e-posta adresi başka bir kullanıcı tarafından kullanılıyor.'),
      ),
    )
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Personel davet et' }))
    const dialog = await screen.findByRole('dialog', { name: 'Personel daveti' })
    fireEvent.change(within(dialog).getByLabelText(/Ad soyad/), { target: { value: 'Deniz İkinci' } })
    fireEvent.change(within(dialog).getByLabelText(/E-posta/), { target: { value: 'deniz@toptan.example' } })
    fireEvent.click(within(dialog).getByTestId('staff-invite-role'))
    fireEvent.click(await screen.findByRole('option', { name: 'Katalog' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Daveti gönder' }))
    const email = within(dialog).getByLabelText(/E-posta/)
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(dialog.textContent).toContain('Bu e-posta adresi başka bir kullanıcı tarafından kullanılıyor.')
  })

  it('asks before a typed invitation is lost: "go back" keeps it, the other choice closes', async () => {
    serve()
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Personel davet et' }))
    const dialog = await screen.findByRole('dialog', { name: 'Personel daveti' })
    const name = within(dialog).getByLabelText(/Ad soyad/)
    fireEvent.change(name, { target: { value: 'Yarım Kalan' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }))
    const unsaved = await screen.findByTestId('staff-invite-unsaved')
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Geri dön'))
    fireEvent.click(within(unsaved).getByRole('button', { name: 'Geri dön' }))
    expect(screen.queryByTestId('staff-invite-unsaved')).toBeNull()
    expect((within(dialog).getByLabelText(/Ad soyad/) as HTMLInputElement).value).toBe('Yarım Kalan')

    fireEvent.keyDown(name, { key: 'Escape' })
    fireEvent.click(
      within(await screen.findByTestId('staff-invite-unsaved')).getByRole('button', {
        name: 'Kapat, gönderme',
      }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    // Opened again, it starts empty.
    fireEvent.click(screen.getByRole('button', { name: 'Personel davet et' }))
    const again = await screen.findByRole('dialog', { name: 'Personel daveti' })
    expect((within(again).getByLabelText(/Ad soyad/) as HTMLInputElement).value).toBe('')
  })

  it('changes a role after asking, and sends nothing when the question is declined', async () => {
    const requests = serve()
    renderPage()
    await screen.findByText('Deniz Satış')
    const select = within(rowOf('Deniz Satış')).getByRole('combobox', {
      name: 'Deniz Satış kullanıcısının rolü',
    })
    fireEvent.click(select)
    fireEvent.click(await screen.findByRole('option', { name: 'Muhasebe' }))
    const ask = await screen.findByRole('dialog', { name: 'Rol değişsin mi?' })
    expect(ask.textContent).toContain('Deniz Satış kullanıcısının rolü Satış yerine Muhasebe olacak.')
    fireEvent.click(within(ask).getByRole('button', { name: 'Vazgeç' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0)
    expect((select as HTMLInputElement).value).toBe('Satış')

    fireEvent.click(select)
    fireEvent.click(await screen.findByRole('option', { name: 'Muhasebe' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Rol değişsin mi?' })).getByRole('button', {
        name: 'Rolü değiştir',
      }),
    )
    expect(await screen.findByText('Deniz Satış artık Muhasebe rolünde; oturumları kapandı.')).toBeTruthy()
    const sent = requests.filter((r) => r.method === 'PATCH')
    expect(sent.map((r) => r.path)).toEqual(['/yonetim/staff-users/12'])
    await waitFor(() => expect(sent[0]?.body).toEqual({ role: 'accounting' }))
  })

  it('disables, enables and mails a password link from the row’s menu, each after asking', async () => {
    const requests = serve()
    renderPage()
    await screen.findByText('Deniz Satış')
    const act = async (name: string, item: string, dialog: string, yes: string) => {
      fireEvent.click(within(rowOf(name)).getByRole('button', { name: `İşlemler: ${name}` }))
      fireEvent.click(await screen.findByRole('menuitem', { name: item }))
      const ask = await screen.findByRole('dialog', { name: dialog })
      fireEvent.click(within(ask).getByRole('button', { name: yes }))
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      return ask.textContent
    }
    const disableText = await act(
      'Deniz Satış',
      'Devre dışı bırak',
      'Devre dışı bırakılsın mı?',
      'Devre dışı bırak',
    )
    expect(disableText).toContain('açık oturumları hemen kapanır')
    expect(await screen.findByText('Deniz Satış devre dışı bırakıldı; oturumları kapandı.')).toBeTruthy()
    await act('Kaan Katalog', 'Etkinleştir', 'Etkinleştirilsin mi?', 'Etkinleştir')
    const linkText = await act(
      'Deniz Satış',
      'Şifre bağlantısı gönder',
      'Şifre bağlantısı gönderilsin mi?',
      'Bağlantıyı gönder',
    )
    expect(linkText).toContain('deniz@toptan.example adresine 1 saat geçerli')
    expect(await screen.findByText('Deniz Satış kullanıcısına şifre bağlantısı gönderildi.')).toBeTruthy()
    const writes = requests.filter((r) => r.method !== 'GET')
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PATCH /yonetim/staff-users/12',
      'PATCH /yonetim/staff-users/14',
      'POST /yonetim/staff-users/12/password-reset',
    ])
    await waitFor(() =>
      expect(writes.slice(0, 2).map((r) => r.body)).toEqual([{ active: false }, { active: true }]),
    )

    // A disabled user is offered no link (it would not work); one's own row only its history.
    fireEvent.click(within(rowOf('Kaan Katalog')).getByRole('button', { name: 'İşlemler: Kaan Katalog' }))
    expect(screen.queryByRole('menuitem', { name: 'Şifre bağlantısı gönder' })).toBeNull()
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    fireEvent.click(within(rowOf(dealer.name)).getByRole('button', { name: `İşlemler: ${dealer.name}` }))
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent)
    expect(items).toEqual(['Değişiklik geçmişi'])
    expect(screen.getByRole('menuitem', { name: 'Değişiklik geçmişi' }).getAttribute('href')).toBe(
      `/yonetim/denetim?entity=user&entityId=${dealer.id}`,
    )
  })

  it('shows a refusal of the server as a notice', async () => {
    serve()
    server.use(
      http.patch('/yonetim/staff-users/:id', () =>
        apiError(
          409,
          'last_owner',
          'Son etkin mağaza sahibinin rolü değiştirilemez ve devre dışı bırakılamaz.',
        ),
      ),
    )
    renderPage()
    await screen.findByText('Deniz Satış')
    fireEvent.click(within(rowOf('Deniz Satış')).getByRole('button', { name: 'İşlemler: Deniz Satış' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Devre dışı bırak' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Devre dışı bırakılsın mı?' })).getByRole('button', {
        name: 'Devre dışı bırak',
      }),
    )
    expect(
      await screen.findByText('Son etkin mağaza sahibinin rolü değiştirilemez ve devre dışı bırakılamaz.'),
    ).toBeTruthy()
  })

  it('gives the read-only role the list with no invite, no role select and no actions', async () => {
    const requests = serve()
    renderPage('/yonetim/personel', 'readonly')
    await screen.findByText('Deniz Satış')
    expect(screen.getByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Personel davet et' })).toBeNull()
    expect(screen.queryAllByTestId('staff-user-role')).toHaveLength(0)
    expect(screen.queryAllByTestId('staff-user-actions')).toHaveLength(0)
    expect(rowOf('Deniz Satış').textContent).toContain('Satış')
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0)
  })

  it('shows cards on a phone, with the role select and the menu', async () => {
    mockPhoneWidth()
    serve()
    renderPage()
    const cards = await screen.findAllByTestId('staff-user-card')
    expect(cards).toHaveLength(4)
    const ece = cards.find((card) => card.textContent?.includes('Ece Muhasebe'))!
    expect(ece.textContent).toContain('Davet edildi')
    expect(ece.textContent).toContain('Son giriş: Hiç giriş yapmadı')
    expect(within(ece).getByRole('combobox', { name: 'Ece Muhasebe kullanıcısının rolü' })).toBeTruthy()
    expect(within(ece).getByRole('button', { name: 'İşlemler: Ece Muhasebe' })).toBeTruthy()
    expect(screen.queryByTestId('staff-users-table')).toBeNull()
  })

  it('reads in English', async () => {
    serve()
    renderPage('/en/yonetim/personel', 'owner', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff users' })).toBeTruthy()
    await screen.findByText('Deniz Satış')
    expect(rowOf('Ece Muhasebe').textContent).toContain('Invited')
    expect(rowOf(dealer.name).textContent).toContain('Owner')
    expect(screen.getByRole('button', { name: 'Invite a staff user' })).toBeTruthy()
    expect(rowOf('Deniz Satış').textContent).toContain('14 Mar 2026')
  })
})
