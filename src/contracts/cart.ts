import { z } from 'zod'
import { MAX_LINE_QUANTITY } from '../domain/cart-rules'
import { unitSchema } from './catalog'
import { DB_INT_MAX, dbId, inputText, moneySchema } from './common'

/** Form fields arrive as text: a whole number 1–100,000, nothing else (no 1.5, no 'abc', no 10^9). */
const wholeNumber = (max: number) =>
  z
    .union([
      inputText()
        .trim()
        .regex(/^\d{1,9}$/),
      z.number().int(),
    ])
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))

/**
 * Calls (the spec's table, spec/1 §7):
 * - POST /api/catalog/cart/{productId}   form data quantity, productValue (unit id) → AddToCartResponse
 * - GET /api/catalog/cart                 → Cart
 * - DELETE /api/catalog/cart              → Cart (empty)
 * - PATCH /api/catalog/cart/{lineId}      JSON {quantity} | {addQuantity} | {unit} → Cart
 * - DELETE /api/catalog/cart/{lineId}     → Cart
 */
export const addToCartBodySchema = z.strictObject({
  quantity: wholeNumber(MAX_LINE_QUANTITY),
  productValue: wholeNumber(DB_INT_MAX),
})

export const cartLinePatchSchema = z.union([
  z.strictObject({ quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }),
  z.strictObject({ addQuantity: z.number().int().min(1).max(MAX_LINE_QUANTITY) }),
  z.strictObject({ unit: dbId }),
])
export type CartLinePatch = z.infer<typeof cartLinePatchSchema>

export const cartLineSchema = z.object({
  id: z.number(),
  quantity: z.number(),
  product: z.object({
    id: z.number(),
    name: z.string(),
    code: z.string(),
    seo: z.string(),
    url: z.string(),
    image: z.string().nullable(),
    barcode: z.string().nullable(),
    ozelkod2: z.string().nullable(),
    stockNumberType: z.string(),
    /** Stock in base units (what remains available is computed with the cart's other lines). */
    quantity: z.number(),
    taxRate: z.number(),
    units: z.array(unitSchema),
  }),
  productUnit: unitSchema,
  /** Net unit price in the shown currency, rounded; amount = unitPrice × quantity. */
  unitPrice: moneySchema,
  amount: moneySchema,
  tax: moneySchema,
})
export type CartLine = z.infer<typeof cartLineSchema>

const totalsSchema = z.object({ subtotal: moneySchema, tax: moneySchema, total: moneySchema })

export const cartSchema = z.object({
  items: z.array(cartLineSchema),
  /** Number of lines and of units over all lines. */
  count: z.number(),
  quantity: z.number(),
  totals: totalsSchema,
  /** The same totals in the TRY base, without conversion to the shown currency. */
  baseTotals: totalsSchema,
})
export type Cart = z.infer<typeof cartSchema>

/** The cart without its lines: what an add answers beside the line it changed. */
export const cartSummarySchema = cartSchema.omit({ items: true })
export type CartSummary = z.infer<typeof cartSummarySchema>

/**
 * An add answers the cart item (spec/1 §7) and the cart's counts and totals after it, not every line:
 * the web app merges the item into the cart it holds and checks the counts (cart-sync.ts).
 */
export const addToCartResponseSchema = z.object({ item: cartLineSchema, cart: cartSummarySchema })
export type AddToCartResponse = z.infer<typeof addToCartResponseSchema>
