// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fullNavigate } from '../../lib/navigation'
import { dealerBootstrap, jsonResponse } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { LoginPage } from './LoginPage'

vi.mock('../../lib/navigation', () => ({ fullNavigate: vi.fn(), currentPath: () => '/account/login' }))

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
  vi.mocked(fullNavigate).mockReset()
})

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

  it('says in Turkish which fields are missing, without calling the server', async () => {
    const user = userEvent.setup()
    renderLogin()
    await user.click(submit())
    expect(await screen.findByText('E-posta adresi zorunludur.')).toBeTruthy()
    expect(screen.getByText('Şifre zorunludur.')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('rejects an invalid e-mail address, without calling the server', async () => {
    const user = userEvent.setup()
    renderLogin()
    await user.type(email(), 'bayi.example.com')
    await user.type(password(), 'gizli123')
    await user.click(submit())
    expect(await screen.findByText('Geçerli bir e-posta adresi giriniz.')).toBeTruthy()
    expect(screen.queryByText('Şifre zorunludur.')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the server's message on 401 and stays on the page", async () => {
    const message = 'E-posta adresi veya şifre hatalı.'
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: 'unauthenticated', messages: { type: message } } }, 401),
    )
    const user = userEvent.setup()
    renderLogin()
    await user.type(email(), 'bayi@example.com')
    await user.type(password(), 'yanlis{Enter}')

    expect((await screen.findByRole('alert')).textContent).toContain(message)
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/account/login')
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'bayi@example.com', password: 'yanlis' })
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('')
    expect(fullNavigate).not.toHaveBeenCalled()
  })

  it('shows the rate-limit message of a 429', async () => {
    const message = 'Çok fazla hatalı deneme. Lütfen 15 dakika sonra tekrar deneyin.'
    fetchMock.mockResolvedValue(
      jsonResponse({ error: { code: 'rate_limited', messages: { type: message } } }, 429),
    )
    const user = userEvent.setup()
    renderLogin()
    await user.type(email(), 'bayi@example.com')
    await user.type(password(), 'gizli123')
    await user.click(submit())
    expect((await screen.findByRole('alert')).textContent).toContain(message)
  })

  it('loads the next page in full after a successful login, ignoring an off-site next', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ user: dealerBootstrap().user, csrfToken: 'new-token' }))
    const user = userEvent.setup()
    renderLogin('/account/login?next=%2Fsepet')
    await user.type(email(), '  bayi@example.com ')
    await user.type(password(), 'gizli123{Enter}')
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith('/sepet'))
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)).email).toBe('bayi@example.com')
  })

  it('goes home after login when next points to another site', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ user: dealerBootstrap().user, csrfToken: 'new-token' }))
    const user = userEvent.setup()
    renderLogin('/account/login?next=%2F%2Fevil.example')
    await user.type(email(), 'bayi@example.com')
    await user.type(password(), 'gizli123{Enter}')
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith('/'))
  })

  it('sends a logged-in user home', async () => {
    renderLogin('/account/login', dealerBootstrap())
    expect(await screen.findByText('ana sayfa')).toBeTruthy()
  })
})
