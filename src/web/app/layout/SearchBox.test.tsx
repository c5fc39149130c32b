// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { type AutocompleteItem, autocompleteItemSchema } from '../../../contracts/catalog'
import { guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiJson, never, type RecordedRequest, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { SearchBox } from './SearchBox'

const suggestions: AutocompleteItem[] = [
  { id: 1, name: 'Fren Balatası', code: 'FB-100', url: '/fren-balatasi-p-1', image: 'fb.jpg' },
  { id: 2, name: 'Fren Diski', code: 'FD-200', url: '/fren-diski-p-2', image: null },
  { id: 3, name: 'Fren Hortumu', code: 'FH-300', url: '/fren-hortumu-p-3', image: 'fh.jpg' },
]

const autocomplete = (answer: () => Response | Promise<Response>, options?: { once: boolean }) =>
  server.use(http.get('/autocomplete', answer, options))
let requests: RecordedRequest[] = []

function renderBox(locale: 'tr' | 'en' = 'tr') {
  renderWithProviders(
    <>
      <SearchBox />
      <LocationProbe />
      <p>dışarısı</p>
    </>,
    { bootstrap: guestBootstrap({ locale }), route: locale === 'en' ? '/en' : '/' },
  )
  return screen.getByRole('combobox', { name: locale === 'en' ? 'Search products' : 'Ürün ara' })
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } })
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const key = (input: HTMLElement, name: string) => fireEvent.keyDown(input, { key: name })
const listbox = () => screen.getByRole('listbox', { hidden: true })
const location = () => screen.getByTestId('location').textContent

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  autocomplete(() => apiJson(z.array(autocompleteItemSchema), suggestions))
  requests = recordRequests()
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('SearchBox', () => {
  it('is the input q with the placeholder Ara', () => {
    const input = renderBox()
    expect(input.getAttribute('name')).toBe('q')
    expect(input.getAttribute('placeholder')).toBe('Ara')
    expect(input.getAttribute('aria-expanded')).toBe('false')
  })

  it('asks for suggestions 500 ms after the last keystroke, only for non-empty text', async () => {
    const input = renderBox()
    type(input, '   ')
    await wait(600)
    expect(requests).toEqual([])

    type(input, 'fr')
    await wait(499)
    type(input, 'fren ')
    await wait(499)
    expect(requests).toEqual([])
    await wait(1)
    expect(requests).toHaveLength(1)
    expect(requests[0]?.path).toBe('/autocomplete?q=fren')
    expect(input.getAttribute('aria-expanded')).toBe('true')
    const options = within(listbox()).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual([
      'FB-100 - Fren Balatası',
      'FD-200 - Fren Diski',
      'FH-300 - Fren Hortumu',
    ])
    const image = options[0]?.querySelector('img')
    expect([image?.getAttribute('width'), image?.getAttribute('height')]).toEqual(['48', '48'])
    expect(image?.getAttribute('src')).toBe('/images/fb.jpg')
    expect(options[1]?.querySelector('img')?.getAttribute('src')).toBe('/images/404.png')
  })

  it('aborts the previous request when a new one starts', async () => {
    autocomplete(never, { once: true })
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const input = renderBox()
    type(input, 'fre')
    await wait(500)
    const first = requests[0]?.signal
    expect(first?.aborted).toBe(false)
    type(input, 'fren')
    await wait(500)
    expect(first?.aborted).toBe(true)
    expect(requests.map((r) => r.path)).toEqual(['/autocomplete?q=fre', '/autocomplete?q=fren'])
    expect(within(listbox()).getAllByRole('option')).toHaveLength(3)
    expect(log).not.toHaveBeenCalled()
  })

  it('logs a failed request without telling the user', async () => {
    autocomplete(() => new HttpResponse('oops', { status: 500 }), { once: true })
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const input = renderBox()
    type(input, 'fren')
    await wait(500)
    expect(log).toHaveBeenCalledTimes(1)
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('moves through the suggestions with the arrow keys and opens one with Enter', async () => {
    const input = renderBox()
    type(input, 'fren')
    await wait(500)
    const options = within(listbox()).getAllByRole('option')
    key(input, 'ArrowDown')
    expect(options[0]?.getAttribute('aria-selected')).toBe('true')
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id)
    key(input, 'ArrowDown')
    key(input, 'ArrowDown')
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id)
    key(input, 'ArrowDown')
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id)
    key(input, 'ArrowUp')
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id)
    key(input, 'ArrowUp')
    expect(options[1]?.getAttribute('aria-selected')).toBe('true')
    key(input, 'Enter')
    expect(location()).toBe('/fren-diski-p-2')
    expect(input.getAttribute('aria-expanded')).toBe('false')
  })

  it('submits to the search page when nothing is highlighted', async () => {
    const input = renderBox()
    type(input, 'fren balata')
    await wait(500)
    fireEvent.submit(input.closest('form') as HTMLFormElement)
    expect(location()).toBe('/arama?q=fren+balata')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    await wait(1000)
    expect(requests).toHaveLength(1)
  })

  it('keeps the English prefix on the search page and the suggestions', async () => {
    const input = renderBox('en')
    expect(input.getAttribute('placeholder')).toBe('Search')
    type(input, 'fren')
    await wait(500)
    fireEvent.click(within(listbox()).getAllByRole('option')[0] as HTMLElement)
    expect(location()).toBe('/en/fren-balatasi-p-1')
    type(input, 'disk')
    fireEvent.submit(input.closest('form') as HTMLFormElement)
    expect(location()).toBe('/en/arama?q=disk')
  })

  it('closes the list with Escape and with a click outside', async () => {
    const input = renderBox()
    type(input, 'fren')
    await wait(500)
    key(input, 'ArrowDown')
    key(input, 'Escape')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(input.hasAttribute('aria-activedescendant')).toBe(false)
    key(input, 'ArrowDown')
    expect(input.getAttribute('aria-expanded')).toBe('true')
    fireEvent.mouseDown(screen.getByText('dışarısı'))
    fireEvent.click(screen.getByText('dışarısı'))
    expect(input.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens a suggestion on click', async () => {
    const input = renderBox()
    type(input, 'fren')
    await wait(500)
    fireEvent.click(within(listbox()).getByRole('option', { name: 'FH-300 - Fren Hortumu' }))
    expect(location()).toBe('/fren-hortumu-p-3')
    expect(input.getAttribute('aria-expanded')).toBe('false')
  })
})
