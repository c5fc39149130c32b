import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { StaffProductsQuery } from '../../../contracts/staff-products'
import type { Db } from '../../db/client'
import { countUpTo } from '../../db/count'
import { brands, categories, currencies, models, products, warehouses } from '../../db/schema/catalogue'

/** The staff table's filter, its text already folded as the search document is (search-query.ts). */
export type StaffProductFilter = {
  folded: string
  categoryId?: number | undefined
  brandId?: number | undefined
  active?: boolean | undefined
}

/** A category takes in its subcategories: every category whose path is its own or under it. */
const inCategory = (categoryId: number): SQL => sql`${products.categoryId} in (
  select c.id from categories c, categories picked
  where picked.id = ${categoryId} and (c.path = picked.path or starts_with(c.path, picked.path || '/')))`

function whereOf(filter: StaffProductFilter): SQL | undefined {
  const pattern = `%${filter.folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return and(
    filter.folded ? sql`${products.searchText} like ${pattern}` : undefined,
    filter.categoryId === undefined ? undefined : inCategory(filter.categoryId),
    filter.brandId === undefined ? undefined : eq(products.brandId, filter.brandId),
    filter.active === undefined ? undefined : eq(products.isActive, filter.active),
  )
}

/** The matching products, counted up to `cap` (db/count.ts). */
export const countStaffProducts = (db: Db, filter: StaffProductFilter, cap: number) =>
  countUpTo(db, products, whereOf(filter), cap)

const SORT_COLUMNS = {
  code: products.code,
  name: products.nameSort,
  price: products.salePriceBase,
  stock: products.quantity,
  updated: products.updatedAt,
} as const

type StaffOrder = Pick<StaffProductsQuery, 'sort' | 'dir'>

/** The code is unique: it alone orders; every other sort has the id after it (its index's too). */
function sortKeysOf(order: StaffOrder): SQL[] {
  const by = order.dir === 'desc' ? desc : asc
  return order.sort === 'code' ? [by(products.code)] : [by(SORT_COLUMNS[order.sort]), by(products.id)]
}

/**
 * A filter whose matches are few enough to sort them all: a word of three letters or more (the
 * trigram index finds it), a category, a brand, or the inactive products (their own partial index).
 * Without one, or with a word of one or two letters (which nearly every product holds), the sort's
 * own index gives the page by walking it.
 */
export const isSelective = (filter: StaffProductFilter) =>
  filter.folded.length >= 3 ||
  filter.categoryId !== undefined ||
  filter.brandId !== undefined ||
  filter.active === false

/** The table's columns; a variant's parent code is read apart (findCodes), for the few that have one. */
const pageColumns = {
  id: products.id,
  code: products.code,
  name: products.name,
  parentId: products.parentId,
  categoryId: products.categoryId,
  brandId: products.brandId,
  currencyId: products.currencyId,
  salePrice: sql<string>`${products.salePrice}::text`,
  taxRate: sql<string>`${products.taxRate}::text`,
  quantity: products.quantity,
  isActive: products.isActive,
  image: products.image,
  updatedAt: products.updatedAt,
}

/**
 * A page of a selective filter's matches with their number, in one statement: the filter's index
 * finds the matches and they are sorted. The count sits in the subquery, so PostgreSQL plans it apart
 * and cannot walk a whole sort index instead (it did, for a brand of 5,063 products: 95,201 rows
 * read and dropped, 528 ms against 20 ms sorted; a code prefix's matches also sit together at one
 * end of the code index). `total` is on every row; an empty page has none.
 */
export function findSortedMatches(
  db: Db,
  filter: StaffProductFilter,
  order: StaffOrder,
  page: { offset: number; limit: number },
) {
  const matches = db
    .select({
      ...pageColumns,
      salePrice: sql<string>`${products.salePrice}::text`.as('sale_price'),
      taxRate: sql<string>`${products.taxRate}::text`.as('tax_rate'),
      key: sql`${SORT_COLUMNS[order.sort]}`.as('key'),
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    })
    .from(products)
    .where(whereOf(filter))
    .as('matches')
  const by = order.dir === 'desc' ? desc : asc
  return db
    .select()
    .from(matches)
    .orderBy(...(order.sort === 'code' ? [by(matches.key)] : [by(matches.key), by(matches.id)]))
    .limit(page.limit)
    .offset(page.offset)
}

/**
 * A page by walking the sort's index (products_staff_*_idx, the code's unique index): page 1 in 50
 * entries, a deep page by skipping entries rather than sorting 100,000 rows. The ids come from the
 * index alone, then their rows.
 */
export function findWalkedPage(
  db: Db,
  filter: StaffProductFilter,
  order: StaffOrder,
  page: { offset: number; limit: number },
) {
  const ids = db
    .select({ id: products.id })
    .from(products)
    .where(whereOf(filter))
    .orderBy(...sortKeysOf(order))
    .offset(page.offset)
    .limit(page.limit)
  return db
    .select(pageColumns)
    .from(products)
    .where(sql`${products.id} in (${ids})`)
    .orderBy(...sortKeysOf(order))
}

export type StaffProductPageRow = Awaited<ReturnType<typeof findWalkedPage>>[number]

/** The codes of these products (the parents of a page's variants). */
export const findCodes = (db: Db, ids: number[]) =>
  db.select({ id: products.id, code: products.code }).from(products).where(inArray(products.id, ids))

/** The codes the editor shows beside a product's ids, and when it last changed. */
export async function findProductRefs(db: Db, id: number) {
  const parent = alias(products, 'parent')
  const [row] = await db
    .select({
      code: products.code,
      categoryCode: categories.code,
      brandCode: brands.code,
      modelCode: models.code,
      currency: currencies.code,
      parentCode: parent.code,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(currencies, eq(currencies.id, products.currencyId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(models, eq(models.id, products.modelId))
    .leftJoin(parent, eq(parent.id, products.parentId))
    .where(eq(products.id, id))
  return row ?? null
}

/** Every warehouse in its order, with the product's quantity in each (0 where it has none). */
export async function findProductStock(db: Db, productId: number) {
  const result = await db.execute(sql`select w.code as "warehouseCode", w.name as "warehouseName",
      coalesce(s.quantity, 0)::int as quantity
    from ${warehouses} w left join product_stocks s on s.warehouse_id = w.id and s.product_id = ${productId}
    order by w.sort_order, w.code`)
  return (result as unknown as { rows: { warehouseCode: string; warehouseName: string; quantity: number }[] })
    .rows
}

export const findVariants = (db: Db, parentId: number) =>
  db
    .select({
      id: products.id,
      code: products.code,
      values: products.variantValues,
      active: products.isActive,
    })
    .from(products)
    .where(eq(products.parentId, parentId))
    .orderBy(asc(products.code))

/** Renames a product's code (the caller has checked the new one is free). */
export async function renameProductCode(db: Db, id: number, code: string, now: Date) {
  await db.update(products).set({ code, updatedAt: now }).where(eq(products.id, id))
}

/**
 * The bulk action's products: those the filter matches, by code, as the upsert's rows need them (each
 * with its category's code and currency). Read a page at a time after `afterCode`.
 */
export async function findBulkPage(
  db: Db,
  filter: StaffProductFilter,
  afterCode: string | null,
  limit: number,
) {
  return db
    .select({
      code: products.code,
      name: products.name,
      categoryCode: categories.code,
      salePrice: sql<string>`${products.salePrice}::text`,
      listPrice: sql<string>`${products.listPrice}::text`,
      planPrices: sql<
        (string | null)[]
      >`array[${products.advencePrice1}::text, ${products.advencePrice2}::text,
        ${products.advencePrice3}::text, ${products.advencePrice4}::text, ${products.advencePrice5}::text]`,
      currency: currencies.code,
      taxRate: sql<string>`${products.taxRate}::text`,
      isActive: products.isActive,
    })
    .from(products)
    .innerJoin(currencies, eq(currencies.id, products.currencyId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(whereOf(filter), afterCode === null ? undefined : sql`${products.code} > ${afterCode}`))
    .orderBy(asc(products.code))
    .limit(limit)
}
