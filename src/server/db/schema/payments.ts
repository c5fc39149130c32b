import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { LedgerText } from '../../../domain/ledger-text'
import type { IntentStatus } from '../../../domain/payment-intent'
import { customers, users } from './accounts'
import { orders } from './orders'
import { paymentPlans } from './payment-plans'

const tl = (name: string) => numeric(name, { precision: 18, scale: 2 })

/** A card-issuing bank the store has installment (POS) plans for. */
export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    logo: varchar('logo', { length: 200 }),
    /** Upper-case words; a BIN row whose issuer contains one of them belongs to this bank. */
    issuerMatch: text('issuer_match').array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('banks_code_uq').on(t.code)],
)

/**
 * Installment plans (the spec's posPlans): per bank, or the store's default plans (bank_id null) that
 * an unknown BIN gets. Commission in percent: total = amount × (100 + commission) / 100.
 */
export const installmentPlans = pgTable(
  'installment_plans',
  {
    id: serial('id').primaryKey(),
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'cascade' }),
    installment: smallint('installment').notNull(),
    commissionFee: numeric('commission_fee', { precision: 7, scale: 2 }).notNull().default('0'),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    uniqueIndex('installment_plans_bank_count_uq').on(sql`coalesce(${t.bankId}, 0)`, t.installment),
    check('installment_plans_count_valid', sql`${t.installment} between 1 and 12`),
    check('installment_plans_fee_valid', sql`${t.commissionFee} >= 0 and ${t.commissionFee} < 100`),
  ],
)

/** The BIN table: a 6- or 8-digit card number prefix; a lookup takes the longest prefix that matches. */
export const binRanges = pgTable(
  'bin_ranges',
  {
    prefix: varchar('prefix', { length: 8 }).primaryKey(),
    /** As the list writes it: VISA, MASTERCARD, MAESTRO, TROY, AMEX, UATP… */
    network: varchar('network', { length: 30 }).notNull(),
    /** CREDIT, DEBIT, … or empty. */
    cardType: varchar('card_type', { length: 30 }).notNull().default(''),
    category: varchar('category', { length: 60 }).notNull().default(''),
    issuer: text('issuer').notNull().default(''),
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'set null' }),
  },
  (t) => [check('bin_ranges_prefix_valid', sql`${t.prefix} ~ '^[0-9]{6}([0-9]{2})?$'`)],
)

