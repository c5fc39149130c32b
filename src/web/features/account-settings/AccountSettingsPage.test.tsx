// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { accountSettingsResponseSchema } from '../../../contracts/account-settings'
import { configureApi, setCsrfToken } from '../../lib/api-client'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, holdRequests, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { AccountSettingsPage } from './AccountSettingsPage'

const SETTINGS = '/api/catalog/account/settings'
const TECHNICAL = 'Teknik bir hata yaşandı. Lütfen daha sonra tekrar deneyin.'
const navigate = vi.fn<(url: string) => void>()

beforeEach(() => {
  setCsrfToken('csrf-test')
  configureApi({ locale: 'tr', navigate, currentPath: () => '/hesap/ayarlar' })
})
afterEach(() => navigate.mockReset())

function renderPage(bootstrap = dealerBootstrap(), route = '/hesap/ayarlar') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/hesap/ayarlar" element={<AccountSettingsPage />} />
        <Route path="/en/hesap/ayarlar" element={<AccountSettingsPage />} />
        <Route path="/account/login" element={<p>giriş sayfası</p>} />
        <Route path="/en/account/login" element={<p>login page</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const current = () => screen.getByLabelText('Mevcut Şifre')
const password = () => screen.getByLabelText('Şifre')
const verify = () => screen.getByLabelText('Şifre Tekrar')
const saveButton = () => screen.getByRole('button', { name: 'Kaydet' })
const answer = (resolver: Parameters<typeof http.post>[1]) => server.use(http.post(SETTINGS, resolver))

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  values = ['Bayi1234!', 'Yeni-Sifre-7', 'Yeni-Sifre-7'],
) {
  const [now, next, again] = values
  if (now) await user.type(current(), now)
  if (next) await user.type(password(), next)
  if (again) await user.type(verify(), again)
}

