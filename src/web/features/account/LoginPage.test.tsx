// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { loginResponseSchema } from '../../../contracts/account'
import { setCsrfToken } from '../../lib/api-client'
import { dealer, dealerBootstrap } from '../../test/fixtures'
import { spyOnFullNavigate } from '../../test/full-navigate'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { LoginPage } from './LoginPage'

const fullNavigate = spyOnFullNavigate()

// The token lives in the API client's module: a login in one test must not leave its token to the next.
beforeEach(() => setCsrfToken('csrf-test'))

const answerLogin = (answer: () => Response) => server.use(http.post('/api/account/login', answer))
const loggedIn = () => apiJson(loginResponseSchema, { user: dealer, csrfToken: 'new-token' })

function renderLogin(
  route = '/account/login',
  bootstrap = undefined as ReturnType<typeof dealerBootstrap> | undefined,
) {
  return renderWithProviders(
    <Routes>
      <Route path="/account/login" element={<LoginPage />} />
      <Route path="/" element={<p>ana sayfa</p>} />
    </Routes>,
    { route, ...(bootstrap ? { bootstrap } : {}) },
  )
}

const email = () => screen.getByLabelText(/^E-posta/)
const password = () => screen.getByLabelText(/^Şifre/)
const submit = () => screen.getByRole('button', { name: 'Giriş Yap' })

describe('LoginPage', () => {
  it('labels its fields for password managers and focuses the e-mail', () => {
    renderLogin()
    expect(email().getAttribute('autocomplete')).toBe('username')
    expect(password().getAttribute('autocomplete')).toBe('current-password')
    expect(document.activeElement).toBe(email())
    expect(document.title).toBe('Giriş Yap | Demo Toptan')
  })

  it('leaves the focus where the visitor already is (typing into a server-drawn form before the app took over)', () => {
    const elsewhere = document.createElement('input')
    document.body.append(elsewhere)
    elsewhere.focus()
    try {
      renderLogin()
      expect(document.activeElement).toBe(elsewhere)
    } finally {
      elsewhere.remove()
    }
  })

  it('says in Turkish which fields are missing, without calling the server', async () => {
    const requests = recordRequests()
    const user = userEvent.setup()
    renderLogin()
    await user.click(submit())
    expect(await screen.findByText('E-posta adresi zorunludur.')).toBeTruthy()
    expect(screen.getByText('Şifre zorunludur.')).toBeTruthy()
    expect(requests).toEqual([])
  })

  it('rejects an invalid e-mail address, without calling the server', async () => {
    const requests = recordRequests()
    const user = userEvent.setup()
    renderLogin()
    await user.type(email(), 'bayi.example.com')
    await user.type(password(), 'gizli123')
    await user.click(submit())
    expect(await screen.findByText('Geçerli bir e-posta adresi giriniz.')).toBeTruthy()
    expect(screen.queryByText('Şifre zorunludur.')).toBeNull()
    expect(requests).toEqual([])
  })

  it("shows the server's message on 401 and stays on the page", async () => {
    const message = 'E-posta adresi veya şifre hatalı.'
    answerLogin(() => apiError(401, 'unauthenticated', message))
    const requests = recordRequests()
    const user = userEvent.setup()
    renderLogin()
    await user.type(email(), 'bayi@example.com')
    await user.type(password(), 'yanlis{Enter}')

    expect((await screen.findByRole('alert')).textContent).toContain(message)
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/account/login'])
    expect(requests[0]?.body).toEqual({ email: 'bayi@example.com', password: 'yanlis' })
    expect(requests[0]?.headers.get('X-CSRF-Token')).toBe('csrf-test')
    expect(fullNavigate).not.toHaveBeenCalled()
  })

  it('shows the rate-limit message of a 429', async () => {
    const message = 'Çok fazla hatalı deneme. Lütfen 15 dakika sonra tekrar deneyin.'
    answerLogin(() => apiError(429, 'rate_limited', message))
    const user = userEvent.setup()
    renderLogin()
    await user.type(email(), 'bayi@example.com')
    await user.type(password(), 'gizli123')
    await user.click(submit())
    expect((await screen.findByRole('alert')).textContent).toContain(message)
  })

  it('loads the next page in full after a successful login, ignoring an off-site next', async () => {
    answerLogin(loggedIn)
    const requests = recordRequests()
    const user = userEvent.setup()
    renderLogin('/account/login?next=%2Fsepet')
    await user.type(email(), '  bayi@example.com ')
    await user.type(password(), 'gizli123{Enter}')
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith('/sepet'))
    expect(requests[0]?.body).toMatchObject({ email: 'bayi@example.com' })
  })

  it('goes home after login when next points to another site', async () => {
    answerLogin(loggedIn)
    const user = userEvent.setup()
    renderLogin('/account/login?next=%2F%2Fevil.example')
    await user.type(email(), 'bayi@example.com')
    await user.type(password(), 'gizli123{Enter}')
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith('/'))
  })

  it('takes staff to the staff area after login, and to the page they were going to when there is one', async () => {
    const staff = { ...dealer, role: 'admin' as const, staffRole: 'sales' as const, customer: null }
    answerLogin(() => apiJson(loginResponseSchema, { user: staff, csrfToken: 'new-token' }))
    const user = userEvent.setup()
    const first = renderLogin('/account/login')
    await user.type(email(), 'satis@example.com')
    await user.type(password(), 'gizli123{Enter}')
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith('/yonetim'))
    first.unmount()
    fullNavigate.mockReset()
    renderLogin('/account/login?next=%2Fyonetim%2Fodemeler')
    await user.type(email(), 'satis@example.com')
    await user.type(password(), 'gizli123{Enter}')
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith('/yonetim/odemeler'))
  })

  it('addresses dealers and staff alike', () => {
    renderLogin()
    expect(screen.getByText('Bayi ya da personel hesabınızla giriş yapın.')).toBeTruthy()
  })

  it('sends a logged-in user home', async () => {
    renderLogin('/account/login', dealerBootstrap())
    expect(await screen.findByText('ana sayfa')).toBeTruthy()
  })
})