/**
 * One attempt to take a card payment, created on the server with the amount the server computed.
 * Only the gateway's verified callback moves it from 'pending' to 'succeeded' or 'failed'. Card
 * number and CCV are never stored: only the masked number (first 6, last 4) and the holder.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    /** 128 random bits, hex. */
    id: varchar('id', { length: 32 }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Who paid; null for a payment link paid by someone logged out. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'order' (pay for the cart), 'pay' (an amount on account), 'link' (a payment link). */
    paymentType: varchar('payment_type', { length: 8 }).notNull(),
    /** domain/payment-intent.ts: every change is one guarded step of its state machine. */
    status: varchar('status', { length: 16 }).$type<IntentStatus>().notNull().default('pending'),
    /** When the status last changed: the reconciler takes intents stuck in a step past its timeout. */
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
    gateway: varchar('gateway', { length: 16 }).notNull(),
    /** What is paid, in TRY, before the installment commission. */
    amount: tl('amount').notNull(),
    installment: smallint('installment').notNull().default(1),
    commissionFee: numeric('commission_fee', { precision: 7, scale: 2 }).notNull().default('0'),
    /** What the card is charged: amount × (100 + commission) / 100. */
    totalAmount: tl('total_amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('TRY'),
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'set null' }),
    /** For 'order': the payment plan (a virtual one) the cart was priced in. */
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    /** Ledger entries (open debits) this payment settles first, as chosen on the statement or link. */
    settleEntryIds: jsonb('settle_entry_ids').$type<number[]>().notNull().default([]),
    paymentLinkId: integer('payment_link_id'),
    cardMasked: varchar('card_masked', { length: 19 }).notNull(),
    cardHolder: text('card_holder').notNull(),
    cardNetwork: varchar('card_network', { length: 20 }),
    /** MM/YY, printed on the Mail Order slip. */
    cardExpiry: varchar('card_expiry', { length: 5 }).notNull(),
    /** The gateway's own reference (iyzico's paymentId). */
    gatewayRef: varchar('gateway_ref', { length: 100 }),
    /**
     * The verified callback's fields the gateway needs to take the money (iyzico's paymentId and
     * conversationData, the sandbox's signed result), kept from 'authorized' on. Never card data.
     */
    callbackData: jsonb('callback_data').$type<Record<string, string>>(),
    /**
     * From 'capturing' on: what the effect will write, priced and with the stock already taken from
     * each warehouse (an order's lines and their takes), so booking needs no check that could refuse
     * and a release puts exactly these units back (payments/payment-reservation.ts).
     */
    reservation: jsonb('reservation').$type<Record<string, unknown>>(),
    /** Why staff must look at it ('needs_attention'), in Turkish. */
    attentionReason: text('attention_reason'),
    /** Times the reconciler asked the gateway about this intent without an answer. */
    reconcileAttempts: smallint('reconcile_attempts').notNull().default(0),
    /** The gateway's reference of the refund or cancellation, once refunded. */
    refundRef: varchar('refund_ref', { length: 100 }),
    failureCode: varchar('failure_code', { length: 40 }),
    failureMessage: text('failure_message'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A callback after this changes nothing (15 minutes after creation). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_intents_customer_idx').on(t.customerId, t.createdAt),
    index('payment_intents_created_idx').on(t.createdAt),
    // The reconciler's and the expiry's scan: only intents on their way, so the index stays small.
    index('payment_intents_open_idx')
      .on(t.status, t.stateChangedAt)
      .where(sql`${t.status} in ('pending', 'authorized', 'capturing', 'refunding')`),
    index('payment_intents_status_idx').on(t.status, t.createdAt),
    index('payment_intents_link_idx')
      .on(t.paymentLinkId, t.createdAt)
      .where(sql`${t.paymentLinkId} is not null`),
    check('payment_intents_type_valid', sql`${t.paymentType} in ('order', 'pay', 'link')`),
    check(
      'payment_intents_status_valid',
      sql`${t.status} in ('pending', 'authorized', 'capturing', 'succeeded', 'failed', 'expired', 'needs_attention', 'refunding', 'refunded')`,
    ),
    check('payment_intents_amount_positive', sql`${t.amount} > 0 and ${t.totalAmount} >= ${t.amount}`),
  ],
)

/**
 * The dealer's current account (cari hesap), in TRY. A debit (opening balance, invoice, order) has a
 * due date and an open amount that payments settle; a credit (card payment, bank transfer) has an
 * open amount that is what it has not settled yet. Balance = Σ debit − Σ credit.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /**
     * 'opening', 'invoice', 'order', 'transfer_reversal', 'card_refund' (debits); 'card_payment',
     * 'bank_transfer', 'order_cancel', 'erp_payment', 'erp_return' (credits). The ERP writes
     * 'opening', 'invoice', 'erp_payment' and 'erp_return' (ERP_LEDGER_KINDS), the portal the others.
     */
    kind: varchar('kind', { length: 24 }).notNull(),
    documentNo: varchar('document_no', { length: 40 }).notNull(),
    description: text('description').notNull().default(''),
    /** An entry the system wrote (domain/ledger-text.ts): read in the reader's language. */
    descriptionText: jsonb('description_text').$type<LedgerText>(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    debit: tl('debit').notNull().default('0'),
    credit: tl('credit').notNull().default('0'),
    openAmount: tl('open_amount').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paymentIntentId: varchar('payment_intent_id', { length: 32 }).references(() => paymentIntents.id),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A reversal's entry: the bank transfer it takes back (one entry per due day it restores). */
    reversesEntryId: integer('reverses_entry_id').references((): AnyPgColumn => ledgerEntries.id),
    /** A bank transfer taken back: when (set once, under the company's lock). */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_customer_date_idx').on(t.customerId, t.entryDate, t.id),
    index('ledger_open_debits_idx')
      .on(t.customerId, t.dueDate)
      .where(sql`${t.openAmount} > 0 and ${t.debit} > 0`),
    // Credits not applied yet (a payment larger than what was open), read by the overdue figure.
    index('ledger_open_credits_idx')
      .on(t.customerId, t.entryDate)
      .where(sql`${t.openAmount} > 0 and ${t.credit} > 0`),
    uniqueIndex('ledger_intent_uq').on(t.paymentIntentId, t.kind),
    index('ledger_reverses_idx').on(t.reversesEntryId),
    // A bank receipt is entered once per dealer (case aside) while it stands; the service names the
    // first entry. A reversed one may be entered again (corrected).
    uniqueIndex('ledger_transfer_receipt_uq')
      .on(t.customerId, sql`upper(${t.documentNo})`)
      .where(sql`${t.kind} = 'bank_transfer' and ${t.reversedAt} is null`),
    // The staff's transfer list, newest first.
    index('ledger_transfers_idx').on(t.entryDate, t.id).where(sql`${t.kind} = 'bank_transfer'`),
    // The ERP's documents, one entry per company, kind and document number: its upserts find them so.
    uniqueIndex('ledger_erp_document_uq')
      .on(t.customerId, t.kind, t.documentNo)
      .where(sql`${t.kind} in ('opening', 'invoice', 'erp_payment', 'erp_return')`),
    check(
      'ledger_kind_valid',
      sql`${t.kind} in ('opening', 'invoice', 'order', 'card_payment', 'bank_transfer', 'transfer_reversal', 'card_refund', 'order_cancel', 'erp_payment', 'erp_return')`,
    ),
    check(
      'ledger_reversal_linked',
      sql`(${t.kind} = 'transfer_reversal') = (${t.reversesEntryId} is not null)`,
    ),
    check(
      'ledger_one_side',
      sql`(${t.debit} > 0 and ${t.credit} = 0) or (${t.credit} > 0 and ${t.debit} = 0)`,
    ),
    check('ledger_open_valid', sql`${t.openAmount} >= 0 and ${t.openAmount} <= ${t.debit} + ${t.credit}`),
  ],
)

