import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core'

/*
 * Failure counters of the login throttle (modules/account/login-throttle.ts), shared by every app
 * process on this database (Redis holds them instead when REDIS_URL is set). One row per key: an
 * (account, IP) or (account, device) pair, an IP, or an account, the account part hashed so no
 * e-mail address is kept here. A counter starts again at 1 when a try comes after expires_at;
 * expired rows are swept now and then. A row with count 0 expiring in 1970 is a placeholder a take
 * created so it could lock the key (http/throttle-store.ts): it reads as no counter.
 */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    key: varchar('key', { length: 100 }).primaryKey(),
    count: integer('count').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_counters_expires_at_idx').on(t.expiresAt)],
)
