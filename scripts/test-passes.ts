/**
 * Which integration files run on which database.
 *
 * Every integration file runs on PGlite, the embedded database `npm start` uses: it is PostgreSQL's
 * own engine, so the SQL is proved there, and its one connection also shows a transaction that waits
 * on a query outside itself (a hang on PGlite, hidden by a pool).
 *
 * The PostgreSQL pass runs the files whose subject is what a server adds: many connections and truly
 * concurrent transactions (row and advisory locks, SKIP LOCKED, what one snapshot sees of another's
 * commit, limits under parallel requests), a database that goes down and comes back, several app
 * processes on one database, and the server-only code (the pool, pg_dump backups, migrations and
 * start-up on a server). Running all 120-odd files twice cost about 400 s of a 20-minute CI budget;
 * `TEST_POSTGRES_PASS=all` still runs every file there, before a release.
 */
export const INTEGRATION_FILES = [
  'src/server/**/*.int.test.ts',
  'bench/**/*.int.test.ts',
  'examples/**/*.int.test.ts',
]

/**
 * Tests of the embedded database itself: its connection layer (PGlite whatever TEST_DB says), a
 * data directory reopened after the one process that may open it was killed, and the tests' own
 * databases reset for reuse.
 */
export const PGLITE_ONLY_FILES = [
  'src/server/db/pglite-connection.int.test.ts',
  'src/server/fault/jobs-restart.int.test.ts',
  'src/server/test/pglite-reuse.int.test.ts',
]

export const POSTGRES_PASS_FILES = [
  // The server's own paths: pool, backups, migrations, start-up, a database down and back, processes.
  'src/server/db/backup.int.test.ts',
  'src/server/db/backup-under-load.int.test.ts',
  'src/server/db/migrations.int.test.ts',
  'src/server/db/transaction-context.int.test.ts',
  'src/server/start-up.int.test.ts',
  'src/server/fault/crash.int.test.ts',
  'src/server/multi-process/nginx.int.test.ts',
  'src/server/multi-process/two-processes.int.test.ts',
  'src/server/http/session-restart.int.test.ts',
  'src/server/modules/presence/live-processes.int.test.ts',
  'src/server/modules/presence/redis-presence.int.test.ts',
  'src/server/modules/presence/session-end.int.test.ts',
  // Limits that must hold under parallel requests.
  'src/server/http/throttle-store.int.test.ts',
  'src/server/modules/account/throttle-concurrency.int.test.ts',
  'src/server/modules/account/login-throttle.int.test.ts',
  'src/server/modules/payments/payment-start-limits.int.test.ts',
  'src/server/modules/integration-keys/integration-keys.int.test.ts',
  // Money and stock under concurrent writers: locks, idempotency keys, states guarded row by row.
  'src/server/modules/cart/cart.int.test.ts',
  'src/server/modules/cart/cart-cache.int.test.ts',
  'src/server/modules/orders/orders.int.test.ts',
  'src/server/modules/orders/order-cancel-locks.int.test.ts',
  'src/server/modules/offers/offers.int.test.ts',
  'src/server/modules/payments/payment-callback.int.test.ts',
  'src/server/modules/payments/payment-states.int.test.ts',
  'src/server/modules/payments/payment-start.int.test.ts',
  'src/server/modules/payments/payment-order-cancel.int.test.ts',
  'src/server/modules/payments/payment-release-locks.int.test.ts',
  'src/server/modules/payments/payment-slow-bank.int.test.ts',
  // A payment started before a commission or gateway change keeps its terms; apps on one database follow.
  'src/server/modules/payments/payment-setup.int.test.ts',
  'src/server/modules/payment-links/payment-link-pay.int.test.ts',
  'src/server/modules/ledger/ledger.int.test.ts',
  'src/server/modules/ledger/bank-transfers.int.test.ts',
  // Queues and feeds read by several workers or readers at once.
  'src/server/modules/mail-outbox/mail-outbox.int.test.ts',
  'src/server/modules/integration-feeds/integration-feeds.int.test.ts',
  'src/server/modules/integration-feeds/webhooks.int.test.ts',
  'src/server/modules/integration-sync/jobs.int.test.ts',
  'src/server/modules/integration-sync/catalogue-sync.int.test.ts',
  // Two quick orders of one dealer at once: the stock limit holds; the folded code index answers.
  'src/server/modules/quick-order/quick-order.int.test.ts',
  // Two staff edits of one product at once, and an edit beside an ERP batch.
  'src/server/modules/catalog/products-admin.int.test.ts',
  // Two uploads of one product's images at once: its limit and one picture once, files kept or cleaned.
  'src/server/modules/catalog/product-uploads.int.test.ts',
  'src/server/modules/integration-sync/accounts-sync.int.test.ts',
  // An upload started from two processes at once: one import.
  'src/server/modules/imports/imports.int.test.ts',
  'src/server/modules/remote-files/remote-file-worker.int.test.ts',
  'src/server/modules/search/search-index.int.test.ts',
]

/** The PostgreSQL pass's files: the list above, or every integration file under TEST_POSTGRES_PASS=all. */
export function postgresPassIncludes(env: NodeJS.ProcessEnv = process.env): string[] {
  return env.TEST_POSTGRES_PASS === 'all' ? INTEGRATION_FILES : POSTGRES_PASS_FILES
}
