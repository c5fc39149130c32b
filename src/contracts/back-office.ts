import { z } from 'zod'
import { type PaymentLinkStatus, paymentLinkStatuses } from '../domain/payment-link'

/** The back office's payment-link list: 50 rows a page, newest first. */
export const BACK_OFFICE_PAGE_SIZE = 50

export const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1).default(1)
export const dealerSchema = z.object({ id: z.number(), code: z.string(), name: z.string() })

/**
 * A staff list counts its matches up to this many: past it, `total` is this and `capped` says there
 * are more (its pages stop here; a filter narrows the rest). Counting 100,000 orders for every page
 * cost more than the page itself; on the embedded database even counting to 10,000 did.
 */
export const STAFF_LIST_COUNT_CAP = 1000

/** A page of a list that counts its matches no further than STAFF_LIST_COUNT_CAP. */
export const cappedListOf = <T extends z.ZodTypeAny>(item: T) => listOf(item).extend({ capped: z.boolean() })

export const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number(),
    pages: z.number(),
    limit: z.number(),
    total: z.number(),
  })

export { type PaymentLinkStatus, paymentLinkStatuses }

/** GET /yonetim/payment-links?status=&page= */
export const adminPaymentLinksQuerySchema = z.object({
  status: z.enum(paymentLinkStatuses).optional(),
  page: pageSchema,
})

export const adminPaymentLinkSchema = z.object({
  id: z.number(),
  dealer: dealerSchema,
  amount: z.number(),
  email: z.string().nullable(),
  status: z.enum(paymentLinkStatuses),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
})
export type AdminPaymentLink = z.infer<typeof adminPaymentLinkSchema>

export const adminPaymentLinkListSchema = listOf(adminPaymentLinkSchema)
export type AdminPaymentLinkList = z.infer<typeof adminPaymentLinkListSchema>
