import type {
  CategoryCreate,
  CategoryPatch,
  CategoryReorder,
  StaffBrand,
  StaffBrandList,
  StaffCategory,
  StaffCategoryList,
  StaffWarehouse,
  StaffWarehouseList,
} from '../../../contracts/staff-catalogue'
import type { AuditEntity } from '../../../domain/audit'
import type { SyncResource } from '../../../domain/bulk-upsert'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { lockWrites } from '../../db/write-lock'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { recordAudit, recordAudits } from '../audit/audit.service'
import { loadTranslations, saveTranslations } from '../translations/translations.service'
import {
  brandAdminRecords,
  type CategoryAdminRecord,
  categoryAdminRecords,
  modelAdminRecords,
  type Only,
  warehouseAdminRecords,
} from './catalogue-admin.repository'
import { codeTaken, refused } from './catalogue-admin-errors'
import {
  allBrandRecords,
  allCategoryRecords,
  allWarehouseRecords,
  renameModel,
} from './catalogue-sync.repository'
import { upsertBrands, upsertCategories, upsertWarehouses } from './catalogue-sync.service'

/**
 * Categories, brands with models and warehouses as staff keep them. Every write goes through the
 * ERP's writer for the same rows (catalogue-sync.service: slugs, paths, cycles), under that resource's
 * write lock, with an audit record; the reference caches of every process follow by the tables'
 * version triggers.
 */

type Edit = { data: CachedDb; actor: StaffActor; now: Date }

/** A write under the resource's lock, with its audit record. */
async function locked<T>(
  edit: Edit,
  resource: SyncResource,
  write: (tx: Db, inTx: CachedDb) => Promise<T>,
): Promise<T> {
  return edit.data.db.transaction(async (tx) => {
    await lockWrites(tx, resource)
    return write(tx, { ...edit.data, db: tx })
  })
}

const audit = (
  tx: Db,
  edit: Edit,
  entity: AuditEntity,
  id: number,
  before: Record<string, string | number | null> | null,
  after: Record<string, string | number | null>,
) =>
  recordAudit(
    tx,
    edit.actor,
    { entity, entityId: id, action: before ? 'update' : 'create', before, after },
    edit.now,
  )

// ---- categories ---------------------------------------------------------------------------------

/** Parents before children, siblings by their order then id: the order a tree is drawn in. */
function treeOrder(records: CategoryAdminRecord[]): CategoryAdminRecord[] {
  const children = new Map<number | null, CategoryAdminRecord[]>()
  for (const r of records) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r])
  for (const list of children.values()) list.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
  const ordered: CategoryAdminRecord[] = []
  const visit = (parentId: number | null) => {
    for (const r of children.get(parentId) ?? []) {
      ordered.push(r)
      visit(r.id)
    }
  }
  visit(null)
  return ordered
}

/** GET /yonetim/categories */
export async function listCategories(data: CachedDb): Promise<StaffCategoryList> {
  const english = await loadTranslations(data, 'en')
  const items = treeOrder(await categoryAdminRecords(data.db)).map(
    ({ path: _path, ...r }): StaffCategory => ({
      ...r,
      nameEn: english.text('category', r.id, '') || null,
    }),
  )
  return { items }
}

const categoryAudit = (c: StaffCategory) => ({
  code: c.code,
  name: c.name,
  nameEn: c.nameEn,
  parentId: c.parentId,
  sortOrder: c.sortOrder,
})

/** One category as the list shows it (a write reads only its own products' count). */
async function categoryIn(data: CachedDb, only: Only): Promise<StaffCategory> {
  const [found] = await categoryAdminRecords(data.db, only)
  if (!found) throw notFound()
  const { path: _path, ...record } = found
  const english = await loadTranslations(data, 'en')
  return { ...record, nameEn: english.text('category', record.id, '') || null }
}

const noSuchParent = (id: number) =>
  refused({
    status: 'rejected',
    errors: [{ field: 'parentId', code: 'unknown_reference', value: String(id) }],
  })

