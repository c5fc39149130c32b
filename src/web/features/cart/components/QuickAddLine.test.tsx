// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { cartSchema } from '../../../../contracts/cart'
import { autocompleteItemSchema } from '../../../../contracts/catalog'
import { checkoutInfoSchema } from '../../../../contracts/orders'
import {
  type QuickOrderLine,
  quickOrderAddedSchema,
  quickOrderPreviewSchema,
} from '../../../../contracts/quick-order'
import { cartLine, cartOf, emptyCart } from '../../../test/cart-fixtures'
import { dealerBootstrap } from '../../../test/fixtures'
import { apiJson, holdRequests, recordRequests } from '../../../test/network'
import { quickLine, unknownLine } from '../../../test/quick-order-fixtures'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { CartPage } from '../CartPage'

/**
 * The cart answers empty until the add, then with the line; the preview answers `line`; the add waits
 * for the test; the suggestions know 'fren'.
 */
function serve(line: QuickOrderLine) {
  let added = false
  const adds = holdRequests()
  server.use(
    http.get('/api/catalog/cart', () =>
      apiJson(cartSchema, added ? cartOf([cartLine({ quantity: 3 })]) : emptyCart()),
    ),
    http.get('/api/catalog/cart/checkout', () =>
      apiJson(checkoutInfoSchema, { risk: { enforced: false, limit: 0, used: 0 }, plans: [] }),
    ),
    http.post('/api/catalog/quick-order/preview', () => apiJson(quickOrderPreviewSchema, { lines: [line] })),
    http.post('/api/catalog/quick-order', async (info) => {
      added = true
      return adds.resolver(info)
    }),
    http.get('/autocomplete', ({ request }) =>
      apiJson(
        autocompleteItemSchema.array(),
        new URL(request.url).searchParams.get('q') === 'fren'
          ? [{ id: 1, name: 'Fren Balatası', code: 'FB-100', url: '/fren-balatasi-p-1', image: null }]
          : [],
      ),
    ),
  )
  return { adds: adds.calls, requests: recordRequests() }
}

function renderCart() {
  return renderWithProviders(
    <main>
      <Routes>
        <Route path="/sepet" element={<CartPage />} />
      </Routes>
    </main>,
    { bootstrap: dealerBootstrap(), route: '/sepet' },
  )
}

const codeField = () => screen.getByRole('textbox', { name: 'Ürün kodu' })
const quantityField = () =>
  within(screen.getByTestId('cart-quick-add')).getByRole('textbox', { name: 'Miktar' })
const outcome = () => screen.getByTestId('cart-quick-add-outcome')
const previews = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.path === '/api/catalog/quick-order/preview').map((r) => r.body)

describe('The cart page’s one-line entry', () => {
  it('adds a code and a quantity on Enter, and the cart shows the line', async () => {
    const user = userEvent.setup()
    const { adds, requests } = serve(quickLine({ input: 'FB-100\t3', quantity: 3 }))
    renderCart()
    expect(await screen.findByTestId('cart-empty')).toBeTruthy()
    // Above the lines, in a form of its own with a live region for the outcome.
    expect(screen.getByRole('form', { name: 'Koda göre ekle' })).toBeTruthy()
    expect(outcome().getAttribute('aria-live')).toBe('polite')

    await user.type(codeField(), 'FB-100')
    await user.clear(quantityField())
    await user.type(quantityField(), '3{Enter}')
    await waitFor(() => expect(adds).toHaveLength(1))
    expect(previews(requests)).toEqual([{ text: 'FB-100\t3' }])
    expect(adds[0]!.body).toEqual({ lines: [{ productId: 1, unitId: 11, quantity: 3 }] })
    act(() => adds[0]!.answer(apiJson(quickOrderAddedSchema, { added: 1, refused: [] })))

    await waitFor(() => expect(outcome().textContent).toBe('FB-100 Fren Balatası: 3 Adet sepete eklendi.'))
    expect(await screen.findByTestId('cart-table')).toBeTruthy()
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1)
    // Ready for the next one: the fields emptied, the focus back on the code.
    expect(codeField()).toHaveProperty('value', '')
    expect(quantityField()).toHaveProperty('value', '1')
    expect(document.activeElement).toBe(codeField())
  })

  it('says the line’s problem under the entry and keeps what was typed, adding nothing', async () => {
    const user = userEvent.setup()
    const { adds, requests } = serve(unknownLine({ input: 'FB-10O\t2', typedCode: 'FB-10O' }))
    renderCart()
    await screen.findByTestId('cart-empty')
    await user.type(codeField(), 'FB-10O')
    await user.clear(quantityField())
    await user.type(quantityField(), '2')
    await user.click(screen.getByRole('button', { name: 'Ekle' }))

    await waitFor(() => expect(outcome().textContent).toBe('"FB-10O" kodlu bir ürün bulunamadı.'))
    expect(previews(requests)).toEqual([{ text: 'FB-10O\t2' }])
    expect(adds).toHaveLength(0)
    expect(codeField()).toHaveProperty('value', 'FB-10O')
    expect(quantityField()).toHaveProperty('value', '2')
  })

  it('offers the catalogue’s products for what is typed; one chosen fills the code and moves to the quantity', async () => {
    const user = userEvent.setup()
    const { adds } = serve(quickLine({ input: 'FB-100\t1', quantity: 1 }))
    renderCart()
    await screen.findByTestId('cart-empty')
    await user.type(codeField(), 'fren')
    const option = await screen.findByRole('option', { name: /FB-100/ })
    expect(option.textContent).toContain('Fren Balatası')
    await user.keyboard('{ArrowDown}{Enter}')
    expect(codeField()).toHaveProperty('value', 'FB-100')
    expect(document.activeElement).toBe(quantityField())
    // Enter on the chosen suggestion only chose it: nothing was added yet.
    expect(adds).toHaveLength(0)

    // Escape closes the list without choosing.
    await user.clear(codeField())
    await user.type(codeField(), 'fren')
    await screen.findByRole('option', { name: /FB-100/ })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull())
    expect(codeField()).toHaveProperty('value', 'fren')
  })
})
