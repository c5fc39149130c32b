// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { act } from 'react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type StaffCampaign,
  type StaffCampaignRow,
  staffCampaignListSchema,
  staffCampaignSchema,
} from '../../../../contracts/staff-campaigns'
import { staffProductListSchema } from '../../../../contracts/staff-products'
import type { StaffRole } from '../../../../domain/staff-access'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { productRow, staffBootstrap } from '../../../test/staff-product-fixtures'
import { CampaignEditorPage } from './CampaignEditorPage'
import { CampaignsPage } from './CampaignsPage'

afterEach(() => {
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

const row = (over: Partial<StaffCampaignRow> = {}): StaffCampaignRow => ({
  id: 1,
  code: 'KMP-1',
  name: 'Haftanın Fırsatları',
  nameEn: 'Deals of the Week',
  rowCount: 1,
  sortOrder: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  status: 'shown',
  productCount: 3,
  slidesPerView: { phone: 2, tablet: 4, desktop: 6 },
  ...over,
})

const ROWS = [
  row(),
  row({
    id: 2,
    code: 'KMP-2',
    name: 'Bahar İndirimi',
    nameEn: null,
    sortOrder: 1,
    // 1 April 06:00 UTC is 09:00 in Istanbul, the store's zone.
    startsAt: '2026-04-01T06:00:00.000Z',
    endsAt: '2026-04-30T20:59:00.000Z',
    status: 'scheduled',
    productCount: 12,
  }),
  row({
    id: 3,
    code: 'KMP-3',
    name: 'Kış Kampanyası',
    nameEn: null,
    sortOrder: 2,
    active: false,
    status: 'off',
  }),
]

const renderList = (role: StaffRole = 'owner', locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(<CampaignsPage />, {
    bootstrap: staffBootstrap(role, locale),
    route: '/yonetim/kampanyalar',
  })

describe('the campaign list', () => {
  it('lists the campaigns in home-page order with their status, dates in the store time zone and product counts', async () => {
    server.use(http.get('/yonetim/campaigns', () => apiJson(staffCampaignListSchema, { items: ROWS })))
    renderList()
    const table = await screen.findByTestId('campaigns-table')
    const lines = within(table).getAllByRole('row').slice(1)
    expect(lines.map((line) => within(line).getByTestId('campaign-link').textContent)).toEqual([
      'Haftanın Fırsatları',
      'Bahar İndirimi',
      'Kış Kampanyası',
    ])
    expect(lines.map((line) => within(line).getByTestId('campaign-status').textContent)).toEqual([
      'Yayında',
      'Zamanlandı',
      'Kapalı',
    ])
    expect(lines[1]!.textContent).toContain('Başlangıç: 01.04.2026 09:00')
    expect(lines[1]!.textContent).toContain('Bitiş: 30.04.2026 23:59')
    expect(lines[0]!.textContent).toContain('Tarih sınırı yok')
    expect(lines[1]!.textContent).toContain('12')
    expect(within(lines[0]!).getByTestId('campaign-link').getAttribute('href')).toBe('/yonetim/kampanyalar/1')
    expect(screen.getByTestId('campaign-new').getAttribute('href')).toBe('/yonetim/kampanyalar/yeni')
  })

  it('moves a campaign down, sending every id in the new order, the focus staying on its button', async () => {
    server.use(
      http.get('/yonetim/campaigns', () => apiJson(staffCampaignListSchema, { items: ROWS })),
      http.post('/yonetim/campaigns/reorder', () =>
        apiJson(staffCampaignListSchema, { items: [ROWS[1]!, ROWS[0]!, ROWS[2]!] }),
      ),
    )
    const requests = recordRequests()
    renderList()
    const down = await screen.findByRole('button', { name: 'Haftanın Fırsatları kampanyasını aşağı taşı' })
    await userEvent.click(down)
    const names = () => screen.getAllByTestId('campaign-link').map((link) => link.textContent)
    await waitFor(() => expect(names()).toEqual(['Bahar İndirimi', 'Haftanın Fırsatları', 'Kış Kampanyası']))
    const post = requests.find((r) => r.path === '/yonetim/campaigns/reorder')!
    await waitFor(() => expect(post.body).toEqual({ ids: [2, 1, 3] }))
    await waitFor(() => expect(document.activeElement).toBe(down))
  })

  it('shows cards on a phone, in English with the English titles', async () => {
    mockPhoneWidth()
    server.use(http.get('/yonetim/campaigns', () => apiJson(staffCampaignListSchema, { items: ROWS })))
    renderList('readonly', 'en')
    const cards = await screen.findAllByTestId('campaign-card')
    expect(within(cards[0]!).getByTestId('campaign-link').textContent).toBe('Deals of the Week')
    expect(within(cards[0]!).getByTestId('campaign-link').getAttribute('href')).toBe(
      '/en/yonetim/kampanyalar/1',
    )
    expect(cards[1]!.textContent).toContain('Starts: 1 Apr 2026, 09:00')
    expect(within(cards[2]!).getByTestId('campaign-status').textContent).toBe('Off')
    // Read only: no new campaign, no moving.
    expect(screen.queryByTestId('campaign-new')).toBeNull()
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull()
  })

  it('offers to try again when the campaigns cannot be loaded', async () => {
    server.use(http.get('/yonetim/campaigns', () => HttpResponse.json({}, { status: 500 })))
    renderList()
    expect(await screen.findByText('Kampanyalar yüklenemedi.')).toBeTruthy()
  })
})

const stored = (over: Partial<StaffCampaign> = {}): StaffCampaign => ({
  ...row({ productCount: 2 }),
  startsAt: '2026-04-01T06:00:00.000Z',
  endsAt: null,
  products: [
    { id: 5, code: 'BSH-100', name: 'Darbeli Matkap 650 W', image: 'bsh-100.jpg', active: true },
    { id: 6, code: 'BSH-200', name: 'Akülü Vidalama', image: null, active: false },
  ],
  ...over,
})

function serveSearch() {
  server.use(
    http.get('/yonetim/products', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? ''
      const all = [
        productRow(),
        productRow({ id: 8, code: 'MKT-300', name: 'Makita Taşlama', image: null, active: false }),
        productRow({ id: 9, code: 'MKT-400', name: 'Makita Kırıcı' }),
      ]
      const items = all.filter((p) => `${p.code} ${p.name}`.toLowerCase().includes(q.toLowerCase()))
      return apiJson(staffProductListSchema, {
        items,
        total: items.length,
        page: 1,
        pages: 1,
        limit: 50,
        capped: false,
      })
    }),
  )
}

const renderEditor = (route: string, role: StaffRole = 'owner') =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/yonetim/kampanyalar/yeni" element={<CampaignEditorPage />} />
        <Route path="/yonetim/kampanyalar/:id" element={<CampaignEditorPage />} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap: staffBootstrap(role), route },
  )

