// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { cartSchema } from '../../../contracts/cart'
import { autocompleteItemSchema } from '../../../contracts/catalog'
import {
  type QuickOrderLine,
  quickOrderAddedSchema,
  quickOrderPreviewSchema,
} from '../../../contracts/quick-order'
import { cartQuery } from '../../lib/cart/cart-query'
import { emptyCart } from '../../test/cart-fixtures'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, holdRequests, recordRequests } from '../../test/network'
import { mockPhoneWidth } from '../../test/phone'
import { quickLine, unknownLine } from '../../test/quick-order-fixtures'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { QuickOrderPage } from './QuickOrderPage'

const PREVIEW = '/api/catalog/quick-order/preview'

const preview = (...lines: QuickOrderLine[]) => apiJson(quickOrderPreviewSchema, { lines })

/** Three lines: two found (one in boxes of a product without enough stock), one unknown code. */
function threeLines(): QuickOrderLine[] {
  return [
    quickLine({ line: 1, input: 'FB-100 2' }),
    quickLine({
      line: 2,
      input: 'VD-8 30 koli',
      typedCode: 'VD-8',
      productId: 8,
      code: 'VD-8',
      quantity: 30,
      unitId: 82,
      status: 'problem',
      problems: [{ code: 'over_stock', message: 'Stokta 30 koli yok.' }],
      productOverrides: {
        id: 8,
        code: 'VD-8',
        name: 'Vida M8',
        url: '/vida-m8-p-8',
        quantity: 100,
        stock: { kind: 'exact', quantity: 100 },
        units: [
          {
            id: 81,
            value: 'Adet',
            multiplier: 1,
            barcode: null,
            isDefault: true,
            defaultPrice: { value: 2.5, currency: 'TRY' },
            listPrice: null,
          },
          {
            id: 82,
            value: 'Koli',
            multiplier: 12,
            barcode: null,
            isDefault: false,
            defaultPrice: { value: 30, currency: 'TRY' },
            listPrice: null,
          },
        ],
        defaultUnit: {
          id: 81,
          value: 'Adet',
          multiplier: 1,
          barcode: null,
          isDefault: true,
          defaultPrice: { value: 2.5, currency: 'TRY' },
          listPrice: null,
        },
        salePrice: { value: 2.5, currency: 'TRY' },
      },
    }),
    unknownLine({ line: 4, input: 'FB-10O 3' }),
  ]
}

/**
 * The page's calls: the preview answers `first` for the pasted text and `recheck(text)` for a line
 * checked again; the add waits for the test's answer; the cart is fetched again after an add.
 */
function serve(first: QuickOrderLine[], recheck: (text: string) => QuickOrderLine[] = () => []) {
  const adds = holdRequests()
  server.use(
    http.post(PREVIEW, async ({ request }) => {
      const { text } = (await request.json()) as { text: string }
      return preview(...(text.includes('\n') ? first : recheck(text)))
    }),
    http.post('/api/catalog/quick-order', adds.resolver),
    http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
  )
  return { adds: adds.calls, requests: recordRequests() }
}

