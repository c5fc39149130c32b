// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type StaffProduct, staffProductSchema } from '../../../../contracts/staff-products'
import type { StaffRole } from '../../../../domain/staff-access'
import { historyHandler } from '../../../test/history-fixtures'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { product, refHandlers, staffBootstrap } from '../../../test/staff-product-fixtures'
import { ProductEditorPage } from './ProductEditorPage'

afterEach(() => vi.restoreAllMocks())

/** The product at GET /yonetim/products/:id; PATCH answers with `patched` (or what `patch` returns). */
function serveProduct(stored: StaffProduct = product(), patch?: () => Response) {
  server.use(
    ...refHandlers(),
    historyHandler(),
    http.get('/yonetim/products/:id', () => apiJson(staffProductSchema, stored)),
    http.patch('/yonetim/products/:id', patch ?? (() => apiJson(staffProductSchema, stored))),
  )
  return recordRequests()
}

const renderEditor = (route: string, role: StaffRole = 'catalogue') =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/yonetim/urunler/yeni" element={<ProductEditorPage />} />
        <Route path="/yonetim/urunler/:id" element={<ProductEditorPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap: staffBootstrap(role), route },
  )

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement
const location = () => screen.getByTestId('location').textContent
const sent = (requests: ReturnType<typeof recordRequests>, method: string) =>
  requests.filter((r) => r.method === method && r.url.pathname.startsWith('/yonetim/products'))

