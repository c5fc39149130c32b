// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cartLine, cartOf, emptyCart } from '../../test/cart-fixtures'
import { routeFetch } from '../../test/fetch-routes'
import { dealer, dealerBootstrap, guestBootstrap, jsonResponse } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { Header } from './Header'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('Header for a guest', () => {
  it('offers the login link and a cart count that leads to login', () => {
    renderWithProviders(<Header />, { bootstrap: guestBootstrap() })
    expect(screen.getByRole('link', { name: 'Giriş Yap' }).getAttribute('href')).toBe('/account/login')
    const cart = screen.getByRole('link', { name: 'Sepet, 0 ürün' })
    expect(cart.getAttribute('href')).toBe('/account/login')
    expect(screen.getByText('0')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Para birimi/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Hesap menüsü/ })).toBeNull()
  })

  it('has the search box and the language switcher', () => {
    renderWithProviders(<Header />)
    const search = screen.getByPlaceholderText('Ara')
    expect(search.getAttribute('name')).toBe('q')
    expect(screen.getByRole('button', { name: 'Dil: Türkçe' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Demo Toptan' }).getAttribute('src')).toBe('/images/logo.svg')
  })

  it('keeps the English prefix on its links', () => {
    renderWithProviders(<Header />, { bootstrap: guestBootstrap({ locale: 'en' }), route: '/en' })
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/account/login')
  })
})

describe('Header for a dealer', () => {
  it('shows the user menu with the company and a logout item', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async () => jsonResponse(cartOf([cartLine(), cartLine({ id: 502 })])))
    renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })
    expect(screen.queryByRole('link', { name: 'Giriş Yap' })).toBeNull()
    // The count comes from GET /api/catalog/cart; the icon opens the mini cart.
    expect(await screen.findByRole('button', { name: 'Sepet, 2 ürün' })).toBeTruthy()
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/catalog/cart')

    await user.click(screen.getByRole('button', { name: 'Hesap menüsü: Ayşe Yılmaz' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('Yılmaz Otomotiv Ltd.')).toBeTruthy()
    expect(within(menu).getByRole('menuitem', { name: 'Çıkış Yap' })).toBeTruthy()
  })

  it('switches the currency through the preference call', async () => {
    const routes = routeFetch({ '/api/catalog/cart': emptyCart(), '/api/catalog/settings': { ok: true } })
    fetchMock.mockImplementation(routes)
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })

    const currency = screen.getByRole('button', { name: 'Para birimi: TL' })
    expect(currency.textContent).toContain('TL ₺')
    await user.click(currency)
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('EUR (€)')).toBeTruthy()
    await user.click(within(menu).getByText('USD ($)'))

    await waitFor(() => expect(screen.getByRole('button', { name: 'Para birimi: USD' })).toBeTruthy())
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/catalog/settings') ?? []
    expect(url).toBe('/api/catalog/settings')
    expect(JSON.parse(String(init?.body))).toEqual({ key: 'defaultCurrency', value: 2 })
  })
})

describe('Header for an administrator', () => {
  it('shows no cart and never calls the cart API', () => {
    renderWithProviders(<Header />, {
      bootstrap: dealerBootstrap({ user: { ...dealer, role: 'admin', customer: null } }),
    })
    expect(screen.queryByRole('button', { name: /Sepet/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /Sepet/ })).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
