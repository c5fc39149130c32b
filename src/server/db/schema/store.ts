import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'

/** Store-wide settings: one row per key; value is JSON checked against the typed definitions in contracts. */
export const storeSettings = pgTable('store_settings', {
  key: varchar('key', { length: 80 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Single row (id = 1): what the header, slips and prints show about the seller. */
export const storeInfo = pgTable(
  'store_info',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    logo: varchar('logo', { length: 200 }),
    address: text('address'),
    town: text('town'),
    city: text('city'),
    phone: varchar('phone', { length: 40 }),
    email: text('email'),
    whatsapp: varchar('whatsapp', { length: 40 }),
    /** The spec's five social links in one string, entries separated by '|'; each entry "1 url" or "0 url". */
    socialLinks: text('social_links'),
  },
  (t) => [check('store_info_single_row', sql`${t.id} = 1`)],
)

export const searchLogs = pgTable(
  'search_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    query: varchar('query', { length: 200 }).notNull(),
    /** Folded form of the query, so "Şanzıman" and "sanziman" count as one word. */
    queryKey: varchar('query_key', { length: 200 }).notNull(),
    resultCount: integer('result_count').notNull(),
    /** How many times this user made this search within one write-behind window (at most a second). */
    hits: integer('hits').notNull().default(1),
    source: varchar('source', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_logs_created_idx').on(t.createdAt),
    index('search_logs_query_idx').on(t.queryKey, t.createdAt),
    index('search_logs_user_idx').on(t.userId, t.createdAt),
    // The dashboard's "searched but not found" table: only the zero-result rows, by time.
    index('search_logs_zero_idx').on(t.createdAt).where(sql`${t.resultCount} = 0`),
  ],
)
