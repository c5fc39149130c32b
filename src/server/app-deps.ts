import { type Caches, createCaches } from './cache/caches'
import { createInvalidation, type Invalidation } from './cache/invalidation'
import type { Config } from './config'
import type { Database } from './db/client'
import { SessionCache } from './http/session-cache'
import { createThrottleStore } from './http/throttle-store'
import { MailSignal } from './integrations/mail/mail-signal'
import type { Mailer } from './integrations/mail/mailer'
import type { OutboxWorkerOptions } from './integrations/mail/outbox-worker'
import type { PaymentGateway } from './integrations/payments/gateway'
import { LoginThrottle, type ThrottleOptions } from './modules/account/login-throttle'
import { type CartQueue, createCartQueue } from './modules/cart/cart-queue'
import type { ExchangeRateWorkerOptions } from './modules/exchange-rates/exchange-rate-worker'
import type { JobWorkerOptions } from './modules/integration-sync/jobs.service'
import type { ReconcilerOptions } from './modules/payments/payment-reconciler'
import { type StartLimitRules, StartLimits } from './modules/payments/payment-start-limits'
import { createStaffLive, type StaffLive } from './modules/presence/staff-live'
import { SearchIndex } from './modules/search/search-index'
import type { SearchLog } from './modules/search/search-log'

/**
 * What one app keeps in process memory: its caches, its queue of cart changes, its session cache,
 * its login throttle and the signal that wakes its mail worker. Made here, once per app, and handed to the services that use them; never a
 * module-level singleton, so two apps built in one process (as tests do) share nothing.
 */
export type AppMemory = {
  caches: Caches
  /**
   * Carries the caches' and the session cache's forgets to every other process (Redis with
   * REDIS_URL, else LISTEN/NOTIFY on PostgreSQL; nothing on the embedded database). Closed with the app.
   */
  invalidation: Invalidation
  cartQueue: CartQueue
  /** Session lookups for at most 5 seconds (less when CACHE_SECONDS is lower; 0 = none). */
  sessions: SessionCache
  /** Counts wrong passwords in a store every process shares (PostgreSQL, or Redis with REDIS_URL). */
  throttle: LoginThrottle
  /** Wakes this app's outbox worker after a commit that queued mail. */
  mailSignal: MailSignal
  /**
   * Who is online and the events of the live staff screens: in memory, or in Redis when REDIS_URL is
   * set (shared by every process; its connections are closed with the app).
   */
  live: StaffLive
  /**
   * The listed products' search fields in memory: current by change, and told of
   * products changed elsewhere through the invalidation messages.
   */
  searchIndex: SearchIndex
  /** Card-testing limits on payment starts, counted in the throttle's shared store. */
  paymentStarts: StartLimits
}

export function createAppMemory(
  config: Pick<Config, 'cacheSeconds'> & Partial<Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'databaseUrl'>>,
  /**
   * throttle: the login throttle's policy changes and store; database: where the throttle counts
   * when neither a store nor REDIS_URL is given (without one it counts in memory).
   */
  options: { throttle?: ThrottleOptions; database?: Database; startLimits?: StartLimitRules } = {},
): AppMemory {
  const { store, ...policy } = options.throttle ?? {}
  const throttle = new LoginThrottle(store ?? createThrottleStore(config, options.database?.db), policy)
  const invalidation = createInvalidation(config)
  const searchIndex = new SearchIndex()
  invalidation.target(searchIndex.apply)
  return {
    caches: createCaches(config.cacheSeconds, invalidation),
    invalidation,
    cartQueue: createCartQueue(),
    sessions: new SessionCache(Math.min(5, config.cacheSeconds) * 1000, undefined, invalidation),
    throttle,
    mailSignal: new MailSignal(),
    live: createStaffLive(config),
    searchIndex,
    paymentStarts: new StartLimits(throttle.store, options.startLimits),
  }
}

/** What the app is built from: tests pass their own database, clock and throttle options. */
export type AppDeps = AppMemory & {
  config: Config
  database: Database
  now: () => Date
  searchLog: SearchLog
  mailer: Mailer
  /**
   * The mail outbox worker, started with the app and stopped on close; null: this app only queues mail
   * (tests that must control when mail leaves, or a process that leaves sending to others).
   */
  mailWorker: OutboxWorkerOptions | null
  /** The virtual POS card payments go through (PAYMENT_GATEWAY; integrations/payments/index.ts). */
  paymentGateway: PaymentGateway
  /**
   * Settles payments left half-way (payments/payment-reconciler.ts) at start and every interval;
   * null: not in this app (tests run it themselves).
   */
  paymentReconciler: ReconcilerOptions | null
  /**
   * Fetches the Central Bank's bulletin each business day after 15:30 Istanbul (and at start when one
   * was missed); null: not in this app (tests fetch through the route).
   */
  exchangeRateWorker: ExchangeRateWorkerOptions | null
  /**
   * Writes the integration's jobs (large loads) in the background, a chunk at a time; null: not in
   * this app (tests run the jobs themselves).
   */
  jobWorker: JobWorkerOptions | null
}
