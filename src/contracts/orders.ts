import { z } from 'zod'
import { ORDER_STATUSES } from '../domain/order-status'
import { inputText, moneySchema } from './common'

export const DEFAULT_ORDER_DESCRIPTION = 'Sipariş notu yok'

/**
 * POST /api/catalog/cart — form data description (default 'Sipariş notu yok') and advencePrice: the
 * chosen payment plan, by its id or its priceName ('salePrice', 'advencePrice1'…). Header
 * Idempotency-Key makes a repeated submit answer the first order instead of a second one.
 */
export const placeOrderBodySchema = z
  .strictObject({
    description: inputText({ multiline: true }).trim().max(1000).optional(),
    advencePrice: inputText().trim().max(40).optional(),
  })
  .optional()

export const orderItemSchema = z.object({
  id: z.number(),
  productId: z.number().nullable(),
  image: z.string().nullable(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  multiplier: z.number(),
  quantity: z.number(),
  price: moneySchema,
  amount: moneySchema,
  tax: moneySchema,
})

export const orderSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  date: z.string(),
  status: z.enum(ORDER_STATUSES),
  isCancel: z.boolean(),
  cancellable: z.boolean(),
  /** When the status last changed. */
  statusAt: z.string(),
  /** The latest note the distributor left with a status change (a cancellation's reason). */
  statusNote: z.string().nullable(),
  /** Every status change, oldest first: who moved it (the distributor or the dealer), when, the note. */
  history: z.array(
    z.object({
      from: z.enum(ORDER_STATUSES),
      to: z.enum(ORDER_STATUSES),
      at: z.string(),
      note: z.string().nullable(),
      byStaff: z.boolean(),
    }),
  ),
  creator: z.string(),
  description: z.string(),
  paymentPlan: z.string(),
  branch: z.string().nullable(),
  /** The document number the distributor's ERP gave the order once it took it over (null before). */
  erpDocumentNo: z.string().nullable(),
  subtotal: moneySchema,
  tax: moneySchema,
  total: moneySchema,
  baseTotal: moneySchema,
  orderItems: z.array(orderItemSchema),
})
export type Order = z.infer<typeof orderSchema>

export const ORDERS_PAGE_SIZE = 20

export const orderListSchema = z.object({
  items: z.array(orderSchema),
  page: z.number(),
  pages: z.number(),
  limit: z.number(),
  total: z.number(),
  customer: z.string(),
})
export type OrderList = z.infer<typeof orderListSchema>

export const cancelBodySchema = z.strictObject({ cancel: z.literal(true) })

/**
 * GET /api/catalog/cart/checkout: what the cart page needs to show the risk limit before the click.
 * The web app runs the same domain check (checkRiskLimit) with `used` as the overdue balance and the
 * cart's TRY total; the server checks again inside the order transaction.
 */
export const checkoutInfoSchema = z.object({
  risk: z.object({
    enforced: z.boolean(),
    /** The customer's limit in TL: 0 = none, 1 = ordering blocked. */
    limit: z.number(),
    /** Overdue balance plus the TRY totals of the company's open orders. */
    used: z.number(),
  }),
  /**
   * When payment plans are offered, what the cart costs in each (an order is priced in its plan, a
   * card plan's payment charges its `baseTotal`): every line and the totals in the shown currency,
   * the totals in the TRY base the risk limit is checked against. The cart page shows the chosen
   * plan's lines and totals, so what it shows is what is charged.
   */
  plans: z.array(
    z.object({
      id: z.number(),
      subtotal: moneySchema,
      tax: moneySchema,
      total: moneySchema,
      /** = baseTotals.total.value: what a card payment in this plan charges, TRY. */
      baseTotal: z.number(),
      baseTotals: z.object({ subtotal: moneySchema, tax: moneySchema, total: moneySchema }),
      /** The cart's lines in the cart's order, each for the unit and quantity it was priced with. */
      lines: z.array(
        z.object({
          /** The cart line's id. */
          id: z.number(),
          unitId: z.number(),
          quantity: z.number(),
          /** Net unit price in the plan, shown currency; amount = unitPrice × quantity. */
          unitPrice: moneySchema,
          amount: moneySchema,
          tax: moneySchema,
          /** false: the line has no price in this plan (counted as 0), and an order in it is refused. */
          priced: z.boolean(),
        }),
      ),
    }),
  ),
})
export type CheckoutInfo = z.infer<typeof checkoutInfoSchema>
