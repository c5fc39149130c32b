import { z } from 'zod'
import { dealerSchema, listOf, pageSchema } from './back-office'
import { dbIdFromText, inputText, moneySchema } from './common'
import { isoDaySchema } from './ledger'

/** The staff's offer list: 50 rows a page, newest first. */
export const STAFF_OFFERS_PAGE_SIZE = 50

/**
 * An offer's status as staff see it: open, ordered (staff converted it into an order) or cancelled
 * (by the dealer). Derived from the offer's row (db/schema/orders.ts offerStatusSql).
 */
export const OFFER_STATUSES = ['open', 'ordered', 'cancelled'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]

export function isOfferStatus(value: unknown): value is OfferStatus {
  return typeof value === 'string' && (OFFER_STATUSES as readonly string[]).includes(value)
}

/**
 * Calls (offers-staff.routes.ts):
 * - GET  /yonetim/offers?status=&customerId=&from=&to=&q=&page=  → StaffOfferList; from/to are days in the
 *   store's time zone (both included), q an offer number or a part of one. A filter value that is not
 *   one is ignored.
 * - GET  /yonetim/offers/{id}        → StaffOfferDetail
 * - POST /yonetim/offers/{id}/order  → StaffOfferOrdered: the offer made into an order on the dealer's
 *   behalf (409 when it is cancelled, already ordered, or a product is gone or short of stock).
 */
export const staffOffersQuerySchema = z.object({
  status: z.enum(OFFER_STATUSES).optional().catch(undefined),
  customerId: dbIdFromText.optional().catch(undefined),
  from: isoDaySchema.optional().catch(undefined),
  to: isoDaySchema.optional().catch(undefined),
  q: inputText().trim().max(40).optional().catch(undefined),
  page: pageSchema,
})
export type StaffOffersQuery = z.infer<typeof staffOffersQuerySchema>

/** The most offers one export holds; more is refused with a request to narrow the filter. */
export const STAFF_OFFERS_EXPORT_CAP = 20_000

/** GET /yonetim/offers/export?format=xlsx|csv&… — the offers the list's filters match, a row per line. */
export const staffOffersExportQuerySchema = staffOffersQuerySchema.omit({ page: true }).extend({
  format: z.enum(['xlsx', 'csv']).catch('xlsx').default('xlsx'),
  lang: z.enum(['tr', 'en']).optional().catch(undefined),
})
export type StaffOffersExportQuery = z.infer<typeof staffOffersExportQuerySchema>

export const staffOfferRowSchema = z.object({
  id: z.number(),
  offerNo: z.string(),
  date: z.string(),
  dealer: dealerSchema,
  creator: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** The offer's total as the distributor quoted it (net prices plus tax, before the dealer's profit). */
  total: moneySchema,
  /** The dealer's own customer the offer was made for, if the dealer named one. */
  customerName: z.string().nullable(),
})
export type StaffOfferRow = z.infer<typeof staffOfferRowSchema>

export const staffOfferListSchema = listOf(staffOfferRowSchema)
export type StaffOfferList = z.infer<typeof staffOfferListSchema>

export const staffOfferLineSchema = z.object({
  id: z.number(),
  productId: z.number().nullable(),
  code: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string(),
  /** Net unit price quoted, in the offer's currency; lineTotal = price × quantity. */
  price: moneySchema,
  taxRate: z.number(),
  lineTotal: moneySchema,
})
export type StaffOfferLine = z.infer<typeof staffOfferLineSchema>

export const staffOfferDetailSchema = z.object({
  id: z.number(),
  offerNo: z.string(),
  date: z.string(),
  dealer: dealerSchema,
  creator: z.string(),
  status: z.enum(OFFER_STATUSES),
  description: z.string(),
  customerName: z.string().nullable(),
  customerCompanyName: z.string().nullable(),
  lines: z.array(staffOfferLineSchema),
  subtotal: moneySchema,
  tax: moneySchema,
  total: moneySchema,
  /** The order the offer became, once converted. */
  order: z.object({ id: z.number(), orderNo: z.string() }).nullable(),
  /** Whether it may be converted now: neither cancelled nor converted. */
  convertible: z.boolean(),
})
export type StaffOfferDetail = z.infer<typeof staffOfferDetailSchema>

export const staffOfferOrderedSchema = z.object({
  offer: staffOfferDetailSchema,
  order: z.object({ id: z.number(), orderNo: z.string() }),
})
export type StaffOfferOrdered = z.infer<typeof staffOfferOrderedSchema>
