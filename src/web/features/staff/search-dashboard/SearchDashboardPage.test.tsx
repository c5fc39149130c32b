// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../../contracts/bootstrap'
import {
  type SearchQueries,
  searchQueriesSchema,
  type TopQueries,
  topQueriesSchema,
} from '../../../../contracts/search-dashboard'
import { dealer, dealerBootstrap, guestBootstrap } from '../../../test/fixtures'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, type RecordedRequest, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { SearchDashboardPage } from './SearchDashboardPage'
import { DASHBOARD_REFRESH_MS } from './search-dashboard-api'

const admin = {
  ...dealer,
  id: 1,
  name: 'Yönetici',
  role: 'admin' as const,
  staffRole: 'owner' as const,
  customer: null,
}
const adminBootstrap = (overrides: Partial<Bootstrap> = {}) => guestBootstrap({ user: admin, ...overrides })

function tables(overrides: Partial<TopQueries> = {}): TopQueries {
  return {
    period: '7d',
    topQueries: [
      {
        query: 'Şanzıman',
        count: 7,
        formattedCreatedAt: '17.03.2026 11:15',
        detail: [
          { userName: 'Ali Kaya', totalCount: 5 },
          { userName: null, totalCount: 2 },
        ],
      },
      { query: 'vida', count: 4, formattedCreatedAt: '18.03.2026 09:30', detail: [] },
    ],
    topUsers: [
      {
        name: 'Ali Kaya',
        count: 6,
        detail: [{ searchQuery: 'Şanzıman', searchCount: 5, formattedCreatedAt: '17.03.2026 11:15' }],
      },
    ],
    lastQueries: [
      { name: null, query: 'somun', formattedCreatedAt: '18.03.2026 11:59' },
      { name: 'Ali Kaya', query: 'vida', formattedCreatedAt: '18.03.2026 09:30' },
    ],
    zeroResultQueries: [{ query: 'karbüratör', count: 4, formattedCreatedAt: '18.03.2026 10:30' }],
    ...overrides,
  }
}

const wordResult: SearchQueries = {
  success: true,
  type: 'kelime',
  period: '7d',
  searchQuery: 'şanzıman',
  searchResult: [
    { userName: 'Ali Kaya', totalCount: 5, formattedCreatedAt: '17.03.2026 11:15' },
    { userName: null, totalCount: 1, formattedCreatedAt: '18.03.2026 09:00' },
  ],
}

let recorded: RecordedRequest[] = []
const requests = () => recorded.map((r) => `${r.method} ${decodeURIComponent(r.path)}`)

beforeEach(() => {
  recorded = recordRequests()
})
afterEach(() => vi.restoreAllMocks())

function serve(
  body: (period: string) => TopQueries = (period) => tables({ period: period as TopQueries['period'] }),
) {
  server.use(
    http.get('/yonetim/top-queries', ({ request }) =>
      apiJson(topQueriesSchema, body(new URL(request.url).searchParams.get('period') ?? '7d')),
    ),
  )
}

function serveSearch(answer: (params: URLSearchParams) => Response) {
  server.use(http.get('/yonetim/search_queries', ({ request }) => answer(new URL(request.url).searchParams)))
}

