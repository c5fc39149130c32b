import Big from 'big.js'
import type {
  BrandRow,
  CategoryRow,
  PriceRow,
  ProductRow,
  StockRow,
  WarehouseRow,
} from '../../../contracts/integration-sync'
import { parentsFirst, type RowOutcome, rejected, sameDecimal, sameList } from '../../../domain/bulk-upsert'
import { normaliseSearchText, searchDocument } from '../../../domain/search-query'
import { slugify, turkishSortKey } from '../../../domain/turkish-text'
import type { Db } from '../../db/client'
import {
  allBrandRecords,
  allCategoryRecords,
  allCurrencyRecords,
  allModelRecords,
  allWarehouseRecords,
  type CategoryRecord,
  insertBrand,
  insertCategory,
  insertModel,
  insertProducts,
  type PriceWrite,
  type ProductRecord,
  type ProductWrite,
  productIdsByCode,
  productRecordsByCode,
  renameBrand,
  renameModel,
  rewriteCategoryPaths,
  type StockKeyRecord,
  stockOf,
  type UnitWrite,
  updateCategory,
  updateProducts,
  upsertWarehouse,
  writePrices,
  writeStock,
  writeUnits,
} from './catalogue-sync.repository'
import { dropImageFetches, queueImageFetches } from './product-images.repository'

/**
 * The ERP's catalogue upserts (docs/integration.md): categories, brands with models, warehouses,
 * products and stock, keyed by the ERP's codes. Each writer takes rows its contract has already
 * checked, inside the caller's transaction, and answers one outcome per row in the rows' order:
 * `unchanged` when every field sent equals what is stored (nothing is written then), `rejected` for a
 * code that names nothing.
 */

/** A slug free among `taken`: the name's, or the name's with the code's when another has it. */
function freeSlug(name: string, code: string, taken: Set<string>): string {
  const base = (slugify(name) || 'x').slice(0, 80)
  let slug = base
  if (taken.has(slug)) slug = `${base}-${slugify(code) || 'x'}`.slice(0, 119)
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  taken.add(slug)
  return slug
}

export async function upsertCategories(tx: Db, rows: readonly CategoryRow[]): Promise<RowOutcome[]> {
  const all = await allCategoryRecords(tx)
  const byCode = new Map(all.map((c) => [c.code, c]))
  const byId = new Map(all.map((c) => [c.id, c]))
  const slugs = new Set(all.map((c) => c.slug))
  const outcomes = new Map<CategoryRow, RowOutcome>()
  const { ordered, cyclic } = parentsFirst(
    rows,
    (r) => r.code,
    (r) => r.parentCode ?? null,
  )
  for (const row of cyclic) outcomes.set(row, rejected('parentCode', 'cycle', row.parentCode ?? ''))
  let moved = false
  for (const row of ordered) {
    const parent = row.parentCode ? byCode.get(row.parentCode) : null
    if (parent === undefined) {
      outcomes.set(row, rejected('parentCode', 'unknown_reference', row.parentCode ?? ''))
      continue
    }
    const existing = byCode.get(row.code)
    const parentId = parent?.id ?? null
    if (existing && parentId !== null && isUnder(byId, parentId, existing.id)) {
      outcomes.set(row, rejected('parentCode', 'cycle', row.parentCode ?? ''))
      continue
    }
    if (!existing) {
      const slug = freeSlug(row.name, row.code, slugs)
      const record: CategoryRecord = {
        id: 0,
        code: row.code,
        parent_id: parentId,
        name: row.name,
        slug,
        path: parent ? `${parent.path}/${slug}` : slug,
        depth: parent ? parent.depth + 1 : 0,
        sort_order: row.sortOrder ?? 0,
      }
      record.id = await insertCategory(tx, { ...record, parentId, sortOrder: record.sort_order })
      byCode.set(record.code, record)
      byId.set(record.id, record)
      outcomes.set(row, { status: 'created' })
      continue
    }
    const sortOrder = row.sortOrder ?? existing.sort_order
    if (existing.name === row.name && existing.parent_id === parentId && existing.sort_order === sortOrder) {
      outcomes.set(row, { status: 'unchanged' })
      continue
    }
    if (existing.parent_id !== parentId) moved = true
    await updateCategory(tx, existing.id, { parentId, name: row.name, sortOrder })
    Object.assign(existing, { name: row.name, parent_id: parentId, sort_order: sortOrder })
    outcomes.set(row, { status: 'updated' })
  }
  if (moved) await rewriteCategoryPaths(tx, pathChanges(byId))
  return rows.map((r) => outcomes.get(r)!)
}

