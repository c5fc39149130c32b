import { z } from 'zod'
import { FEED_DEFAULT_LIMIT, FEED_MAX_LIMIT, WEBHOOK_EVENTS } from '../domain/integration-feeds'
import { inputText } from './common'

/**
 * The integration API's outgoing data (docs/integration.md, "Feeds", "Acknowledging an order",
 * "Webhooks"): the feeds' query and pages, each feed's item, the ERP's acknowledgement of an order,
 * and staff's webhook endpoints and delivery log. Amounts are decimal strings as stored (never floats).
 */

const decimal = z
  .string()
  .regex(/^-?[0-9]+(\.[0-9]+)?$/)
  .describe('a decimal number as text, e.g. "1250.5000"')
const timestamp = z.string().describe('ISO 8601, UTC')

/** GET /api/integration/v1/<feed>: after `since` (a `next` of an earlier page; none: from the start). */
export const feedQuerySchema = z.object({
  since: z
    .string()
    .max(100)
    .optional()
    .describe('the `next` of the page before; leave out to start at the beginning'),
  limit: z.coerce.number().int().min(1).max(FEED_MAX_LIMIT).default(FEED_DEFAULT_LIMIT),
})

/** Every feed item starts with its event: the feed row's id (unique per event) and when it was written. */
const eventFields = {
  eventId: z.number().describe('the feed event (unique; an entity changed twice is in the feed twice)'),
  eventAt: timestamp,
}

const customerRef = z.object({ id: z.number(), code: z.string(), name: z.string() })
const userRef = z.object({ id: z.number(), email: z.string(), name: z.string() })

export const feedOrderLineSchema = z.object({
  productId: z.number().nullable(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  /** Base units in one of this unit (a box of 12: 12). */
  multiplier: z.number(),
  quantity: z.number(),
  /** Net unit price in the order's currency. */
  unitPrice: decimal,
  /** Net line amount and its tax, in the order's currency. */
  amount: decimal,
  tax: decimal,
  taxRate: decimal,
})

export const feedOrderSchema = z.object({
  ...eventFields,
  id: z.number(),
  orderNo: z.string(),
  createdAt: timestamp,
  status: z.enum(['new', 'processing', 'shipped', 'delivered', 'cancelled']),
  customer: customerRef,
  branch: z.object({ id: z.number(), name: z.string() }).nullable(),
  user: userRef,
  paymentPlan: z.string(),
  /** The sale-price list the order was priced in. */
  priceName: z.string(),
  currency: z.string(),
  /** TRY per one unit of `currency` when the order was placed. */
  currencyRate: decimal,
  subtotal: decimal,
  tax: decimal,
  total: decimal,
  /** The total with tax in TRY. */
  totalTry: decimal,
  note: z.string(),
  /** Paid by card at checkout (then paidAt is set). */
  paidAt: timestamp.nullable(),
  lines: z.array(feedOrderLineSchema),
  /** The ERP's acknowledgement (POST …/orders/{id}/ack): null until then. */
  erp: z.object({ documentNumber: z.string(), transferredAt: timestamp.nullable() }).nullable(),
})
export type FeedOrder = z.infer<typeof feedOrderSchema>

export const feedOfferSchema = z.object({
  ...eventFields,
  id: z.number(),
  offerNo: z.string(),
  createdAt: timestamp,
  /** open; ordered (staff made it an order: orderId); cancelled by the dealer. */
  status: z.enum(['open', 'ordered', 'cancelled']),
  orderId: z.number().nullable(),
  customer: customerRef,
  user: userRef,
  currency: z.string(),
  currencyRate: decimal,
  note: z.string(),
  /** The dealer's own customer the offer was made for, as the dealer typed it. */
  endCustomer: z.object({
    name: z.string().nullable(),
    companyName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  lines: z.array(
    z.object({
      productId: z.number().nullable(),
      code: z.string(),
      name: z.string(),
      unit: z.string(),
      multiplier: z.number(),
      quantity: z.number(),
      /** Net unit price quoted, in the offer's currency. */
      unitPrice: decimal,
      taxRate: decimal,
    }),
  ),
})
export type FeedOffer = z.infer<typeof feedOfferSchema>

export const feedPaymentSchema = z.object({
  ...eventFields,
  kind: z.enum(['card_payment', 'bank_transfer']),
  /** The current-account entry the payment was booked as. */
  id: z.number(),
  customer: customerRef,
  /** In TRY, credited to the dealer's account. */
  amount: decimal,
  currency: z.literal('TRY'),
  /** The day it was booked (a bank transfer: the day the money arrived), YYYY-MM-DD in Istanbul. */
  date: z.string(),
  createdAt: timestamp,
  /** The bank's receipt number (transfer), or the card payment's document number. */
  reference: z.string(),
  description: z.string(),
  /** A bank transfer staff reversed (entered in error or returned): when; null otherwise. */
  reversedAt: timestamp.nullable(),
  /** A card payment's details; null for a bank transfer. */
  card: z
    .object({
      paymentId: z.string(),
      installments: z.number(),
      /** What the card was charged, commission included. */
      totalCharged: decimal,
      maskedNumber: z.string(),
      /** The gateway's own reference. */
      gatewayReference: z.string().nullable(),
      orderId: z.number().nullable(),
      /** The payment's state: succeeded, or refunding / refunded once its order was cancelled. */
      status: z.string(),
    })
    .nullable(),
})
export type FeedPayment = z.infer<typeof feedPaymentSchema>

export const feedCustomerUserSchema = z.object({
  ...eventFields,
  id: z.number(),
  email: z.string(),
  name: z.string(),
  customer: customerRef,
  active: z.boolean(),
  createdAt: timestamp,
})
export type FeedCustomerUser = z.infer<typeof feedCustomerUserSchema>

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Where to go on from: pass it as `since` (the same cursor again when there was nothing new). */
    next: z.string(),
  })

export const feedOrdersPageSchema = page(feedOrderSchema)
export const feedOffersPageSchema = page(feedOfferSchema)
export const feedPaymentsPageSchema = page(feedPaymentSchema)
export const feedCustomerUsersPageSchema = page(feedCustomerUserSchema)

/** POST /api/integration/v1/orders/{id}/ack: the ERP's document number for the order. */
export const orderAckBodySchema = z.strictObject({
  documentNumber: inputText().trim().min(1).max(40),
})
export const orderAckSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  documentNumber: z.string(),
  transferredAt: timestamp,
})
export type OrderAck = z.infer<typeof orderAckSchema>

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS)

