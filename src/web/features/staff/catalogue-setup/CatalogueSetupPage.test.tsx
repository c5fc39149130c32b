// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type StaffBrand,
  type StaffCategory,
  type StaffWarehouse,
  staffBrandListSchema,
  staffBrandSchema,
  staffCategoryListSchema,
  staffCategorySchema,
  staffWarehouseListSchema,
  staffWarehouseSchema,
} from '../../../../contracts/staff-catalogue'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { CatalogueSetupPage } from './CatalogueSetupPage'

const staff = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({ locale, user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => {
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

const category = (
  over: Partial<StaffCategory> & Pick<StaffCategory, 'id' | 'code' | 'name'>,
): StaffCategory => ({
  nameEn: null,
  parentId: null,
  depth: 0,
  sortOrder: 0,
  productCount: 0,
  ...over,
})

// El aletleri > (Matkaplar > Spiral matkaplar), Testereler; Bahçe.
const CATEGORIES: StaffCategory[] = [
  category({ id: 1, code: 'EL', name: 'El aletleri', nameEn: 'Hand tools', productCount: 12 }),
  category({ id: 2, code: 'MATKAP', name: 'Matkaplar', parentId: 1, depth: 1, productCount: 5 }),
  category({ id: 5, code: 'SPIRAL', name: 'Spiral matkaplar', parentId: 2, depth: 2, productCount: 7 }),
  category({
    id: 3,
    code: 'TESTERE',
    name: 'Testereler',
    parentId: 1,
    depth: 1,
    sortOrder: 1,
    productCount: 1,
  }),
  category({ id: 4, code: 'BAHCE', name: 'Bahçe', sortOrder: 1, productCount: 0 }),
]

function serveCategories(items = CATEGORIES) {
  server.use(http.get('/yonetim/categories', () => apiJson(staffCategoryListSchema, { items })))
}

const open = (role: StaffRole = 'owner', tab?: string, locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(<CatalogueSetupPage />, {
    bootstrap: staff(role, locale),
    route: tab ? `/yonetim/kategoriler?sekme=${tab}` : '/yonetim/kategoriler',
  })

const rows = () => screen.getAllByTestId('category-row')
const rowOf = (name: string) =>
  rows().find((row) => row.querySelector('p')?.textContent === name) as HTMLElement
/** A row's own line (its buttons), not its subcategories'. */
const lineOf = (name: string) => rowOf(name).firstElementChild as HTMLElement

describe('the categories', () => {
  it('draws the tree in order, indented by depth, with each product count; a branch folds', async () => {
    serveCategories()
    open()
    await screen.findByTestId('category-tree')
    expect(rows().map((row) => row.querySelector('p')?.textContent)).toEqual([
      'El aletleri',
      'Matkaplar',
      'Spiral matkaplar',
      'Testereler',
      'Bahçe',
    ])
    expect(rows().map((row) => row.dataset.depth)).toEqual(['0', '1', '2', '1', '0'])
    expect(lineOf('Spiral matkaplar').style.paddingInlineStart).toBe('3.75rem')
    expect(lineOf('Matkaplar').style.paddingInlineStart).toBe('2rem')
    expect(lineOf('El aletleri').style.paddingInlineStart).toBe('0.25rem')
    expect(within(lineOf('El aletleri')).getByTestId('category-count').textContent).toBe('12 ürün')
    expect(within(lineOf('Spiral matkaplar')).getByTestId('category-count').textContent).toBe('7 ürün')
    expect(lineOf('El aletleri').textContent).toContain('Kod: EL · İngilizcesi: Hand tools')
    // The top level is one list, each branch a list inside its parent's item.
    expect(screen.getByRole('list', { name: 'Kategoriler' })).toBeTruthy()
    expect(screen.getByRole('list', { name: 'Matkaplar alt kategorileri' })).toBeTruthy()

    const fold = screen.getByRole('button', { name: 'El aletleri alt kategorilerini gizle' })
    expect(fold.getAttribute('aria-expanded')).toBe('true')
    await userEvent.click(fold)
    expect(rows()).toHaveLength(2)
    expect(fold.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(fold)
    await userEvent.click(screen.getByRole('button', { name: 'Tümünü aç' }))
    expect(rows()).toHaveLength(5)
  })

  it('adds a category under the chosen one, keeping what was typed when the code is taken', async () => {
    serveCategories()
    let answers = 0
    server.use(
      http.post('/yonetim/categories', () =>
        answers++ === 0
          ? apiError(409, 'code_taken', 'Gönderilen bilgiler geçersiz.', {
              code: 'Bu kod (MATKAP) başka bir kayıtta kullanılıyor.',
            })
          : apiJson(
              staffCategorySchema,
              category({ id: 9, code: 'KIRICI', name: 'Kırıcılar', parentId: 2, depth: 2, sortOrder: 1 }),
              { status: 201 },
            ),
      ),
    )
    const requests = recordRequests()
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Matkaplar altına kategori ekle' }))
    const form = await screen.findByTestId('category-add-form')
    expect((within(form).getByTestId('category-parent') as HTMLSelectElement).value).toBe('2')
    await userEvent.type(within(form).getByRole('textbox', { name: /Kategori kodu/ }), 'MATKAP')
    await userEvent.type(within(form).getByRole('textbox', { name: /Türkçe adı/ }), 'Kırıcılar')
    await userEvent.type(within(form).getByRole('textbox', { name: /İngilizce adı/ }), 'Breakers')
    await userEvent.click(within(form).getByRole('button', { name: 'Kategoriyi ekle' }))
    expect(await within(form).findByText('Bu kod (MATKAP) başka bir kayıtta kullanılıyor.')).toBeTruthy()
    const code = within(form).getByRole('textbox', { name: /Kategori kodu/ }) as HTMLInputElement
    expect(code.value).toBe('MATKAP')
    expect(code.getAttribute('aria-invalid')).toBe('true')
    expect((within(form).getByRole('textbox', { name: /Türkçe adı/ }) as HTMLInputElement).value).toBe(
      'Kırıcılar',
    )
    const posts = () => requests.filter((r) => r.method === 'POST')
    await waitFor(() =>
      expect(posts()[0]?.body).toEqual({
        code: 'MATKAP',
        name: 'Kırıcılar',
        nameEn: 'Breakers',
        parentId: 2,
      }),
    )

    await userEvent.clear(code)
    await userEvent.type(code, 'KIRICI')
    await userEvent.click(within(form).getByRole('button', { name: 'Kategoriyi ekle' }))
    expect(await screen.findByText('Kategori eklendi: Kırıcılar')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('category-add-form')).toBeNull())
    await waitFor(() => expect(posts()[1]?.body).toMatchObject({ code: 'KIRICI', parentId: 2 }))
  })

  it("moves a category under another parent, offering neither itself nor its own subcategories, and shows the server's refusal under the parent", async () => {
    serveCategories()
    server.use(
      http.patch('/yonetim/categories/:id', () =>
        apiError(400, 'validation', 'Gönderilen bilgiler geçersiz.', {
          parentId: 'Kategori kendi alt kategorisinin altına taşınamaz.',
        }),
      ),
    )
    const requests = recordRequests()
    open()
    await userEvent.click(await screen.findByRole('button', { name: 'Matkaplar kategorisini düzenle' }))
    const form = await screen.findByTestId('category-edit-form')
    const parent = within(form).getByTestId('category-parent') as HTMLSelectElement
    expect([...parent.options].map((o) => o.value)).toEqual(['top', '1', '3', '4'])
    await userEvent.selectOptions(parent, '4')
    await userEvent.click(within(form).getByRole('button', { name: 'Kaydet' }))
    expect(await within(form).findByText('Kategori kendi alt kategorisinin altına taşınamaz.')).toBeTruthy()
    expect(parent.value).toBe('4')
    const patch = requests.find((r) => r.method === 'PATCH')!
    expect(patch.path).toBe('/yonetim/categories/2')
    // Only the parent changed: only the parent is sent.
    await waitFor(() => expect(patch.body).toEqual({ parentId: 4 }))
  })

  it('moves a category up among its siblings, sending their new order, and keeps the focus on its button', async () => {
    serveCategories()
    server.use(
      http.post('/yonetim/categories/reorder', () =>
        apiJson(staffCategoryListSchema, {
          items: [
            CATEGORIES[0]!,
            { ...CATEGORIES[3]!, sortOrder: 0 },
            { ...CATEGORIES[1]!, sortOrder: 1 },
            CATEGORIES[2]!,
            CATEGORIES[4]!,
          ],
        }),
      ),
    )
    const requests = recordRequests()
    open()
    const up = await screen.findByRole('button', { name: 'Testereler kategorisini yukarı taşı' })
    await userEvent.click(up)
    await waitFor(() =>
      expect(rows().map((row) => row.querySelector('p')?.textContent)).toEqual([
        'El aletleri',
        'Testereler',
        'Matkaplar',
        'Spiral matkaplar',
        'Bahçe',
      ]),
    )
    const reorder = requests.find((r) => r.path === '/yonetim/categories/reorder')!
    await waitFor(() => expect(reorder.body).toEqual({ parentId: 1, ids: [3, 2] }))
    await waitFor(() => expect(document.activeElement).toBe(up))
    expect(up.isConnected).toBe(true)
    // First among its siblings now: the button says so, and keeps the focus.
    expect(up.getAttribute('aria-disabled')).toBe('true')
    await userEvent.keyboard('{Enter}')
    expect(requests.filter((r) => r.path === '/yonetim/categories/reorder')).toHaveLength(1)
  })

  it('gives a read-only role the tree to read and nothing to change', async () => {
    serveCategories()
    open('readonly')
    await screen.findByTestId('category-tree')
    expect(screen.getByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Yeni kategori' })).toBeNull()
    expect(screen.queryByRole('button', { name: /yukarı taşı/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /düzenle/ })).toBeNull()
  })

  it('offers to try again when the categories cannot be loaded', async () => {
    server.use(http.get('/yonetim/categories', () => HttpResponse.json({}, { status: 500 })))
    open()
    expect(await screen.findByText('Kategoriler yüklenemedi.')).toBeTruthy()
  })

  it('shows the English name first to an English reader', async () => {
    serveCategories()
    open('owner', undefined, 'en')
    await screen.findByTestId('category-tree')
    expect(rowOf('Hand tools')).toBeTruthy()
    expect(lineOf('Hand tools').textContent).toContain('Turkish: El aletleri')
    expect(within(lineOf('Hand tools')).getByTestId('category-count').textContent).toBe('12 products')
  })
})

const brand = (over: Partial<StaffBrand> = {}): StaffBrand => ({
  id: 7,
  code: 'BOSCH',
  name: 'Bosch',
  productCount: 40,
  models: [{ id: 71, code: 'GSB', name: 'GSB 13 RE' }],
  ...over,
})

describe('the brands', () => {
  it('lists the brands with their product counts and adds a model to one', async () => {
    let current = brand()
    server.use(
      http.get('/yonetim/brands', () => apiJson(staffBrandListSchema, { items: [current] })),
      http.post('/yonetim/brands/:id/models', () => {
        current = brand({ models: [...current.models, { id: 72, code: 'GBH', name: 'GBH 2-26' }] })
        return apiJson(staffBrandSchema, current, { status: 201 })
      }),
    )
    const requests = recordRequests()
    open('catalogue', 'markalar')
    const table = await screen.findByTestId('brands-table')
    const row = within(table).getByText('Bosch').closest('tr') as HTMLElement
    expect(row.textContent).toContain('40')
    const toggle = within(row).getByRole('button', { name: '1 model: Bosch' })
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await screen.findByText('GSB 13 RE')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Model ekle' }))
    const form = await screen.findByTestId('model-add-form')
    await userEvent.type(within(form).getByRole('textbox', { name: /Model kodu/ }), 'GBH')
    await userEvent.type(within(form).getByRole('textbox', { name: /Model adı/ }), 'GBH 2-26{enter}')
    expect(await screen.findByText('GBH 2-26')).toBeTruthy()
    const post = requests.find((r) => r.method === 'POST')!
    expect(post.path).toBe('/yonetim/brands/7/models')
    await waitFor(() => expect(post.body).toEqual({ code: 'GBH', name: 'GBH 2-26' }))
  })

  it('renames a brand, sending only the new name', async () => {
    server.use(
      http.get('/yonetim/brands', () => apiJson(staffBrandListSchema, { items: [brand()] })),
      http.patch('/yonetim/brands/:id', () =>
        apiJson(staffBrandSchema, brand({ name: 'Bosch Professional' })),
      ),
    )
    const requests = recordRequests()
    open('owner', 'markalar')
    await userEvent.click(await screen.findByRole('button', { name: 'Bosch markasını yeniden adlandır' }))
    const form = await screen.findByTestId('brand-rename-form')
    const name = within(form).getByRole('textbox', { name: /Marka adı/ })
    await userEvent.clear(name)
    await userEvent.type(name, 'Bosch Professional{enter}')
    expect(await screen.findByText('Kaydedildi: Bosch Professional')).toBeTruthy()
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Bosch Professional' }),
    )
  })
})

const warehouse = (
  over: Partial<StaffWarehouse> & Pick<StaffWarehouse, 'id' | 'code' | 'name'>,
): StaffWarehouse => ({
  sortOrder: 0,
  totalQuantity: 0,
  ...over,
})

describe('the warehouses', () => {
  it('moves a warehouse down by giving each moved one its new place, the focus staying on its button (phone)', async () => {
    mockPhoneWidth()
    let items = [
      warehouse({ id: 1, code: 'MERKEZ', name: 'Merkez', sortOrder: 0, totalQuantity: 12500 }),
      warehouse({ id: 2, code: 'IZMIR', name: 'İzmir', sortOrder: 1, totalQuantity: 40 }),
      warehouse({ id: 3, code: 'ANKARA', name: 'Ankara', sortOrder: 2 }),
    ]
    server.use(
      http.get('/yonetim/warehouses', () =>
        apiJson(staffWarehouseListSchema, { items: [...items].sort((a, b) => a.sortOrder - b.sortOrder) }),
      ),
      http.patch('/yonetim/warehouses/:id', async ({ request, params }) => {
        const body = (await request.json()) as { sortOrder: number }
        items = items.map((w) => (w.id === Number(params.id) ? { ...w, sortOrder: body.sortOrder } : w))
        return apiJson(staffWarehouseSchema, items.find((w) => w.id === Number(params.id))!)
      }),
    )
    const requests = recordRequests()
    open('catalogue', 'depolar')
    const cards = await screen.findAllByTestId('warehouse-card')
    expect(cards[0]!.textContent).toContain('Stok: 12.500')
    const down = screen.getByRole('button', { name: 'Merkez deposunu aşağı taşı' })
    await userEvent.click(down)
    const names = () => screen.getAllByTestId('warehouse-card').map((c) => c.querySelector('p')?.textContent)
    await waitFor(() => expect(names()).toEqual(['1. İzmir', '2. Merkez', '3. Ankara']))
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2))
    const patches = requests.filter((r) => r.method === 'PATCH')
    await waitFor(() =>
      expect(patches.map((r) => [r.path, r.body])).toEqual([
        ['/yonetim/warehouses/2', { sortOrder: 0 }],
        ['/yonetim/warehouses/1', { sortOrder: 1 }],
      ]),
    )
    await waitFor(() => expect(document.activeElement).toBe(down))
    // The list read again after the moves is the order they made.
    await waitFor(() => expect(requests.filter((r) => r.path === '/yonetim/warehouses')).toHaveLength(2))
    expect(names()).toEqual(['1. İzmir', '2. Merkez', '3. Ankara'])
  })
})