/** Whether `id` is `ancestorId` or lies under it. */
function isUnder(byId: Map<number, CategoryRecord>, id: number, ancestorId: number): boolean {
  for (let at: CategoryRecord | undefined = byId.get(id), n = 0; at && n < 1000; n++) {
    if (at.id === ancestorId) return true
    at = at.parent_id === null ? undefined : byId.get(at.parent_id)
  }
  return false
}

/** Every category whose path or depth no longer matches its place in the tree. */
function pathChanges(byId: Map<number, CategoryRecord>) {
  const memo = new Map<number, { path: string; depth: number }>()
  const place = (c: CategoryRecord): { path: string; depth: number } => {
    const known = memo.get(c.id)
    if (known) return known
    const parent = c.parent_id === null ? undefined : byId.get(c.parent_id)
    const up = parent ? place(parent) : null
    const here = up ? { path: `${up.path}/${c.slug}`, depth: up.depth + 1 } : { path: c.slug, depth: 0 }
    memo.set(c.id, here)
    return here
  }
  return [...byId.values()]
    .map((c) => ({ id: c.id, ...place(c), was: c }))
    .filter((c) => c.path !== c.was.path || c.depth !== c.was.depth)
    .map(({ id, path, depth }) => ({ id, path, depth }))
}

export async function upsertBrands(tx: Db, rows: readonly BrandRow[]): Promise<RowOutcome[]> {
  const brands = new Map((await allBrandRecords(tx)).map((b) => [b.code, b]))
  const brandSlugs = new Set([...brands.values()].map((b) => b.slug))
  const models = await allModelRecords(tx)
  const outcomes: RowOutcome[] = []
  for (const row of rows) {
    let brand = brands.get(row.code)
    let status: RowOutcome['status'] = 'unchanged'
    if (!brand) {
      const slug = freeSlug(row.name, row.code, brandSlugs)
      brand = {
        id: await insertBrand(tx, { code: row.code, name: row.name, slug }),
        code: row.code,
        name: row.name,
        slug,
      }
      brands.set(row.code, brand)
      status = 'created'
    } else if (brand.name !== row.name) {
      await renameBrand(tx, brand.id, row.name)
      brand.name = row.name
      status = 'updated'
    }
    const own = models.filter((m) => m.brand_id === brand.id)
    const modelSlugs = new Set(own.map((m) => m.slug))
    for (const model of row.models ?? []) {
      const existing = own.find((m) => m.code === model.code)
      if (existing?.name === model.name) continue
      if (existing) await renameModel(tx, existing.id, model.name)
      else {
        const slug = freeSlug(model.name, model.code, modelSlugs)
        await insertModel(tx, { brandId: brand.id, code: model.code, name: model.name, slug })
        own.push({ id: 0, brand_id: brand.id, code: model.code, name: model.name, slug })
        models.push(own.at(-1)!)
      }
      if (status === 'unchanged') status = 'updated'
    }
    outcomes.push({ status })
  }
  return outcomes
}

export async function upsertWarehouses(tx: Db, rows: readonly WarehouseRow[]): Promise<RowOutcome[]> {
  const existing = new Map((await allWarehouseRecords(tx)).map((w) => [w.code, w]))
  const outcomes: RowOutcome[] = []
  for (const row of rows) {
    const was = existing.get(row.code)
    const sortOrder = row.sortOrder ?? was?.sort_order ?? 0
    if (was && was.name === row.name && was.sort_order === sortOrder) {
      outcomes.push({ status: 'unchanged' })
      continue
    }
    await upsertWarehouse(tx, { code: row.code, name: row.name, sortOrder })
    outcomes.push({ status: was ? 'updated' : 'created' })
  }
  return outcomes
}