const listed = () =>
  within(screen.getByTestId('campaign-products'))
    .getAllByTestId('campaign-product-code')
    .map((code) => code.textContent)

describe('the campaign editor', () => {
  it('adds products by search in order and creates the campaign, then opens its page', async () => {
    serveSearch()
    const made = stored({
      id: 14,
      name: 'Makita Haftası',
      nameEn: null,
      startsAt: null,
      products: [
        { id: 9, code: 'MKT-400', name: 'Makita Kırıcı', image: 'bsh-100.jpg', active: true },
        { id: 8, code: 'MKT-300', name: 'Makita Taşlama', image: null, active: false },
      ],
    })
    server.use(
      http.post('/yonetim/campaigns', () => apiJson(staffCampaignSchema, made, { status: 201 })),
      http.get('/yonetim/campaigns/:id', () => apiJson(staffCampaignSchema, made)),
    )
    const requests = recordRequests()
    renderEditor('/yonetim/kampanyalar/yeni')
    await userEvent.type(await screen.findByTestId('campaign-name'), 'Makita Haftası')
    const search = screen.getByTestId('campaign-product-search')
    await userEvent.type(search, 'makita')
    const options = await screen.findAllByTestId('campaign-product-option')
    expect(options.map((o) => o.textContent)).toEqual([
      'MKT-300Makita TaşlamaSatışta değil',
      'MKT-400Makita Kırıcı',
    ])
    // The keyboard: down twice to the second match, Enter adds it.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(listed()).toEqual(['MKT-400'])
    expect(document.activeElement).toBe(search)
    expect((search as HTMLInputElement).value).toBe('')
    await userEvent.type(search, 'taşlama')
    await userEvent.click(await screen.findByRole('option', { name: /MKT-300/ }))
    expect(listed()).toEqual(['MKT-400', 'MKT-300'])
    // The inactive product is marked in the list.
    const items = screen.getAllByTestId('campaign-product')
    expect(within(items[1]!).getByTestId('product-inactive').textContent).toBe('Satışta değil')
    // A product already in the list is offered but cannot be added twice.
    await userEvent.type(search, 'MKT-400')
    const again = await screen.findByRole('option', { name: /MKT-400/ })
    expect(again.textContent).toContain('Listede')
    await userEvent.click(again)
    expect(listed()).toEqual(['MKT-400', 'MKT-300'])

    await userEvent.click(screen.getByTestId('campaign-save'))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/yonetim/kampanyalar/14'))
    const post = requests.find((r) => r.method === 'POST')!
    expect(post.body).toEqual({
      name: 'Makita Haftası',
      nameEn: null,
      rowCount: 1,
      slidesPerView: { phone: 2, tablet: 4, desktop: 6 },
      startsAt: null,
      endsAt: null,
      active: true,
      productIds: [9, 8],
    })
    expect(await screen.findByRole('heading', { name: 'Makita Haftası' })).toBeTruthy()
    expect(screen.getByText('Kampanya oluşturuldu: Makita Haftası')).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('campaign-save')))
  })

  it("sends only the fields changed, the end in the store time zone, and shows the server's refusal of the end under it", async () => {
    server.use(
      http.get('/yonetim/campaigns/:id', () => apiJson(staffCampaignSchema, stored())),
      http.patch('/yonetim/campaigns/:id', () =>
        apiError(400, 'validation', 'Gönderilen bilgiler geçersiz.', { endsAt: 'Geçersiz değer.' }),
      ),
    )
    const requests = recordRequests()
    renderEditor('/yonetim/kampanyalar/1')
    const starts = (await screen.findByTestId('campaign-startsAt')) as HTMLInputElement
    // Stored as 06:00 UTC: 09:00 on the store's clock.
    expect(starts.value).toBe('2026-04-01T09:00')
    const ends = screen.getByTestId('campaign-endsAt') as HTMLInputElement
    fireEvent.change(ends, { target: { value: '2026-04-30T18:00' } })
    await userEvent.type(screen.getByTestId('campaign-name-en'), '!')
    await userEvent.selectOptions(screen.getByTestId('campaign-per-view-desktop'), '5')
    await userEvent.click(screen.getByRole('button', { name: 'BSH-200 ürününü yukarı taşı' }))
    expect(listed()).toEqual(['BSH-200', 'BSH-100'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'BSH-200 ürününü yukarı taşı' }))
    await userEvent.click(screen.getByTestId('campaign-save'))
    expect(await screen.findByText('Geçersiz değer.')).toBeTruthy()
    expect(ends.getAttribute('aria-invalid')).toBe('true')
    // What was typed stays.
    expect(ends.value).toBe('2026-04-30T18:00')
    expect((screen.getByTestId('campaign-name-en') as HTMLInputElement).value).toBe('Deals of the Week!')
    const patch = requests.find((r) => r.method === 'PATCH')!
    expect(patch.path).toBe('/yonetim/campaigns/1')
    await waitFor(() =>
      expect(patch.body).toEqual({
        nameEn: 'Deals of the Week!',
        slidesPerView: { phone: 2, tablet: 4, desktop: 5 },
        endsAt: '2026-04-30T18:00:00+03:00',
        productIds: [6, 5],
      }),
    )
  })

  it('says in words that the end must come after the start, before asking the server', async () => {
    server.use(
      http.get('/yonetim/campaigns/:id', () => apiJson(staffCampaignSchema, stored())),
      http.patch('/yonetim/campaigns/:id', () =>
        apiJson(staffCampaignSchema, stored({ endsAt: '2026-04-30T15:00:00.000Z' })),
      ),
    )
    const requests = recordRequests()
    renderEditor('/yonetim/kampanyalar/1')
    const ends = (await screen.findByTestId('campaign-endsAt')) as HTMLInputElement
    // 31 March 18:00 is before the start, 1 April 09:00.
    fireEvent.change(ends, { target: { value: '2026-03-31T18:00' } })
    await userEvent.click(screen.getByTestId('campaign-save'))
    expect(await screen.findByText('Bitiş, başlangıçtan sonra olmalı.')).toBeTruthy()
    expect(ends.getAttribute('aria-invalid')).toBe('true')
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0)
    fireEvent.change(ends, { target: { value: '2026-04-30T18:00' } })
    expect(screen.queryByText('Bitiş, başlangıçtan sonra olmalı.')).toBeNull()
    await userEvent.click(screen.getByTestId('campaign-save'))
    expect(await screen.findByText('Kaydedildi: Haftanın Fırsatları')).toBeTruthy()
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        endsAt: '2026-04-30T18:00:00+03:00',
      }),
    )
    expect(ends.value).toBe('2026-04-30T18:00')
  })

  it('takes a product out, the focus going to the next one', async () => {
    server.use(http.get('/yonetim/campaigns/:id', () => apiJson(staffCampaignSchema, stored())))
    renderEditor('/yonetim/kampanyalar/1')
    await userEvent.click(await screen.findByRole('button', { name: 'BSH-100 ürününü çıkar' }))
    expect(listed()).toEqual(['BSH-200'])
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'BSH-200 ürününü çıkar' })),
    )
  })

  it('shows a read-only role the campaign without a save button or product search', async () => {
    server.use(http.get('/yonetim/campaigns/:id', () => apiJson(staffCampaignSchema, stored())))
    renderEditor('/yonetim/kampanyalar/1', 'readonly')
    expect(((await screen.findByTestId('campaign-name')) as HTMLInputElement).readOnly).toBe(true)
    expect(screen.queryByTestId('campaign-save')).toBeNull()
    expect(screen.queryByTestId('campaign-product-search')).toBeNull()
    expect(screen.queryByRole('button', { name: /çıkar/ })).toBeNull()
    expect(listed()).toEqual(['BSH-100', 'BSH-200'])
  })

  it('says so when there is no such campaign', async () => {
    server.use(http.get('/yonetim/campaigns/:id', () => apiError(404, 'not_found', 'Bulunamadı.')))
    renderEditor('/yonetim/kampanyalar/99')
    expect(await screen.findByTestId('campaign-not-found')).toBeTruthy()
  })
})
