import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import type { MailKind, MailStatus } from '../../../contracts/mail-outbox'
import { offers, orders } from './orders'

/**
 * Mail waiting to leave, and what became of it. A row is written in the same transaction as the
 * document it is about (an order's confirmation with the order), so a crash after the commit cannot
 * lose it; the outbox worker sends it and retries a refused one (docs/decisions.md).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    /** What the mail is (contracts/mail-outbox.ts mailKinds). */
    kind: varchar('kind', { length: 32 }).$type<MailKind>().notNull(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: text('subject').notNull(),
    /** The message as rendered when it was queued: later changes to the document never rewrite it. */
    html: text('html').notNull(),
    text: text('text').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** 'pending' until it leaves ('sent') or its last attempt fails ('failed'). */
    status: varchar('status', { length: 16 }).$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A pending mail is due from this time on; a worker sending it moves it ahead (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last refusal, short and without credentials, for staff. */
    lastError: varchar('last_error', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    // The worker's pick: pending rows in the order they fall due.
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The staff list: one status, newest first.
    index('mail_outbox_status_idx').on(t.status, t.id),
    check('mail_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
    check(
      'mail_outbox_kind_valid',
      sql`${t.kind} in ('order_confirmation', 'order_status', 'offer', 'payment_link', 'fault_report', 'fault_status', 'store_order', 'store_offer', 'user_invite', 'password_reset')`,
    ),
  ],
)
