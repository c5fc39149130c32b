import { type SQL, sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { foldTurkishSql } from '../../../domain/turkish-text.sql'
import { currencies } from './catalogue'
import { paymentPlans } from './payment-plans'

/** A dealer company ("cari"). */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    taxOffice: text('tax_office'),
    taxNumber: varchar('tax_number', { length: 20 }),
    email: text('email'),
    phone: varchar('phone', { length: 40 }),
    address: text('address'),
    town: text('town'),
    city: text('city'),
    /** 0 = no limit, 1 = ordering blocked, otherwise the limit in TL (spec/2 §5). */
    riskLimit: numeric('risk_limit', { precision: 18, scale: 2 }).notNull().default('0'),
    // The overdue balance and its age come from the ledger (ledger_entries), never typed here.
    /** Customer-specific price adjustment in percent: positive is a mark-up, negative a discount. */
    profitPercent: numeric('profit_percent', { precision: 7, scale: 2 }).notNull().default('0'),
    /** Payment terms: days from an invoice to its due day (0 = cash), as agreed with the company. */
    paymentTermDays: integer('payment_term_days').notNull().default(0),
    /** The staff user who looks after the company (its sales person); null while nobody is assigned. */
    salesUserId: integer('sales_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /**
     * The payment plan the company's dealers start their cart in (domain/payment-plan.ts
     * defaultPlan); null: the store's default. A plan removed from the store leaves it null.
     */
    defaultPaymentPlanId: integer('default_payment_plan_id').references(() => paymentPlans.id, {
      onDelete: 'set null',
    }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Code, name and tax number folded as foldTurkish folds, kept by the database itself: the staff
     * search compares this one column, so a match is checked without folding three columns again
     * (three times faster than the same search over expression indexes at 20,000 companies).
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        foldTurkishSql(
          sql`${customers.code} || ' ' || ${customers.name} || ' ' || coalesce(${customers.taxNumber}, '')`,
        ),
    ),
  },
  (t) => [
    uniqueIndex('customers_code_uq').on(t.code),
    // The staff list sorted by name, a page at a time.
    index('customers_name_idx').on(t.name, t.id),
    // The staff search by a part of the code, name or tax number: trigrams over the folded text.
    index('customers_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('customers_payment_term_valid', sql`${t.paymentTermDays} between 0 and 365`),
  ],
)

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    /** A closed branch stays for the orders that name it; dealers no longer pick it. */
    isActive: boolean('is_active').notNull().default(true),
    /** The ERP's code of the branch, unique within its company (null: made in the portal). */
    code: varchar('code', { length: 40 }),
  },
  (t) => [
    index('branches_customer_idx').on(t.customerId),
    uniqueIndex('branches_customer_code_uq').on(t.customerId, t.code),
  ],
)

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Dealers belong to a customer; administrators do not. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    /** A staff user's role (domain/staff-access.ts): what of the back office they may use. */
    staffRole: varchar('staff_role', { length: 16 }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    index('users_customer_idx').on(t.customerId),
    check('users_role_valid', sql`${t.role} in ('dealer', 'admin')`),
    check('users_dealer_has_customer', sql`${t.role} <> 'dealer' or ${t.customerId} is not null`),
    check(
      'users_staff_role_valid',
      sql`(${t.role} = 'admin') = (${t.staffRole} is not null) and (${t.staffRole} is null or ${t.staffRole} in ('owner', 'sales', 'catalogue', 'accounting', 'readonly'))`,
    ),
  ],
)

/** One row per user; a missing row means the store defaults. */
export const userPreferences = pgTable('user_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  productListView: varchar('product_list_view', { length: 8 }),
  showNotInStocks: boolean('show_not_in_stocks'),
  defaultCurrencyId: integer('default_currency_id').references(() => currencies.id, { onDelete: 'set null' }),
  branchId: integer('branch_id').references(() => branches.id, { onDelete: 'set null' }),
  locale: varchar('locale', { length: 2 }),
})

/** Only a SHA-256 of the cookie's token is stored: a leaked table cannot be replayed as cookies. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/**
 * One-time links that set a user's password: an invitation (staff made the login) or a reset (the
 * user forgot it, or staff sent one). Only a SHA-256 of the link's token is kept, as for sessions: a
 * leaked table holds no usable link. A link is used once (used_at), and a newer one of the same kind
 * deletes the older unused ones (account/password-links.service.ts).
 */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 8 }).$type<'invite' | 'reset'>().notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The staff user who sent it; null for a reset the user asked for themselves. */
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_links_token_uq').on(t.tokenHash),
    index('password_links_user_idx').on(t.userId),
    check('password_links_kind_valid', sql`${t.kind} in ('invite', 'reset')`),
  ],
)
