import { z } from 'zod'
import { intentStatuses } from '../domain/payment-intent'
import { inputText } from './common'
import { paymentTypes } from './payments'

/** The staff payments list: 50 rows a page, newest first. */
export const STAFF_PAYMENTS_PAGE_SIZE = 50

export { intentStatuses as staffPaymentStatuses }

/** GET /yonetim/payments?status=&page= — status as staff see it (an unanswered pending intent past its time reads expired). */
export const staffPaymentsQuerySchema = z.object({
  status: z.enum(intentStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
})

export const staffPaymentSchema = z.object({
  id: z.string(),
  status: z.enum(intentStatuses),
  paymentType: z.enum(paymentTypes),
  /** First 6 and last 4 digits only. */
  cardMasked: z.string(),
  cardHolder: z.string(),
  /** TRY before commission, and what the card is charged. */
  amount: z.number(),
  totalAmount: z.number(),
  installment: z.number(),
  dealer: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  order: z.object({ id: z.number(), no: z.string() }).nullable(),
  /** The gateway's own reference (iyzico's paymentId), to find it in the gateway's panel. */
  gatewayRef: z.string().nullable(),
  failureMessage: z.string().nullable(),
  /** Why staff must decide ('needs_attention'). */
  attentionReason: z.string().nullable(),
  createdAt: z.string(),
  /** When the status last changed. */
  stateChangedAt: z.string(),
})
export type StaffPayment = z.infer<typeof staffPaymentSchema>

export const staffPaymentListSchema = z.object({
  items: z.array(staffPaymentSchema),
  page: z.number(),
  pages: z.number(),
  limit: z.number(),
  total: z.number(),
})
export type StaffPaymentList = z.infer<typeof staffPaymentListSchema>

export const intentActors = ['payer', 'gateway', 'reconciler', 'staff'] as const

/** GET /yonetim/payments/{id}: the payment with its whole trail, oldest step first. */
export const staffPaymentDetailSchema = staffPaymentSchema.extend({
  refundRef: z.string().nullable(),
  events: z.array(
    z.object({
      from: z.enum(intentStatuses).nullable(),
      to: z.enum(intentStatuses),
      actor: z.enum(intentActors),
      /** The staff member's name, when one acted. */
      user: z.string().nullable(),
      ip: z.string().nullable(),
      reason: z.string().nullable(),
      at: z.string(),
    }),
  ),
})
export type StaffPaymentDetail = z.infer<typeof staffPaymentDetailSchema>

/** What the card-testing limits refused (payment-start-limits.ts), by rule. */
export const startRefusalRules = ['ip', 'bin', 'link', 'user', 'link_paused'] as const

/** GET /yonetim/payments/summary: what needs staff now, and the starts the limits refused in 24 hours. */
export const staffPaymentsSummarySchema = z.object({
  needsAttention: z.number(),
  /** Between the bank's approval and its booking (the reconciler settles those stuck). */
  processing: z.number(),
  refusals: z.array(z.object({ rule: z.enum(startRefusalRules), count: z.number() })),
})
export type StaffPaymentsSummary = z.infer<typeof staffPaymentsSummarySchema>

/**
 * POST /yonetim/payments/{id}/book and /refund: a payment that needs attention, booked (the money was
 * taken: its order, ledger credit and link are written) or refunded (the bank gives it back, the holds
 * are released). The reason goes into the payment's trail.
 */
export const staffPaymentActionBodySchema = z.strictObject({
  reason: inputText().trim().min(3).max(500),
})
export type StaffPaymentActionBody = z.infer<typeof staffPaymentActionBodySchema>