function renderPage(bootstrap: Bootstrap = dealerBootstrap(), route = '/hizli-siparis') {
  return renderWithProviders(
    <>
      <main>
        <Routes>
          <Route path="/hizli-siparis" element={<QuickOrderPage />} />
          <Route path="/en/hizli-siparis" element={<QuickOrderPage />} />
          <Route path="*" element={null} />
        </Routes>
      </main>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const textarea = () => screen.getByRole('textbox', { name: /^Sipariş satırları/ })
const lineOf = (n: number) =>
  screen.getAllByTestId('quick-order-line').find((el) => el.getAttribute('data-line') === String(n))!
const previewBodies = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.path === PREVIEW).map((r) => (r.body as { text: string } | undefined)?.text)

async function pasteAndPreview(text = 'FB-100 2\nVD-8 30 koli\n\nFB-10O 3') {
  fireEvent.change(textarea(), { target: { value: text } })
  fireEvent.click(screen.getByRole('button', { name: 'Önizle' }))
  await screen.findByTestId('quick-order-table')
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('The quick order page', () => {
  it('explains the layouts before anything is pasted, and asks for a line before previewing', async () => {
    const requests = recordRequests()
    renderPage()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hızlı sipariş')
    const howTo = screen.getByTestId('quick-order-howto')
    expect(within(howTo).getByText('FB-100;5;Koli')).toBeTruthy()
    expect(within(howTo).getByText(/en fazla 1\.000 satır/)).toBeTruthy()
    expect(textarea().getAttribute('placeholder')).toContain('FB-100 5')

    fireEvent.click(screen.getByRole('button', { name: 'Önizle' }))
    expect(await screen.findByText('Önizlemek için en az bir satır yazın ya da yapıştırın.')).toBeTruthy()
    expect(requests).toEqual([])
  })

  it('previews the pasted lines: product, unit, quantity, prices, stock and problems, with the counts', async () => {
    const { requests } = serve(threeLines())
    renderPage()
    await pasteAndPreview()
    expect(previewBodies(requests)).toEqual(['FB-100 2\nVD-8 30 koli\n\nFB-10O 3'])

    expect(screen.getByTestId('count-ready').textContent).toBe('1 satır hazır')
    expect(screen.getByTestId('count-problems').textContent).toBe('2 satırda sorun var')
    expect(screen.getByTestId('quick-order-note').textContent).toBe(
      'Sorunu olan 2 satır sepete eklenmez: düzeltin ya da kaldırın.',
    )
    expect(screen.getByTestId('quick-order-add').textContent).toBe('Sepete ekle (1 satır)')
    // The pasted text stays for another preview.
    expect((textarea() as HTMLTextAreaElement).value).toBe('FB-100 2\nVD-8 30 koli\n\nFB-10O 3')

    const first = lineOf(1)
    expect(first.getAttribute('data-state')).toBe('ready')
    expect(within(first).getByTestId('line-pasted').textContent).toBe('FB-100 2')
    expect(within(first).getByRole('link', { name: 'Fren Balatası' }).getAttribute('href')).toBe(
      '/fren-balatasi-p-1',
    )
    const unit = within(first).getByRole('combobox', { name: '1. satırın birimi' }) as HTMLSelectElement
    expect([...unit.options].map((o) => o.textContent)).toEqual(['Adet (1)', 'Koli (12)'])
    expect(unit.value).toBe('11')
    expect(within(first).getByRole('textbox', { name: '1. satırın miktarı' })).toHaveProperty('value', '2')
    expect(within(first).getByTestId('line-unit-price').textContent).toBe('1.234,50 ₺')
    expect(within(first).getByTestId('line-amount').textContent).toBe('2.469,00 ₺')
    expect(within(first).getByTestId('stock-info').textContent).toBe('12 Adet')

    // The box line: its problem in its own row under it; the amount counts boxes at the box's price.
    const boxes = lineOf(2)
    expect(boxes.getAttribute('data-state')).toBe('problem')
    expect(within(boxes).getByTestId('line-amount').textContent).toBe('900,00 ₺')
    expect(screen.getByText('Stokta 30 koli yok.')).toBeTruthy()

    // The unknown code: a code field with what was typed, and the products it may have meant.
    const unknown = lineOf(4)
    expect(within(unknown).getByRole('textbox', { name: '4. satırın ürün kodu' })).toHaveProperty(
      'value',
      'FB-10O',
    )
    expect(within(unknown).getByRole('textbox', { name: '4. satırın miktarı' })).toHaveProperty('value', '3')
    const suggestions = screen.getByRole('group', { name: '4. satır için öneriler' })
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['FB-100 · Fren Balatası', 'FB-101 · Fren Balatası Arka'])
    expect(screen.getByText('"FB-10O" kodlu bir ürün bulunamadı.')).toBeTruthy()
  })

  it('previews with Ctrl+Enter too, shows the server’s refusal and keeps the text', async () => {
    const calls = holdRequests()
    server.use(http.post(PREVIEW, calls.resolver))
    renderPage()
    fireEvent.change(textarea(), { target: { value: 'A 1\nB 2' } })
    fireEvent.keyDown(textarea(), { key: 'Enter', ctrlKey: true })
    await waitFor(() => expect(calls.calls).toHaveLength(1))
    expect(screen.getByTestId('quick-order-busy').textContent).toContain('2 satır kontrol ediliyor…')
    act(() =>
      calls.calls[0]!.answer(
        apiError(400, 'too_many_lines', 'Bir seferde en fazla 1000 satır gönderilebilir; 1001 satır var.'),
      ),
    )
    const error = await screen.findByTestId('quick-order-preview-error')
    expect(error.textContent).toContain('Bir seferde en fazla 1000 satır gönderilebilir; 1001 satır var.')
    expect((textarea() as HTMLTextAreaElement).value).toBe('A 1\nB 2')
    expect(screen.queryByTestId('quick-order-busy')).toBeNull()
  })

  it('reads a CSV or XLSX file as the lines, and refuses one over 5 MB before sending it', async () => {
    const calls = holdRequests()
    server.use(http.post('/api/catalog/quick-order/preview-file', calls.resolver))
    const requests = recordRequests()
    renderPage()
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    const big = new File(['x'], 'buyuk.xlsx')
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 })
    await userEvent.upload(input, big)
    expect((await screen.findByTestId('quick-order-file-problem')).textContent).toBe(
      'Dosya en fazla 5 MB olabilir.',
    )
    expect(requests).toEqual([])

    await userEvent.upload(input, new File(['FB-100;2\n'], 'siparis.csv', { type: 'text/csv' }))
    await waitFor(() => expect(calls.calls).toHaveLength(1))
    // One multipart field, `file` (jsdom's XMLHttpRequest does not carry the file's bytes to look at).
    expect(calls.calls[0]!.headers.get('content-type')).toContain('multipart/form-data')
    expect(Object.keys(calls.calls[0]!.body as object)).toEqual(['file'])
    expect(screen.getByTestId('quick-order-busy').textContent).toContain('Dosya')
    act(() => calls.calls[0]!.answer(preview(quickLine())))
    expect(await screen.findByTestId('quick-order-table')).toBeTruthy()
    expect(screen.getByTestId('count-ready').textContent).toBe('1 satır hazır')
  })

  it('checks one line again when a suggestion is picked, and keeps the focus on that line', async () => {
    const { requests } = serve(threeLines(), (text) =>
      text.startsWith('FB-101')
        ? [
            quickLine({
              input: text,
              typedCode: 'FB-101',
              quantity: 3,
              productOverrides: {
                id: 7,
                code: 'FB-101',
                name: 'Fren Balatası Arka',
                url: '/fren-balatasi-arka-p-7',
              },
            }),
          ]
        : [],
    )
    renderPage()
    await pasteAndPreview()
    const pick = within(screen.getByRole('group', { name: '4. satır için öneriler' })).getByRole('button', {
      name: 'FB-101 · Fren Balatası Arka',
    })
    pick.focus()
    fireEvent.click(pick)
    // Only that line goes, as code, the pasted quantity and unit (none), tab-separated.
    await waitFor(() => expect(previewBodies(requests)).toHaveLength(2))
    expect(previewBodies(requests)[1]).toBe('FB-101\t3')

    await waitFor(() => expect(lineOf(4).getAttribute('data-state')).toBe('ready'))
    const line = lineOf(4)
    expect(within(line).getByRole('link', { name: 'Fren Balatası Arka' })).toBeTruthy()
    expect(within(line).getByTestId('line-status').textContent).toContain('4')
    expect(screen.getByTestId('count-ready').textContent).toBe('2 satır hazır')
    // The button it was on is gone: the focus is on the line's quantity, not lost to the page.
    expect(document.activeElement).toBe(within(line).getByRole('textbox', { name: '4. satırın miktarı' }))
    // The other lines were not asked for again.
    expect(lineOf(2).getAttribute('data-state')).toBe('problem')
  })

  it('checks a line again with its new unit or quantity, and with a product found through the search', async () => {
    const user = userEvent.setup()
    const { requests } = serve(threeLines(), (text) => {
      if (text === 'VD-8\t30\t1')
        return [threeLines()[1]!].map((l) => ({ ...l, status: 'ok' as const, unitId: 81, problems: [] }))
      if (text === 'VD-8\t5\t1')
        return [threeLines()[1]!].map((l) => ({
          ...l,
          status: 'ok' as const,
          unitId: 81,
          quantity: 5,
          problems: [],
        }))
      if (text === 'FB-100\t3') return [quickLine({ input: text, quantity: 3 })]
      return []
    })
    server.use(
      http.get('/autocomplete', ({ request }) =>
        apiJson(
          autocompleteItemSchema.array(),
          new URL(request.url).searchParams.get('q') === 'balata'
            ? [{ id: 1, name: 'Fren Balatası', code: 'FB-100', url: '/fren-balatasi-p-1', image: null }]
            : [],
        ),
      ),
    )
    renderPage()
    await pasteAndPreview()

    // The unit: Adet instead of Koli, sent by its multiplier (the names may be shown translated).
    const unit = within(lineOf(2)).getByRole('combobox', { name: '2. satırın birimi' })
    await user.selectOptions(unit, '81')
    await waitFor(() => expect(lineOf(2).getAttribute('data-state')).toBe('ready'))
    expect(previewBodies(requests).at(-1)).toBe('VD-8\t30\t1')
    expect(within(lineOf(2)).getByTestId('line-amount').textContent).toBe('75,00 ₺')

    // The quantity: taken when the field is left with Enter.
    const quantity = within(lineOf(2)).getByRole('textbox', { name: '2. satırın miktarı' })
    await user.clear(quantity)
    await user.type(quantity, '5{Enter}')
    await waitFor(() => expect(previewBodies(requests).at(-1)).toBe('VD-8\t5\t1'))
    await waitFor(() => expect(within(lineOf(2)).getByTestId('line-amount').textContent).toBe('12,50 ₺'))
    expect(document.activeElement).toBe(
      within(lineOf(2)).getByRole('textbox', { name: '2. satırın miktarı' }),
    )

    // The unknown code: a product searched by its name, chosen with the arrows and Enter.
    const code = within(lineOf(4)).getByRole('textbox', { name: '4. satırın ürün kodu' })
    await user.clear(code)
    await user.type(code, 'balata')
    await screen.findByRole('option', { name: /FB-100/ })
    await user.keyboard('{ArrowDown}{Enter}')
    await waitFor(() => expect(lineOf(4).getAttribute('data-state')).toBe('ready'))
    expect(previewBodies(requests).at(-1)).toBe('FB-100\t3')
    expect(document.activeElement).toBe(
      within(lineOf(4)).getByRole('textbox', { name: '4. satırın miktarı' }),
    )
    expect(screen.getByTestId('count-ready').textContent).toBe('3 satır hazır')
  })

  it('keeps a fix whose check failed, with a retry, and takes a line out with the focus on the next one', async () => {
    let fail = true
    serve(threeLines())
    // A line checked again gets no answer (the network is down) until `fail` is turned off.
    server.use(
      http.post(PREVIEW, async ({ request }) => {
        const { text } = (await request.json()) as { text: string }
        if (text.includes('\n')) return preview(...threeLines())
        if (fail) return HttpResponse.error()
        return preview(quickLine({ input: text, quantity: 3 }))
      }),
    )
    renderPage()
    await pasteAndPreview()
    fireEvent.click(screen.getByRole('button', { name: 'FB-100 · Fren Balatası' }))
    expect(await screen.findByTestId('line-failed')).toBeTruthy()
    expect(screen.getByTestId('line-failed').textContent).toContain('Sunucuya ulaşılamadı')
    // The quantity and the suggestion the dealer meant stay; a retry sends them again.
    expect(within(lineOf(4)).getByRole('textbox', { name: '4. satırın miktarı' })).toHaveProperty(
      'value',
      '3',
    )
    fail = false
    fireEvent.click(screen.getByRole('button', { name: 'Yeniden dene' }))
    await waitFor(() => expect(lineOf(4).getAttribute('data-state')).toBe('ready'))

    const remove = screen.getByRole('button', { name: '2. satırı kaldır' })
    remove.focus()
    fireEvent.click(remove)
    await waitFor(() => expect(screen.getAllByTestId('quick-order-line')).toHaveLength(2))
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '4. satırı kaldır' })),
    )
    expect(screen.getByTestId('count-ready').textContent).toBe('2 satır hazır')
    expect(screen.queryByTestId('count-problems')).toBeNull()
  })

  it('adds the ready lines in one request and shows what went in and what the cart refused', async () => {
    const lines = [
      quickLine({ line: 1 }),
      quickLine({
        line: 2,
        input: 'VD-8 4',
        typedCode: 'VD-8',
        productId: 8,
        code: 'VD-8',
        quantity: 4,
        productOverrides: { id: 8, code: 'VD-8', name: 'Vida M8', url: '/vida-m8-p-8' },
        unitId: 11,
      }),
      unknownLine({ line: 3 }),
    ]
    const { adds, requests } = serve(lines)
    const { queryClient } = renderPage()
    // The cart as a page drawn on the server hands it over: its data, without its query function,
    // and no observer on this page (the header reads it without one).
    queryClient.setQueryData(cartQuery.queryKey, emptyCart())
    await pasteAndPreview('FB-100 2\nVD-8 4\nFB-10O 3')
    expect(screen.getByTestId('quick-order-total').textContent).toBe('7.407,00 ₺')
    const add = screen.getByRole('button', { name: 'Sepete ekle (2 satır)' })
    fireEvent.click(add)
    await waitFor(() => expect(adds).toHaveLength(1))
    expect(adds[0]!.body).toEqual({
      lines: [
        { productId: 1, unitId: 11, quantity: 2 },
        { productId: 8, unitId: 11, quantity: 4 },
      ],
    })
    expect(add.getAttribute('aria-busy')).toBe('true')
    act(() =>
      adds[0]!.answer(
        apiJson(quickOrderAddedSchema, {
          added: 1,
          refused: [{ productId: 8, message: 'Bu üründen 4 adet bulunmamaktadır!' }],
        }),
      ),
    )
    const result = await screen.findByTestId('quick-order-result')
    expect(within(result).getByText('1 satır sepete eklendi')).toBeTruthy()
    const refused = within(result).getAllByTestId('quick-order-refused-line')
    expect(refused.map((r) => r.textContent)).toEqual([
      'Satır 2: VD-8 Vida M8: Bu üründen 4 adet bulunmamaktadır!',
    ])
    expect(within(result).getByRole('link', { name: 'VD-8 Vida M8' }).getAttribute('href')).toBe(
      '/vida-m8-p-8',
    )
    expect(within(result).getByTestId('quick-order-left-out').textContent).toBe(
      'Sorunu olan 1 satır gönderilmedi; aşağıda düzeltip yeniden ekleyebilirsiniz.',
    )
    expect(within(result).getByRole('link', { name: 'Sepete git' }).getAttribute('href')).toBe('/sepet')
    expect(document.activeElement).toBe(result)

    // The added line left the table; the refused one stays marked, the problem line as it was.
    expect(screen.getAllByTestId('quick-order-line').map((l) => l.getAttribute('data-line'))).toEqual([
      '2',
      '3',
    ])
    expect(lineOf(2).getAttribute('data-state')).toBe('problem')
    expect(screen.getByTestId('line-refused').textContent).toBe(
      'Sepete eklenemedi: Bu üründen 4 adet bulunmamaktadır!',
    )
    expect(screen.queryByRole('button', { name: /^Sepete ekle \(/ })?.getAttribute('aria-disabled')).toBe(
      'true',
    )
    // The cart (and so the header's count) is fetched again.
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.path === '/api/catalog/cart')).toHaveLength(1),
    )
  })

  it('asks before a new preview replaces the fixes made in the table', async () => {
    const { requests } = serve(threeLines())
    renderPage()
    await pasteAndPreview()
    fireEvent.click(screen.getByRole('button', { name: '1. satırı kaldır' }))
    await waitFor(() => expect(screen.getAllByTestId('quick-order-line')).toHaveLength(2))
    fireEvent.click(screen.getByRole('button', { name: 'Önizle' }))
    expect(await screen.findByText('Yeniden önizlensin mi?')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Vazgeç' }))
    expect(previewBodies(requests)).toHaveLength(1)
    expect(screen.getAllByTestId('quick-order-line')).toHaveLength(2)
  })

  it('draws a long preview 50 lines a page, and can show only the lines with problems', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      (i + 1) % 10 === 0
        ? unknownLine({ line: i + 1, input: `X-${i + 1} 1`, typedCode: `X-${i + 1}` })
        : quickLine({ line: i + 1, input: `FB-100 ${i + 1}` }),
    )
    serve(many, (text) => [quickLine({ input: text, quantity: 1 })])
    renderPage()
    await pasteAndPreview('many\nlines')
    const shown = () =>
      screen.getAllByTestId('quick-order-line').map((l) => Number(l.getAttribute('data-line')))
    expect(shown()).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(screen.getByTestId('count-ready').textContent).toBe('54 satır hazır')
    fireEvent.click(screen.getByRole('button', { name: 'Sayfa 2' }))
    await waitFor(() => expect(shown()).toEqual([51, 52, 53, 54, 55, 56, 57, 58, 59, 60]))

    fireEvent.click(screen.getByRole('switch', { name: 'Yalnızca sorunlu satırlar' }))
    await waitFor(() => expect(shown()).toEqual([10, 20, 30, 40, 50, 60]))
    expect(screen.queryByRole('button', { name: 'Sayfa 2' })).toBeNull()
    // A line fixed meanwhile stays in view (it does not vanish under the focus) until the switch is used
    // again; one taken out goes.
    fireEvent.click(
      within(screen.getByRole('group', { name: '10. satır için öneriler' })).getAllByRole('button')[0]!,
    )
    await waitFor(() => expect(lineOf(10).getAttribute('data-state')).toBe('ready'))
    expect(shown()).toEqual([10, 20, 30, 40, 50, 60])
    fireEvent.click(screen.getByRole('button', { name: '20. satırı kaldır' }))
    await waitFor(() => expect(shown()).toEqual([10, 30, 40, 50, 60]))
    fireEvent.click(screen.getByRole('switch', { name: 'Yalnızca sorunlu satırlar' }))
    fireEvent.click(screen.getByRole('switch', { name: 'Yalnızca sorunlu satırlar' }))
    await waitFor(() => expect(shown()).toEqual([30, 40, 50, 60]))
  })

  it('shows the lines as cards on a phone', async () => {
    mockPhoneWidth()
    serve(threeLines())
    renderPage()
    fireEvent.change(textarea(), { target: { value: 'FB-100 2\nVD-8 30 koli\nFB-10O 3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Önizle' }))
    const cards = await screen.findByTestId('quick-order-cards')
    expect(screen.queryByTestId('quick-order-table')).toBeNull()
    expect(cards.tagName).toBe('UL')
    const items = within(cards).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(within(items[0]!).getByRole('link', { name: 'Fren Balatası' })).toBeTruthy()
    expect(within(items[0]!).getByRole('combobox', { name: '1. satırın birimi' })).toBeTruthy()
    expect(within(items[0]!).getByTestId('line-amount').textContent).toBe('2.469,00 ₺')
    expect(within(items[2]!).getByRole('group', { name: '4. satır için öneriler' })).toBeTruthy()
  })

  it('is in English under /en, and tells an administrator it is for dealers; a guest goes to login', async () => {
    serve(threeLines())
    const english = renderPage(dealerBootstrap({ locale: 'en' }), '/en/hizli-siparis')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Quick order')
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy()
    english.unmount()

    const admin = renderPage(
      dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }),
    )
    expect(screen.getByText('Hızlı sipariş kullanılamıyor')).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: /^Sipariş satırları/ })).toBeNull()
    admin.unmount()

    renderPage(guestBootstrap())
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/account/login?next=%2Fhizli-siparis'),
    )
  })
})