/** POST /yonetim/categories: a new category, last among its siblings (409 when its code is taken). */
export async function createCategory(edit: Edit, body: CategoryCreate): Promise<StaffCategory> {
  return locked(edit, 'categories', async (tx, inTx) => {
    const all = await allCategoryRecords(tx)
    if (all.some((c) => c.code === body.code)) throw codeTaken(body.code)
    const parentId = body.parentId ?? null
    const parent = parentId === null ? null : all.find((c) => c.id === parentId)
    if (parent === undefined) throw noSuchParent(parentId!)
    const siblings = all.filter((c) => c.parent_id === parentId)
    const sortOrder = Math.max(-1, ...siblings.map((c) => c.sort_order)) + 1
    const [outcome] = await upsertCategories(tx, [
      { code: body.code, name: body.name, parentCode: parent?.code ?? null, sortOrder },
    ])
    if (outcome?.status === 'rejected') throw refused(outcome, { parentCode: 'parentId' })
    const { id } = await categoryIn(inTx, { code: body.code })
    if (body.nameEn !== undefined)
      await saveTranslations(inTx, 'en', [{ kind: 'category', key: String(id), text: body.nameEn ?? '' }])
    const made = await categoryIn(inTx, { id })
    await audit(tx, edit, 'category', id, null, categoryAudit(made))
    return made
  })
}

/** PATCH /yonetim/categories/{id}: rename, move (never under itself or its own subcategories), reorder. */
export async function updateCategory(edit: Edit, id: number, patch: CategoryPatch): Promise<StaffCategory> {
  return locked(edit, 'categories', async (tx, inTx) => {
    const before = await categoryIn(inTx, { id })
    const all = await allCategoryRecords(tx)
    const parentId = patch.parentId === undefined ? before.parentId : patch.parentId
    const parent = parentId === null ? null : all.find((c) => c.id === parentId)
    if (parent === undefined) throw noSuchParent(parentId!)
    const [outcome] = await upsertCategories(tx, [
      {
        code: before.code,
        name: patch.name ?? before.name,
        parentCode: parent?.code ?? null,
        sortOrder: patch.sortOrder ?? before.sortOrder,
      },
    ])
    if (outcome?.status === 'rejected') throw refused(outcome, { parentCode: 'parentId' })
    if (patch.nameEn !== undefined)
      await saveTranslations(inTx, 'en', [{ kind: 'category', key: String(id), text: patch.nameEn ?? '' }])
    const after = await categoryIn(inTx, { id })
    const [was, now] = [categoryAudit(before), categoryAudit(after)]
    if (JSON.stringify(was) !== JSON.stringify(now)) await audit(tx, edit, 'category', id, was, now)
    return after
  })
}

/** POST /yonetim/categories/reorder: one parent's children in a new order (every one of them, once). */
export async function reorderCategories(edit: Edit, body: CategoryReorder): Promise<StaffCategoryList> {
  await locked(edit, 'categories', async (tx) => {
    const all = await allCategoryRecords(tx)
    const siblings = all.filter((c) => c.parent_id === body.parentId)
    const same =
      body.ids.length === siblings.length &&
      new Set(body.ids).size === body.ids.length &&
      siblings.every((c) => body.ids.includes(c.id))
    if (!same) throw new AppError('validation', 'catalogue.reorderMismatch')
    const byId = new Map(siblings.map((c) => [c.id, c]))
    const parentCode = all.find((c) => c.id === body.parentId)?.code ?? null
    const moved = body.ids.map((id, sortOrder) => ({ record: byId.get(id)!, sortOrder }))
    const changed = moved.filter((m) => m.record.sort_order !== m.sortOrder)
    await upsertCategories(
      tx,
      changed.map((m) => ({ code: m.record.code, name: m.record.name, parentCode, sortOrder: m.sortOrder })),
    )
    await recordAudits(
      tx,
      edit.actor,
      changed.map((m) => ({
        entity: 'category',
        entityId: m.record.id,
        action: 'update',
        before: { sortOrder: m.record.sort_order },
        after: { sortOrder: m.sortOrder },
      })),
      edit.now,
    )
  })
  return listCategories(edit.data)
}

// ---- brands and models --------------------------------------------------------------------------

/** GET /yonetim/brands */
export async function listBrands(db: Db): Promise<StaffBrandList> {
  const models = await modelAdminRecords(db)
  const items = (await brandAdminRecords(db)).map(
    (b): StaffBrand => ({
      ...b,
      models: models.filter((m) => m.brandId === b.id).map(({ brandId: _b, ...m }) => m),
    }),
  )
  return { items }
}

/** One brand with its models (a write reads only its own products' count). */
async function brandIn(db: Db, only: Only): Promise<StaffBrand> {
  const [found] = await brandAdminRecords(db, only)
  if (!found) throw notFound()
  const models = await modelAdminRecords(db, found.id)
  return { ...found, models: models.map(({ brandId: _b, ...m }) => m) }
}