type CatalogueRefs = {
  categories: Map<string, { id: number; leafName: string; rootName: string }>
  brands: Map<string, { id: number; name: string; models: Map<string, number> }>
  currencies: Map<string, { id: number; rate: string }>
}

async function catalogueRefs(tx: Db): Promise<CatalogueRefs> {
  // One after another: a transaction is one connection, which runs one statement at a time anyway
  // (node-postgres warns of queries queued on a busy client, and version 9 refuses them).
  const cats = await allCategoryRecords(tx)
  const brands = await allBrandRecords(tx)
  const models = await allModelRecords(tx)
  const currencies = await allCurrencyRecords(tx)
  const byId = new Map(cats.map((c) => [c.id, c]))
  const rootOf = (c: CategoryRecord): CategoryRecord => {
    let at = c
    for (let n = 0; at.parent_id !== null && n < 1000; n++) at = byId.get(at.parent_id) ?? at
    return at
  }
  return {
    categories: new Map(cats.map((c) => [c.code, { id: c.id, leafName: c.name, rootName: rootOf(c).name }])),
    brands: new Map(
      brands.map((b) => [
        b.code,
        {
          id: b.id,
          name: b.name,
          models: new Map(models.filter((m) => m.brand_id === b.id && m.code).map((m) => [m.code!, m.id])),
        },
      ]),
    ),
    currencies: new Map(currencies.map((c) => [c.code, { id: c.id, rate: c.exchange_rate }])),
  }
}

type TargetUnit = Omit<UnitWrite, 'product_id' | 'id'>

/** The units a row asks for, or the stored ones with prices following the product's by multiplier. */
function targetUnits(
  row: ProductRow,
  salePrice: string,
  listPrice: string,
  stored: ProductRecord['units'],
): TargetUnit[] {
  const follow = (price: string, multiplier: number) => new Big(price).times(multiplier).toFixed(4)
  const sent = row.units?.map((u) => ({
    value: u.name,
    multiplier: u.multiplier,
    barcode: u.barcode ?? null,
    default_price: u.price ?? follow(salePrice, u.multiplier),
    list_price: u.listPrice ?? follow(listPrice, u.multiplier),
    is_default: u.isDefault ?? false,
  }))
  const kept =
    sent ??
    (stored.length > 0
      ? stored.map((u) => ({
          value: u.name,
          multiplier: u.multiplier,
          barcode: u.barcode,
          default_price: follow(salePrice, u.multiplier),
          list_price: follow(listPrice, u.multiplier),
          is_default: u.isDefault,
        }))
      : [
          {
            value: 'Adet',
            multiplier: 1,
            barcode: row.barcode ?? null,
            default_price: follow(salePrice, 1),
            list_price: follow(listPrice, 1),
            is_default: true,
          },
        ])
  const defaultAt = Math.max(
    0,
    kept.findIndex((u) => u.is_default),
  )
  return kept.map((u, i) => ({ ...u, is_default: i === defaultAt, sort_order: i }))
}

const sameUnits = (stored: ProductRecord['units'], target: TargetUnit[]) =>
  stored.length === target.length &&
  stored.every((u, i) => {
    const t = target[i]!
    return (
      u.name === t.value &&
      u.multiplier === t.multiplier &&
      (u.barcode ?? null) === t.barcode &&
      sameDecimal(u.price, t.default_price) &&
      sameDecimal(u.listPrice, t.list_price) &&
      u.isDefault === t.is_default
    )
  })

/** Fields compared to tell `unchanged` from `updated` (the derived search and sort texts follow them). */
const COMPARED: (keyof ProductWrite & keyof ProductRecord)[] = [
  'name',
  'category_id',
  'brand_id',
  'model_id',
  'currency_id',
  'barcode',
  'parent_id',
  'description',
  'ozelkod',
  'image_source_url',
  'is_active',
  'search_text',
]

