// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Job, jobSchema, jobStartedSchema } from '../../../../contracts/integration-jobs'
import { type StaffProductRow, staffProductListSchema } from '../../../../contracts/staff-products'
import type { StaffRole } from '../../../../domain/staff-access'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { productRow, refHandlers, staffBootstrap } from '../../../test/staff-product-fixtures'
import { StaffProductsPage } from './StaffProductsPage'

afterEach(() => vi.restoreAllMocks())

function serveList(rows: StaffProductRow[] = [productRow()], { capped = false, total = rows.length } = {}) {
  server.use(
    http.get('/yonetim/products', () =>
      apiJson(staffProductListSchema, { items: rows, page: 1, pages: 1, limit: 50, total, capped }),
    ),
    ...refHandlers(),
  )
  return recordRequests()
}

const renderPage = (route = '/yonetim/urunler', role: StaffRole = 'catalogue', locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/yonetim/urunler" element={<StaffProductsPage />} />
        <Route path="/en/yonetim/urunler" element={<StaffProductsPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap: staffBootstrap(role, locale), route },
  )

const location = () => screen.getByTestId('location').textContent
const listCalls = (requests: ReturnType<typeof recordRequests>) =>
  requests.filter((r) => r.method === 'GET' && r.url.pathname === '/yonetim/products')

const job = (overrides: Partial<Job> = {}): Job =>
  jobSchema.parse({
    id: 31,
    resource: 'prices',
    status: 'running',
    source: 'bulk',
    fileName: null,
    total: 1200,
    done: 400,
    counts: { created: 0, updated: 390, unchanged: 10, rejected: 0 },
    rowsPerSecond: 200,
    secondsLeft: 65,
    createdAt: '2026-03-14T09:30:00.000Z',
    startedAt: '2026-03-14T09:30:01.000Z',
    finishedAt: null,
    error: null,
    rejectedRowsUrl: null,
    ...overrides,
  })

