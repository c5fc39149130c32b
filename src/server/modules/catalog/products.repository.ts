import { and, eq, inArray, is, type SQL, sql } from 'drizzle-orm'
import { PgNumeric } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { preparedPerHandle } from '../../db/prepared'
import { brands, categories, models, products } from '../../db/schema/catalogue'

export type UnitJson = {
  id: number
  value: string
  multiplier: number
  barcode: string | null
  defaultPrice: string
  listPrice: string
  isDefault: boolean
}
export type InventoryJson = { warehouseName: string; quantity: number }
export type ChildJson = { id: number; values: string[] | null; quantity: number }

/**
 * Units, stock per warehouse and the variant family of each row, aggregated inside the same query:
 * PGlite pays several milliseconds per statement, so one statement per page beats four.
 */
/**
 * A product's units as a JSON array, for selecting inside the product's own row. Subqueries name the
 * outer row as "products"."id": in a one-table select Drizzle would render a bare "id", which a
 * subquery reads as its own table's column.
 */
export const unitsJson = sql<UnitJson[]>`(
  select coalesce(json_agg(json_build_object('id', u.id, 'value', u.value, 'multiplier', u.multiplier,
    'barcode', u.barcode, 'defaultPrice', u.default_price::text, 'listPrice', u.list_price::text,
    'isDefault', u.is_default) order by u.sort_order, u.id), '[]'::json)
  from product_units u where u.product_id = "products"."id")`

const relatedColumns = {
  units: unitsJson,
  inventory: sql<InventoryJson[]>`(
    select coalesce(json_agg(json_build_object('warehouseName', w.name, 'quantity', s.quantity)
      order by w.sort_order, w.id), '[]'::json)
    from product_stocks s join warehouses w on w.id = s.warehouse_id where s.product_id = "products"."id")`,
  family: sql<{ dimensions: string[] | null; children: ChildJson[] } | null>`(
    case when ${products.parentId} is not null or ${products.variantDimensions} is not null then json_build_object(
      'dimensions', (select f.variant_dimensions from products f where f.id = coalesce("products"."parent_id", "products"."id")),
      'children', (select coalesce(json_agg(json_build_object('id', c.id, 'values', c.variant_values,
        'quantity', c.quantity) order by c.id), '[]'::json)
        from products c where c.parent_id = coalesce("products"."parent_id", "products"."id") and c.is_active))
    end)`,
}

export const productColumns = {
  id: products.id,
  name: products.name,
  code: products.code,
  seo: products.seo,
  image: products.image,
  barcode: products.barcode,
  currencyId: products.currencyId,
  salePrice: products.salePrice,
  listPrice: products.listPrice,
  advencePrice1: products.advencePrice1,
  advencePrice2: products.advencePrice2,
  advencePrice3: products.advencePrice3,
  advencePrice4: products.advencePrice4,
  advencePrice5: products.advencePrice5,
  taxRate: products.taxRate,
  stockNumberType: products.stockNumberType,
  equivalentCodes: products.equivalentCodes,
  ozelkod: products.ozelkod,
  ozelkod2: products.ozelkod2,
  ozelkod3: products.ozelkod3,
  ozelkod4: products.ozelkod4,
  ozelkod5: products.ozelkod5,
  quantity: products.quantity,
  parentId: products.parentId,
  variantDimensions: products.variantDimensions,
  variantValues: products.variantValues,
  brandId: brands.id,
  brandCode: brands.code,
  brandName: brands.name,
  brandSlug: brands.slug,
  modelId: models.id,
  modelName: models.name,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
}

/** What a page row holds: the product's columns with its brand, model and category, and the aggregates. */
const pageRowFields = { ...productColumns, ...relatedColumns }

/**
 * A page row as one JSON object built by the database: the driver then parses one JSON text per row
 * (a native JSON.parse) instead of 38 columns, and Drizzle maps one field instead of 38 (a sixth of a
 * list request's time at 1,000,000 products was those two). Decimals go as text, as the columns
 * give them; everything else is JSON as it is (numbers, arrays, null). A test compares these rows
 * with Drizzle's column-by-column read of the same products.
 */
const pageRowJson = sql<ProductRow>`json_build_object(${sql.join(
  Object.entries(pageRowFields).map(([key, field]) => sql`${sql.raw(`'${key}'`)}, ${asJsonValue(field)}`),
  sql`, `,
)})`

function asJsonValue(field: (typeof pageRowFields)[keyof typeof pageRowFields]): SQL | typeof field {
  return is(field, PgNumeric) ? sql`${field}::text` : field
}

/**
 * Rows in the order of `ids` (a page of the search index: the list, category, brand and search
 * pages, which the index alone filters, sorts and counts): prepared
 * (db/prepared.ts), as planning this many-subquery select cost as much as running it (~2 ms each at
 * 100,000 products). `= any($1)` keeps one statement for any number of ids.
 */
const productsByIds = preparedPerHandle((db) =>
  db
    .select({ row: pageRowJson })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(models, eq(models.id, products.modelId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('products_by_ids'),
)

export async function findProductsByIds(db: Db, ids: number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return []
  const rows = await productsByIds(db).execute({ ids })
  const byId = new Map(rows.map(({ row }) => [row.id, row]))
  return ids.map((id) => byId.get(id)).filter((r): r is ProductRow => r !== undefined)
}

/**
 * One product (listed or a variant child) with its texts, by id: prepared like the page rows above
 * (the product page reads it on every request).
 */
const productById = preparedPerHandle((db) =>
  db
    .select({
      ...pageRowFields,
      description: products.description,
      metaTitle: products.metaTitle,
      metaKeywords: products.metaKeywords,
      metaDescription: products.metaDescription,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(models, eq(models.id, products.modelId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.id, sql.placeholder('id')), eq(products.isActive, true)))
    .limit(1)
    .prepare('product_by_id'),
)

export async function findProductById(db: Db, id: number): Promise<(ProductRow & ProductTexts) | null> {
  const [row] = await productById(db).execute({ id })
  return row ?? null
}

/**
 * The page rows of `ids` read column by column, as Drizzle maps them: what a page row is (its type),
 * and what the JSON read above must give (a test compares the two on the same products).
 */
export function pageRowsByColumns(db: Db, ids: number[]) {
  return db
    .select(pageRowFields)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(models, eq(models.id, products.modelId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, ids))
}

export type ProductRow = Awaited<ReturnType<typeof pageRowsByColumns>>[number]

export type ProductTexts = {
  description: string | null
  metaTitle: string | null
  metaKeywords: string | null
  metaDescription: string | null
}
