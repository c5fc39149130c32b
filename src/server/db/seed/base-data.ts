import { inArray } from 'drizzle-orm'
import { slugify } from '../../../domain/turkish-text'
import type { Db } from '../client'
import { brands, categories, currencies, models, warehouses } from '../schema/catalogue'
import type { LeafDef } from './category-template'
import { BRANDS, CURRENCIES, modelNamesFor, ROOTS, WAREHOUSES } from './names'

export type CurrencyRef = { id: number; code: string; rate: string }
export type ModelRef = { id: number; name: string }
export type BrandRef = { id: number; code: string; name: string; models: ModelRef[] }
export type LeafRef = {
  id: number
  name: string
  path: string
  rootName: string
  /** Code prefix of the root category, e.g. 'HRD'. */
  prefix: string
  /** Placeholder image of the root category under /images. */
  image: string
  def: LeafDef
}

/** Everything a product builder needs to know about the database's reference rows. */
export type BaseContext = {
  currencies: Map<string, CurrencyRef>
  defaultCurrency: CurrencyRef
  brandsByPrefix: Map<string, BrandRef[]>
  leaves: LeafRef[]
  leavesByName: Map<string, LeafRef>
  warehouseIds: number[]
}

export const categoryImage = (rootName: string) => `cat-${slugify(rootName)}.svg`

/**
 * Inserts the demo currencies, brands with models, category tree and warehouses where they are missing
 * (rows that already exist are kept as they are) and returns their ids.
 */
export async function ensureBaseData(db: Db): Promise<BaseContext> {
  await db
    .insert(currencies)
    .values(CURRENCIES.map((c, i) => ({ ...c, exchangeRate: c.rate, sortOrder: i })))
    .onConflictDoNothing()
  await db
    .insert(warehouses)
    .values(WAREHOUSES.map((w, i) => ({ ...w, sortOrder: i })))
    .onConflictDoNothing()
  const brandsByPrefix = await ensureBrands(db)
  const leaves = await ensureCategories(db)

  const currencyRows = await db.select().from(currencies)
  const currencyMap = new Map(
    currencyRows.map((c) => [c.code, { id: c.id, code: c.code, rate: c.exchangeRate }] as const),
  )
  const defaultRow = currencyRows.find((c) => c.isDefault) ?? currencyRows.find((c) => c.code === 'TRY')
  if (!defaultRow) throw new Error('no default currency')
  const warehouseRows = await db.select({ id: warehouses.id }).from(warehouses).orderBy(warehouses.sortOrder)

  return {
    currencies: currencyMap,
    defaultCurrency: { id: defaultRow.id, code: defaultRow.code, rate: defaultRow.exchangeRate },
    brandsByPrefix,
    leaves,
    leavesByName: new Map(leaves.map((l) => [l.name, l])),
    warehouseIds: warehouseRows.map((w) => w.id).sort((a, b) => a - b),
  }
}

async function ensureBrands(db: Db): Promise<Map<string, BrandRef[]>> {
  await db
    .insert(brands)
    .values(BRANDS.map((b) => ({ code: b.code, name: b.name, slug: slugify(b.name) })))
    .onConflictDoNothing()
  const brandRows = await db
    .select()
    .from(brands)
    .where(
      inArray(
        brands.code,
        BRANDS.map((b) => b.code),
      ),
    )
  const idByCode = new Map(brandRows.map((b) => [b.code, b.id]))
  const modelValues = BRANDS.flatMap((b, i) =>
    modelNamesFor(i, b.models).map((name) => ({
      brandId: idByCode.get(b.code) as number,
      name,
      slug: slugify(name),
    })),
  )
  await db.insert(models).values(modelValues).onConflictDoNothing()
  const modelRows = await db
    .select()
    .from(models)
    .where(inArray(models.brandId, [...idByCode.values()]))

  const byPrefix = new Map<string, BrandRef[]>()
  for (const def of BRANDS) {
    const row = brandRows.find((b) => b.code === def.code)
    if (!row) continue
    const ref: BrandRef = {
      id: row.id,
      code: row.code,
      name: row.name,
      models: modelRows
        .filter((m) => m.brandId === row.id)
        .sort((a, b) => a.id - b.id)
        .map((m) => ({ id: m.id, name: m.name })),
    }
    for (const prefix of def.roots) byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), ref])
  }
  return byPrefix
}

async function ensureCategories(db: Db): Promise<LeafRef[]> {
  await db
    .insert(categories)
    .values(
      ROOTS.map((r, i) => ({
        code: slugify(r.name).slice(0, 40),
        name: r.name,
        slug: slugify(r.name),
        path: slugify(r.name),
        depth: 0,
        sortOrder: i,
      })),
    )
    .onConflictDoNothing()
  const rootRows = await db
    .select({ id: categories.id, path: categories.path })
    .from(categories)
    .where(
      inArray(
        categories.path,
        ROOTS.map((r) => slugify(r.name)),
      ),
    )
  const rootId = new Map(rootRows.map((r) => [r.path, r.id]))

  const subs = ROOTS.flatMap((root) =>
    root.leaves.map((l, i) => ({
      root,
      def: l,
      row: {
        parentId: rootId.get(slugify(root.name)) as number,
        code: slugify(l.name).slice(0, 40),
        name: l.name,
        slug: slugify(l.name),
        path: `${slugify(root.name)}/${slugify(l.name)}`,
        depth: 1,
        sortOrder: i,
      },
    })),
  )
  await db
    .insert(categories)
    .values(subs.map((s) => s.row))
    .onConflictDoNothing()
  const subRows = await db
    .select({ id: categories.id, path: categories.path })
    .from(categories)
    .where(
      inArray(
        categories.path,
        subs.map((s) => s.row.path),
      ),
    )
  const subId = new Map(subRows.map((r) => [r.path, r.id]))
  return subs.map((s) => ({
    id: subId.get(s.row.path) as number,
    name: s.def.name,
    path: s.row.path,
    rootName: s.root.name,
    prefix: s.root.prefix,
    image: categoryImage(s.root.name),
    def: s.def,
  }))
}
