import Big from 'big.js'
import { STAFF_LIST_COUNT_CAP } from '../../../contracts/back-office'
import type { ProductRow } from '../../../contracts/integration-sync'
import {
  type BulkProductsBody,
  STAFF_PRODUCTS_PAGE_SIZE,
  type StaffProduct,
  type StaffProductCreate,
  type StaffProductList,
  type StaffProductPatch,
  type StaffProductsFilter,
  type StaffProductsQuery,
} from '../../../contracts/staff-products'
import type { AuditValue } from '../../../domain/audit'
import { decimalText, sameDecimal } from '../../../domain/bulk-upsert'
import { priceChangedByPercent } from '../../../domain/price-change'
import { normaliseSearchText } from '../../../domain/search-query'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { lockWrites } from '../../db/write-lock'
import { notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import { loadCurrencies } from '../store/store.service'
import { loadTranslations, saveTranslations } from '../translations/translations.service'
import { codeTaken, refused } from './catalogue-admin-errors'
import { productRecordsByCode } from './catalogue-sync.repository'
import { upsertProducts, upsertStock } from './catalogue-sync.service'
import { allBrands } from './categories.repository'
import { loadCategories } from './categories.service'
import {
  countStaffProducts,
  findBulkPage,
  findCodes,
  findProductRefs,
  findProductStock,
  findSortedMatches,
  findVariants,
  findWalkedPage,
  isSelective,
  renameProductCode,
  type StaffProductFilter,
  type StaffProductPageRow,
} from './products-admin.repository'

/**
 * The catalogue as staff edit it: one product at a time through the same writer as the ERP's
 * product rows (catalogue-sync.service), so a product made here obeys every rule of one sent by the
 * ERP; many at a time as a job of those rows (bulk actions on a filter).
 */

const filterOf = (query: StaffProductsFilter): StaffProductFilter => ({
  folded: normaliseSearchText(query.q),
  categoryId: query.categoryId,
  brandId: query.brandId,
  active: query.active === undefined ? undefined : query.active === 'true',
})

type TablePage = { rows: StaffProductPageRow[]; total: number; capped: boolean; page: number }

/** Pages stop at the count's cap (STAFF_LIST_COUNT_CAP), as the other staff lists' do. */
const lastPageOf = (total: number, limit: number) =>
  Math.max(1, Math.ceil(Math.min(total, STAFF_LIST_COUNT_CAP) / limit))

/**
 * A selective filter's page and count from one statement. Asked for a page past the last, it learns
 * the number of matches from the count and answers the last page.
 */
async function sortedPage(db: Db, filter: StaffProductFilter, query: StaffProductsQuery, limit: number) {
  const at = async (page: number): Promise<TablePage> => {
    const rows = await findSortedMatches(db, filter, query, { offset: (page - 1) * limit, limit })
    const matches = rows[0]?.total ?? 0
    return {
      rows,
      total: Math.min(matches, STAFF_LIST_COUNT_CAP),
      capped: matches > STAFF_LIST_COUNT_CAP,
      page,
    }
  }
  const first = await at(Math.min(query.page, lastPageOf(STAFF_LIST_COUNT_CAP, limit)))
  if (first.rows.length > 0 || first.page === 1) return first
  const { total } = await countStaffProducts(db, filter, STAFF_LIST_COUNT_CAP)
  return at(lastPageOf(total, limit))
}

/** The codes of a page's variants' parents, by id: most pages have no variant and read nothing. */
async function parentCodes(db: Db, rows: StaffProductPageRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.parentId === null ? [] : [r.parentId])))]
  return new Map(ids.length === 0 ? [] : (await findCodes(db, ids)).map((p) => [p.id, p.code]))
}

/** A page of everything (or of the active ones, or of a one- or two-letter word): counted, then walked. */
async function walkedPage(
  db: Db,
  filter: StaffProductFilter,
  query: StaffProductsQuery,
  limit: number,
): Promise<TablePage> {
  const { total, capped } = await countStaffProducts(db, filter, STAFF_LIST_COUNT_CAP)
  const page = Math.min(query.page, lastPageOf(total, limit))
  const rows = await findWalkedPage(db, filter, query, { offset: (page - 1) * limit, limit })
  return { rows, total, capped, page }
}

