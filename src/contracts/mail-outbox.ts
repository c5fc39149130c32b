import { z } from 'zod'

/** What a queued mail is about. */
export const mailKinds = [
  'order_confirmation',
  'order_status',
  'offer',
  'payment_link',
  'fault_report',
  /** The dealer's mail of a fault report's status step. */
  'fault_status',
  /** The store's own mail of a new order or offer (to its notification addresses). */
  'store_order',
  'store_offer',
  /** A one-time link that sets a dealer's password: staff's invitation, or a reset. */
  'user_invite',
  'password_reset',
] as const
export type MailKind = (typeof mailKinds)[number]

/** pending: waiting for its (next) attempt; sent: left; failed: its last attempt failed, staff may retry. */
export const mailStatuses = ['pending', 'sent', 'failed'] as const
export type MailStatus = (typeof mailStatuses)[number]

export const MAIL_OUTBOX_PAGE_SIZE = 50

/** GET /yonetim/mail-outbox?status=&page= — without a status, every mail. */
export const mailOutboxQuerySchema = z.object({
  status: z.enum(mailStatuses).optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
})

/** One queued mail as staff see it: where it goes and what became of it, not its body. */
export const mailOutboxItemSchema = z.object({
  id: z.number(),
  kind: z.enum(mailKinds),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number(),
  /** When a pending mail is tried next; for a sent or failed one, when it was last due. */
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The order or offer the mail is about, by id and number, when it still exists. */
  document: z.object({ type: z.enum(['order', 'offer']), id: z.number(), no: z.string() }).nullable(),
})
export type MailOutboxItem = z.infer<typeof mailOutboxItemSchema>

export const mailOutboxListSchema = z.object({
  items: z.array(mailOutboxItemSchema),
  page: z.number(),
  pages: z.number(),
  limit: z.number(),
  total: z.number(),
})
export type MailOutboxList = z.infer<typeof mailOutboxListSchema>
