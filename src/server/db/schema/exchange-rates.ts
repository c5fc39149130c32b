import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * Every rate a currency was given, with where it came from: one row per currency and bulletin for the
 * bank's ('tcmb'), one per change for staff's ('manual'). currencies.exchange_rate holds the one in
 * force; orders and offers snapshot the rate they used (currency_rate), so this is history, never read
 * for pricing.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    currencyCode: varchar('currency_code', { length: 3 }).notNull(),
    /** TRY for ONE unit of the currency, markup included. */
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    /** The bulletin's day (Istanbul); null for a manual rate. */
    bulletinDate: date('bulletin_date', { mode: 'string' }),
    source: varchar('source', { length: 8 }).$type<'tcmb' | 'manual'>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    /** Who set a manual rate. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One bank rate per currency and bulletin: a bulletin fetched twice (two processes, a retry)
    // writes it once.
    uniqueIndex('exchange_rates_bulletin_uq')
      .on(t.currencyCode, t.bulletinDate)
      .where(sql`${t.source} = 'tcmb'`),
    index('exchange_rates_currency_idx').on(t.currencyCode, t.fetchedAt),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
    check('exchange_rates_source', sql`${t.source} in ('tcmb', 'manual')`),
    check('exchange_rates_bulletin', sql`(${t.source} = 'tcmb') = (${t.bulletinDate} is not null)`),
  ],
)

/**
 * Single row (id = 1): how the last fetches of the bulletin went, for the staff's warning. The fetch
 * locks it, so two processes fetching at once apply a bulletin one after the other.
 */
export const exchangeRateStatus = pgTable(
  'exchange_rate_status',
  {
    id: integer('id').primaryKey().default(1),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** The last bulletin applied, and the settings it was applied with (another field or markup applies it again). */
    lastBulletinDate: date('last_bulletin_date', { mode: 'string' }),
    appliedWith: varchar('applied_with', { length: 40 }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    /** Why it failed, short and without secrets ("HTTP 500", "timeout", "not well-formed XML"). */
    lastFailure: text('last_failure'),
  },
  (t) => [check('exchange_rate_status_single_row', sql`${t.id} = 1`)],
)