function sameProduct(stored: ProductRecord, target: ProductWrite): boolean {
  if (COMPARED.some((k) => (stored[k] ?? null) !== (target[k] ?? null))) return false
  const plans = [1, 2, 3, 4, 5].map((n) => target[`advence_price${n}`] as string | null)
  return (
    sameDecimal(stored.sale_price, target.sale_price as string) &&
    sameDecimal(stored.list_price, target.list_price as string) &&
    sameDecimal(stored.tax_rate, target.tax_rate as string) &&
    stored.plan_prices.every((p, i) => sameDecimal(p, plans[i])) &&
    sameList(stored.equivalent_codes, target.equivalent_codes as string[]) &&
    sameList(stored.variant_dimensions, target.variant_dimensions as string[] | null) &&
    sameList(stored.variant_values, target.variant_values as string[] | null)
  )
}

/**
 * Products, a batch at a time: the stored rows and the references are read once, each row is turned
 * into the full record it asks for (fields it leaves out keep their stored values), and only the rows
 * that differ are written, in one statement for the new ones and one for the changed ones, with their
 * units after. The search index follows by itself: every write stamps the product's change_seq.
 */
export async function upsertProducts(tx: Db, rows: readonly ProductRow[], now: Date): Promise<RowOutcome[]> {
  const refs = await catalogueRefs(tx)
  const codes = rows.map((r) => r.code)
  const parentCodes = rows.flatMap((r) => (r.parentCode ? [r.parentCode] : []))
  const stored = new Map((await productRecordsByCode(tx, [...codes, ...parentCodes])).map((p) => [p.code, p]))
  const outcomes: RowOutcome[] = new Array(rows.length)
  // Parents (and plain products) first, so a variant finds a parent created in the same batch.
  const order = rows
    .map((_, i) => i)
    .sort((a, b) => Number(!!rows[a]!.parentCode) - Number(!!rows[b]!.parentCode))
  const firstPass = order.filter((i) => !rows[i]!.parentCode)
  const secondPass = order.filter((i) => rows[i]!.parentCode)
  const unitChanges: { productCode: string; units: TargetUnit[]; stored: ProductRecord['units'] }[] = []
  // A new or changed image address is downloaded later by the remote-file worker; the same one is not.
  const imageChanges: { code: string; url: string | null }[] = []

  for (const pass of [firstPass, secondPass]) {
    const inserts: ProductWrite[] = []
    const updates: ProductWrite[] = []
    for (const i of pass) {
      const row = rows[i]!
      const was = stored.get(row.code)
      const made = productTarget(row, was, refs, stored)
      if ('outcome' in made) {
        outcomes[i] = made.outcome
        continue
      }
      const target = made.write
      const units = targetUnits(
        row,
        target.sale_price as string,
        target.list_price as string,
        was?.units ?? [],
      )
      const unitsSame = was ? sameUnits(was.units, units) : false
      if (was && sameProduct(was, target) && unitsSame) {
        outcomes[i] = { status: 'unchanged' }
        continue
      }
      if (was) {
        if (!sameProduct(was, target)) updates.push({ ...target, id: was.id })
      } else inserts.push(target)
      if (!unitsSame) unitChanges.push({ productCode: row.code, units, stored: was?.units ?? [] })
      const url = (target.image_source_url as string | null) ?? null
      if (url !== (was?.image_source_url ?? null)) imageChanges.push({ code: row.code, url })
      outcomes[i] = { status: was ? 'updated' : 'created' }
    }
    const created = await insertProducts(tx, inserts)
    for (const p of inserts) {
      stored.set(p.code, { ...(p as unknown as ProductRecord), id: created.get(p.code)!, units: [] })
    }
    await updateProducts(tx, updates, now)
  }
  await writeUnits(tx, unitDiff(unitChanges, stored))
  const idOf = (code: string) => stored.get(code)!.id
  await queueImageFetches(
    tx,
    imageChanges.flatMap((c) => (c.url ? [{ productId: idOf(c.code), url: c.url }] : [])),
    now,
  )
  await dropImageFetches(
    tx,
    imageChanges.flatMap((c) => (c.url ? [] : [idOf(c.code)])),
  )
  return outcomes
}

