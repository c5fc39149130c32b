// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { cartSchema } from '../../../contracts/cart'
import { okSchema } from '../../../contracts/common'
import { queryKeys } from '../../lib/query-keys'
import { cartLine, cartOf, emptyCart } from '../../test/cart-fixtures'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { apiJson, holdRequests, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { Header } from './Header'

// The toasts' store outlives a test's render: an earlier test's toast must not stand in for this one's
// (in one shuffled order the branch refusal's toast hid the currency refusal's: a 5 s timeout).
beforeEach(() => act(() => notifications.clean()))

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

  it('shows the new currency at once, without waiting for the answer; prices are fetched after it', async () => {
    const { calls, resolver } = holdRequests()
    server.use(
      http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
      http.post('/api/catalog/settings', resolver),
    )
    const user = userEvent.setup()
    const { queryClient } = renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })
    const cartState = () => queryClient.getQueryState(queryKeys.cart())
    await waitFor(() => expect(cartState()?.status).toBe('success'))
    await user.click(screen.getByRole('button', { name: 'Para birimi: TL' }))
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.body).toEqual({ key: 'defaultCurrency', value: 2 })

    // Switched while the call is still under way: busy, never disabled, the focus kept on it.
    const button = screen.getByRole('button', { name: 'Para birimi: USD' })
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button).toHaveProperty('disabled', false)
    await waitFor(() => expect(document.activeElement).toBe(button))
    expect(cartState()?.isInvalidated).toBe(false)

    await act(async () => calls[0]!.answer(apiJson(okSchema, { ok: true })))
    // The server converts prices into the stored currency: they are fetched again once it is stored.
    await waitFor(() => expect(cartState()?.isInvalidated).toBe(true))
    expect(screen.getByRole('button', { name: 'Para birimi: USD' }).getAttribute('aria-busy')).toBeNull()
  })

  it('puts the previous currency back and says why when the choice is refused', async () => {
    server.use(
      http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
      http.post('/api/catalog/settings', () => new HttpResponse('oops', { status: 500 })),
    )
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })
    await user.click(screen.getByRole('button', { name: 'Para birimi: TL' }))
    await user.click(within(await screen.findByRole('menu')).getByText('USD ($)'))
    expect(await screen.findByText('Teknik bir hata yaşandı. Lütfen daha sonra tekrar deneyin.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Para birimi: TL' })).toBeTruthy()
  })
})

describe('The branch dropdown', () => {
  const branches = [
    { id: 11, name: 'Merkez Mağaza – Ataşehir' },
    { id: 12, name: 'Ümraniye Şubesi' },
    { id: 13, name: 'Gebze Depo' },
  ]
  const withBranches = (list: typeof branches, branch: number | null = 11) =>
    dealerBootstrap({
      user: { ...dealer, customer: { ...dealer.customer!, branches: list } },
      preferences: { ...dealerBootstrap().preferences, branch },
    })

  it('is not there for a customer with one branch', () => {
    server.use(http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())))
    renderWithProviders(<Header />, { bootstrap: withBranches(branches.slice(0, 1)) })
    expect(screen.queryByRole('button', { name: /Şube/ })).toBeNull()
  })

  it('switches the branch with the keyboard through the branch preference', async () => {
    const posts: unknown[] = []
    server.use(
      http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
      http.post('/api/catalog/settings', async ({ request }) => {
        posts.push(await request.json())
        return apiJson(okSchema, { ok: true })
      }),
    )
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: withBranches(branches) })
    const button = screen.getByRole('button', { name: 'Şube: Merkez Mağaza – Ataşehir' })
    button.focus()
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(branches.map((branch) => branch.name))
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Gebze Depo' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Şube: Gebze Depo' })).toBeTruthy())
    expect(posts).toEqual([{ key: 'branch', value: 13 }])
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Şube: Gebze Depo' }).getAttribute('aria-busy')).toBeNull(),
    )
  })

  it('asks for a choice when none is stored, in English too', () => {
    server.use(http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())))
    renderWithProviders(<Header />, {
      bootstrap: { ...withBranches(branches, null), locale: 'en' },
      route: '/en',
    })
    expect(screen.getByRole('button', { name: 'Choose a branch' })).toBeTruthy()
  })

  it('puts the previous branch back and says why when the choice is refused', async () => {
    server.use(
      http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
      http.post('/api/catalog/settings', () => new HttpResponse('oops', { status: 500 })),
    )
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: withBranches(branches) })
    await user.click(screen.getByRole('button', { name: 'Şube: Merkez Mağaza – Ataşehir' }))
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Gebze Depo' }),
    )
    expect(await screen.findByText('Teknik bir hata yaşandı. Lütfen daha sonra tekrar deneyin.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Şube: Merkez Mağaza – Ataşehir' })).toBeTruthy()
  })

  it('is in the phone menu', async () => {
    server.use(http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())))
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: withBranches(branches, 12) })
    await user.click(screen.getByRole('button', { name: 'Menüyü aç' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).getByRole('button', { name: 'Şube: Ümraniye Şubesi' })).toBeTruthy()
  })
})

