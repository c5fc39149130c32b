import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** The reference lists of the back office, each with the figures its screen shows beside a row. */

const rows = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

export type CategoryAdminRecord = {
  id: number
  code: string
  name: string
  parentId: number | null
  depth: number
  sortOrder: number
  path: string
  productCount: number
}

/** One record by id or code; absent: every record. */
export type Only = { id: number } | { code: string } | undefined

/** `where` for the records `only` names in the table aliased `as` (nothing for every record). */
function onlyWhere(as: string, only: Only) {
  if (only === undefined) return sql``
  return 'id' in only
    ? sql`where ${sql.raw(as)}.id = ${only.id}`
    : sql`where ${sql.raw(as)}.code = ${only.code}`
}

/**
 * Categories with the products directly in each: every one (one pass over the products), or the one
 * `only` names (its products counted through products_staff_category_idx).
 */
export const categoryAdminRecords = (db: Db, only?: Only) =>
  rows<CategoryAdminRecord>(
    db,
    sql`select c.id, c.code, c.name, c.parent_id as "parentId", c.depth, c.sort_order as "sortOrder", c.path,
        coalesce(n.count, 0)::int as "productCount"
      from categories c
      left join (select category_id, count(*) as count from products
          ${only ? sql`where category_id in (select x.id from categories x ${onlyWhere('x', only)})` : sql``}
          group by category_id) n on n.category_id = c.id
      ${onlyWhere('c', only)}`,
  )

export type BrandAdminRecord = { id: number; code: string; name: string; productCount: number }
export type ModelAdminRecord = { id: number; brandId: number; code: string | null; name: string }

/** Brands with their products counted: every one, or the one `only` names (products_staff_brand_idx). */
export const brandAdminRecords = (db: Db, only?: Only) =>
  rows<BrandAdminRecord>(
    db,
    sql`select b.id, b.code, b.name, coalesce(n.count, 0)::int as "productCount"
      from brands b
      left join (select brand_id, count(*) as count from products
          ${only ? sql`where brand_id in (select x.id from brands x ${onlyWhere('x', only)})` : sql``}
          group by brand_id) n on n.brand_id = b.id
      ${onlyWhere('b', only)}
      order by b.name, b.id`,
  )

/** Every brand's models, or one brand's. */
export const modelAdminRecords = (db: Db, brandId?: number) =>
  rows<ModelAdminRecord>(
    db,
    sql`select id, brand_id as "brandId", code, name from models
      ${brandId === undefined ? sql`` : sql`where brand_id = ${brandId}`} order by name, id`,
  )

export type WarehouseAdminRecord = {
  id: number
  code: string
  name: string
  sortOrder: number
  totalQuantity: number
}

/** Warehouses with the units in stock in each: every one, or the one `only` names. */
export const warehouseAdminRecords = (db: Db, only?: Only) =>
  rows<WarehouseAdminRecord>(
    db,
    sql`select w.id, w.code, w.name, w.sort_order as "sortOrder", coalesce(s.total, 0)::bigint::float8 as "totalQuantity"
      from warehouses w
      left join (select warehouse_id, sum(quantity) as total from product_stocks
          ${only ? sql`where warehouse_id in (select x.id from warehouses x ${onlyWhere('x', only)})` : sql``}
          group by warehouse_id) s on s.warehouse_id = w.id
      ${onlyWhere('w', only)}
      order by w.sort_order, w.code`,
  )