function unitDiff(
  changes: { productCode: string; units: TargetUnit[]; stored: ProductRecord['units'] }[],
  products: Map<string, ProductRecord>,
) {
  const remove: number[] = []
  const update: UnitWrite[] = []
  const insert: UnitWrite[] = []
  for (const change of changes) {
    const productId = products.get(change.productCode)!.id
    const left = [...change.stored]
    for (const unit of change.units) {
      const match = left.findIndex(
        (u) => u.name.toLocaleLowerCase('tr') === unit.value.toLocaleLowerCase('tr'),
      )
      if (match >= 0) update.push({ ...unit, product_id: productId, id: left.splice(match, 1)[0]!.id })
      else insert.push({ ...unit, product_id: productId })
    }
    remove.push(...left.map((u) => u.id))
  }
  return { remove, update, insert }
}

/** The record a row asks for, or why it cannot be written. */
function productTarget(
  row: ProductRow,
  was: ProductRecord | undefined,
  refs: CatalogueRefs,
  stored: Map<string, ProductRecord>,
): { write: ProductWrite } | { outcome: RowOutcome } {
  const refuse = (field: string, value: string) => ({ outcome: rejected(field, 'unknown_reference', value) })
  const category = refs.categories.get(row.categoryCode)
  if (!category) return refuse('categoryCode', row.categoryCode)
  const currency = refs.currencies.get(row.currency)
  if (!currency) return refuse('currency', row.currency)
  const brandCode = row.brandCode === undefined ? undefined : row.brandCode
  const brand = brandCode ? refs.brands.get(brandCode) : null
  if (brand === undefined) return refuse('brandCode', brandCode ?? '')
  let modelId: number | null = row.modelCode === undefined ? (was?.model_id ?? null) : null
  if (row.modelCode) {
    const id = brand?.models.get(row.modelCode)
    if (id === undefined) return refuse('modelCode', row.modelCode)
    modelId = id
  }
  let parentId: number | null = row.parentCode === undefined ? (was?.parent_id ?? null) : null
  if (row.parentCode) {
    const parent = stored.get(row.parentCode)
    if (!parent || parent.code === row.code) return refuse('parentCode', row.parentCode)
    parentId = parent.id
  }
  const keep = <K extends keyof ProductRecord, V>(sent: V | undefined, key: K, fallback: V): V =>
    sent !== undefined ? sent : was ? (was[key] as V) : fallback
  const brandId = brandCode === undefined ? (was?.brand_id ?? null) : (brand?.id ?? null)
  const brandName = brand?.name ?? [...refs.brands.values()].find((b) => b.id === brandId)?.name ?? null
  const listPrice = keep(row.listPrice, 'list_price', row.salePrice)
  const planPrices = row.planPrices
    ? [0, 1, 2, 3, 4].map((n) => row.planPrices![n] ?? null)
    : (was?.plan_prices ?? [null, null, null, null, null])
  const barcode = keep(row.barcode, 'barcode', null)
  const equivalents = keep(row.equivalentCodes, 'equivalent_codes', [] as string[])
  const specialCode = keep(row.specialCode, 'ozelkod', null)
  const target: ProductWrite = {
    code: row.code,
    name: row.name,
    seo: slugify(row.name).slice(0, 200) || slugify(row.code) || 'urun',
    category_id: category.id,
    brand_id: brandId,
    model_id: modelId,
    currency_id: currency.id,
    sale_price: row.salePrice,
    list_price: listPrice,
    tax_rate: row.taxRate,
    barcode,
    equivalent_codes: equivalents,
    parent_id: parentId,
    variant_dimensions: keep(row.variantDimensions, 'variant_dimensions', null),
    variant_values: keep(row.variantValues, 'variant_values', null),
    description: keep(row.description, 'description', null),
    ozelkod: specialCode,
    image_source_url: keep(row.imageUrl, 'image_source_url', null),
    is_active: keep(row.isActive, 'is_active', true),
    search_text: searchDocument([
      row.code,
      row.name,
      barcode,
      ...equivalents,
      brandName,
      specialCode,
      category.leafName,
      category.rootName,
    ]),
    search_name: normaliseSearchText(row.name),
    name_sort: turkishSortKey(row.name),
    sale_price_base: new Big(row.salePrice).times(currency.rate).toFixed(4),
  }
  planPrices.forEach((p, n) => {
    target[`advence_price${n + 1}`] = p
  })
  return { write: target }
}