describe('Header for an administrator', () => {
  it('shows no cart and never calls the cart API', () => {
    const requests = recordRequests()
    renderWithProviders(<Header />, {
      bootstrap: dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }),
    })
    expect(screen.queryByRole('button', { name: /Sepet/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /Sepet/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Hızlı sipariş' })).toBeNull()
    expect(requests).toEqual([])
  })
})

describe('The quick order link', () => {
  it('is beside the cart for a dealer (text on a desktop, the icon on a phone), in both languages', () => {
    server.use(http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())))
    const { unmount } = renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })
    // Two links to one page: the one for the width is shown (CSS), both named alike.
    const links = screen.getAllByRole('link', { name: 'Hızlı sipariş' })
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/hizli-siparis', '/hizli-siparis'])
    unmount()
    renderWithProviders(<Header />, { bootstrap: dealerBootstrap({ locale: 'en' }), route: '/en' })
    expect(screen.getAllByRole('link', { name: 'Quick order' })[0]!.getAttribute('href')).toBe(
      '/en/hizli-siparis',
    )
  })

  it('is not there for a guest', () => {
    renderWithProviders(<Header />, { bootstrap: guestBootstrap() })
    expect(screen.queryByRole('link', { name: 'Hızlı sipariş' })).toBeNull()
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

  it("offers a dealer every account page of the desktop's user menu, 'Ödeme Yap' among them, in its order", async () => {
    server.use(http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())))
    const user = userEvent.setup()
    renderWithProviders(<Header />, { bootstrap: dealerBootstrap() })
    await user.click(screen.getByRole('button', { name: 'Hesap menüsü: Ayşe Yılmaz' }))
    const menu = await screen.findByRole('menu')
    const desktop = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.getAttribute('href'))
      .map((item) => [item.textContent, item.getAttribute('href')])
    expect(desktop).toContainEqual(['Ödeme Yap', '/odeme'])
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Menüyü aç' }))
    const drawer = await screen.findByRole('dialog')
    const phone = within(drawer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')])
      .filter(([, href]) => href !== '/urunler')
    expect(phone).toEqual(desktop)
  })

  it("offers an administrator no 'Ödeme Yap', as the user menu does not", async () => {
    const user = userEvent.setup()
    renderWithProviders(<Header />, {
      bootstrap: dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }),
    })
    await user.click(screen.getByRole('button', { name: 'Menüyü aç' }))
    const drawer = await screen.findByRole('dialog')
    expect(within(drawer).queryByRole('link', { name: 'Ödeme Yap' })).toBeNull()
    expect(within(drawer).getByRole('link', { name: 'Yönetim' }).getAttribute('href')).toBe('/yonetim')
  })
})