function renderPage(route = '/yonetim/aramalar', bootstrap: Bootstrap = adminBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/yonetim/aramalar" element={<SearchDashboardPage />} />
        <Route path="/en/yonetim/aramalar" element={<SearchDashboardPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

/** A table's rows as their cells' text. */
const rowsOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )

const search = async (term: string, type?: 'Kelime Ara' | 'Kullanıcı Ara') => {
  if (type) fireEvent.click(screen.getByRole('radio', { name: type }))
  fireEvent.change(screen.getByRole('textbox', { name: 'Aranacak kelime veya kullanıcı' }), {
    target: { value: term },
  })
  fireEvent.click(screen.getByRole('button', { name: 'Ara' }))
}

describe('The search dashboard for an administrator', () => {
  it('shows a spinner, then the four tables of the last 7 days, ranked', async () => {
    serve()
    renderPage()
    expect(screen.getByRole('heading', { name: 'Arama Paneli' })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Arama istatistikleri yükleniyor' })).toBeTruthy()
    await screen.findByTestId('top-queries')
    expect(requests()).toEqual(['GET /yonetim/top-queries?period=7d'])
    expect(screen.getByRole('radio', { name: 'Son 7 gün' })).toHaveProperty('checked', true)
    expect(rowsOf('top-queries')).toEqual([
      ['1', 'Şanzıman', '7', '17.03.2026 11:15'],
      ['2', 'vida', '4', '18.03.2026 09:30'],
    ])
    expect(rowsOf('top-users')).toEqual([['1', 'Ali Kaya', '6']])
    expect(rowsOf('last-queries')).toEqual([
      ['1', 'Misafir Kullanıcı', 'somun', '18.03.2026 11:59'],
      ['2', 'Ali Kaya', 'vida', '18.03.2026 09:30'],
    ])
    expect(rowsOf('zero-results')).toEqual([['1', 'karbüratör', '4', '18.03.2026 10:30']])
    for (const name of [
      'En Çok Aranan Kelimeler',
      'En Çok Arama Yapanlar',
      'En Son Arananlar',
      'Sonuç Bulunamayan Aramalar',
    ]) {
      expect(screen.getByRole('table', { name })).toBeTruthy()
    }
    // Its entry in the staff menu, marked as the current one.
    const menu = screen.getByRole('navigation', { name: 'Yönetim sayfaları' })
    const current = within(menu)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
    expect(current.map((link) => link.textContent)).toEqual(['Arama Paneli'])
  })

  it('reads its tables again by itself while it is open, and shows what changed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let answers = 0
    serve(() => {
      answers++
      return answers === 1
        ? tables()
        : tables({
            lastQueries: [{ name: 'Ali Kaya', query: 'menteşe', formattedCreatedAt: '18.03.2026 12:05' }],
          })
    })
    renderPage()
    await screen.findByTestId('top-queries')
    expect(rowsOf('last-queries')[0]).toEqual(['1', 'Misafir Kullanıcı', 'somun', '18.03.2026 11:59'])
    await act(() => vi.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS))
    await waitFor(() =>
      expect(rowsOf('last-queries')).toEqual([['1', 'Ali Kaya', 'menteşe', '18.03.2026 12:05']]),
    )
    expect(requests()).toEqual(['GET /yonetim/top-queries?period=7d', 'GET /yonetim/top-queries?period=7d'])
    vi.useRealTimers()
  })

  it('shows a row’s detail when its word or user takes the keyboard focus', async () => {
    serve()
    renderPage()
    const word = await screen.findByRole('button', { name: 'Şanzıman' })
    act(() => word.focus())
    const detail = await screen.findByTestId('top-query-detail')
    expect(within(detail).getByText('“Şanzıman” kelimesini arayanlar')).toBeTruthy()
    expect(
      within(detail)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['KullanıcıArama', 'Ali Kaya5', 'Misafir Kullanıcı2'])

    const user = screen.getByRole('button', { name: 'Ali Kaya' })
    act(() => user.focus())
    const words = await screen.findByTestId('top-user-detail')
    expect(within(words).getByText('Ali Kaya kullanıcısının aradıkları')).toBeTruthy()
    expect(within(words).getAllByRole('row')[1]?.textContent).toBe('Şanzıman517.03.2026 11:15')
  })

  it('reads another period when one is chosen, and keeps it in the address', async () => {
    serve((period) =>
      tables({ period: period as TopQueries['period'], topQueries: [], topUsers: [], lastQueries: [] }),
    )
    renderPage()
    await screen.findByTestId('top-queries-empty')
    fireEvent.click(screen.getByRole('radio', { name: 'Son 30 gün' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/yonetim/aramalar?period=30d'),
    )
    await waitFor(() =>
      expect(requests()).toEqual([
        'GET /yonetim/top-queries?period=7d',
        'GET /yonetim/top-queries?period=30d',
      ]),
    )
    expect(screen.getByTestId('top-queries-empty').textContent).toBe('Bu dönemde arama yapılmamış.')
    expect(screen.getByTestId('zero-results-row')).toBeTruthy()
  })

  it('refuses a blank term with the alert, asking nothing', async () => {
    serve()
    renderPage()
    await screen.findByTestId('top-queries')
    await search('   ')
    expect((await screen.findByTestId('dashboard-alert')).textContent).toBe('Lütfen bir arama terimi girin.')
    expect(requests().filter((r) => r.includes('search_queries'))).toEqual([])
    expect(screen.queryByRole('dialog', { name: 'Arama Sonuçları' })).toBeNull()
  })

  it('shows a word search in the results popup, and clears it when the popup closes', async () => {
    serve()
    serveSearch(() => apiJson(searchQueriesSchema, wordResult))
    renderPage('/yonetim/aramalar?period=30d')
    await screen.findByTestId('top-queries')
    await search(' şanzıman ')
    const dialog = await screen.findByRole('dialog', { name: 'Arama Sonuçları' })
    expect(requests()).toContain('GET /yonetim/search_queries?query=şanzıman&type=kelime&period=30d')
    expect(within(dialog).getByText('“şanzıman” kelimesini arayanlar · Son 7 gün')).toBeTruthy()
    expect(
      within(dialog)
        .getAllByTestId('dashboard-result-row')
        .map((r) => r.textContent),
    ).toEqual(['Ali Kaya517.03.2026 11:15', 'Misafir Kullanıcı118.03.2026 09:00'])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Kapat' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Arama Sonuçları' })).toBeNull())
    expect(screen.queryByTestId('dashboard-results')).toBeNull()
  })

  it('says when a word or a user search found nothing', async () => {
    serve()
    serveSearch((params) =>
      apiJson(searchQueriesSchema, {
        success: true,
        type: params.get('type') === 'kelime' ? 'kelime' : 'kullanıcı',
        period: '7d',
        searchQuery: params.get('query') ?? '',
        searchResult: [],
      }),
    )
    renderPage()
    await screen.findByTestId('top-queries')
    await search('yok')
    expect((await screen.findByTestId('dashboard-results-empty')).textContent).toBe(
      'Aradığınız kelimeyle ilgili sonuç bulunamadı.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }))
    await waitFor(() => expect(screen.queryByTestId('dashboard-results')).toBeNull())

    await search('kimse', 'Kullanıcı Ara')
    expect((await screen.findByTestId('dashboard-results-empty')).textContent).toBe(
      'Aradığınız kullanıcıyla ilgili sonuç bulunamadı.',
    )
    expect(requests()).toContain('GET /yonetim/search_queries?query=kimse&type=kullanıcı&period=7d')
  })

  it('names the users of a user search only when several matched', async () => {
    serve()
    serveSearch(() =>
      apiJson(searchQueriesSchema, {
        success: true,
        type: 'kullanıcı',
        period: '7d',
        searchQuery: 'kaya',
        searchResult: [
          {
            userName: 'Ali Kaya',
            searchQuery: 'vida',
            searchCount: 3,
            formattedCreatedAt: '18.03.2026 09:30',
          },
          {
            userName: 'Cem Kaya',
            searchQuery: 'pul',
            searchCount: 1,
            formattedCreatedAt: '17.03.2026 08:00',
          },
        ],
      }),
    )
    renderPage()
    await screen.findByTestId('top-queries')
    await search('kaya', 'Kullanıcı Ara')
    const dialog = await screen.findByRole('dialog', { name: 'Arama Sonuçları' })
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Kullanıcı', 'Kelime', 'Arama', 'Son arama'])
    expect(within(dialog).getAllByTestId('dashboard-result-row')[1]?.textContent).toBe(
      'Cem Kayapul117.03.2026 08:00',
    )
  })

  it('alerts when the search fails and opens no popup', async () => {
    serve()
    serveSearch(() => apiError(500, 'internal', 'Beklenmeyen bir hata oluştu.'))
    renderPage()
    await screen.findByTestId('top-queries')
    await search('vida')
    expect((await screen.findByTestId('dashboard-alert')).textContent).toBe(
      'Aranan kelimeler yüklenirken bir hata oluştu.',
    )
    expect(screen.queryByRole('dialog', { name: 'Arama Sonuçları' })).toBeNull()
  })

  it('says the tables could not be loaded, and loads them again on retry', async () => {
    let fail = true
    server.use(
      http.get('/yonetim/top-queries', () =>
        fail ? apiError(500, 'internal', '') : apiJson(topQueriesSchema, tables()),
      ),
    )
    renderPage()
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('En çok aranan kelimeler yüklenirken bir hata oluştu.')).toBeTruthy()
    fail = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }))
    await screen.findByTestId('top-queries')
  })

  it('fits a phone: the period choice spans the width and the tables stay in place', async () => {
    mockPhoneWidth()
    serve()
    renderPage()
    await screen.findByTestId('top-queries')
    expect(screen.getByTestId('dashboard-period').getAttribute('data-full-width')).toBe('true')
    expect(screen.getByRole('textbox', { name: 'Aranacak kelime veya kullanıcı' })).toBeTruthy()
  })

  it('is in English under /en', async () => {
    serve()
    serveSearch(() => apiJson(searchQueriesSchema, { ...wordResult, searchResult: [] }))
    renderPage('/en/yonetim/aramalar', adminBootstrap({ locale: 'en' }))
    expect(await screen.findByRole('table', { name: 'Most searched words' })).toBeTruthy()
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect((await screen.findByTestId('dashboard-alert')).textContent).toBe('Please enter a search term.')
  })
})

describe('The search dashboard for others', () => {
  it('tells a dealer it is for administrators and asks nothing', async () => {
    serve()
    renderPage('/yonetim/aramalar', dealerBootstrap())
    expect(await screen.findByText('Bu sayfa yöneticiler içindir')).toBeTruthy()
    expect(requests()).toEqual([])
  })

  it('sends a guest to login', async () => {
    renderPage('/yonetim/aramalar', guestBootstrap())
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/account/login?next=%2Fyonetim%2Faramalar'),
    )
  })
})
