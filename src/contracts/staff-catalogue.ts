import { z } from 'zod'
import { dbId, dbIdFromText, inputText } from './common'

/**
 * The catalogue's reference data as staff keep it: categories as a tree with their codes, brands
 * with their models, warehouses. Codes are the ERP's keys (the integration API writes the same rows
 * by code), so a code is given once and never changed here; names change freely.
 */

const code = () =>
  inputText()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[^\s/?#]+$/, 'code')
const name = (max = 200) => inputText().trim().min(1).max(max)
/** An English name; null or blank removes it (English readers then see the Turkish one). */
const nameEn = () => inputText().trim().max(200).nullable().optional()

export const catalogueIdParamsSchema = z.object({ id: dbIdFromText })

export const staffCategorySchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  parentId: z.number().nullable(),
  depth: z.number(),
  sortOrder: z.number(),
  /** Products (variants too) directly in this category. */
  productCount: z.number(),
})
export type StaffCategory = z.infer<typeof staffCategorySchema>

/** GET /yonetim/categories: every category in tree order (each parent before its children, siblings by sort order). */
export const staffCategoryListSchema = z.object({ items: z.array(staffCategorySchema) })
export type StaffCategoryList = z.infer<typeof staffCategoryListSchema>

export const categoryCreateSchema = z.strictObject({
  code: code(),
  name: name(),
  nameEn: nameEn(),
  parentId: dbId.nullable().optional(),
})
export type CategoryCreate = z.infer<typeof categoryCreateSchema>

/** PATCH /yonetim/categories/{id}: rename, move under another parent (null: to the top), reorder. */
export const categoryPatchSchema = z.strictObject({
  name: name().optional(),
  nameEn: nameEn(),
  parentId: dbId.nullable().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
})
export type CategoryPatch = z.infer<typeof categoryPatchSchema>

/** POST /yonetim/categories/reorder: the children of one parent in their new order. */
export const categoryReorderSchema = z.strictObject({
  parentId: dbId.nullable(),
  ids: z.array(dbId).min(1).max(1000),
})
export type CategoryReorder = z.infer<typeof categoryReorderSchema>

export const staffModelSchema = z.object({ id: z.number(), code: z.string().nullable(), name: z.string() })

export const staffBrandSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  productCount: z.number(),
  models: z.array(staffModelSchema),
})
export type StaffBrand = z.infer<typeof staffBrandSchema>

/** GET /yonetim/brands: every brand by name with its models. */
export const staffBrandListSchema = z.object({ items: z.array(staffBrandSchema) })
export type StaffBrandList = z.infer<typeof staffBrandListSchema>

export const brandCreateSchema = z.strictObject({ code: code(), name: name() })
export const brandPatchSchema = z.strictObject({ name: name() })
export const modelCreateSchema = z.strictObject({ code: code(), name: name() })
export const modelPatchSchema = z.strictObject({ name: name() })
export const modelParamsSchema = z.object({ id: dbIdFromText, modelId: dbIdFromText })

export const staffWarehouseSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  sortOrder: z.number(),
  /** Units in stock in this warehouse over every product. */
  totalQuantity: z.number(),
})
export type StaffWarehouse = z.infer<typeof staffWarehouseSchema>

/** GET /yonetim/warehouses: every warehouse in its order. */
export const staffWarehouseListSchema = z.object({ items: z.array(staffWarehouseSchema) })
export type StaffWarehouseList = z.infer<typeof staffWarehouseListSchema>

export const warehouseCreateSchema = z.strictObject({
  code: code(),
  name: name(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
})
export const warehousePatchSchema = z.strictObject({
  name: name().optional(),
  sortOrder: z.number().int().min(0).max(100_000).optional(),
})
