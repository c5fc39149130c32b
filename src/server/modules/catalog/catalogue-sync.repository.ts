import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/**
 * The SQL of the ERP's catalogue upserts. Products and stock are written a batch at a time: the rows
 * travel as one JSON parameter unpacked by jsonb_to_recordset, so 5,000 rows cost a few statements,
 * not 5,000 (and no statement nears the protocol's 65,535 parameters).
 */

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

export type CategoryRecord = {
  id: number
  code: string
  parent_id: number | null
  name: string
  slug: string
  path: string
  depth: number
  sort_order: number
}

export const allCategoryRecords = (db: Db) =>
  rows<CategoryRecord>(
    db,
    sql`select id, code, parent_id, name, slug, path, depth, sort_order from categories`,
  )

export async function insertCategory(
  db: Db,
  row: {
    code: string
    parentId: number | null
    name: string
    slug: string
    path: string
    depth: number
    sortOrder: number
  },
): Promise<number> {
  const [created] = await rows<{ id: number }>(
    db,
    sql`insert into categories (code, parent_id, name, slug, path, depth, sort_order)
      values (${row.code}, ${row.parentId}, ${row.name}, ${row.slug}, ${row.path}, ${row.depth}, ${row.sortOrder})
      returning id`,
  )
  return created!.id
}

export async function updateCategory(
  db: Db,
  id: number,
  row: { parentId: number | null; name: string; sortOrder: number },
) {
  await db.execute(
    sql`update categories set parent_id = ${row.parentId}, name = ${row.name}, sort_order = ${row.sortOrder} where id = ${id}`,
  )
}

/**
 * Paths and depths after a move. A path is unique, so the moved rows are first parked on a path no
 * slug can make (slugs have no '#'), then written: no row meets another's old path on the way.
 */
export async function rewriteCategoryPaths(db: Db, moved: { id: number; path: string; depth: number }[]) {
  if (moved.length === 0) return
  await db.execute(sql`update categories c set path = '#' || c.id from jsonb_to_recordset(${json(moved)})
    as r(id int) where c.id = r.id`)
  await db.execute(sql`update categories c set path = r.path, depth = r.depth
    from jsonb_to_recordset(${json(moved)}) as r(id int, path text, depth int) where c.id = r.id`)
}

export type BrandRecord = { id: number; code: string; name: string; slug: string }
export type ModelRecord = { id: number; brand_id: number; code: string | null; name: string; slug: string }

export const allBrandRecords = (db: Db) => rows<BrandRecord>(db, sql`select id, code, name, slug from brands`)
export const allModelRecords = (db: Db) =>
  rows<ModelRecord>(db, sql`select id, brand_id, code, name, slug from models`)

export async function insertBrand(
  db: Db,
  row: { code: string; name: string; slug: string },
): Promise<number> {
  const [created] = await rows<{ id: number }>(
    db,
    sql`insert into brands (code, name, slug) values (${row.code}, ${row.name}, ${row.slug}) returning id`,
  )
  return created!.id
}

export async function renameBrand(db: Db, id: number, name: string) {
  await db.execute(sql`update brands set name = ${name} where id = ${id}`)
}

export async function insertModel(
  db: Db,
  row: { brandId: number; code: string; name: string; slug: string },
) {
  await db.execute(sql`insert into models (brand_id, code, name, slug)
    values (${row.brandId}, ${row.code}, ${row.name}, ${row.slug})`)
}

export async function renameModel(db: Db, id: number, name: string) {
  await db.execute(sql`update models set name = ${name} where id = ${id}`)
}

export type WarehouseRecord = { id: number; code: string; name: string; sort_order: number }

export const allWarehouseRecords = (db: Db) =>
  rows<WarehouseRecord>(db, sql`select id, code, name, sort_order from warehouses`)

export async function upsertWarehouse(db: Db, row: { code: string; name: string; sortOrder: number }) {
  await db.execute(sql`insert into warehouses (code, name, sort_order) values (${row.code}, ${row.name}, ${row.sortOrder})
    on conflict (code) do update set name = excluded.name, sort_order = excluded.sort_order`)
}

export type CurrencyRecord = { id: number; code: string; exchange_rate: string }

export const allCurrencyRecords = (db: Db) =>
  rows<CurrencyRecord>(db, sql`select id, code, exchange_rate::text from currencies`)

export type UnitRecord = {
  id: number
  name: string
  multiplier: number
  barcode: string | null
  price: string
  listPrice: string
  isDefault: boolean
}

