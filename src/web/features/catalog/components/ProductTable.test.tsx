// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PaymentPlan } from '../../../../contracts/bootstrap'
import { cartSchema } from '../../../../contracts/cart'
import type { Product } from '../../../../contracts/catalog'
import { defaultStoreSettings } from '../../../../contracts/settings'
import { emptyCart } from '../../../test/cart-fixtures'
import { catalogProduct } from '../../../test/catalog-fixtures'
import { dealerBootstrap } from '../../../test/fixtures'
import { apiJson } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { ProductTable } from './ProductTable'

const plan = (id: number, name: string, priceName: string, varsayilan = false): PaymentPlan => ({
  id,
  name,
  priceName,
  varsayilan,
  isVirtual: false,
})
/** The demo store's four plans: more than two, so they fold into the price-info control. */
const fourPlans = [
  plan(1, 'Peşin', 'salePrice', true),
  plan(2, '30 Gün Vadeli', 'advencePrice1'),
  plan(3, '60 Gün Vadeli', 'advencePrice2'),
  plan(4, 'Kredi Kartı', 'advencePrice3'),
]
const twoPlans = fourPlans.slice(0, 2)

function renderTable(products: Product[], paymentPlans: PaymentPlan[]) {
  const bootstrap = dealerBootstrap({
    settings: {
      ...defaultStoreSettings,
      showPaymentPlanPrice: true,
      showListPrice: true,
      b2b_urun_detay_ozel_kod_gosterim: true,
    },
    paymentPlans,
  })
  return renderWithProviders(<ProductTable products={products} />, { bootstrap })
}

const headers = () =>
  within(screen.getByTestId('product-table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent)
const rowOf = (name: string) =>
  screen.getAllByTestId('product-row').find((row) => within(row).queryByRole('link', { name })) as HTMLElement

beforeEach(() => {
  server.use(http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())))
})

describe('ProductTable', () => {
  it('folds more than two payment plans into the price-info control beside the one price column', async () => {
    renderTable([catalogProduct()], fourPlans)
    expect(headers()).toEqual([
      'Görsel',
      'Kod',
      'Ürün Adı',
      'Marka',
      'Model',
      'Özel Kod',
      'Miktar',
      'Liste Fiyatı',
      'Fiyat',
      'KDV',
      'Stok',
      'Depo',
      'Sepet',
    ])
    const row = rowOf('Fren Balatası')
    expect(within(row).getByTestId('sale-price').textContent).toContain('1.234,50 ₺')
    fireEvent.click(
      within(row).getByRole('button', { name: 'Fren Balatası için ödeme planı fiyatlarını göster' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Fiyat Bilgisi' })
    const planRows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent)
    expect(planRows).toEqual([
      'Peşin1.234,50 ₺',
      '30 Gün Vadeli1.270,00 ₺',
      '60 Gün Vadeli1.300,00 ₺',
      expect.stringMatching(/^Kredi Kartı/),
    ])
  })

  it('shows one or two plans as columns of their own, with no price-info control', () => {
    renderTable([catalogProduct()], twoPlans)
    expect(headers().slice(6, 10)).toEqual(['Miktar', 'Liste Fiyatı', 'Peşin', '30 Gün Vadeli'])
    const row = rowOf('Fren Balatası')
    expect(within(row).getByText('1.270,00 ₺')).toBeTruthy()
    expect(within(row).queryByRole('button', { name: /ödeme planı fiyatlarını göster/ })).toBeNull()
  })

  it.each([
    { plans: 'four plans', paymentPlans: fourPlans },
    { plans: 'two plans', paymentPlans: twoPlans },
  ])('shows the ask-price state for a sale price of 0, never "0,00 ₺" ($plans)', ({ paymentPlans }) => {
    const tl = (value: number) => ({ value, currency: 'TRY' })
    renderTable(
      [catalogProduct({ id: 7, name: 'Fiyatsız Ürün', salePrice: tl(0), advencePrice1: tl(0) })],
      paymentPlans,
    )
    const row = rowOf('Fiyatsız Ürün')
    // No zero amount anywhere in the row (the list price 1.500,00 ₺ would contain '0,00 ₺' itself).
    expect(row.textContent).not.toMatch(/(^|[^\d.])0,00 ₺/)
    expect(within(row).queryByTestId('discount-badge')).toBeNull()
    expect(within(row).getByTestId('sale-price').textContent).toBe('Fiyat Sorunuz')
    expect(within(row).queryByRole('button', { name: /ödeme planı fiyatlarını göster/ })).toBeNull()
    expect(within(row).queryByRole('button', { name: 'Sepete Ekle' })).toBeNull()
  })

  it('marks what a phone’s compact row keeps: code, name, quantity, price, stock, warehouses and the cart control', () => {
    renderTable([catalogProduct()], fourPlans)
    const cells = [...rowOf('Fren Balatası').querySelectorAll('td')]
    const kept = cells.filter((td) => td.dataset.area).map((td) => `${td.dataset.col}:${td.dataset.area}`)
    expect(kept).toEqual([
      'code:code',
      'name:name',
      'quantity:quantity',
      'price:price',
      'stock:stock',
      'warehouse:warehouse',
      'addToCart:cart',
    ])
    const dropped = cells.filter((td) => td.dataset.compact === 'false').map((td) => td.dataset.col)
    expect(dropped).toEqual(['image', 'brand', 'model', 'specialCode', 'listPrice', 'taxRate'])
  })

  it('keeps the sale price’s plan column in a compact row when plans are columns', () => {
    renderTable(
      [catalogProduct()],
      [plan(2, '30 Gün Vadeli', 'advencePrice1'), plan(1, 'Peşin', 'salePrice', true)],
    )
    const cells = [...rowOf('Fren Balatası').querySelectorAll('td')]
    expect(cells.filter((td) => td.dataset.area === 'price').map((td) => td.dataset.col)).toEqual(['plan-1'])
    expect(cells.find((td) => td.dataset.col === 'plan-2')?.dataset.compact).toBe('false')
  })

  it('opens the warehouse stock from the icon button of the warehouse column', async () => {
    renderTable([catalogProduct()], fourPlans)
    fireEvent.click(screen.getByRole('button', { name: 'Depolar: Fren Balatası için depo stokları' }))
    const dialog = await screen.findByRole('dialog', { name: 'Depo Stok Durumu' })
    expect(within(dialog).getByText('Merkez Depo')).toBeTruthy()
  })
})
