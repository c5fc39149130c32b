import type { Product } from '../../../contracts/catalog'
import { codeKey } from '../../../domain/quick-order'
import type { CachedDb } from '../../cache/caches'
import type { AuthUser } from '../../identity'
import { findProductsByCodeKeys } from './order-codes.repository'
import { loadPricingContext } from './pricing.service'
import { toProduct } from './product-mapper'
import { findProductsByIds } from './products.repository'

/**
 * A product a typed code names, as the dealer sees it (priced, stock as the store shows it), with
 * what the cart's rules read of it that the dealer may not see (the stock itself), and the unit when
 * the code was a unit's own barcode.
 */
export type CodedProduct = {
  product: Product
  stock: number
  salePrice: number
  parentId: number | null
  variantDimensions: string[] | null
  unitId: number | null
  active: boolean
}

/**
 * For each typed code (keyed by domain/quick-order.ts codeKey), the products whose code,
 * barcode, unit barcode or equivalent code it is: one statement for the codes and one for the rows,
 * whatever their number.
 */
export async function productsForCodes(
  data: CachedDb,
  user: AuthUser,
  typed: string[],
): Promise<Map<string, CodedProduct[]>> {
  const matches = await findProductsByCodeKeys(data.db, [...new Set(typed.map(codeKey))])
  const rows = await findProductsByIds(data.db, [...new Set(matches.map((m) => m.productId))])
  const ctx = await loadPricingContext(data, user)
  const byId = new Map(rows.map((row) => [row.id, row]))
  const found = new Map<string, CodedProduct[]>()
  for (const match of matches) {
    const row = byId.get(match.productId)
    if (!row) continue
    const list = found.get(match.key) ?? []
    // A product named twice by one code (its code and an equivalent code) is one match.
    if (list.some((c) => c.product.id === row.id)) continue
    list.push({
      product: toProduct(row, ctx),
      stock: row.quantity,
      salePrice: Number(row.salePrice),
      parentId: row.parentId,
      variantDimensions: row.variantDimensions,
      unitId: match.unitId,
      active: match.active,
    })
    found.set(match.key, list)
  }
  return found
}
