import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { count } from 'drizzle-orm'
import { buildApp } from './app'
import { createAppMemory } from './app-deps'
import { ConfigError, launchEnvironment, loadConfig } from './config'
import { refreshStatistics } from './db/maintenance'
import { openConfiguredDatabase } from './db/open'
import { products } from './db/schema/catalogue'
import { seedDemo } from './db/seed/demo'
import { deleteExpiredSessions } from './http/session.repository'
import { createMailer } from './integrations/mail/mailer'
import { createPaymentGateway } from './integrations/payments'
import { DEFAULT_RATE_WORKER } from './modules/exchange-rates/exchange-rate-worker'
import { DEFAULT_JOB_WORKER } from './modules/integration-sync/jobs.service'
import { DEFAULT_RECONCILER } from './modules/payments/payment-reconciler'
import { START_LIMITS } from './modules/payments/payment-start-limits'
import { DEFAULT_REMOTE_FILE_WORKER } from './modules/remote-files/remote-file-worker'
import { SearchLog } from './modules/search/search-log'

/**
 * The old generation may grow to 1.5× what the last full collection left alive, not the up to 4×
 * V8 picks under a high allocation rate: at 100,000 products (~100 MB alive) the heap had grown to
 * 330 MB of mostly dead request objects before a full collection, RSS to 500 MiB. With this, RSS
 * stayed ≤ 330 MiB and the smaller heap served more requests a second, not fewer (docs/decisions.md
 * "Heap growth"). Read by V8 at each collection, so setting it at start-up takes effect.
 */
const HEAP_GROWING_PERCENT = 50
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)

// dist/server/main.js → the project root, wherever the process was started from.
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

const DEMO_LOGINS = [
  ['Bayi (dealer)', 'bayi@toptan.test', 'Bayi1234!'],
  ['Bayi 2 (another dealer)', 'bayi2@toptan.test', 'Bayi1234!'],
  ['Yönetici (administrator)', 'yonetici@toptan.test', 'Yonetici1234!'],
  ['Bayi 3 (a third company)', 'bayi3@toptan.test', 'Bayi1234!'],
  ['İzleyici (staff, read-only)', 'izleyici@toptan.test', 'Izleyici1234!'],
  ['Satış (staff, sales)', 'satis@toptan.test', 'Satis1234!'],
]

async function main() {
  const config = loadConfig(launchEnvironment(process.env, process.argv.slice(2)), rootDir)
  const database = await openConfiguredDatabase(config)
  const [row] = await database.db.select({ n: count() }).from(products)
  let demo = false
  if (config.demoData && (row?.n ?? 0) === 0) {
    const started = Date.now()
    const summary = await seedDemo(database.db)
    await refreshStatistics(database.db)
    console.log(`Demo data loaded in ${Date.now() - started} ms: ${JSON.stringify(summary)}`)
    demo = true
  }
  const mailer = createMailer(
    { smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom },
    { info: (msg) => console.log(msg) },
  )
  const memory = createAppMemory(config, {
    database,
    startLimits: { ...START_LIMITS, ...config.paymentStartLimits },
  })
  const app = await buildApp({
    config,
    database,
    ...memory,
    now: () => new Date(),
    searchLog: new SearchLog(database.db, 1000, undefined, (err) =>
      console.error('search log write failed', err),
    ),
    mailer,
    mailWorker: { pollMs: 5000 },
    paymentGateway: createPaymentGateway(config, () => new Date(), database.db),
    paymentReconciler: { ...DEFAULT_RECONCILER, ...config.paymentReconcile },
    exchangeRateWorker: DEFAULT_RATE_WORKER,
    jobWorker: DEFAULT_JOB_WORKER,
    webhookWorker: { pollMs: 5000 },
    remoteFileWorker: DEFAULT_REMOTE_FILE_WORKER,
  })
  const sweep = setInterval(() => void deleteExpiredSessions(database.db, new Date()), 60 * 60 * 1000)
  sweep.unref()

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`)
    clearInterval(sweep)
    // A connection a client keeps open, or a worker stuck on a slow peer, must not keep a server that
    // was told to stop alive: past the grace period the database is closed all the same.
    const grace = new Promise<'late'>((resolve) =>
      setTimeout(() => resolve('late'), SHUTDOWN_GRACE_MS).unref(),
    )
    if ((await Promise.race([app.close(), grace])) === 'late')
      app.log.error(
        `${signal}: requests or workers still open after ${SHUTDOWN_GRACE_MS / 1000} s; stopping anyway`,
      )
    await database.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void shutdown('SIGINT'))
  process.once('SIGTERM', () => void shutdown('SIGTERM'))

  // The search index is built before the first request rather than by the first search, which
  // would otherwise wait for it (5 s at 100,000 products on the embedded database).
  await memory.searchIndex.current(database.db)
  await app.listen({ port: config.port, host: config.host })
  const url = `http://${config.host}:${config.port}`
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${path.join(config.dataDir, 'pgdata')}`
  console.log(`\nToptan is running at ${url}  (database: ${where})`)
  console.log(`Mail goes to ${mailer.target} (queued in the mail_outbox table, retried when refused)`)
  console.log(`Links in mails and payment links point to ${config.publicUrl} (PUBLIC_URL)`)
  console.log(
    config.paymentGatewaySource === 'stored'
      ? `Card payments: the virtual POS chosen on the back office (Ödeme ayarları → Sanal POS); until one is chosen, ${config.sandboxByDefault ? 'the built-in sandbox POS' : 'none: card payments are refused'}`
      : config.paymentGateway === 'sandbox'
        ? 'Card payments: the built-in sandbox POS (takes no money; test cards in docs/payments.md)'
        : `Card payments: iyzico at ${config.iyzico?.baseUrl}`,
  )
  if (config.testMode)
    console.log('TEST MODE: every page says card payments are not real (PAYMENT_GATEWAY=sandbox)')
  if (demo || config.demoData) {
    console.log('Demo logins:')
    for (const [who, email, password] of DEMO_LOGINS)
      console.log(`  ${(who ?? '').padEnd(26)} ${email} / ${password}`)
  }
}

/** How long open requests and workers may hold a stop (within systemd's 30 s; docs/operations.md). */
const SHUTDOWN_GRACE_MS = 20_000

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