/** POST /yonetim/brands */
export async function createBrand(edit: Edit, body: { code: string; name: string }): Promise<StaffBrand> {
  return locked(edit, 'brands', async (tx) => {
    if ((await allBrandRecords(tx)).some((b) => b.code === body.code)) throw codeTaken(body.code)
    await upsertBrands(tx, [{ code: body.code, name: body.name }])
    const made = await brandIn(tx, { code: body.code })
    await audit(tx, edit, 'brand', made.id, null, { code: made.code, name: made.name })
    return made
  })
}

/** PATCH /yonetim/brands/{id}: a new name. */
export async function renameBrand(edit: Edit, id: number, body: { name: string }): Promise<StaffBrand> {
  return locked(edit, 'brands', async (tx) => {
    const before = await brandIn(tx, { id })
    if (before.name === body.name) return before
    await upsertBrands(tx, [{ code: before.code, name: body.name }])
    await audit(tx, edit, 'brand', id, { name: before.name }, { name: body.name })
    return brandIn(tx, { id })
  })
}

/** POST /yonetim/brands/{id}/models: a model of the brand (its code unique within the brand). */
export async function createModel(
  edit: Edit,
  brandId: number,
  body: { code: string; name: string },
): Promise<StaffBrand> {
  return locked(edit, 'brands', async (tx) => {
    const brand = await brandIn(tx, { id: brandId })
    if (brand.models.some((m) => m.code === body.code)) throw codeTaken(body.code)
    await upsertBrands(tx, [{ code: brand.code, name: brand.name, models: [body] }])
    await audit(tx, edit, 'brand', brandId, null, { [`model ${body.code}`]: body.name })
    return brandIn(tx, { id: brandId })
  })
}

/** PATCH /yonetim/brands/{id}/models/{modelId}: a new name. */
export async function updateModel(
  edit: Edit,
  brandId: number,
  modelId: number,
  body: { name: string },
): Promise<StaffBrand> {
  return locked(edit, 'brands', async (tx) => {
    const brand = await brandIn(tx, { id: brandId })
    const model = brand.models.find((m) => m.id === modelId)
    if (!model) throw notFound()
    if (model.name === body.name) return brand
    await renameModel(tx, modelId, body.name)
    const field = `model ${model.code ?? model.id}`
    await audit(tx, edit, 'brand', brandId, { [field]: model.name }, { [field]: body.name })
    return brandIn(tx, { id: brandId })
  })
}

// ---- warehouses ---------------------------------------------------------------------------------

/** GET /yonetim/warehouses */
export async function listWarehouses(db: Db): Promise<StaffWarehouseList> {
  return { items: await warehouseAdminRecords(db) }
}

async function warehouseIn(db: Db, only: Only): Promise<StaffWarehouse> {
  const [found] = await warehouseAdminRecords(db, only)
  if (!found) throw notFound()
  return found
}

const warehouseAudit = (w: StaffWarehouse) => ({ code: w.code, name: w.name, sortOrder: w.sortOrder })

/** POST /yonetim/warehouses: a new one, last unless an order is given. */
export async function createWarehouse(
  edit: Edit,
  body: { code: string; name: string; sortOrder?: number | undefined },
): Promise<StaffWarehouse> {
  return locked(edit, 'warehouses', async (tx) => {
    const all = await allWarehouseRecords(tx)
    if (all.some((w) => w.code === body.code)) throw codeTaken(body.code)
    const sortOrder = body.sortOrder ?? Math.max(-1, ...all.map((w) => w.sort_order)) + 1
    await upsertWarehouses(tx, [{ code: body.code, name: body.name, sortOrder }])
    const made = await warehouseIn(tx, { code: body.code })
    await audit(tx, edit, 'warehouse', made.id, null, warehouseAudit(made))
    return made
  })
}

/** PATCH /yonetim/warehouses/{id}: rename or reorder. */
export async function updateWarehouse(
  edit: Edit,
  id: number,
  body: { name?: string | undefined; sortOrder?: number | undefined },
): Promise<StaffWarehouse> {
  return locked(edit, 'warehouses', async (tx) => {
    const before = await warehouseIn(tx, { id })
    await upsertWarehouses(tx, [
      { code: before.code, name: body.name ?? before.name, sortOrder: body.sortOrder ?? before.sortOrder },
    ])
    const after = await warehouseIn(tx, { id })
    const [was, now] = [warehouseAudit(before), warehouseAudit(after)]
    if (JSON.stringify(was) !== JSON.stringify(now)) await audit(tx, edit, 'warehouse', id, was, now)
    return after
  })
}
