// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Cart, cartSchema } from '../../../../contracts/cart'
import { cartLine, cartOf, emptyCart } from '../../../test/cart-fixtures'
import { dealer, dealerBootstrap, guestBootstrap } from '../../../test/fixtures'
import { apiJson, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { CartIndicator } from './CartIndicator'

const tl = (value: number) => ({ value, currency: 'TRY' })

function twoLines(): Cart {
  return cartOf([
    cartLine({ quantity: 2 }),
    cartLine({
      id: 502,
      quantity: 1,
      unitId: 12,
      unitPrice: tl(14000),
      product: { ...cartLine().product, id: 7, name: 'Disk Balata', code: 'DB-7', url: '/disk-balata-p-7' },
    }),
  ])
}

/** GET /api/catalog/cart answers `cart` until DELETE empties it; returns the requests made. */
function serve(cart: Cart) {
  let current = cart
  server.use(
    http.get('/api/catalog/cart', () => apiJson(cartSchema, current)),
    http.delete('/api/catalog/cart', () => {
      current = emptyCart()
      return apiJson(cartSchema, current)
    }),
  )
  return recordRequests()
}

async function openMiniCart(count: number) {
  const button = await screen.findByRole('button', { name: `Sepet, ${count} ürün` })
  button.focus()
  fireEvent.click(button)
  return button
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('The mini cart', () => {
  it('shows the count, the lines with quantity × unit price, the subtotal and the total with tax', async () => {
    serve(twoLines())
    renderWithProviders(<CartIndicator />, { bootstrap: dealerBootstrap() })
    const button = await openMiniCart(2)
    expect(button.getAttribute('aria-expanded')).toBe('true')

    const mini = await screen.findByTestId('mini-cart')
    expect(within(mini).getByTestId('mini-cart-count').textContent).toBe('2 ürün')
    const lines = within(mini).getAllByTestId('mini-cart-line')
    expect(lines).toHaveLength(2)
    expect(within(lines[0]!).getByRole('link', { name: 'Fren Balatası' }).getAttribute('href')).toBe(
      '/fren-balatasi-p-1',
    )
    expect(within(lines[0]!).getByText('FB-100')).toBeTruthy()
    expect(within(lines[0]!).getByTestId('mini-cart-line-quantity').textContent).toBe('2 Adet × 1.234,50 ₺')
    expect(within(lines[0]!).getByText('2.469,00 ₺')).toBeTruthy()
    expect(within(lines[1]!).getByTestId('mini-cart-line-quantity').textContent).toBe('1 Koli × 14.000,00 ₺')

    // 2469 + 14000 = 16469; KDV 20 % = 3293.80; total 19762.80
    const totals = within(mini).getByTestId('mini-cart-totals')
    expect(totals.textContent).toBe('Ara Toplam16.469,00 ₺KDV3.293,80 ₺KDV Dahil Toplam19.762,80 ₺')
    expect(within(mini).getByRole('link', { name: 'Sepete Git' }).getAttribute('href')).toBe('/sepet')
  })

  it('empties the cart after a confirmation', async () => {
    const requests = serve(twoLines())
    renderWithProviders(<CartIndicator />, { bootstrap: dealerBootstrap() })
    await openMiniCart(2)
    fireEvent.click(await screen.findByRole('button', { name: 'Sepeti Boşalt' }))
    // Nothing is removed until the dealer confirms.
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    fireEvent.click(await screen.findByRole('button', { name: 'Evet, boşalt' }))
    expect(await screen.findByRole('button', { name: 'Sepet, 0 ürün' })).toBeTruthy()
    const deletes = requests.filter((r) => r.method === 'DELETE')
    expect(deletes.map((r) => r.path)).toEqual(['/api/catalog/cart'])
  })

  it('gives the focus back to the cart button when the confirmation closes, emptied or not', async () => {
    serve(twoLines())
    renderWithProviders(<CartIndicator />, { bootstrap: dealerBootstrap() })
    await openMiniCart(2)
    const clear = await screen.findByRole('button', { name: 'Sepeti Boşalt' })
    clear.focus()
    fireEvent.click(clear)
    fireEvent.click(await screen.findByRole('button', { name: 'Vazgeç' }))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sepet, 2 ürün' })),
    )

    fireEvent.click(document.activeElement as HTMLElement)
    const again = await screen.findByRole('button', { name: 'Sepeti Boşalt' })
    again.focus()
    fireEvent.click(again)
    fireEvent.click(await screen.findByRole('button', { name: 'Evet, boşalt' }))
    const emptied = await screen.findByRole('button', { name: 'Sepet, 0 ürün' })
    await waitFor(() => expect(document.activeElement).toBe(emptied))
  })

  it('says so when the cart is empty', async () => {
    serve(emptyCart())
    renderWithProviders(<CartIndicator />, { bootstrap: dealerBootstrap() })
    await openMiniCart(0)
    expect((await screen.findByTestId('cart-empty')).textContent).toBe('Sepetinizde ürün bulunmamaktadır.')
    expect(screen.queryByRole('button', { name: 'Sepeti Boşalt' })).toBeNull()
  })

  it('closes with Escape and gives the focus back to the cart button', async () => {
    serve(twoLines())
    renderWithProviders(<CartIndicator />, { bootstrap: dealerBootstrap() })
    const button = await openMiniCart(2)
    const mini = await screen.findByTestId('mini-cart')
    fireEvent.keyDown(mini, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByTestId('mini-cart')).toBeNull())
    expect(button.getAttribute('aria-expanded')).toBe('false')
    await waitFor(() => expect(document.activeElement).toBe(button))
  })

  it('is only a count linking to login for a guest, without any cart call', () => {
    const requests = serve(twoLines())
    renderWithProviders(<CartIndicator />, { bootstrap: guestBootstrap() })
    const link = screen.getByRole('link', { name: 'Sepet, 0 ürün' })
    expect(link.getAttribute('href')).toBe('/account/login')
    expect(link.textContent).toBe('0')
    expect(requests).toEqual([])
  })

  it('is not there for an administrator', () => {
    const requests = serve(twoLines())
    renderWithProviders(<CartIndicator />, {
      bootstrap: dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }),
    })
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
    expect(requests).toEqual([])
  })
})
