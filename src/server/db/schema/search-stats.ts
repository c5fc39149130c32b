import { sql } from 'drizzle-orm'
import { check, date, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/*
 * The staff search dashboard's running totals over search_logs, one set per period ('today', '7d',
 * '30d': whole Istanbul days ending today). The search log's flush adds each batch to them in its own
 * transaction; when the day changes, the searches of the days that left a period are subtracted (see
 * docs/decisions.md, "The search dashboard reads running totals"). Reading a period is then a few
 * index scans instead of an aggregation of up to 30 days of the log. Each ranking index ends with the
 * row's key, so "most first, then latest, then by key" is one backward walk of it, with no sort.
 */

const periodCheck = (name: string, column: unknown) => check(name, sql`${column} in ('today', '7d', '30d')`)

/** Which day each period's totals end on (they cover periodDays days up to and including it). */
export const searchStatState = pgTable(
  'search_stat_state',
  {
    period: varchar('period', { length: 8 }).primaryKey(),
    throughDay: date('through_day', { mode: 'string' }).notNull(),
  },
  (t) => [periodCheck('search_stat_state_period_valid', t.period)],
)

/** Per period and word (the folded query_key): searches, zero-result searches, the latest spelling. */
export const searchStatWords = pgTable(
  'search_stat_words',
  {
    period: varchar('period', { length: 8 }).notNull(),
    queryKey: varchar('query_key', { length: 200 }).notNull(),
    /** The word as it was last typed ("Şanzıman" rather than the key "sanziman"). */
    query: varchar('query', { length: 200 }).notNull(),
    hits: integer('hits').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    zeroHits: integer('zero_hits').notNull().default(0),
    zeroLastAt: timestamp('zero_last_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.queryKey] }),
    index('search_stat_words_top_idx').on(t.period, t.hits, t.lastAt, t.queryKey),
    index('search_stat_words_zero_idx')
      .on(t.period, t.zeroHits, t.zeroLastAt, t.queryKey)
      .where(sql`${t.zeroHits} > 0`),
    periodCheck('search_stat_words_period_valid', t.period),
  ],
)

/** Per period and user (guests are not counted here). */
export const searchStatUsers = pgTable(
  'search_stat_users',
  {
    period: varchar('period', { length: 8 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hits: integer('hits').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.userId] }),
    index('search_stat_users_top_idx').on(t.period, t.hits, t.lastAt, t.userId),
    periodCheck('search_stat_users_period_valid', t.period),
  ],
)

/**
 * Per period, word and user: who searched a word how often, and the words of a user. user_id 0 stands
 * for guests (no foreign key, so that it can be part of the key).
 */
export const searchStatPairs = pgTable(
  'search_stat_pairs',
  {
    period: varchar('period', { length: 8 }).notNull(),
    queryKey: varchar('query_key', { length: 200 }).notNull(),
    userId: integer('user_id').notNull(),
    /** The word as this user last typed it. */
    query: varchar('query', { length: 200 }).notNull(),
    hits: integer('hits').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.queryKey, t.userId] }),
    // A word's users and a user's words, most searched first: a detail reads only its own rows.
    index('search_stat_pairs_word_idx').on(t.period, t.queryKey, t.hits, t.lastAt, t.userId),
    index('search_stat_pairs_user_idx').on(t.period, t.userId, t.hits, t.lastAt, t.queryKey),
    periodCheck('search_stat_pairs_period_valid', t.period),
  ],
)
