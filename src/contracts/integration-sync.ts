import { z } from 'zod'
import { BULK_MAX_ROWS, decimalText, ERROR_POLICIES, ROW_ERROR_CODES } from '../domain/bulk-upsert'
import { currencyCodeSchema, DB_INT_MAX, inputText } from './common'

/**
 * The bulk upserts of the integration API (`POST /api/integration/v1/<resource>`). Rows are checked
 * one by one against the row schemas here, so one bad row is answered `rejected` instead of failing
 * the call; the body's own schema only asks for a list of objects.
 */

export const bulkQuerySchema = z.object({
  errorPolicy: z.enum(ERROR_POLICIES).default('rejectFailedRows'),
})

const code = (max = 40) => inputText().trim().min(1).max(max)
const name = (max = 200) => inputText().trim().min(1).max(max)
const count = z.number().int().min(0).max(DB_INT_MAX)

/** A decimal as an ERP sends it: a JSON number or a dot-decimal string ("1234.56"); kept as text. */
const decimal = (max = 1e13) =>
  z
    .union([
      z.number().finite(),
      inputText()
        .trim()
        .regex(/^-?\d{1,14}(\.\d{1,8})?$/, 'decimal'),
    ])
    .transform((v) => decimalText(v))
    .refine((v) => Number(v) >= 0 && Number(v) < max, 'range')

export const categoryRowSchema = z.strictObject({
  code: code(),
  name: name(),
  /** The parent's code; null or absent: a top-level category. */
  parentCode: code().nullable().optional(),
  sortOrder: count.optional(),
})
export type CategoryRow = z.infer<typeof categoryRowSchema>

export const brandRowSchema = z.strictObject({
  code: code(),
  name: name(),
  /** The brand's models (added or renamed by code; models not listed stay). */
  models: z
    .array(z.strictObject({ code: code(), name: name() }))
    .max(500)
    .optional(),
})
export type BrandRow = z.infer<typeof brandRowSchema>

export const warehouseRowSchema = z.strictObject({
  code: code(),
  name: name(),
  sortOrder: count.optional(),
})
export type WarehouseRow = z.infer<typeof warehouseRowSchema>

export const productUnitRowSchema = z.strictObject({
  /** As shown: Adet, Koli, Paket… */
  name: name(40),
  /** How many of the base unit it holds. */
  multiplier: z.number().int().min(1).max(1_000_000),
  barcode: code(64).nullable().optional(),
  /** The unit's own sale price; absent: the product's sale price × multiplier. */
  price: decimal().optional(),
  listPrice: decimal().optional(),
  /** The unit a dealer's cart starts with; absent on every unit: the first. */
  isDefault: z.boolean().optional(),
})

export const productRowSchema = z.strictObject({
  code: code(80),
  name: name(),
  categoryCode: code(),
  salePrice: decimal(),
  currency: currencyCodeSchema,
  taxRate: decimal(101),
  listPrice: decimal().optional(),
  /** The five payment-plan prices in the plans' order (null: the plan uses the sale price). */
  planPrices: z.array(decimal().nullable()).max(5).optional(),
  brandCode: code().nullable().optional(),
  modelCode: code().nullable().optional(),
  barcode: code(64).nullable().optional(),
  equivalentCodes: z.array(code(80)).max(50).optional(),
  /** Absent: the units stay as they are, their prices following the product's by multiplier. */
  units: z.array(productUnitRowSchema).min(1).max(10).optional(),
  /** A variant names its family's parent product; the parent lists its dimensions (Renk, Beden…). */
  parentCode: code(80).nullable().optional(),
  variantDimensions: z.array(name(40)).min(1).max(3).nullable().optional(),
  variantValues: z.array(name(80)).min(1).max(3).nullable().optional(),
  description: inputText({ multiline: true }).max(20_000).nullable().optional(),
  specialCode: code(120).nullable().optional(),
  imageUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable()
    .optional(),
  isActive: z.boolean().optional(),
})
export type ProductRow = z.infer<typeof productRowSchema>

/** A price list row: the prices of a product that exists (by code); fields left out stay. */
export const priceRowSchema = z
  .strictObject({
    productCode: code(80),
    salePrice: decimal().optional(),
    listPrice: decimal().optional(),
    planPrices: z.array(decimal().nullable()).max(5).optional(),
    currency: currencyCodeSchema.optional(),
  })
  .refine((r) => r.salePrice ?? r.listPrice ?? r.planPrices ?? r.currency, {
    message: 'no price',
    path: ['salePrice'],
  })
export type PriceRow = z.infer<typeof priceRowSchema>

export const stockRowSchema = z.strictObject({
  productCode: code(80),
  warehouseCode: code(),
  quantity: count,
})
export type StockRow = z.infer<typeof stockRowSchema>

/** The body: a list of objects, each checked as a row on its own (a bad row is rejected alone). */
export const bulkBodySchema = (row: z.ZodType) =>
  z.object({
    items: z
      .array(z.union([row, z.looseObject({})]))
      .min(1)
      .max(BULK_MAX_ROWS),
  })

export const rowErrorSchema = z.object({
  field: z.string(),
  code: z.enum(ROW_ERROR_CODES),
  message: z.string(),
})

export const bulkAnswerSchema = z.object({
  /** False only under rejectEverything with a rejected row: then nothing was written. */
  committed: z.boolean(),
  counts: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), rejected: z.number() }),
  results: z.array(
    z.object({
      code: z.string(),
      status: z.enum(['created', 'updated', 'unchanged', 'rejected']),
      errors: z.array(rowErrorSchema).optional(),
    }),
  ),
})
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>
