// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { faultCategoryListSchema, faultProductListSchema } from '../../../contracts/service'
import { dealerBootstrap } from '../../test/fixtures'
import { apiJson, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { FaultProductPicker } from './FaultProductPicker'

/** A small tree: 1 Elektrikli Aletler > 10 Matkaplar > 100 Akülü; 2 Hırdavat (no products anywhere). */
const subcategories: Record<string, Array<{ id: number; name: string }>> = {
  '0': [
    { id: 1, name: 'Elektrikli Aletler' },
    { id: 2, name: 'Hırdavat' },
  ],
  '1': [{ id: 10, name: 'Matkaplar' }],
  '10': [{ id: 100, name: 'Akülü Matkaplar' }],
  '100': [],
  '2': [],
}
const products: Record<string, Array<{ id: number; code: string; name: string }>> = {
  '1': [],
  '2': [],
  '10': [
    { id: 501, code: 'DM-800', name: 'Darbeli Matkap 800W' },
    { id: 502, code: 'KM-500', name: 'Kırıcı Matkap' },
  ],
  '100': [{ id: 601, code: 'AK-18', name: 'Akülü Matkap 18V' }],
}

function serveTree() {
  server.use(
    http.get('/api/catalog/faultreport/basecategories/:id', ({ params }) =>
      apiJson(faultCategoryListSchema, subcategories[String(params.id)] ?? []),
    ),
    http.get('/api/catalog/faultreport/product/:id', ({ params }) =>
      apiJson(faultProductListSchema, products[String(params.id)] ?? []),
    ),
  )
  return recordRequests()
}

/** The picker beside a stand-in for the form's productCode field. */
function Harness() {
  const [code, setCode] = useState('')
  return (
    <>
      <output data-testid="productCode">{code}</output>
      <FaultProductPicker onPick={setCode} />
    </>
  )
}

function renderPicker() {
  renderWithProviders(<Harness />, { bootstrap: dealerBootstrap(), route: '/ariza-bildirimi' })
  fireEvent.click(screen.getByRole('button', { name: 'Ürün Seç' }))
  return screen.getByRole('dialog', { name: 'Ürün Seçiniz' })
}

/** Opens a Mantine Select by its label and clicks one of its options. */
async function choose(dialog: HTMLElement, label: string, option: string) {
  const input = await within(dialog).findByRole('combobox', { name: label })
  await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false))
  fireEvent.click(input)
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

afterEach(() => vi.restoreAllMocks())

describe('the fault report picker', () => {
  it('cascades base category → subcategories → products and writes the code into productCode', async () => {
    const requests = serveTree()
    const dialog = renderPicker()
    const base = within(dialog).getByRole('combobox', { name: 'Ana kategori' })
    expect(base.getAttribute('placeholder')).toBe('Kategori Seçiniz...')
    // While the base level loads its select waits, disabled.
    expect((base as HTMLInputElement).disabled).toBe(true)

    await choose(dialog, 'Ana kategori', 'Elektrikli Aletler')
    // Elektrikli Aletler has a subcategory and no products: a second level, no product select.
    await choose(dialog, '1. alt kategori', 'Matkaplar')
    const product = await within(dialog).findByRole('combobox', { name: 'Ürün' })
    expect(product.getAttribute('placeholder')).toBe('Ürün Seçiniz...')
    // Matkaplar has products and a subcategory of its own: both are offered.
    expect(within(dialog).getByRole('combobox', { name: '2. alt kategori' })).toBeTruthy()

    fireEvent.click(product)
    fireEvent.click(await screen.findByRole('option', { name: 'KM-500 - Kırıcı Matkap' }))
    expect(screen.getByTestId('productCode').textContent).toBe('KM-500')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    const paths = requests.map((r) => r.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/catalog/faultreport/basecategories/0',
        '/api/catalog/faultreport/basecategories/1',
        '/api/catalog/faultreport/product/1',
        '/api/catalog/faultreport/basecategories/10',
        '/api/catalog/faultreport/product/10',
      ]),
    )
  })

  it('drops the deeper levels when a higher one changes, and says when a leaf has no products', async () => {
    serveTree()
    const dialog = renderPicker()
    await choose(dialog, 'Ana kategori', 'Elektrikli Aletler')
    await choose(dialog, '1. alt kategori', 'Matkaplar')
    await within(dialog).findByRole('combobox', { name: 'Ürün' })

    await choose(dialog, 'Ana kategori', 'Hırdavat')
    expect((await within(dialog).findByTestId('fault-picker-empty')).textContent).toBe(
      'Bu kategoride ürün bulunmuyor.',
    )
    expect(within(dialog).queryByRole('combobox', { name: '1. alt kategori' })).toBeNull()
    expect(within(dialog).queryByRole('combobox', { name: 'Ürün' })).toBeNull()
  })

  it('keeps the chosen path when opened again', async () => {
    serveTree()
    const dialog = renderPicker()
    await choose(dialog, 'Ana kategori', 'Elektrikli Aletler')
    await choose(dialog, '1. alt kategori', 'Matkaplar')
    await choose(dialog, 'Ürün', 'DM-800 - Darbeli Matkap 800W')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Ürün Seç' }))
    const again = screen.getByRole('dialog', { name: 'Ürün Seçiniz' })
    expect((within(again).getByRole('combobox', { name: 'Ana kategori' }) as HTMLInputElement).value).toBe(
      'Elektrikli Aletler',
    )
    expect((within(again).getByRole('combobox', { name: '1. alt kategori' }) as HTMLInputElement).value).toBe(
      'Matkaplar',
    )
  })

  it('logs a failed load to the console and shows the user no message (spec/2 §8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get('/api/catalog/faultreport/basecategories/:id', () => HttpResponse.json({}, { status: 500 })),
    )
    const dialog = renderPicker()
    await waitFor(() => expect(log).toHaveBeenCalled())
    expect(String(log.mock.calls[0]![0])).toContain('Fault report picker')
    expect(within(dialog).queryByRole('alert')).toBeNull()
    expect(within(dialog).getByRole('combobox', { name: 'Ana kategori' })).toBeTruthy()
  })
})
