import { z } from 'zod'
import { ORDER_NOTE_MAX, ORDER_STATUSES } from '../domain/order-status'
import { cappedListOf, dealerSchema, pageSchema } from './back-office'
import { dbIdFromText, inputText, moneySchema } from './common'
import { isoDaySchema } from './ledger'
import { orderSchema } from './orders'

/** The staff's order list: 50 rows a page. */
export const STAFF_ORDERS_PAGE_SIZE = 50

export const staffOrderSorts = ['date', 'total'] as const
export type StaffOrderSort = (typeof staffOrderSorts)[number]

/**
 * GET /yonetim/orders?status=&customerId=&from=&to=&q=&sort=&dir=&page= — every dealer's orders;
 * from/to are days in the store's time zone (both included), q an order number or a part of one.
 */
export const staffOrdersQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  customerId: dbIdFromText.optional().catch(undefined),
  from: isoDaySchema.optional().catch(undefined),
  to: isoDaySchema.optional().catch(undefined),
  q: inputText().trim().max(40).optional().catch(undefined),
  sort: z.enum(staffOrderSorts).catch('date').default('date'),
  dir: z.enum(['asc', 'desc']).catch('desc').default('desc'),
  page: pageSchema,
})
export type StaffOrdersQuery = z.infer<typeof staffOrdersQuerySchema>

/** The most orders one export holds; more is refused with a request to narrow the filter. */
export const STAFF_ORDERS_EXPORT_CAP = 20_000

/**
 * GET /yonetim/orders/export?format=xlsx|csv&… — the orders the list's filters match (every page, in
 * its sort), one row per order line, as a spreadsheet file.
 */
export const staffOrdersExportQuerySchema = staffOrdersQuerySchema.omit({ page: true }).extend({
  format: z.enum(['xlsx', 'csv']).catch('xlsx').default('xlsx'),
  lang: z.enum(['tr', 'en']).optional().catch(undefined),
})
export type StaffOrdersExportQuery = z.infer<typeof staffOrdersExportQuerySchema>

export const staffOrderRowSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  date: z.string(),
  dealer: dealerSchema,
  creator: z.string(),
  branch: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  total: moneySchema,
  paymentPlan: z.string(),
  paidByCard: z.boolean(),
  erpDocumentNo: z.string().nullable(),
})
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>

export const staffOrderListSchema = cappedListOf(staffOrderRowSchema)
export type StaffOrderList = z.infer<typeof staffOrderListSchema>

export const staffOrderDetailSchema = z.object({
  order: orderSchema,
  dealer: dealerSchema,
  paidByCard: z.boolean(),
  /**
   * Staff cancelled this card-paid order and the bank's refund has not been answered yet: no move is
   * offered meanwhile (the cancellation completes when the refund does, or is withdrawn).
   */
  cancelPending: z.boolean(),
  erpDocumentNo: z.string().nullable(),
  /** The statuses the order may move to now (domain/order-status.ts). */
  next: z.array(z.enum(ORDER_STATUSES)),
  /** The order's status changes with the name of who made each (null: the user is gone). */
  history: z.array(orderSchema.shape.history.element.extend({ by: z.string().nullable() })),
})
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>

/**
 * PATCH /yonetim/orders/{id}: the next status and a note for the dealer; a cancellation without its
 * reason is refused with a field message on `note` (orders-staff.service.ts).
 */
export const staffOrderPatchSchema = z.strictObject({
  status: z.enum(ORDER_STATUSES),
  note: inputText({ multiline: true }).trim().max(ORDER_NOTE_MAX).optional(),
})
export type StaffOrderPatch = z.input<typeof staffOrderPatchSchema>
