import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { brands, categories, currencies, products } from '../../db/schema/catalogue'

export type ProductExportFilter = {
  categoryId?: number | undefined
  brandId?: number | undefined
  active?: boolean | undefined
}

/** A category takes in its subcategories: every category whose path is its own or under it. */
const inCategory = (categoryId: number): SQL => sql`${products.categoryId} in (
  select c.id from categories c, categories picked
  where picked.id = ${categoryId} and (c.path = picked.path or starts_with(c.path, picked.path || '/')))`

/**
 * The catalogue export's page: products (variants too) by code after `after` (products_code_uq),
 * with their category, brand and currency.
 */
export async function findProductExportPage(
  db: Db,
  filter: ProductExportFilter,
  after: { code: string } | null,
  limit: number,
) {
  const parent = alias(products, 'parent')
  return db
    .select({
      code: products.code,
      name: products.name,
      barcode: products.barcode,
      parentCode: parent.code,
      category: categories.name,
      brand: brands.name,
      salePrice: products.salePrice,
      listPrice: products.listPrice,
      currency: currencies.code,
      taxRate: products.taxRate,
      quantity: products.quantity,
      isActive: products.isActive,
    })
    .from(products)
    .innerJoin(currencies, eq(currencies.id, products.currencyId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(parent, eq(parent.id, products.parentId))
    .where(
      and(
        filter.categoryId === undefined ? undefined : inCategory(filter.categoryId),
        filter.brandId === undefined ? undefined : eq(products.brandId, filter.brandId),
        filter.active === undefined ? undefined : eq(products.isActive, filter.active),
        after ? gt(products.code, after.code) : undefined,
      ),
    )
    .orderBy(asc(products.code))
    .limit(limit)
}

export type ProductExportRow = Awaited<ReturnType<typeof findProductExportPage>>[number]