/** GET /yonetim/products: a page of the product table, counted up to STAFF_LIST_COUNT_CAP. */
export async function listStaffProducts(
  data: CachedDb,
  query: StaffProductsQuery,
): Promise<StaffProductList> {
  const { db } = data
  const filter = filterOf(query)
  const limit = STAFF_PRODUCTS_PAGE_SIZE
  const { rows, total, capped, page } = isSelective(filter)
    ? await sortedPage(db, filter, query, limit)
    : await walkedPage(db, filter, query, limit)
  const pages = Math.max(1, Math.ceil(total / limit))
  const parents = await parentCodes(db, rows)
  const [categories, brands, currencies] = [
    new Map((await loadCategories(data)).map((c) => [c.id, c.name])),
    new Map((await allBrands(data)).map((b) => [b.id, b.name])),
    new Map((await loadCurrencies(data)).map((c) => [c.id, c.code])),
  ]
  const named = (id: number | null, names: Map<number, string>) =>
    id === null ? null : { id, name: names.get(id) ?? '' }
  return {
    items: rows.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      parentCode: r.parentId === null ? null : (parents.get(r.parentId) ?? null),
      category: named(r.categoryId, categories),
      brand: named(r.brandId, brands),
      salePrice: decimalText(r.salePrice),
      currency: currencies.get(r.currencyId) ?? '',
      taxRate: decimalText(r.taxRate),
      quantity: r.quantity,
      active: r.isActive,
      image: r.image,
      updatedAt: r.updatedAt.toISOString(),
    })),
    page,
    pages,
    limit,
    total,
    capped,
  }
}

/** GET /yonetim/products/{id}: every field the editor writes, with stock per warehouse and variants. */
export async function staffProduct(data: CachedDb, id: number): Promise<StaffProduct> {
  const refs = await findProductRefs(data.db, id)
  if (!refs) throw notFound()
  const [record] = await productRecordsByCode(data.db, [refs.code])
  if (!record) throw notFound()
  const english = await loadTranslations(data, 'en')
  const nameEn = english.text('product', id, '')
  return {
    id,
    code: record.code,
    name: record.name,
    nameEn: nameEn === '' ? null : nameEn,
    categoryCode: refs.categoryCode,
    salePrice: decimalText(record.sale_price),
    listPrice: decimalText(record.list_price),
    currency: refs.currency,
    taxRate: decimalText(record.tax_rate),
    planPrices: record.plan_prices.map((p) => (p === null ? null : decimalText(p))),
    brandCode: refs.brandCode,
    modelCode: refs.modelCode,
    barcode: record.barcode,
    equivalentCodes: record.equivalent_codes,
    units: record.units.map((u) => ({
      name: u.name,
      multiplier: u.multiplier,
      barcode: u.barcode,
      price: decimalText(u.price),
      listPrice: decimalText(u.listPrice),
      isDefault: u.isDefault,
    })),
    parentCode: refs.parentCode,
    variantDimensions: record.variant_dimensions,
    variantValues: record.variant_values,
    description: record.description,
    specialCode: record.ozelkod,
    isActive: record.is_active,
    stock: await findProductStock(data.db, id),
    variants: (await findVariants(data.db, id)).map((v) => ({ ...v, values: v.values ?? [] })),
    updatedAt: refs.updatedAt.toISOString(),
  }
}

/**
 * The row the upsert writes: the stored product's fields with the sent ones over them. Units left out
 * stay as they are: a unit priced at the product's price × its multiplier goes on following it, and a
 * unit with a price of its own keeps it (the ERP's row without units would set every unit to follow).
 */
function mergedRow(stored: StaffProduct, patch: StaffProductPatch): ProductRow {
  const { nameEn: _en, stock: _stock, ...sent } = patch
  const follows = (price: string, base: string, multiplier: number) =>
    sameDecimal(price, new Big(base).times(multiplier).toFixed(4))
  const units = stored.units.map((u) => ({
    name: u.name,
    multiplier: u.multiplier,
    barcode: u.barcode,
    isDefault: u.isDefault,
    ...(follows(u.price, stored.salePrice, u.multiplier) ? {} : { price: u.price }),
    ...(follows(u.listPrice, stored.listPrice, u.multiplier) ? {} : { listPrice: u.listPrice }),
  }))
  return {
    code: stored.code,
    name: stored.name,
    categoryCode: stored.categoryCode ?? '',
    salePrice: stored.salePrice,
    currency: stored.currency,
    taxRate: stored.taxRate,
    ...(units.length > 0 ? { units } : {}),
    ...Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)),
  }
}

type ProductEdit = {
  id: number | null
  /** The row to write, made from the product as it is inside the write's lock (null: a new one). */
  row: (before: StaffProduct | null) => ProductRow
  nameEn?: string | null | undefined
  stock?: StaffProductCreate['stock']
}

/**
 * One product written in one transaction under the products' write lock (the one the ERP's product
 * writes take), so two edits, or an edit and an ERP batch, never write over each other's fields and
 * two new products never race for one code.
 */
