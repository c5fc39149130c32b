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

/** Every category with the products directly in it (one pass over products_list_category_idx's column). */
export const categoryAdminRecords = (db: Db) =>
  rows<CategoryAdminRecord>(
    db,
    sql`select c.id, c.code, c.name, c.parent_id as "parentId", c.depth, c.sort_order as "sortOrder", c.path,
        coalesce(n.count, 0)::int as "productCount"
      from categories c
      left join (select category_id, count(*) as count from products group by category_id) n on n.category_id = c.id`,
  )

export type BrandAdminRecord = { id: number; code: string; name: string; productCount: number }
export type ModelAdminRecord = { id: number; brandId: number; code: string | null; name: string }

export const brandAdminRecords = (db: Db) =>
  rows<BrandAdminRecord>(
    db,
    sql`select b.id, b.code, b.name, coalesce(n.count, 0)::int as "productCount"
      from brands b
      left join (select brand_id, count(*) as count from products group by brand_id) n on n.brand_id = b.id
      order by b.name, b.id`,
  )

export const modelAdminRecords = (db: Db) =>
  rows<ModelAdminRecord>(db, sql`select id, brand_id as "brandId", code, name from models order by name, id`)

export type WarehouseAdminRecord = {
  id: number
  code: string
  name: string
  sortOrder: number
  totalQuantity: number
}

export const warehouseAdminRecords = (db: Db) =>
  rows<WarehouseAdminRecord>(
    db,
    sql`select w.id, w.code, w.name, w.sort_order as "sortOrder", coalesce(s.total, 0)::bigint::float8 as "totalQuantity"
      from warehouses w
      left join (select warehouse_id, sum(quantity) as total from product_stocks group by warehouse_id) s
        on s.warehouse_id = w.id
      order by w.sort_order, w.code`,
  )