describe('AccountSettingsPage', () => {
  it('shows the three password fields, labelled for password managers, under its title', () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Hesap Ayarları' })).toBeTruthy()
    expect(document.title).toBe('Hesap Ayarları | Demo Toptan')
    expect(current().getAttribute('autocomplete')).toBe('current-password')
    expect(password().getAttribute('autocomplete')).toBe('new-password')
    expect(verify().getAttribute('autocomplete')).toBe('new-password')
    expect(screen.getByText('ayse@bayi.example')).toBeTruthy()
  })

  it('keeps Kaydet unavailable until a field has been edited, and sends nothing before', async () => {
    const requests = recordRequests()
    const user = userEvent.setup()
    renderPage()
    expect(saveButton().getAttribute('aria-disabled')).toBe('true')
    await user.click(saveButton())
    expect(requests).toEqual([])

    await user.type(verify(), 'x')
    expect(saveButton().getAttribute('aria-disabled')).toBeNull()
    await user.clear(verify())
    expect(saveButton().getAttribute('aria-disabled')).toBe('true')
  })

  it('saves as multipart form data with the CSRF token, then empties the fields and says so', async () => {
    answer(() => apiJson(accountSettingsResponseSchema, { success: true, csrfToken: 'csrf-new' }))
    const requests = recordRequests()
    const user = userEvent.setup()
    renderPage()
    await fillForm(user)
    await user.click(saveButton())

    expect((await screen.findByTestId('account-settings-saved')).textContent).toBe(
      'Hesap bilgileriniz güncellendi.',
    )
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${SETTINGS}`])
    expect(requests[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    expect(requests[0]?.headers.get('X-CSRF-Token')).toBe('csrf-test')
    await waitFor(() =>
      expect(requests[0]?.body).toEqual({
        currentPassword: 'Bayi1234!',
        password: 'Yeni-Sifre-7',
        passwordVerify: 'Yeni-Sifre-7',
      }),
    )
    expect([current(), password(), verify()].map((input) => (input as HTMLInputElement).value)).toEqual([
      '',
      '',
      '',
    ])
    expect(saveButton().getAttribute('aria-disabled')).toBe('true')

    // Editing again takes the success message away.
    await user.type(password(), 'a')
    expect(screen.queryByTestId('account-settings-saved')).toBeNull()
  })

  it("keeps working after a change: the next write carries the session's new CSRF token", async () => {
    // The server rotates the session on a password change and answers the token that goes with it;
    // the old one would now be refused (403 csrf).
    let token = 'csrf-test'
    answer(({ request }) => {
      if (request.headers.get('X-CSRF-Token') !== token) return apiError(403, 'csrf', 'csrf')
      token = `csrf-after-${token}`
      return apiJson(accountSettingsResponseSchema, { success: true, csrfToken: token })
    })
    const requests = recordRequests()
    const user = userEvent.setup()
    renderPage()
    await fillForm(user)
    await user.click(saveButton())
    expect(await screen.findByTestId('account-settings-saved')).toBeTruthy()

    await fillForm(user, ['Yeni-Sifre-7', 'Bir-Daha-42', 'Bir-Daha-42'])
    expect(screen.queryByTestId('account-settings-saved')).toBeNull()
    await user.click(saveButton())
    expect((await screen.findByTestId('account-settings-saved')).textContent).toBe(
      'Hesap bilgileriniz güncellendi.',
    )
    expect(requests.map((r) => r.headers.get('X-CSRF-Token'))).toEqual(['csrf-test', 'csrf-after-csrf-test'])
  })

  it('shows a busy Kaydet while saving and sends the form once', async () => {
    const held = holdRequests()
    answer(held.resolver)
    const user = userEvent.setup()
    renderPage()
    await fillForm(user)
    await user.click(saveButton())
    await waitFor(() => expect(held.calls).toHaveLength(1))
    expect(saveButton().getAttribute('aria-busy')).toBe('true')
    await user.click(saveButton())
    expect(held.calls).toHaveLength(1)
    held.calls[0]?.answer(HttpResponse.json({ success: true, csrfToken: 'csrf-new' }))
    expect(await screen.findByTestId('account-settings-saved')).toBeTruthy()
  })

  it.each([
    ['passwordVerify', 'Şifre Tekrar', 'Şifreleriniz eşleşmiyor.'],
    ['password', 'Şifre', 'Şifreniz 6 karakterden kısa, 30 karakterden uzun olamaz.'],
    ['currentPassword', 'Mevcut Şifre', 'Mevcut şifreniz hatalı.'],
  ])(
    "shows the server's message under the %s field it names and focuses it",
    async (field, label, message) => {
      answer(() => apiError(400, 'validation', message, { [field]: message }))
      const user = userEvent.setup()
      renderPage()
      await fillForm(user)
      await user.click(saveButton())

      expect(await screen.findByText(message)).toBeTruthy()
      const input = screen.getByLabelText(label)
      expect(input.getAttribute('aria-invalid')).toBe('true')
      expect(document.activeElement).toBe(input)
      // Said once, under the field, not in an alert as well; the typed values stay for correcting.
      expect(screen.queryByRole('alert')).toBeNull()
      expect((password() as HTMLInputElement).value).toBe('Yeni-Sifre-7')
    },
  )

  it("shows the server's message of an error about no field (a throttled guess) in an alert", async () => {
    const message = 'Çok fazla hatalı şifre denemesi. Lütfen 15 dakika sonra tekrar deneyin.'
    answer(() => apiError(429, 'rate_limited', message))
    const user = userEvent.setup()
    renderPage()
    await fillForm(user)
    await user.click(saveButton())
    expect((await screen.findByRole('alert')).textContent).toBe(message)
  })

  it.each([
    ['an answer that is not a success and carries no error', () => HttpResponse.json({ success: false })],
    ['an error answer without a message', () => new HttpResponse('Bad Gateway', { status: 502 })],
    ['a network failure', () => HttpResponse.error()],
  ])('shows the technical error text for %s', async (_, resolver) => {
    answer(resolver)
    const user = userEvent.setup()
    renderPage()
    await fillForm(user)
    await user.click(saveButton())
    expect((await screen.findByRole('alert')).textContent).toBe(TECHNICAL)
    expect(screen.queryByTestId('account-settings-saved')).toBeNull()
  })

  it('goes to the login page on 401 (the session ended), coming back here after', async () => {
    answer(() => apiError(401, 'unauthenticated', 'Bu işlem için giriş yapmalısınız.'))
    const user = userEvent.setup()
    renderPage()
    await fillForm(user)
    await user.click(saveButton())
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/account/login?next=%2Fhesap%2Fayarlar'))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('sends a guest to the login page with the way back', async () => {
    renderPage(guestBootstrap())
    expect(await screen.findByText('giriş sayfası')).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/account/login?next=%2Fhesap%2Fayarlar')
  })

  it('speaks English under /en', async () => {
    renderPage(dealerBootstrap({ locale: 'en' }), '/en/hesap/ayarlar')
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy()
    expect(screen.getByLabelText('Current password')).toBeTruthy()
    expect(screen.getByLabelText('Confirm password')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
  })

  it('sends an English guest to the English login page', async () => {
    renderPage(guestBootstrap({ locale: 'en' }), '/en/hesap/ayarlar')
    expect(await screen.findByText('login page')).toBeTruthy()
    expect(screen.getByTestId('location').textContent).toBe('/en/account/login?next=%2Fen%2Fhesap%2Fayarlar')
  })

  it('is open to an administrator as well', () => {
    const bootstrap = dealerBootstrap()
    renderPage(
      guestBootstrap({
        user: {
          ...bootstrap.user!,
          role: 'admin',
          staffRole: 'owner',
          customer: null,
          email: 'yonetici@example.com',
        },
      }),
    )
    expect(screen.getByText('yonetici@example.com')).toBeTruthy()
    expect(current()).toBeTruthy()
  })
})
