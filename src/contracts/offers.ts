import { z } from 'zod'
import { inputEmail, inputText, moneySchema } from './common'
import { DEFAULT_ORDER_DESCRIPTION } from './orders'

export const DEFAULT_OFFER_DESCRIPTION = DEFAULT_ORDER_DESCRIPTION

/** Offer numbers look like T2026-000042 (prefix, year, sequence of that year). */
export const OFFER_NO_PATTERN = /^T\d{4}-\d{6}$/
const offerNoSchema = inputText().regex(OFFER_NO_PATTERN)

/**
 * The dealer's mark-up for their own customer, in percent, applied to the net price before tax
 * (spec/2 §9). Negative values are discounts; −100 would give the goods away, so it stops just above.
 */
export const OFFER_PROFIT_MIN = -99.99
export const OFFER_PROFIT_MAX = 1000
export const offerProfitSchema = z
  .number()
  .min(OFFER_PROFIT_MIN)
  .max(OFFER_PROFIT_MAX)
  .transform((p) => Math.round(p * 100) / 100)

/**
 * Calls (spec/2 §7):
 * - POST  /api/catalog/cart/offer              form data description → Offer (the cart is emptied into it)
 * - GET   /api/catalog/offers?page=n           → OfferList
 * - PATCH /api/catalog/offer/{id}              {cancel:true} → Offer
 * - PATCH /api/catalog/offer/mail/{id}         → { ok: true } once the mail server took the message (502 if not)
 * - PATCH /api/catalog/offer/edit/{id}         → OfferEditResult (lines put back into the cart)
 * - PATCH /api/catalog/offer/update/profit     { [offerNo]: { [itemId]: percent } } → { ok: true }
 * - PATCH /api/catalog/offer/update/customer   { [offerNo]: OfferCustomer } → { ok: true }
 */
export const makeOfferBodySchema = z
  .strictObject({ description: inputText({ multiline: true }).trim().max(1000).optional() })
  .optional()

export const offerItemSchema = z.object({
  id: z.number(),
  productId: z.number().nullable(),
  code: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  /** Net unit price in the offer's currency before the profit percent (the snapshot). */
  price: moneySchema,
  taxRate: z.number(),
  profit: z.number(),
  /** Position of the line in the offer. */
  order: z.number(),
  /** Net unit price with the profit applied, rounded; amount = unitPrice × quantity; tax of the line. */
  unitPrice: moneySchema,
  amount: moneySchema,
  tax: moneySchema,
})
export type OfferItem = z.infer<typeof offerItemSchema>

export const offerCustomerSchema = z.strictObject({
  customerName: inputText().trim().max(120).default(''),
  customerCompanyName: inputText().trim().max(160).default(''),
  customerEmail: z.union([z.literal(''), inputEmail().max(254)]).default(''),
  customerPhone: inputText()
    .trim()
    .max(40)
    .regex(/^[0-9+()\-\s]*$/)
    .default(''),
})
export type OfferCustomer = z.infer<typeof offerCustomerSchema>

export const offerSchema = z.object({
  id: z.number(),
  /** The offer number (the spec's Offer.orderNo). */
  orderNo: z.string(),
  date: z.string(),
  isCancel: z.boolean(),
  description: z.string(),
  creator: z.string(),
  customerName: z.string().nullable(),
  customerCompanyName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  subtotal: moneySchema,
  tax: moneySchema,
  total: moneySchema,
  offerItems: z.array(offerItemSchema),
})
export type Offer = z.infer<typeof offerSchema>

export const OFFERS_PAGE_SIZE = 20

/** The dealer company as the seller printed on the quote form (the spec's user_address). */
export const offerSellerSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  town: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
})

export const offerListSchema = z.object({
  items: z.array(offerSchema),
  page: z.number(),
  pages: z.number(),
  limit: z.number(),
  total: z.number(),
  seller: offerSellerSchema,
  /**
   * The spec's user_logo: the dealer's own logo printed on its quote form above it as the seller, or
   * null (dealers have none stored yet; the distributor's is not theirs to print).
   */
  logo: z.string().nullable(),
})
export type OfferList = z.infer<typeof offerListSchema>

export const offerProfitBodySchema = z
  .record(offerNoSchema, z.record(inputText().regex(/^\d{1,10}$/), offerProfitSchema))
  .refine((m) => Object.keys(m).length >= 1 && Object.keys(m).length <= OFFERS_PAGE_SIZE, {
    message: 'one to 20 offers',
  })

export const offerCustomerBodySchema = z
  .record(offerNoSchema, offerCustomerSchema)
  .refine((m) => Object.keys(m).length >= 1 && Object.keys(m).length <= OFFERS_PAGE_SIZE, {
    message: 'one to 20 offers',
  })

/** A line of the offer that could not go back into the cart, with the cart's reason. */
export const offerEditRefusalSchema = z.object({
  product: z.object({ id: z.number().nullable(), code: z.string(), name: z.string() }),
  messages: z.object({ type: z.string() }),
})

export const offerEditResultSchema = z.object({
  ok: z.literal(true),
  added: z.number(),
  refused: z.array(offerEditRefusalSchema),
})
export type OfferEditResult = z.infer<typeof offerEditResultSchema>
