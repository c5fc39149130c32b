// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { passwordSetResponseSchema } from '../../../contracts/account'
import { setCsrfToken } from '../../lib/api-client'
import { guestBootstrap } from '../../test/fixtures'
import { spyOnFullNavigate } from '../../test/full-navigate'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { PasswordSetPage } from './PasswordSetPage'

const fullNavigate = spyOnFullNavigate()
beforeEach(() => setCsrfToken('csrf-test'))

const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c'
const INVALID = 'Bu bağlantı geçersiz ya da süresi dolmuş.'

const renderPage = (route = `/sifre-belirle?token=${TOKEN}`) =>
  renderWithProviders(
    <Routes>
      <Route path="/sifre-belirle" element={<PasswordSetPage />} />
      <Route path="/en/sifre-belirle" element={<PasswordSetPage />} />
    </Routes>,
    { route, ...(route.startsWith('/en/') ? { bootstrap: guestBootstrap({ locale: 'en' }) } : {}) },
  )

const password = () => screen.getByLabelText(/^Yeni Şifre$|^Yeni Şifre \*/)
const again = () => screen.getByLabelText(/^Yeni Şifre Tekrar/)
const submit = () => screen.getByRole('button', { name: 'Şifremi Kaydet' })

describe('PasswordSetPage', () => {
  it('sends the token and the password twice, then loads the login page with its message', async () => {
    server.use(http.post('/api/account/password-set', () => apiJson(passwordSetResponseSchema, { ok: true })))
    const requests = recordRequests()
    const user = userEvent.setup()
    renderPage()
    expect(document.title).toContain('Şifre Belirle')
    expect(password().getAttribute('autocomplete')).toBe('new-password')
    await user.type(password(), 'Yeni-1234')
    await user.type(again(), 'Yeni-1234{Enter}')
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith('/account/login?sifre=belirlendi'))
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      [
        'POST',
        '/api/account/password-set',
        { token: TOKEN, password: 'Yeni-1234', passwordAgain: 'Yeni-1234' },
      ],
    ])
    expect(requests[0]?.headers.get('X-CSRF-Token')).toBe('csrf-test')
  })

  it('checks the password change rule before sending, in its words', async () => {
    const requests = recordRequests()
    const user = userEvent.setup()
    renderPage()
    await user.click(submit())
    expect((await screen.findByText('Şifre zorunludur.')).textContent).toBeTruthy()
    await user.type(password(), 'abc{Enter}')
    expect(await screen.findByText('Şifreniz 6 karakterden kısa, 30 karakterden uzun olamaz.')).toBeTruthy()
    await user.type(password(), 'def{Enter}')
    expect(await screen.findByText('Şifrenizi doğrulamalısınız.')).toBeTruthy()
    await user.type(again(), 'abcdeg{Enter}')
    expect(await screen.findByText('Şifreleriniz eşleşmiyor.')).toBeTruthy()
    expect(requests).toEqual([])
  })

  it("shows a dead link's one message with a way to ask for a new link", async () => {
    server.use(http.post('/api/account/password-set', () => apiError(400, 'link_invalid', INVALID)))
    const user = userEvent.setup()
    renderPage()
    await user.type(password(), 'Yeni-1234')
    await user.type(again(), 'Yeni-1234{Enter}')
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(INVALID)
    const link = screen.getByRole('link', { name: 'Yeni bağlantı iste' })
    expect(link.getAttribute('href')).toBe('/account/login?sifre=unuttum')
    expect(fullNavigate).not.toHaveBeenCalled()
  })

  it("puts a server's field message under its field", async () => {
    server.use(
      http.post('/api/account/password-set', () =>
        apiError(400, 'password_mismatch', 'Şifreleriniz eşleşmiyor.', {
          passwordAgain: 'Şifreleriniz eşleşmiyor.',
        }),
      ),
    )
    const user = userEvent.setup()
    renderPage()
    await user.type(password(), 'Yeni-1234')
    await user.type(again(), 'Yeni-1234{Enter}')
    expect(await screen.findByText('Şifreleriniz eşleşmiyor.')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says at once that a link without a token is no link, without a form; in English too', () => {
    const first = renderPage('/sifre-belirle')
    expect(screen.getByRole('alert').textContent).toContain(INVALID)
    expect(screen.queryByRole('button', { name: 'Şifremi Kaydet' })).toBeNull()
    first.unmount()
    renderPage('/en/sifre-belirle?token=short')
    expect(screen.getByRole('alert').textContent).toContain('This link is invalid or has expired.')
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/en/account/login?sifre=unuttum',
    )
  })
})