async function writeProduct(
  data: CachedDb,
  actor: StaffActor,
  edit: ProductEdit,
  now: Date,
): Promise<StaffProduct> {
  return data.db.transaction(async (tx) => {
    await lockWrites(tx, 'products')
    const inTx = { ...data, db: tx }
    const before = edit.id === null ? null : await staffProduct(inTx, edit.id)
    const row = edit.row(before)
    if (!row.categoryCode)
      throw refused({ status: 'rejected', errors: [{ field: 'categoryCode', code: 'required' }] })
    const [sameCode] = await productRecordsByCode(tx, [row.code])
    if (sameCode && sameCode.id !== edit.id) throw codeTaken(row.code)
    if (before && before.code !== row.code) await renameProductCode(tx, before.id, row.code, now)
    const [outcome] = await upsertProducts(tx, [row], now)
    if (!outcome || outcome.status === 'rejected') throw refused(outcome!)
    const [written] = await productRecordsByCode(tx, [row.code])
    const id = written!.id
    if (edit.stock && edit.stock.length > 0) {
      const outcomes = await upsertStock(
        tx,
        edit.stock.map((s) => ({ productCode: row.code, ...s })),
      )
      const bad = outcomes.find((o) => o.status === 'rejected')
      if (bad) throw refused(bad)
    }
    if (edit.nameEn !== undefined)
      await saveTranslations(inTx, 'en', [{ kind: 'product', key: String(id), text: edit.nameEn ?? '' }])
    const after = await staffProduct(inTx, id)
    // An edit that changed nothing leaves no record.
    if (before && JSON.stringify(auditView(before)) === JSON.stringify(auditView(after))) return after
    await recordAudit(
      tx,
      actor,
      {
        entity: 'product',
        entityId: id,
        action: before ? 'update' : 'create',
        before: before ? auditView(before) : null,
        after: auditView(after),
      },
      now,
    )
    return after
  })
}

/** The fields the audit trail compares (lists as text, so a changed unit or stock line shows). */
function auditView(p: StaffProduct): Record<string, AuditValue> {
  const { id: _id, updatedAt: _at, variants: _variants, ...fields } = p
  return {
    ...fields,
    planPrices: p.planPrices.join(' / '),
    equivalentCodes: p.equivalentCodes.join(', '),
    units: p.units.map((u) => `${u.name}×${u.multiplier} ${u.price}${u.isDefault ? '*' : ''}`).join('; '),
    stock: p.stock.map((s) => `${s.warehouseCode}: ${s.quantity}`).join('; '),
    variantDimensions: p.variantDimensions?.join(', ') ?? null,
    variantValues: p.variantValues?.join(', ') ?? null,
  }
}

/** POST /yonetim/products: a new product (409 when its code is taken). */
export async function createProduct(
  data: CachedDb,
  actor: StaffActor,
  body: StaffProductCreate,
  now: Date,
): Promise<StaffProduct> {
  const { nameEn, stock, ...row } = body
  return writeProduct(data, actor, { id: null, row: () => row, nameEn, stock }, now)
}

/** PATCH /yonetim/products/{id}: the fields sent, over the stored ones. */
export async function updateProduct(
  data: CachedDb,
  actor: StaffActor,
  id: number,
  patch: StaffProductPatch,
  now: Date,
): Promise<StaffProduct> {
  const edit = { id, row: (before: StaffProduct | null) => mergedRow(before!, patch), nameEn: patch.nameEn }
  return writeProduct(data, actor, { ...edit, stock: patch.stock }, now)
}

const BULK_PAGE = 2000

/**
 * The rows of a bulk action for the ERP's writers (price rows for a price change, product rows for
 * the rest), one per product the filter matches, read by code a page at a time. The job that writes
 * them lives with the other jobs (integration-sync/bulk-products.service.ts).
 */
export async function* bulkActionRows(
  db: Db,
  body: BulkProductsBody,
): AsyncIterable<Record<string, unknown>> {
  const filter = filterOf(body.filter)
  const { action } = body
  let after: string | null = null
  for (;;) {
    const page = await findBulkPage(db, filter, after, BULK_PAGE)
    for (const p of page) {
      if (action.kind === 'changePrice') {
        yield {
          productCode: p.code,
          salePrice: priceChangedByPercent(p.salePrice, action.percent),
          listPrice: priceChangedByPercent(p.listPrice, action.percent),
          planPrices: p.planPrices.map((price) => priceChangedByPercent(price, action.percent)),
        }
        continue
      }
      yield {
        code: p.code,
        name: p.name,
        categoryCode: action.kind === 'moveCategory' ? action.categoryCode : (p.categoryCode ?? ''),
        salePrice: p.salePrice,
        currency: p.currency,
        taxRate: p.taxRate,
        isActive: action.kind === 'moveCategory' ? p.isActive : action.kind === 'activate',
      }
    }
    if (page.length < BULK_PAGE) return
    after = page.at(-1)!.code
  }
}

/** How many products a bulk action's filter matches, counted up to `cap`. */
export const countBulkTargets = (db: Db, filter: BulkProductsBody['filter'], cap: number) =>
  countStaffProducts(db, filterOf(filter), cap)