/** An endpoint's address: absolute http(s), no credentials in it. */
const webhookUrl = inputText()
  .trim()
  .max(500)
  .refine((text) => {
    try {
      const url = new URL(text)
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
    } catch {
      return false
    }
  }, 'an absolute http(s) URL')

/** POST /yonetim/api-keys/{id}/webhooks */
export const webhookEndpointCreateSchema = z.strictObject({
  url: webhookUrl,
  events: z
    .array(webhookEventSchema)
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, 'each event once'),
})
export type WebhookEndpointCreate = z.infer<typeof webhookEndpointCreateSchema>

export const webhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
})
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>

/** A new endpoint: `secret` is shown this once. */
export const webhookEndpointIssuedSchema = webhookEndpointSchema.extend({ secret: z.string() })
export type WebhookEndpointIssued = z.infer<typeof webhookEndpointIssuedSchema>

export const webhookDeliveryStatusSchema = z.enum(['pending', 'sent', 'failed'])

export const webhookDeliverySchema = z.object({
  id: z.number(),
  endpointId: z.number(),
  url: z.string(),
  event: webhookEventSchema,
  /** What it is about: an order id, or the payment's current-account entry id. */
  entity: z.object({ kind: z.string(), id: z.string() }),
  status: webhookDeliveryStatusSchema,
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** When a pending delivery is tried next. */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>

/** GET /yonetim/api-keys/{id}/webhooks: the key's endpoints and its latest deliveries, newest first. */
export const webhooksViewSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  deliveries: z.array(webhookDeliverySchema),
})
export type WebhooksView = z.infer<typeof webhooksViewSchema>

/** How many of a key's latest deliveries the staff log shows. */
export const WEBHOOK_LOG_SIZE = 50
