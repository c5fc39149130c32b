// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { cartSchema } from '../../../contracts/cart'
import { okSchema } from '../../../contracts/common'
import { cartLine, cartOf, emptyCart } from '../../test/cart-fixtures'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { apiJson, holdRequests, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { Header } from './Header'

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
    expect(screen.getByRole('button', { name: 'TR – Dil: Türkçe' })).toBeTruthy()
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
    server.use(
      http.get('/api/catalog/cart', () => apiJson(cartSchema, cartOf([cartLine(), cartLine({ id: 502 })]))),
    )
    const requests = recordRequests()
    renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })
    expect(screen.queryByRole('link', { name: 'Giriş Yap' })).toBeNull()
    // The count comes from GET /api/catalog/cart; the icon opens the mini cart.
    expect(await screen.findByRole('button', { name: 'Sepet, 2 ürün' })).toBeTruthy()
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/catalog/cart'])

    await user.click(screen.getByRole('button', { name: 'Hesap menüsü: Ayşe Yılmaz' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('Yılmaz Otomotiv Ltd.')).toBeTruthy()
    expect(within(menu).getByRole('menuitem', { name: 'Çıkış Yap' })).toBeTruthy()
  })

  it('switches the currency through the preference call', async () => {
    const posts: unknown[] = []
    server.use(
      http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
      http.post('/api/catalog/settings', async ({ request }) => {
        posts.push(await request.json())
        return apiJson(okSchema, { ok: true })
      }),
    )
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })

    const currency = screen.getByRole('button', { name: 'Para birimi: TL' })
    expect(currency.textContent).toContain('TL ₺')
    await user.click(currency)
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByText('EUR (€)')).toBeTruthy()
    await user.click(within(menu).getByText('USD ($)'))

    await waitFor(() => expect(screen.getByRole('button', { name: 'Para birimi: USD' })).toBeTruthy())
    expect(posts).toEqual([{ key: 'defaultCurrency', value: 2 }])
  })

  it('keeps the focus on the currency button while the change is saved (busy, never disabled)', async () => {
    const { calls, resolver } = holdRequests()
    server.use(
      http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
      http.post('/api/catalog/settings', resolver),
    )
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })
    await user.click(screen.getByRole('button', { name: 'Para birimi: TL' }))
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(calls).toHaveLength(1))
    const button = screen.getByRole('button', { name: 'Para birimi: TL' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button).toHaveProperty('disabled', false)
    await waitFor(() => expect(document.activeElement).toBe(button))
    await act(async () => calls[0]!.answer(apiJson(okSchema, { ok: true })))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Para birimi: USD' })),
    )
  })
})

describe('Header for an administrator', () => {
  it('shows no cart and never calls the cart API', () => {
    const requests = recordRequests()
    renderWithProviders(<Header />, {
      bootstrap: dealerBootstrap({ user: { ...dealer, role: 'admin', customer: null } }),
    })
    expect(screen.queryByRole('button', { name: /Sepet/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /Sepet/ })).toBeNull()
    expect(requests).toEqual([])
  })
})

describe('The phone menu', () => {
  it('gives the focus back to the burger when it closes, the first time too', async () => {
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: guestBootstrap() })
    const burger = screen.getByRole('button', { name: 'Menüyü aç' })
    for (let round = 0; round < 2; round++) {
      await user.click(burger)
      const close = await screen.findByRole('button', { name: 'Menüyü kapat' })
      await user.click(close)
      await waitFor(() => expect(document.activeElement).toBe(burger))
    }
  })
})
