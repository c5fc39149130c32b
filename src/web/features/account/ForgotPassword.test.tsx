// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { passwordResetResponseSchema } from '../../../contracts/account'
import { setCsrfToken } from '../../lib/api-client'
import { guestBootstrap } from '../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { LoginPage } from './LoginPage'

beforeEach(() => setCsrfToken('csrf-test'))

const SENT =
  'Bu adrese kayıtlı bir hesap varsa şifre yenileme bağlantısı gönderildi. Gelen kutunuzu kontrol edin; bağlantı 1 saat geçerlidir.'

const renderLogin = (route = '/account/login') =>
  renderWithProviders(
    <Routes>
      <Route path="/account/login" element={<LoginPage />} />
      <Route path="/en/account/login" element={<LoginPage />} />
    </Routes>,
    { route, ...(route.startsWith('/en/') ? { bootstrap: guestBootstrap({ locale: 'en' }) } : {}) },
  )

const openForgot = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Şifremi unuttum' }))
  return screen.getByRole('form', { name: 'Şifremi unuttum' })
}

describe('the forgotten password on the login page', () => {
  it('opens a small form and shows the one confirmation after sending the address', async () => {
    server.use(
      http.post('/api/account/password-reset', () => apiJson(passwordResetResponseSchema, { ok: true })),
    )
    const requests = recordRequests()
    const user = userEvent.setup()
    renderLogin()
    await openForgot(user)
    const email = screen.getByLabelText(/^E-posta/)
    expect(document.activeElement).toBe(email)
    await user.type(email, '  bayi@example.com {Enter}')
    expect((await screen.findByRole('status')).textContent).toBe(SENT)
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/account/password-reset', { email: 'bayi@example.com' }],
    ])
    expect(requests[0]?.headers.get('X-CSRF-Token')).toBe('csrf-test')
    // The address field is gone: nothing more to send, nothing told about the address.
    expect(screen.queryByLabelText(/^E-posta/)).toBeNull()
  })

  it('checks the address before sending, and goes back to the login form', async () => {
    const requests = recordRequests()
    const user = userEvent.setup()
    renderLogin()
    await openForgot(user)
    await user.click(screen.getByRole('button', { name: 'Bağlantı gönder' }))
    expect(await screen.findByText('E-posta adresi zorunludur.')).toBeTruthy()
    await user.type(screen.getByLabelText(/^E-posta/), 'bayi.example.com{Enter}')
    expect(await screen.findByText('Geçerli bir e-posta adresi giriniz.')).toBeTruthy()
    expect(requests).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Girişe dön' }))
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy()
  })

  it("shows a 429's message and keeps the form", async () => {
    const message = 'Çok fazla şifre sıfırlama isteği. Lütfen 15 dakika sonra tekrar deneyin.'
    server.use(http.post('/api/account/password-reset', () => apiError(429, 'rate_limited', message)))
    const user = userEvent.setup()
    renderLogin()
    await openForgot(user)
    await user.type(screen.getByLabelText(/^E-posta/), 'bayi@example.com{Enter}')
    expect((await screen.findByRole('alert')).textContent).toContain(message)
    expect(screen.getByLabelText(/^E-posta/)).toBeTruthy()
  })

  it('opens on the form when a dead link sent the visitor, and says so in English', async () => {
    renderLogin('/en/account/login?sifre=unuttum')
    expect(await screen.findByRole('form', { name: 'Forgot password' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send link' })).toBeTruthy()
  })

  it('greets a visitor back from setting a password', () => {
    renderLogin('/account/login?sifre=belirlendi')
    expect(screen.getByRole('status').textContent).toBe(
      'Şifreniz kaydedildi. Yeni şifrenizle giriş yapabilirsiniz.',
    )
  })
})