async function choose(testId: string, option: string) {
  fireEvent.click(screen.getByTestId(testId))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

describe('the product editor', () => {
  it('creates a product with two units: a refused field is named under it with what was typed kept, then it is saved and opened at its address', async () => {
    const created = product({ id: 77, code: 'YNI-1', name: 'Akülü Vidalama' })
    const answers = [
      () =>
        apiError(400, 'validation', 'Girilen bilgiler geçersiz.', {
          'units.1.multiplier': 'En fazla 1000000 olabilir.',
        }),
      () => apiJson(staffProductSchema, created, { status: 201 }),
    ]
    const requests = serveProduct(created)
    server.use(http.post('/yonetim/products', () => answers.shift()!()))
    renderEditor('/yonetim/urunler/yeni', 'owner')
    expect(await screen.findByRole('heading', { level: 1, name: 'Yeni ürün' })).toBeTruthy()
    // Every warehouse is there, at 0; the one unit is Adet, its default.
    await waitFor(() => expect(input('product-stock-IZM').value).toBe('0'))
    expect(input('unit-name-0').value).toBe('Adet')

    fireEvent.change(input('product-code'), { target: { value: 'YNI-1' } })
    fireEvent.change(input('product-name'), { target: { value: 'Akülü Vidalama' } })
    await choose('product-category', 'Matkaplar (MATKAP)')
    fireEvent.change(input('product-sale-price'), { target: { value: '1.250,50' } })
    fireEvent.click(screen.getByTestId('unit-add'))
    fireEvent.change(input('unit-name-1'), { target: { value: 'Koli' } })
    fireEvent.change(input('unit-multiplier-1'), { target: { value: '12' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Varsayılan birim: Koli' }))
    fireEvent.change(input('product-stock-MRK'), { target: { value: '5' } })
    fireEvent.click(screen.getByTestId('product-save'))

    expect(await screen.findByText('En fazla 1000000 olabilir.')).toBeTruthy()
    expect(screen.getByText('Girilen bilgiler geçersiz.')).toBeTruthy()
    expect(input('unit-name-1').value).toBe('Koli')
    expect(input('product-sale-price').value).toBe('1.250,50')
    await waitFor(() => expect(document.activeElement).toBe(input('unit-multiplier-1')))
    const [first] = sent(requests, 'POST')
    await waitFor(() =>
      expect(first?.body).toEqual({
        code: 'YNI-1',
        name: 'Akülü Vidalama',
        categoryCode: 'MATKAP',
        salePrice: '1250.50',
        currency: 'TRY',
        taxRate: '20',
        units: [
          { name: 'Adet', multiplier: 1, barcode: null, isDefault: false },
          { name: 'Koli', multiplier: 12, barcode: null, isDefault: true },
        ],
        isActive: true,
        stock: [{ warehouseCode: 'MRK', quantity: 5 }],
      }),
    )

    fireEvent.click(screen.getByTestId('product-save'))
    await waitFor(() => expect(location()).toBe('/yonetim/urunler/77'))
    expect(await screen.findByText('Kaydedildi')).toBeTruthy()
    expect(await screen.findByRole('heading', { level: 1, name: 'Akülü Vidalama' })).toBeTruthy()
  })

  it('names a missing or unreadable field before sending anything', async () => {
    const requests = serveProduct()
    renderEditor('/yonetim/urunler/yeni')
    await screen.findByTestId('product-code')
    fireEvent.change(input('product-sale-price'), { target: { value: '1.250' } })
    fireEvent.click(screen.getByTestId('product-save'))
    expect(await screen.findAllByText('Bu alan zorunlu.')).toHaveLength(3)
    expect(screen.getByText('Geçerli bir sayı yazın (örneğin 1250,50).')).toBeTruthy()
    expect(sent(requests, 'POST')).toHaveLength(0)
    await waitFor(() => expect(document.activeElement).toBe(input('product-code')))
  })

  it('shows the stored product in its sections: prices in the reader’s format, plan prices named by their plans', async () => {
    serveProduct()
    renderEditor('/yonetim/urunler/5')
    expect(await screen.findByRole('heading', { level: 1, name: 'Darbeli Matkap 650 W' })).toBeTruthy()
    expect(screen.getByText('Ürün kodu: BSH-100')).toBeTruthy()
    expect(input('product-name-en').value).toBe('Impact Drill 650 W')
    expect(input('product-sale-price').value).toBe('1250,50')
    expect(input('product-tax-rate').value).toBe('20')
    expect(input('product-plan-price-0').value).toBe('1300,00')
    expect(input('product-plan-price-0').labels?.[0]?.textContent).toBe('30 Gün Vadeli')
    expect(input('product-plan-price-1').labels?.[0]?.textContent).toBe('Plan 2')
    await waitFor(() => expect(input('product-category').value).toBe('Matkaplar (MATKAP)'))
    expect(input('product-model').value).toBe('GSB 13 RE')
    expect(input('product-stock-MRK').value).toBe('10')
    expect(screen.getByText('GSB13')).toBeTruthy()
    // The description's editor loads on its own, its tools named in Turkish.
    expect(await screen.findByRole('button', { name: 'Kalın' })).toBeTruthy()
  })

  it('sends only the fields changed, and starts again from the stored product', async () => {
    const answer = product({
      name: 'Darbeli Matkap 700 W',
      stock: [
        { warehouseCode: 'MRK', warehouseName: 'Merkez', quantity: 7 },
        { warehouseCode: 'IZM', warehouseName: 'İzmir', quantity: 0 },
      ],
    })
    const requests = serveProduct(product(), () => apiJson(staffProductSchema, answer))
    renderEditor('/yonetim/urunler/5')
    await waitFor(() => expect(input('product-name').value).toBe('Darbeli Matkap 650 W'))
    fireEvent.change(input('product-name'), { target: { value: 'Darbeli Matkap 700 W' } })
    fireEvent.change(input('product-stock-MRK'), { target: { value: '7' } })
    expect(screen.getByText('Kaydedilmemiş değişiklikler var')).toBeTruthy()
    fireEvent.click(screen.getByTestId('product-save'))
    expect(await screen.findByText('Kaydedildi')).toBeTruthy()
    const patches = sent(requests, 'PATCH')
    expect(patches.map((r) => r.url.pathname)).toEqual(['/yonetim/products/5'])
    await waitFor(() =>
      expect(patches[0]?.body).toEqual({
        name: 'Darbeli Matkap 700 W',
        stock: [{ warehouseCode: 'MRK', quantity: 7 }],
      }),
    )
    await waitFor(() => expect(screen.queryByText('Kaydedilmemiş değişiklikler var')).toBeNull())
  })

  it('keeps a unit’s own price: while one has it, the units go with any change', async () => {
    const stored = product({
      units: [
        {
          name: 'Adet',
          multiplier: 1,
          barcode: null,
          price: '1250.5000',
          listPrice: '1500.0000',
          isDefault: true,
        },
        {
          name: 'Koli',
          multiplier: 12,
          barcode: '869001',
          price: '14000.0000',
          listPrice: '17000.0000',
          isDefault: false,
        },
      ],
    })
    const requests = serveProduct(stored)
    renderEditor('/yonetim/urunler/5')
    await waitFor(() => expect(input('unit-price-1').value).toBe('14000,00'))
    expect(input('unit-price-0').value).toBe('')
    fireEvent.change(input('product-name'), { target: { value: 'Darbeli Matkap' } })
    fireEvent.click(screen.getByTestId('product-save'))
    await waitFor(() => expect(sent(requests, 'PATCH')).toHaveLength(1))
    await waitFor(() =>
      expect(sent(requests, 'PATCH')[0]?.body).toEqual({
        name: 'Darbeli Matkap',
        units: [
          { name: 'Adet', multiplier: 1, barcode: null, isDefault: true },
          {
            name: 'Koli',
            multiplier: 12,
            barcode: '869001',
            price: '14000.00',
            listPrice: '17000.00',
            isDefault: false,
          },
        ],
      }),
    )
  })

  it('shows a taken code under the code field (409), keeping it as typed', async () => {
    serveProduct(product(), () =>
      apiError(409, 'code_taken', 'Girilen bilgiler geçersiz.', {
        code: 'code: BSH-200 başka bir üründe kullanılıyor.',
      }),
    )
    renderEditor('/yonetim/urunler/5')
    await waitFor(() => expect(input('product-code').value).toBe('BSH-100'))
    fireEvent.change(input('product-code'), { target: { value: 'BSH-200' } })
    fireEvent.click(screen.getByTestId('product-save'))
    expect(await screen.findByText('code: BSH-200 başka bir üründe kullanılıyor.')).toBeTruthy()
    expect(input('product-code').value).toBe('BSH-200')
    expect(input('product-code').getAttribute('aria-invalid')).toBe('true')
  })

  it('saves with Ctrl+Enter, not with Enter in a field', async () => {
    const requests = serveProduct()
    renderEditor('/yonetim/urunler/5')
    await waitFor(() => expect(input('product-name').value).toBe('Darbeli Matkap 650 W'))
    await userEvent.type(input('product-name'), ' Pro{Enter}')
    expect(sent(requests, 'PATCH')).toHaveLength(0)
    await userEvent.keyboard('{Control>}{Enter}{/Control}')
    await waitFor(() => expect(sent(requests, 'PATCH')).toHaveLength(1))
    await waitFor(() =>
      expect(sent(requests, 'PATCH')[0]?.body).toEqual({ name: 'Darbeli Matkap 650 W Pro' }),
    )
  })

  it('lists a parent’s variants with links to their editors', async () => {
    serveProduct(
      product({
        variantDimensions: ['Renk'],
        variants: [{ id: 6, code: 'BSH-100-K', values: ['Kırmızı'], active: true }],
      }),
    )
    renderEditor('/yonetim/urunler/5')
    const list = await screen.findByTestId('product-variants')
    expect(within(list).getByRole('link', { name: 'BSH-100-K' }).getAttribute('href')).toBe(
      '/yonetim/urunler/6',
    )
    expect(list.textContent).toContain('Kırmızı')
    expect((screen.getByTestId('product-kind-parent') as HTMLInputElement).checked).toBe(true)
  })

  it('gives a role that only reads the catalogue the fields without a save button', async () => {
    serveProduct()
    renderEditor('/yonetim/urunler/5', 'readonly')
    await waitFor(() => expect(input('product-name').value).toBe('Darbeli Matkap 650 W'))
    expect(screen.getByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeTruthy()
    expect(screen.queryByTestId('product-save')).toBeNull()
    expect(screen.queryByTestId('unit-add')).toBeNull()
    expect(input('product-name').readOnly).toBe(true)
  })

  it('says so for a product that does not exist', async () => {
    server.use(
      ...refHandlers(),
      http.get('/yonetim/products/:id', () => apiError(404, 'not_found', 'Bulunamadı')),
    )
    renderEditor('/yonetim/urunler/404')
    expect(await screen.findByTestId('product-not-found')).toBeTruthy()
  })
})
