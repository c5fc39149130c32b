import { z } from 'zod'
import { BULK_MAX_ROWS, decimalText, ERROR_POLICIES, ROW_ERROR_CODES } from '../domain/bulk-upsert'
import { currencyCodeSchema, DB_INT_MAX, inputEmail, inputText } from './common'
import { isoDaySchema } from './ledger'

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

/** At most two decimals (kuruş): the ledger's and the risk limit's columns keep no more. */
const twoDecimals = (v: string) => /^-?\d+(\.\d{1,2})?$/.test(v)

/** A percent with at most 2 decimals, a discount down to -99.99 or a mark-up up to 999.99 (as staff set it). */
const percent = z
  .union([
    z.number().finite(),
    inputText()
      .trim()
      .regex(/^-?\d{1,3}(\.\d{1,8})?$/, 'decimal'),
  ])
  .transform((v) => decimalText(v))
  .refine((v) => twoDecimals(v) && Number(v) >= -99.99 && Number(v) <= 999.99, 'range')

const optionalText = (max: number, multiline = false) =>
  inputText({ multiline }).trim().max(max).nullable().optional()

export const branchRowSchema = z.strictObject({
  /** The ERP's code of the branch, unique within its company. */
  code: code(),
  name: name(120),
  address: optionalText(500, true),
  /** false closes the branch (it stays on the orders that name it). */
  isActive: z.boolean().optional(),
})

export const customerRowSchema = z.strictObject({
  code: code(),
  name: name(),
  taxOffice: optionalText(120),
  taxNumber: code(20).nullable().optional(),
  email: inputEmail().max(254).nullable().optional(),
  phone: code(40).nullable().optional(),
  address: optionalText(500, true),
  town: optionalText(80),
  city: optionalText(80),
  /** Added or changed by code; branches not listed stay as they are. */
  branches: z.array(branchRowSchema).max(500).optional(),
  /** The company's price adjustment in percent: positive a mark-up, negative a discount. */
  profitPercent: percent.optional(),
  /** 0: no limit; 1: ordering blocked; otherwise the limit in TRY. */
  riskLimit: decimal(1e16).refine(twoDecimals, 'at most 2 decimals').optional(),
  /** Days from an invoice to its due day (0 = cash). */
  paymentTermDays: z.number().int().min(0).max(365).optional(),
  isActive: z.boolean().optional(),
})
export type CustomerRow = z.infer<typeof customerRowSchema>

export const dealerUserRowSchema = z.strictObject({
  customerCode: code(),
  /** The user's login, and the row's key: one user per address, whatever the letter case. */
  email: inputEmail().max(254),
  name: name(),
  /** false disables the login (its sessions end); a new user is invited only when active. */
  isActive: z.boolean().optional(),
})
export type DealerUserRow = z.infer<typeof dealerUserRowSchema>

/** The ERP's kinds of account movement: debits (invoice, opening) and credits (payment, return). */
export const ERP_LEDGER_ROW_KINDS = ['invoice', 'payment', 'return', 'opening'] as const

export const ledgerEntryRowSchema = z
  .strictObject({
    customerCode: code(),
    documentNo: code(),
    kind: z.enum(ERP_LEDGER_ROW_KINDS),
    date: isoDaySchema,
    /** A debit's due day; absent: the stored one, or for a new debit its date plus the company's terms. */
    dueDate: isoDaySchema.nullable().optional(),
    /** In TRY, above 0, at most 2 decimals. */
    amount: decimal(1e16).refine((v) => Number(v) > 0 && twoDecimals(v), 'range'),
    description: optionalText(500),
  })
  .superRefine((row, ctx) => {
    if (row.dueDate == null) return
    if (row.kind === 'payment' || row.kind === 'return')
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'a credit has no due date' })
    else if (row.dueDate < row.date)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'before the date' })
  })
export type LedgerEntryRow = z.infer<typeof ledgerEntryRowSchema>

export const serialRowSchema = z.strictObject({
  /** Stored as the warranty inquiry reads it: trimmed, upper-cased (letters, digits, - _ . /). */
  serialNumber: inputText().trim().min(1).max(64),
  productCode: code(80),
  /** The company it was sold to; null: none (kept when absent). */
  customerCode: code().nullable().optional(),
  /** The sale the warranty counts from; null: not sold yet. */
  saleDate: isoDaySchema.nullable().optional(),
  warrantyMonths: z.number().int().min(0).max(600).optional(),
  /** The serial's movements, replacing the stored ones when sent (absent: kept). */
  movements: z
    .array(z.strictObject({ date: isoDaySchema, status: name(40), documentNo: code() }))
    .max(200)
    .optional(),
})
export type SerialRow = z.infer<typeof serialRowSchema>

export const campaignRowSchema = z.strictObject({
  code: code(),
  name: name(),
  /** Rows of cards per slide on the home page. */
  rowCount: z.number().int().min(1).max(4).optional(),
  sortOrder: count.optional(),
  isActive: z.boolean().optional(),
  /** The campaign's products in their order, replacing the stored list. */
  productCodes: z.array(code(80)).max(500),
})
export type CampaignRow = z.infer<typeof campaignRowSchema>

export const invoiceRowSchema = z
  .strictObject({
    /** The invoice's number, the ERP's key for it (e-Fatura/e-Arşiv numbers are 16 characters). */
    number: code(),
    customerCode: code(),
    /** The invoice's day and its due day, YYYY-MM-DD. */
    date: isoDaySchema,
    dueDate: isoDaySchema.nullable().optional(),
    /** The e-invoice's UUID (ETTN), kept in lower case. */
    ettn: z
      .uuid()
      .transform((v) => v.toLowerCase())
      .nullable()
      .optional(),
    /** The total with tax, in `currency`. */
    amount: decimal(),
    taxAmount: decimal().nullable().optional(),
    currency: currencyCodeSchema,
    /** Where the portal downloads the invoice's PDF from (or upload it: PUT …/invoices/{number}/pdf). */
    pdfUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable()
      .optional(),
  })
  .refine((row) => !row.dueDate || row.dueDate >= row.date, { path: ['dueDate'], message: 'before_date' })
export type InvoiceRow = z.infer<typeof invoiceRowSchema>

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