/** Which credit settled how much of which debit. */
export const ledgerSettlements = pgTable(
  'ledger_settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    creditEntryId: integer('credit_entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    debitEntryId: integer('debit_entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'cascade' }),
    amount: tl('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_settlements_credit_idx').on(t.creditEntryId),
    index('ledger_settlements_debit_idx').on(t.debitEntryId),
    check('ledger_settlements_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * A payment link: only a SHA-256 of its random token is stored, like sessions. It can be paid once
 * and expires (default 7 days).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: tl('amount').notNull(),
    /** Ledger entries (open debits) the payment settles first. */
    settleEntryIds: jsonb('settle_entry_ids').$type<number[]>().notNull().default([]),
    email: varchar('email', { length: 254 }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentIntentId: varchar('payment_intent_id', { length: 32 }).references(() => paymentIntents.id),
  },
  (t) => [
    uniqueIndex('payment_links_token_uq').on(t.tokenHash),
    index('payment_links_customer_idx').on(t.customerId, t.createdAt),
    index('payment_links_created_idx').on(t.createdAt),
    check('payment_links_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * Every step of every payment intent, append-only: the audit trail staff read on the payments screen
 * (who moved it — the payer, the bank, the reconciler or a staff member — when, why, from where).
 */
export const paymentIntentEvents = pgTable(
  'payment_intent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    intentId: varchar('intent_id', { length: 32 })
      .notNull()
      .references(() => paymentIntents.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    actor: varchar('actor', { length: 12 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: varchar('ip', { length: 64 }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_intent_events_intent_idx').on(t.intentId, t.id),
    check(
      'payment_intent_events_actor_valid',
      sql`${t.actor} in ('payer', 'gateway', 'reconciler', 'staff')`,
    ),
  ],
)

/**
 * Refused payment starts per hour and rule (card-testing defence): counted, not logged row by row, so
 * a flood of refusals cannot grow the table; the staff payments screen shows the last 24 hours.
 */
export const paymentStartRefusals = pgTable(
  'payment_start_refusals',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    rule: varchar('rule', { length: 16 }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.rule] })],
)

/**
 * The sandbox virtual POS's own books, as a bank keeps them: one row per payment it completed
 * (charged, declined, refunded). The reconciler asks it, as it asks iyzico, what happened to an intent
 * whose answer was lost. Only the sandbox writes here; no card data.
 */
export const sandboxPosPayments = pgTable(
  'sandbox_pos_payments',
  {
    paymentId: varchar('payment_id', { length: 40 }).primaryKey(),
    intentId: varchar('intent_id', { length: 32 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    amount: tl('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sandbox_pos_payments_intent_uq').on(t.intentId),
    check('sandbox_pos_payments_status_valid', sql`${t.status} in ('charged', 'declined', 'refunded')`),
  ],
)