/** A product as the upsert compares it: every column the ERP writes, with its units. */
export type ProductRecord = {
  id: number
  code: string
  name: string
  category_id: number | null
  brand_id: number | null
  model_id: number | null
  currency_id: number
  sale_price: string
  list_price: string
  plan_prices: (string | null)[]
  tax_rate: string
  barcode: string | null
  equivalent_codes: string[]
  parent_id: number | null
  variant_dimensions: string[] | null
  variant_values: string[] | null
  description: string | null
  ozelkod: string | null
  image_source_url: string | null
  is_active: boolean
  /** The derived search document, compared so a renamed code or brand rewrites it. */
  search_text: string
  units: UnitRecord[]
}

export const productRecordsByCode = (db: Db, codes: string[]) =>
  rows<ProductRecord>(
    db,
    sql`select p.id, p.code, p.name, p.category_id, p.brand_id, p.model_id, p.currency_id,
      p.sale_price::text as sale_price, p.list_price::text as list_price,
      array[p.advence_price1::text, p.advence_price2::text, p.advence_price3::text, p.advence_price4::text,
        p.advence_price5::text] as plan_prices,
      p.tax_rate::text as tax_rate, p.barcode, p.equivalent_codes, p.parent_id, p.variant_dimensions,
      p.variant_values, p.description, p.ozelkod, p.image_source_url, p.is_active, p.search_text,
      coalesce((select json_agg(json_build_object('id', u.id, 'name', u.value, 'multiplier', u.multiplier,
          'barcode', u.barcode, 'price', u.default_price::text, 'listPrice', u.list_price::text,
          'isDefault', u.is_default) order by u.sort_order, u.id)
        from product_units u where u.product_id = p.id), '[]'::json) as units
    from products p where p.code = any(${sql.param(codes)}::text[])`,
  )

/** The columns the upsert writes, as the recordset names and types them. */
const PRODUCT_COLUMNS = `code text, name text, seo text, category_id int, brand_id int, model_id int,
  currency_id int, sale_price numeric, list_price numeric, advence_price1 numeric, advence_price2 numeric,
  advence_price3 numeric, advence_price4 numeric, advence_price5 numeric, tax_rate numeric, barcode text,
  equivalent_codes text[], parent_id int, variant_dimensions text[], variant_values text[], description text,
  ozelkod text, image_source_url text, is_active boolean, search_text text, search_name text, name_sort text,
  sale_price_base numeric`
const PRODUCT_NAMES = PRODUCT_COLUMNS.split(',').map((c) => c.trim().split(' ')[0]!)

export type ProductWrite = Record<(typeof PRODUCT_NAMES)[number], unknown> & { id?: number; code: string }

export async function insertProducts(db: Db, products: ProductWrite[]): Promise<Map<string, number>> {
  if (products.length === 0) return new Map()
  const names = PRODUCT_NAMES.join(', ')
  const created = await rows<{ id: number; code: string }>(
    db,
    sql`insert into products (${sql.raw(names)})
      select ${sql.raw(names)} from jsonb_to_recordset(${json(products)}) as r(${sql.raw(PRODUCT_COLUMNS)})
      returning id, code`,
  )
  return new Map(created.map((r) => [r.code, r.id]))
}

export async function updateProducts(db: Db, products: ProductWrite[], now: Date) {
  if (products.length === 0) return
  const set = PRODUCT_NAMES.filter((n) => n !== 'code')
    .map((n) => `${n} = r.${n}`)
    .join(', ')
  await db.execute(sql`update products p set ${sql.raw(set)}, updated_at = ${now}
    from jsonb_to_recordset(${json(products)}) as r(id int, ${sql.raw(PRODUCT_COLUMNS)}) where p.id = r.id`)
}

export type UnitWrite = {
  id?: number
  product_id: number
  value: string
  multiplier: number
  barcode: string | null
  default_price: string
  list_price: string
  is_default: boolean
  sort_order: number
}

const UNIT_COLUMNS = `product_id int, value text, multiplier int, barcode text, default_price numeric,
  list_price numeric, is_default boolean, sort_order int`

/**
 * A batch's unit changes: removed units go, kept ones (matched by name) are rewritten in place so a
 * dealer's cart line on them stays, new ones are added. Defaults are cleared before they are set, as
 * a product has at most one at every moment.
 */
