import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { branches, customers, users } from './accounts'
import { products, productUnits, warehouses } from './catalogue'
import { paymentPlans } from './payment-plans'

/**
 * Staff's cancellation of a card-paid order, kept on the order while the bank refunds its payment:
 * who asked (recorded in the audit trail when the cancellation commits) and the dealer's note.
 */
export type PaidCancelRequest = { note: string; staff: { id: number; name: string; ip: string }; at: string }

const money = (name: string) => numeric(name, { precision: 18, scale: 4 })

/**
 * An order snapshots everything it was placed with, so later catalogue or rate changes never rewrite
 * it. Amounts are in the currency the dealer saw (currency_code at currency_rate), plus the TRY base.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 20 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
    /** domain/order-status.ts: new → processing → shipped → delivered, or cancelled before shipping. */
    status: varchar('status', { length: 16 }).notNull().default('new'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the status last changed (the order's own time until staff move it). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    /** The latest note staff left for the dealer with a status change (a cancellation's reason). */
    staffNote: text('staff_note'),
    /** The document number the distributor's ERP gave the order, once it has one. */
    erpDocumentNo: varchar('erp_document_no', { length: 40 }),
    /** When the ERP acknowledged the order (POST /api/integration/v1/orders/{id}/ack). */
    erpTransferredAt: timestamp('erp_transferred_at', { withTimezone: true }),
    description: text('description').notNull(),
    paymentPlanId: integer('payment_plan_id').references(() => paymentPlans.id, { onDelete: 'set null' }),
    paymentPlanName: text('payment_plan_name').notNull(),
    priceName: varchar('price_name', { length: 20 }).notNull(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    currencyRate: numeric('currency_rate', { precision: 18, scale: 6 }).notNull(),
    subtotal: money('subtotal').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    baseTotal: money('base_total').notNull(),
    /** The Idempotency-Key the client sent: the same key from the same user is the same order. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /** Set when the order was paid by card at checkout (paymentType 'order'): the intent that paid it. */
    paymentIntentId: varchar('payment_intent_id', { length: 32 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Set while staff's cancellation of this card-paid order waits for the bank's refund: no other
     * move is allowed meanwhile; the refund's outcome cancels the order or clears it.
     */
    cancelRequest: jsonb('cancel_request').$type<PaidCancelRequest>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_no_uq').on(t.orderNo),
    uniqueIndex('orders_idempotency_uq').on(t.userId, t.idempotencyKey),
    // One order per card payment, whoever books it (the callback, the reconciler, staff).
    uniqueIndex('orders_payment_intent_uq')
      .on(t.paymentIntentId)
      .where(sql`${t.paymentIntentId} is not null`),
    index('orders_customer_idx').on(t.customerId, t.createdAt, t.id),
    // The staff's list of every dealer's orders: newest first, and newest first within a status.
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    // The same list by TRY total, all of it or one status: a page read from the index, not a sort.
    index('orders_total_idx').on(t.baseTotal, t.createdAt, t.id),
    index('orders_status_total_idx').on(t.status, t.baseTotal, t.createdAt, t.id),
    // A number typed in part ('2026-0001', 'IRS-12'): trigrams find it without reading every order.
    index('orders_no_trgm_idx').using('gin', sql`${t.orderNo} gin_trgm_ops`),
    // A number typed from its start ('S2026-0001', thousands of orders sharing its trigrams): a range
    // of this sorted index (domain/document-number.ts, documentNumberMatch).
    index('orders_no_prefix_idx').using('btree', sql`${t.orderNo} text_pattern_ops`),
    index('orders_erp_no_trgm_idx').using('gin', sql`upper(${t.erpDocumentNo}) gin_trgm_ops`),
    check(
      'orders_status_valid',
      sql`${t.status} in ('new', 'processing', 'shipped', 'delivered', 'cancelled')`,
    ),
  ],
)

/**
 * Every status change of an order, appended and never edited: who moved it (a staff user, or the
 * dealer cancelling), from which status to which, and the note the dealer is shown.
 */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }).notNull(),
    toStatus: varchar('to_status', { length: 16 }).notNull(),
    note: text('note'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whether a staff user made the change (false: the dealer). */
    byStaff: boolean('by_staff').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_changes_order_idx').on(t.orderId, t.id)],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    unitId: integer('unit_id').references(() => productUnits.id, { onDelete: 'set null' }),
    code: varchar('code', { length: 80 }).notNull(),
    name: text('name').notNull(),
    image: varchar('image', { length: 200 }),
    unitName: varchar('unit_name', { length: 40 }).notNull(),
    multiplier: integer('multiplier').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit's price in the product's own currency, the company's profit applied, net of tax. */
    price: money('price').notNull(),
    priceCurrency: varchar('price_currency', { length: 3 }).notNull(),
    priceRate: numeric('price_rate', { precision: 18, scale: 6 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    /** In the order's currency: unit price, line amount and line tax as the dealer saw them. */
    unitPrice: money('unit_price').notNull(),
    amount: money('amount').notNull(),
    tax: money('tax').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
)

/** Which warehouse gave how many base units to a line: cancelling puts exactly these back. */
export const orderStockMoves = pgTable(
  'order_stock_moves',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_stock_moves_item_idx').on(t.orderItemId)],
)

/** A price offer made from a cart, to be sent to the dealer's own customer. */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    offerNo: varchar('offer_no', { length: 20 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    description: text('description').notNull(),
    isCancel: boolean('is_cancel').notNull().default(false),
    customerName: text('customer_name'),
    customerCompanyName: text('customer_company_name'),
    customerEmail: varchar('customer_email', { length: 254 }),
    customerPhone: varchar('customer_phone', { length: 40 }),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    currencyRate: numeric('currency_rate', { precision: 18, scale: 6 }).notNull(),
    /** The order staff converted the offer into (null: not converted). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offers_offer_no_uq').on(t.offerNo),
    index('offers_customer_idx').on(t.customerId, t.createdAt, t.id),
    // The staff home's count of today's offers, and the staff's list of every dealer's offers.
    index('offers_created_idx').on(t.createdAt, t.id),
    // The staff's list narrowed to a status, newest first (the same expression as offerStatusSql).
    index('offers_status_created_idx').on(offerStatusExpression(t), t.createdAt, t.id),
    // One offer makes one order at most.
    uniqueIndex('offers_order_uq').on(t.orderId).where(sql`${t.orderId} is not null`),
  ],
)

/**
 * An offer's status as staff see it: cancelled by the dealer, ordered (converted by staff), else open.
 * Derived from the two columns, never stored, so the dealer's cancel and the conversion cannot disagree.
 */
function offerStatusExpression(t: { isCancel: AnyPgColumn; orderId: AnyPgColumn }): SQL {
  return sql`(case when ${t.isCancel} then 'cancelled' when ${t.orderId} is not null then 'ordered' else 'open' end)`
}

/** The status of the `offers` row a query reads, as the index offers_status_created_idx holds it. */
export const offerStatusSql = (): SQL<'open' | 'ordered' | 'cancelled'> =>
  offerStatusExpression(offers) as SQL<'open' | 'ordered' | 'cancelled'>

export const offerItems = pgTable(
  'offer_items',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    unitId: integer('unit_id').references(() => productUnits.id, { onDelete: 'set null' }),
    code: varchar('code', { length: 80 }).notNull(),
    name: text('name').notNull(),
    image: varchar('image', { length: 200 }),
    unitName: varchar('unit_name', { length: 40 }).notNull(),
    multiplier: integer('multiplier').notNull(),
    quantity: integer('quantity').notNull(),
    /** Net unit price in the offer's currency, before the line's profit percent. */
    unitPrice: money('unit_price').notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    /** The dealer's mark-up for their customer, in percent, applied before tax. */
    profit: numeric('profit', { precision: 7, scale: 2 }).notNull().default('0'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('offer_items_offer_idx').on(t.offerId, t.sortOrder)],
)

/** Document numbers per kind and year, taken inside the creating transaction (no gaps from races). */
export const documentCounters = pgTable('document_counters', {
  key: varchar('key', { length: 20 }).primaryKey(),
  value: integer('value').notNull().default(0),
})