describe('the staff product table', () => {
  it('lists the products with their image, code, category, brand, price, stock and status, asking with the filters of the address', async () => {
    const requests = serveList([
      productRow(),
      productRow({
        id: 6,
        code: 'BSH-100-K',
        name: 'Darbeli Matkap 650 W Kırmızı',
        parentCode: 'BSH-100',
        brand: null,
        salePrice: '99.9',
        currency: 'USD',
        quantity: 0,
        active: false,
        image: null,
      }),
    ])
    renderPage('/yonetim/urunler?q=matkap&categoryId=2&brandId=9&active=true&sort=price&dir=desc&page=x')
    const table = await screen.findByTestId('staff-products-table')
    await waitFor(() => expect(within(table).getByText('Darbeli Matkap 650 W Kırmızı')).toBeTruthy())
    const first = within(table).getByText('Darbeli Matkap 650 W').closest('tr') as HTMLElement
    expect(first.textContent).toContain('1.250,50 ₺')
    expect(first.textContent).toContain('1.250')
    // Category and brand are columns of a wide screen (jsdom's matches no width); the cards show them.
    expect(within(first).getByText('Aktif')).toBeTruthy()
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/images/bsh-100.jpg')
    expect(
      within(first)
        .getByRole('link', { name: 'BSH-100: Darbeli Matkap 650 W ürününü düzenle' })
        .getAttribute('href'),
    ).toBe('/yonetim/urunler/5')
    const variant = within(table).getByText('Darbeli Matkap 650 W Kırmızı').closest('tr') as HTMLElement
    expect(within(variant).getByText('BSH-100 varyantı')).toBeTruthy()
    expect(variant.textContent).toContain('99,90 $')
    expect(within(variant).getByText('Pasif')).toBeTruthy()
    expect(variant.querySelector('img')?.getAttribute('src')).toBe('/images/404.png')
    expect(Object.fromEntries(listCalls(requests)[0]!.url.searchParams)).toEqual({
      q: 'matkap',
      categoryId: '2',
      brandId: '9',
      active: 'true',
      sort: 'price',
      dir: 'desc',
      page: '1',
    })
    expect((screen.getByTestId('products-filter-q') as HTMLInputElement).value).toBe('matkap')
  })

  it('puts each filter in the address, starting again at the first page', async () => {
    const requests = serveList()
    renderPage('/yonetim/urunler?page=3')
    await screen.findByText('Darbeli Matkap 650 W')
    const q = screen.getByTestId('products-filter-q')
    fireEvent.change(q, { target: { value: ' matkap ' } })
    fireEvent.submit(q.closest('form') as HTMLFormElement)
    await waitFor(() => expect(location()).toBe('/yonetim/urunler?q=matkap'))

    // The category list shows the tree, each child stepped in under its parent.
    fireEvent.click(screen.getByTestId('products-filter-category'))
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['El Aletleri', 'Matkaplar', 'Bahçe'])
    expect((options[1]!.firstElementChild as HTMLElement).style.paddingLeft).toBe('14px')
    fireEvent.click(screen.getByRole('option', { name: 'Matkaplar' }))
    await waitFor(() => expect(location()).toBe('/yonetim/urunler?q=matkap&categoryId=2'))

    fireEvent.click(screen.getByTestId('products-filter-brand'))
    fireEvent.click(await screen.findByRole('option', { name: 'Makita' }))
    await waitFor(() => expect(location()).toBe('/yonetim/urunler?q=matkap&categoryId=2&brandId=10'))

    fireEvent.click(screen.getByLabelText('Pasif'))
    await waitFor(() =>
      expect(location()).toBe('/yonetim/urunler?q=matkap&categoryId=2&brandId=10&active=false'),
    )
    await waitFor(() =>
      expect(listCalls(requests).map((r) => r.path)).toContain(
        '/yonetim/products?q=matkap&categoryId=2&brandId=10&active=false&sort=code&dir=asc&page=1',
      ),
    )
  })

  it('sorts by a column header', async () => {
    serveList()
    renderPage()
    const table = await screen.findByTestId('staff-products-table')
    fireEvent.click(within(table).getByText('Satış fiyatı'))
    await waitFor(() => expect(location()).toBe('/yonetim/urunler?sort=price'))
    fireEvent.click(within(table).getByText('Stok'))
    await waitFor(() => expect(location()).toBe('/yonetim/urunler?sort=stock'))
  })

  it("opens a product's editor from anywhere on its row", async () => {
    serveList()
    renderPage('/yonetim/urunler?q=matkap')
    fireEvent.click(await screen.findByText('Darbeli Matkap 650 W'))
    await waitFor(() => expect(location()).toBe('/yonetim/urunler/5'))
  })

  it('says so when no product matches, and when the list cannot be read', async () => {
    serveList([])
    renderPage()
    expect(await screen.findByText('Bu filtrelere uyan ürün yok.')).toBeTruthy()
    server.use(http.get('/yonetim/products', () => apiError(500, 'internal', 'Beklenmeyen hata')))
    renderPage()
    expect(await screen.findByText('Ürünler yüklenemedi')).toBeTruthy()
  })

  it('runs a bulk action on the filter: the count confirmed, then the progress until it is done, and the table read again', async () => {
    const requests = serveList([productRow()], { capped: true, total: 1000 })
    const answers = [
      job(),
      job({
        done: 1200,
        status: 'done',
        secondsLeft: 0,
        counts: { created: 0, updated: 1150, unchanged: 40, rejected: 10 },
        rejectedRowsUrl: '/yonetim/products/bulk/31/rejected',
      }),
    ]
    server.use(
      http.post('/yonetim/products/bulk', () => apiJson(jobStartedSchema, { jobId: 31 }, { status: 202 })),
      http.get('/yonetim/products/bulk/:id', () =>
        apiJson(jobSchema, answers.length > 1 ? answers.shift()! : answers[0]!),
      ),
    )
    renderPage('/yonetim/urunler?q=matkap&categoryId=2')
    await screen.findByText('Darbeli Matkap 650 W')
    fireEvent.click(screen.getByTestId('bulk-menu'))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Fiyat değiştir (%)…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Fiyatları yüzdeyle değiştir' })
    expect(within(dialog).getByTestId('bulk-count').textContent).toBe(
      "Bu işlem filtreye uyan 1.000'den fazla ürünü değiştirecek.",
    )
    await waitFor(() =>
      expect(dialog.textContent).toContain('Uygulanan filtre: Arama “matkap” · Kategori: Matkaplar'),
    )
    // A rate is asked for before anything is sent.
    fireEvent.click(within(dialog).getByTestId('bulk-submit'))
    expect(
      await within(dialog).findByText('-99 ile 1000 arasında, sıfırdan farklı bir oran yazın.'),
    ).toBeTruthy()
    fireEvent.change(within(dialog).getByTestId('bulk-percent'), { target: { value: '10' } })
    fireEvent.click(within(dialog).getByTestId('bulk-submit'))

    const progress = await screen.findByTestId('bulk-progress')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const bulk = requests.find((r) => r.method === 'POST')!
    await waitFor(() =>
      expect(bulk.body).toEqual({
        filter: { q: 'matkap', categoryId: 2 },
        action: { kind: 'changePrice', percent: 10 },
      }),
    )
    expect(await within(progress).findByText('400 / 1.200 ürün')).toBeTruthy()
    expect(progress.textContent).toContain('Kalan süre: 1:05')
    expect(within(progress).getByTestId('bulk-status').textContent).toBe('Sürüyor')
    const before = listCalls(requests).length

    // A second later the job is done: the counts, the refused products' file, the table read again.
    expect(await within(progress).findByText('1.200 / 1.200 ürün', {}, { timeout: 5000 })).toBeTruthy()
    expect(within(progress).getByTestId('bulk-status').textContent).toBe('Tamamlandı')
    expect(within(progress).getByTestId('bulk-counts').textContent).toBe(
      '1.150 ürün değiştirildi, 40 ürün zaten istenen durumdaydı, 10 ürün reddedildi',
    )
    expect(
      within(progress).getByRole('link', { name: 'Reddedilen ürünleri indir (CSV)' }).getAttribute('href'),
    ).toBe('/yonetim/products/bulk/31/rejected')
    await waitFor(() => expect(listCalls(requests).length).toBeGreaterThan(before))
    fireEvent.click(within(progress).getByTestId('bulk-close'))
    expect(screen.queryByTestId('bulk-progress')).toBeNull()
  })

  it('moves the filtered products to a category chosen by its code, and says the exact count when it is not capped', async () => {
    const requests = serveList([productRow()], { total: 2 })
    server.use(
      http.post('/yonetim/products/bulk', () => apiJson(jobStartedSchema, { jobId: 32 }, { status: 202 })),
      http.get('/yonetim/products/bulk/:id', () =>
        apiJson(
          jobSchema,
          job({ id: 32, resource: 'products', status: 'done', total: 2, done: 2, secondsLeft: 0 }),
        ),
      ),
    )
    renderPage()
    await screen.findByText('Darbeli Matkap 650 W')
    fireEvent.click(screen.getByTestId('bulk-menu'))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Kategori taşı…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ürünleri başka kategoriye taşı' })
    expect(within(dialog).getByTestId('bulk-count').textContent).toBe(
      'Bu işlem filtreye uyan 2 ürünü değiştirecek.',
    )
    expect(dialog.textContent).toContain('Filtre yok: bu işlem katalogdaki tüm ürünleri değiştirir.')
    fireEvent.click(within(dialog).getByTestId('bulk-category'))
    fireEvent.click(await screen.findByRole('option', { name: 'Bahçe (BAH)' }))
    fireEvent.click(within(dialog).getByTestId('bulk-submit'))
    await screen.findByTestId('bulk-progress')
    const bulk = requests.find((r) => r.method === 'POST')!
    await waitFor(() =>
      expect(bulk.body).toEqual({ filter: { q: '' }, action: { kind: 'moveCategory', categoryCode: 'BAH' } }),
    )
  })

  it('shows the server’s refusal of a bulk action in the modal', async () => {
    serveList()
    server.use(
      http.post('/yonetim/products/bulk', () => apiError(400, 'bad_request', 'Filtreye uyan ürün yok.')),
    )
    renderPage()
    await screen.findByText('Darbeli Matkap 650 W')
    fireEvent.click(screen.getByTestId('bulk-menu'))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pasif yap' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ürünleri pasif yap' })
    fireEvent.click(within(dialog).getByTestId('bulk-submit'))
    expect(await within(dialog).findByText('Filtreye uyan ürün yok.')).toBeTruthy()
    expect(screen.queryByTestId('bulk-progress')).toBeNull()
  })

  it('gives a role that only reads the catalogue no new-product or bulk buttons', async () => {
    serveList()
    renderPage('/yonetim/urunler', 'readonly')
    await screen.findByText('Darbeli Matkap 650 W')
    expect(screen.queryByTestId('product-new')).toBeNull()
    expect(screen.queryByTestId('bulk-menu')).toBeNull()
  })

  it('links the new product’s editor for those who write the catalogue', async () => {
    serveList()
    renderPage('/yonetim/urunler', 'owner')
    await screen.findByText('Darbeli Matkap 650 W')
    expect(screen.getByRole('link', { name: 'Yeni ürün' }).getAttribute('href')).toBe('/yonetim/urunler/yeni')
  })

  it('shows cards on a phone', async () => {
    mockPhoneWidth()
    serveList()
    renderPage()
    const card = await screen.findByTestId('product-card')
    expect(within(card).getByText('Aktif')).toBeTruthy()
    expect(card.textContent).toContain('1.250,50 ₺ · Stok: 1.250')
    expect(card.textContent).toContain('Matkaplar · Bosch')
    expect(within(card).getByRole('link', { name: /^BSH-100: / })).toBeTruthy()
    expect(screen.queryByTestId('staff-products-table')).toBeNull()
  })

  it('reads in English', async () => {
    serveList()
    renderPage('/en/yonetim/urunler', 'owner', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeTruthy()
    const table = await screen.findByTestId('staff-products-table')
    await waitFor(() => expect(within(table).getByText('Darbeli Matkap 650 W')).toBeTruthy())
    const row = within(table).getByText('Darbeli Matkap 650 W').closest('tr') as HTMLElement
    expect(row.textContent).toContain('₺1,250.50')
    expect(
      within(row).getByRole('link', { name: 'BSH-100: edit Darbeli Matkap 650 W' }).getAttribute('href'),
    ).toBe('/en/yonetim/urunler/5')
    expect(screen.getByRole('button', { name: 'Bulk actions' })).toBeTruthy()
  })
})
