import { z } from 'zod'
import { MAX_LINE_QUANTITY } from '../domain/cart-rules'
import { QUICK_ORDER_MAX_LINES } from '../domain/quick-order'
import { productSchema } from './catalog'
import { dbId, inputText } from './common'

/**
 * The quick order (/hizli-siparis):
 * - POST /api/catalog/quick-order/preview  {text} → QuickOrderPreview: each pasted line read, its
 *   product found by code, barcode or equivalent code, its unit and quantity checked
 * - POST /api/catalog/quick-order/preview-file  multipart `file` (CSV or XLSX) → QuickOrderPreview, its
 *   rows read as pasted lines
 * - POST /api/catalog/quick-order          {lines: [{productId, unitId, quantity}]} → QuickOrderAdded:
 *   the lines into the cart in one request, each by the cart's rules
 */

/** Room for 1,000 lines of a spreadsheet with a few columns each. */
export const QUICK_ORDER_MAX_TEXT = 200_000

export const quickOrderPreviewBodySchema = z.strictObject({
  text: inputText({ multiline: true }).max(QUICK_ORDER_MAX_TEXT),
})

export const quickOrderProblemCodes = [
  'no_code',
  'no_quantity',
  'bad_quantity',
  'unknown_code',
  'ambiguous_code',
  'not_orderable',
  'variant_required',
  'no_price',
  'unknown_unit',
  'over_stock',
  'not_multiple',
] as const
export type QuickOrderProblemCode = (typeof quickOrderProblemCodes)[number]

/** A CSV or XLSX file of lines (its first sheet; a header row is recognised and left out). */
export const QUICK_ORDER_MAX_FILE_BYTES = 5 * 1024 * 1024

export const quickOrderFileFormSchema = z.strictObject({
  file: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'a file' })
    .meta({ type: 'string', format: 'binary', description: 'XLSX or CSV' }),
})

export const quickOrderSuggestionSchema = z.object({
  productId: z.number(),
  code: z.string(),
  name: z.string(),
})

/**
 * What a line shows of its product: the catalogue product's fields the table and its stock line read
 * (a thousand whole products made the answer 2 MB).
 */
export const quickOrderProductSchema = productSchema.pick({
  id: true,
  name: true,
  code: true,
  url: true,
  image: true,
  quantity: true,
  stock: true,
  units: true,
  defaultUnit: true,
  salePrice: true,
  listPrice: true,
  taxRate: true,
  currency: true,
  stockNumberType: true,
  varyantx: true,
  parentId: true,
})

export type QuickOrderProduct = z.infer<typeof quickOrderProductSchema>

export const quickOrderLineSchema = z.object({
  /** The line's number in the pasted text. */
  line: z.number(),
  input: z.string(),
  status: z.enum(['ok', 'problem']),
  /** The code as read from the line (null when none could be read). */
  typedCode: z.string().nullable(),
  /** The product found, as the dealer sees it (price, stock, units); absent when none or several. */
  productId: z.number().optional(),
  code: z.string().optional(),
  product: quickOrderProductSchema.optional(),
  quantity: z.number().optional(),
  unitId: z.number().optional(),
  problems: z.array(z.object({ code: z.enum(quickOrderProblemCodes), message: z.string() })),
  /** Products the code may have meant: for an unknown code, the nearest ones; for an ambiguous one, each. */
  suggestions: z.array(quickOrderSuggestionSchema).optional(),
})
export type QuickOrderLine = z.infer<typeof quickOrderLineSchema>

export const quickOrderPreviewSchema = z.object({ lines: z.array(quickOrderLineSchema) })
export type QuickOrderPreview = z.infer<typeof quickOrderPreviewSchema>

export const quickOrderBodySchema = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        productId: dbId,
        unitId: dbId,
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
      }),
    )
    .min(1)
    .max(QUICK_ORDER_MAX_LINES),
})
export type QuickOrderBody = z.infer<typeof quickOrderBodySchema>

export const quickOrderAddedSchema = z.object({
  added: z.number(),
  refused: z.array(z.object({ productId: z.number(), message: z.string() })),
})
export type QuickOrderAdded = z.infer<typeof quickOrderAddedSchema>
