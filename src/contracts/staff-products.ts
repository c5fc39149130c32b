import { z } from 'zod'
import { cappedListOf, pageSchema } from './back-office'
import { DB_INT_MAX, dbIdFromText, inputText } from './common'
import { productRowSchema } from './integration-sync'

/** The staff's product table: 50 a page. */
export const STAFF_PRODUCTS_PAGE_SIZE = 50

export const staffProductSorts = ['code', 'name', 'price', 'stock', 'updated'] as const
export type StaffProductSort = (typeof staffProductSorts)[number]

/**
 * GET /yonetim/products?q=&categoryId=&brandId=&active=&sort=&dir=&page= — every product, variants
 * too, whose code, name, barcode, equivalent code, brand or category contains q (Turkish letters
 * folded); a category takes in its subcategories. A filter value that is not one is ignored.
 */
export const staffProductsQuerySchema = z.object({
  q: inputText().trim().max(100).default('').catch(''),
  categoryId: dbIdFromText.optional().catch(undefined),
  brandId: dbIdFromText.optional().catch(undefined),
  active: z.enum(['true', 'false']).optional().catch(undefined),
  sort: z.enum(staffProductSorts).default('code').catch('code'),
  dir: z.enum(['asc', 'desc']).default('asc').catch('asc'),
  page: pageSchema,
})
export type StaffProductsQuery = z.infer<typeof staffProductsQuerySchema>
export type StaffProductsFilter = Pick<StaffProductsQuery, 'q' | 'categoryId' | 'brandId' | 'active'>

const named = z.object({ id: z.number(), name: z.string() })

export const staffProductRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** A variant's family (its parent's code); null on a plain product or a parent. */
  parentCode: z.string().nullable(),
  category: named.nullable(),
  brand: named.nullable(),
  /** Decimal text in the product's own currency. */
  salePrice: z.string(),
  currency: z.string(),
  taxRate: z.string(),
  quantity: z.number(),
  active: z.boolean(),
  /** The main image's name under /images (web/components/image-url.ts), when it has one. */
  image: z.string().nullable(),
  updatedAt: z.string(),
})
export type StaffProductRow = z.infer<typeof staffProductRowSchema>

export const staffProductListSchema = cappedListOf(staffProductRowSchema)
export type StaffProductList = z.infer<typeof staffProductListSchema>

export const staffProductParamsSchema = z.object({ id: dbIdFromText })

const stockLineSchema = z.strictObject({
  warehouseCode: inputText().trim().min(1).max(40),
  quantity: z.number().int().min(0).max(DB_INT_MAX),
})

/**
 * POST /yonetim/products: the integration API's product row (at least code, name, categoryCode,
 * salePrice, currency, taxRate; docs/integration.md names every field) with the product's English
 * name and its stock per warehouse. The same rules write it as write the ERP's.
 */
export const staffProductCreateSchema = productRowSchema.extend({
  /** The name English readers see; null or blank: the Turkish name. */
  nameEn: inputText().trim().max(200).nullable().optional(),
  stock: z.array(stockLineSchema).max(100).optional(),
})
export type StaffProductCreate = z.infer<typeof staffProductCreateSchema>

/** PATCH /yonetim/products/{id}: the fields to change; the rest stay (a new code must be free). */
export const staffProductPatchSchema = staffProductCreateSchema.partial()
export type StaffProductPatch = z.infer<typeof staffProductPatchSchema>

/** One product as the editor shows it: every field it writes, in the create body's terms. */
export const staffProductSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  categoryCode: z.string().nullable(),
  salePrice: z.string(),
  listPrice: z.string(),
  currency: z.string(),
  taxRate: z.string(),
  planPrices: z.array(z.string().nullable()),
  brandCode: z.string().nullable(),
  modelCode: z.string().nullable(),
  barcode: z.string().nullable(),
  equivalentCodes: z.array(z.string()),
  units: z.array(
    z.object({
      name: z.string(),
      multiplier: z.number(),
      barcode: z.string().nullable(),
      price: z.string(),
      listPrice: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  parentCode: z.string().nullable(),
  variantDimensions: z.array(z.string()).nullable(),
  variantValues: z.array(z.string()).nullable(),
  description: z.string().nullable(),
  specialCode: z.string().nullable(),
  isActive: z.boolean(),
  /** Every warehouse, with this product's quantity in it (0 where it has none). */
  stock: z.array(z.object({ warehouseCode: z.string(), warehouseName: z.string(), quantity: z.number() })),
  /** A parent's variants. */
  variants: z.array(
    z.object({ id: z.number(), code: z.string(), values: z.array(z.string()), active: z.boolean() }),
  ),
  updatedAt: z.string(),
})
export type StaffProduct = z.infer<typeof staffProductSchema>

/** A bulk action's change: every product the filter matches, as a job with progress. */
export const bulkProductActionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('activate') }),
  z.strictObject({ kind: z.literal('deactivate') }),
  z.strictObject({ kind: z.literal('moveCategory'), categoryCode: inputText().trim().min(1).max(40) }),
  /** Sale and list prices (and the plan prices set) times 1 + percent/100, to 2 decimals. */
  z.strictObject({
    kind: z.literal('changePrice'),
    percent: z.number().min(-99).max(1000),
  }),
])
export type BulkProductAction = z.infer<typeof bulkProductActionSchema>

export const bulkProductsBodySchema = z.strictObject({
  filter: z.strictObject({
    q: inputText().trim().max(100).default(''),
    categoryId: z.number().int().min(1).max(DB_INT_MAX).optional(),
    brandId: z.number().int().min(1).max(DB_INT_MAX).optional(),
    active: z.enum(['true', 'false']).optional(),
  }),
  action: bulkProductActionSchema,
})
export type BulkProductsBody = z.infer<typeof bulkProductsBodySchema>

/** The most products one bulk action changes. */
export const BULK_PRODUCTS_MAX = 200_000
