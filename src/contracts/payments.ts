import { z } from 'zod'
import { paymentLinkStatuses } from '../domain/payment-link'
import { dbId, errorBodySchema, inputText, typedAmount } from './common'

/** Card networks as the BIN answer names them (spec/2 §7). */
export const cardOrganizations = ['VISA', 'MASTER_CARD', 'TROY', 'AMEX'] as const
export type CardOrganization = (typeof cardOrganizations)[number]

/** POST /api/catalog/bin-control — form data binNumber, the card's first 8 digits. */
export const binControlBodySchema = z.object({ binNumber: inputText().regex(/^\d{8}$/) })

/** A payment plan (spec/2 §3): `commisionFee` is spelt as the spec spells it; percent. */
export const installmentPlanSchema = z.object({
  id: z.number(),
  installment: z.number().int().min(1).max(12),
  commisionFee: z.number(),
  isDefault: z.boolean(),
})
export type InstallmentPlan = z.infer<typeof installmentPlanSchema>

export const binControlResponseSchema = z.object({
  bank: z.object({
    /** The store's bank (its installment plans); null for a card of a bank without plans. */
    name: z.string().nullable(),
    logo: z.string().nullable(),
    organization: z.enum(cardOrganizations).nullable(),
    /** CREDIT, DEBIT… as the BIN list says; null when the BIN is unknown. */
    cardType: z.string().nullable(),
    issuer: z.string().nullable(),
  }),
  plans: z.array(installmentPlanSchema),
})
export type BinControlResponse = z.infer<typeof binControlResponseSchema>

export const paymentTypes = ['order', 'pay', 'link'] as const
export type PaymentType = (typeof paymentTypes)[number]
/**
 * A payment as its payer sees it (domain/payment-intent.ts payerStatusOf): waiting for 3-D Secure,
 * processing (the bank approved; the money is being taken and booked, or staff are checking it),
 * succeeded, failed, or expired (no 3-D Secure answer in time).
 */
export const paymentStatuses = ['pending', 'processing', 'succeeded', 'failed', 'expired'] as const
export type PaymentStatus = (typeof paymentStatuses)[number]

/**
 * POST /api/payments/start — what the payment frame (/payment/start) sends once the page handed it the
 * form. The server recomputes what is paid: for 'order' the cart in the chosen plan (advencePrice),
 * for 'link' the link's amount; only 'pay' takes the typed amount.
 */
export const startPaymentBodySchema = z.strictObject({
  paymentType: z.enum(paymentTypes),
  card: inputText().regex(/^\d{16}$/),
  ccv: inputText().regex(/^\d{3}$/),
  /** MM/YY */
  expire: inputText().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
  holder: inputText().trim().min(2).max(100),
  /** The installment plan chosen (from the BIN answer); absent = single payment. */
  planId: dbId.optional(),
  installment: z.number().int().min(1).max(12).default(1),
  /** 'pay': the amount on account, TRY, as typed ('1.234,50'); empty or 0 is answered 'Tutar girmediniz!'. */
  amount: typedAmount().optional(),
  description: inputText({ multiline: true }).max(1000).default(''),
  /** 'order': the payment plan (a virtual one) the cart is priced in, as the cart page sends it. */
  advencePrice: inputText().max(40).optional(),
  /** 'pay': open ledger items this payment settles first. */
  settleEntryIds: z.array(dbId).max(500).default([]),
  /** 'link': the payment link's token. */
  linkToken: inputText().max(100).optional(),
})
export type StartPaymentBody = z.infer<typeof startPaymentBodySchema>
/** The start form as the page sends it (the amount as typed). */
export type StartPaymentForm = z.input<typeof startPaymentBodySchema>

/** What the frame does next: write the bank's 3-D Secure HTML, or go to the bank's page. */
export const startPaymentResponseSchema = z.object({
  intentId: z.string(),
  action: z.discriminatedUnion('type', [
    z.object({ type: z.literal('html'), html: z.string() }),
    z.object({ type: z.literal('redirect'), url: z.string() }),
  ]),
})
export type StartPaymentResponse = z.infer<typeof startPaymentResponseSchema>

/** The Mail Order slip (spec/2 §2). */
export const mailOrderSchema = z.object({
  store: z.object({
    name: z.string(),
    logo: z.string().nullable(),
    address: z.string(),
    phone: z.string(),
  }),
  customerName: z.string(),
  currency: z.string(),
  /** One installment's amount. */
  installmentAmount: z.number(),
  installment: z.number(),
  cardHolder: z.string(),
  /** Masked: first 6 and last 4 digits. */
  cardNumber: z.string(),
  expiryDate: z.string(),
  description: z.string(),
  /** The moment of the payment (ISO 8601); the page writes it in the store's time zone. */
  date: z.string(),
})
export type MailOrder = z.infer<typeof mailOrderSchema>

/** GET /api/payments/:id — the payment result (spec/2 §3), for its own payer only. */
export const paymentResultSchema = z.object({
  id: z.string(),
  status: z.enum(paymentStatuses),
  succeed: z.boolean(),
  paymentType: z.enum(paymentTypes),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  /** TRY before commission, and what the card was charged. */
  amount: z.number(),
  totalAmount: z.number(),
  installment: z.number(),
  description: z.string(),
  failureMessage: z.string().nullable(),
  mailOrder: mailOrderSchema.nullable(),
})
export type PaymentResult = z.infer<typeof paymentResultSchema>

/** Messages between the page and the payment frame (spec/2 §4); both sides check event.origin. */
export type FrameMessage =
  | { type: 'dialogClose' }
  | { type: 'loading'; value: boolean }
  | { type: 'payment_succeed'; intentId: string }
  /** The bank approved but the payment is still being settled (its answer was lost, or a re-posted callback). */
  | { type: 'payment_processing'; intentId: string }
  | { type: 'payment_failed'; intentId: string | null; message: string }
  | { type: 'ready' }
  | { type: 'start'; form: Omit<StartPaymentForm, 'paymentType'> & { paymentType: PaymentType } }

/** POST /api/payment-link (spec/2 §7). amount: as typed, by the grammar of every typed amount. */
export const paymentLinkBodySchema = z.strictObject({
  amount: typedAmount(),
  email: inputText().max(254).optional().default(''),
  sendEmail: z.boolean().default(false),
  /** Open ledger items the link's payment settles first. */
  settleEntryIds: z.array(dbId).max(500).default([]),
  /**
   * The token of a link the modal already made (the end of its address): the call works on that link
   * (sends it by e-mail) instead of making a new one. It must be the company's own open link for the
   * same amount.
   */
  token: inputText().max(100).optional(),
})
export type PaymentLinkBody = z.input<typeof paymentLinkBodySchema>
export const paymentLinkResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  link: z.string(),
})
export type PaymentLinkResponse = z.infer<typeof paymentLinkResponseSchema>

/** GET /api/payment-link/:token — what the public page shows, logged out. */
export const publicPaymentLinkSchema = z.object({
  status: z.enum(paymentLinkStatuses),
  company: z.string(),
  amount: z.number(),
  currency: z.literal('TRY'),
  expiresAt: z.string(),
})
export type PublicPaymentLink = z.infer<typeof publicPaymentLinkSchema>

/**
 * GET /api/payment-link/:token answering 410 Gone: the link was paid or has expired. The error body
 * (its message in the request's language) with what the link was, which the page still shows.
 */
export const paymentLinkGoneSchema = errorBodySchema.extend({
  link: publicPaymentLinkSchema.extend({ status: z.enum(['paid', 'expired']) }),
})
export type PaymentLinkGone = z.infer<typeof paymentLinkGoneSchema>