/**
 * Stock per warehouse: `unchanged` when the figure is already the ERP's. A product or warehouse code
 * that names nothing rejects that row alone.
 */
export async function upsertStock(tx: Db, rows: readonly StockRow[]): Promise<RowOutcome[]> {
  const warehouses = new Map((await allWarehouseRecords(tx)).map((w) => [w.code, w.id]))
  const products = new Map(
    (await productIdsByCode(tx, [...new Set(rows.map((r) => r.productCode))])).map((p) => [p.code, p.id]),
  )
  const current = new Map(
    (await stockOf(tx, [...new Set(products.values())])).map((s) => [
      `${s.product_id}:${s.warehouse_id}`,
      s.quantity,
    ]),
  )
  const changes: StockKeyRecord[] = []
  const outcomes = rows.map((row): RowOutcome => {
    const productId = products.get(row.productCode)
    if (productId === undefined) return rejected('productCode', 'unknown_reference', row.productCode)
    const warehouseId = warehouses.get(row.warehouseCode)
    if (warehouseId === undefined) return rejected('warehouseCode', 'unknown_reference', row.warehouseCode)
    const was = current.get(`${productId}:${warehouseId}`)
    if (was === row.quantity) return { status: 'unchanged' }
    changes.push({ product_id: productId, warehouse_id: warehouseId, quantity: row.quantity })
    return { status: was === undefined ? 'created' : 'updated' }
  })
  await writeStock(tx, changes)
  return outcomes
}

/**
 * A price list: the prices of products that exist (an unknown code is rejected, never created); the
 * fields a row leaves out keep their values, and the units' prices follow by multiplier.
 */
export async function upsertPrices(tx: Db, rows: readonly PriceRow[], now: Date): Promise<RowOutcome[]> {
  const refs = await catalogueRefs(tx)
  const stored = new Map(
    (
      await productRecordsByCode(
        tx,
        rows.map((r) => r.productCode),
      )
    ).map((p) => [p.code, p]),
  )
  const rateOf = new Map([...refs.currencies.values()].map((c) => [c.id, c.rate]))
  const writes: PriceWrite[] = []
  const outcomes = rows.map((row): RowOutcome => {
    const was = stored.get(row.productCode)
    if (!was) return rejected('productCode', 'unknown_reference', row.productCode)
    const currency = row.currency === undefined ? { id: was.currency_id } : refs.currencies.get(row.currency)
    if (!currency) return rejected('currency', 'unknown_reference', row.currency ?? '')
    const plans = row.planPrices ? [0, 1, 2, 3, 4].map((n) => row.planPrices![n] ?? null) : was.plan_prices
    const write: PriceWrite = {
      id: was.id,
      sale_price: row.salePrice ?? was.sale_price,
      list_price: row.listPrice ?? was.list_price,
      plans,
      currency_id: currency.id,
      sale_price_base: new Big(row.salePrice ?? was.sale_price)
        .times(rateOf.get(currency.id) ?? '1')
        .toFixed(4),
    }
    const same =
      sameDecimal(was.sale_price, write.sale_price) &&
      sameDecimal(was.list_price, write.list_price) &&
      was.plan_prices.every((p, i) => sameDecimal(p, plans[i])) &&
      was.currency_id === write.currency_id
    if (same) return { status: 'unchanged' }
    writes.push(write)
    return { status: 'updated' }
  })
  await writePrices(tx, writes, now)
  return outcomes
}

/** Product ids by the ERP's codes, for the other resources that name products (serials). */
export async function productIdsByCodes(db: Db, codes: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Map()
  return new Map((await productIdsByCode(db, unique)).map((p) => [p.code, p.id]))
}
