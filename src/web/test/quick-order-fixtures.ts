import type { ProductDetail } from '../../contracts/catalog'
import { type QuickOrderLine, quickOrderLineSchema } from '../../contracts/quick-order'
import { catalogProduct } from './catalog-fixtures'

/**
 * A line of the quick order's preview as the server answers it: by default 'FB-100 2' found as
 * 'Fren Balatası' (Adet 1 234,50 ₺ or Koli 14 000 ₺, 12 in stock), ready.
 */
export function quickLine(
  overrides: Partial<QuickOrderLine> & { productOverrides?: Partial<ProductDetail> } = {},
): QuickOrderLine {
  const { productOverrides, ...rest } = overrides
  const product = catalogProduct(productOverrides)
  return quickOrderLineSchema.parse({
    line: 1,
    input: `${product.code} 2`,
    status: 'ok',
    typedCode: product.code,
    productId: product.id,
    code: product.code,
    product,
    quantity: 2,
    unitId: product.units[0]!.id,
    problems: [],
    ...rest,
  })
}

/** A line whose code names no product, with the products it may have meant (no quantity, as the server sends it). */
export function unknownLine(overrides: Partial<QuickOrderLine> = {}): QuickOrderLine {
  return quickOrderLineSchema.parse({
    line: 1,
    input: 'FB-10O 3',
    status: 'problem',
    typedCode: 'FB-10O',
    problems: [{ code: 'unknown_code', message: '"FB-10O" kodlu bir ürün bulunamadı.' }],
    suggestions: [
      { productId: 1, code: 'FB-100', name: 'Fren Balatası' },
      { productId: 7, code: 'FB-101', name: 'Fren Balatası Arka' },
    ],
    ...overrides,
  })
}