export async function writeUnits(
  db: Db,
  change: { remove: number[]; update: UnitWrite[]; insert: UnitWrite[] },
) {
  if (change.remove.length > 0)
    await db.execute(sql`delete from product_units where id = any(${sql.param(change.remove)}::int[])`)
  if (change.update.length > 0) {
    await db.execute(sql`update product_units u set value = r.value, multiplier = r.multiplier, barcode = r.barcode,
        default_price = r.default_price, list_price = r.list_price, is_default = false, sort_order = r.sort_order
      from jsonb_to_recordset(${json(change.update)}) as r(id int, ${sql.raw(UNIT_COLUMNS)}) where u.id = r.id`)
  }
  if (change.insert.length > 0) {
    await db.execute(sql`insert into product_units (product_id, value, multiplier, barcode, default_price, list_price,
        is_default, sort_order)
      select product_id, value, multiplier, barcode, default_price, list_price, false, sort_order
      from jsonb_to_recordset(${json(change.insert)}) as r(${sql.raw(UNIT_COLUMNS)})`)
  }
  const defaults = [...change.update, ...change.insert].filter((u) => u.is_default)
  if (defaults.length > 0) {
    await db.execute(sql`update product_units u set is_default = true
      from jsonb_to_recordset(${json(defaults)}) as r(product_id int, value text, sort_order int)
      where u.product_id = r.product_id and u.value = r.value and u.sort_order = r.sort_order`)
  }
}

export type StockKeyRecord = { product_id: number; warehouse_id: number; quantity: number }

export const productIdsByCode = (db: Db, codes: string[]) =>
  rows<{ id: number; code: string }>(
    db,
    sql`select id, code from products where code = any(${sql.param(codes)}::text[])`,
  )

export const stockOf = (db: Db, productIds: number[]) =>
  rows<StockKeyRecord>(
    db,
    sql`select product_id, warehouse_id, quantity from product_stocks where product_id = any(${sql.param(productIds)}::int[])`,
  )

/**
 * Stock per warehouse set to the ERP's figures, then each touched product's total (products.quantity,
 * what the list shows and orders take from) summed again from its warehouses.
 */
export async function writeStock(db: Db, changes: StockKeyRecord[]) {
  if (changes.length === 0) return
  await db.execute(sql`insert into product_stocks (product_id, warehouse_id, quantity)
    select product_id, warehouse_id, quantity from jsonb_to_recordset(${json(changes)})
      as r(product_id int, warehouse_id int, quantity int)
    on conflict (product_id, warehouse_id) do update set quantity = excluded.quantity`)
  const ids = [...new Set(changes.map((c) => c.product_id))]
  await db.execute(sql`update products p set quantity = s.total
    from (select product_id, sum(quantity)::int as total from product_stocks
      where product_id = any(${sql.param(ids)}::int[]) group by product_id) s
    where p.id = s.product_id and p.quantity <> s.total`)
}

export type PriceWrite = {
  id: number
  sale_price: string
  list_price: string
  plans: (string | null)[]
  currency_id: number
  sale_price_base: string
}

/** New prices, and every unit's prices following them by its multiplier. */
export async function writePrices(db: Db, prices: PriceWrite[], now: Date) {
  if (prices.length === 0) return
  const rows = prices.map(({ plans, ...p }) => ({
    ...p,
    p1: plans[0] ?? null,
    p2: plans[1] ?? null,
    p3: plans[2] ?? null,
    p4: plans[3] ?? null,
    p5: plans[4] ?? null,
  }))
  await db.execute(sql`update products p set sale_price = r.sale_price, list_price = r.list_price,
      advence_price1 = r.p1, advence_price2 = r.p2, advence_price3 = r.p3, advence_price4 = r.p4,
      advence_price5 = r.p5, currency_id = r.currency_id, sale_price_base = r.sale_price_base, updated_at = ${now}
    from jsonb_to_recordset(${json(rows)}) as r(id int, sale_price numeric, list_price numeric, p1 numeric,
      p2 numeric, p3 numeric, p4 numeric, p5 numeric, currency_id int, sale_price_base numeric)
    where p.id = r.id`)
  await db.execute(sql`update product_units u set default_price = round(r.sale_price * u.multiplier, 4),
      list_price = round(r.list_price * u.multiplier, 4)
    from jsonb_to_recordset(${json(rows)}) as r(id int, sale_price numeric, list_price numeric)
    where u.product_id = r.id`)
}
