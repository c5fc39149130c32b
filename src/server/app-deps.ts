import { type Caches, createCaches } from './cache/caches'
import type { Config } from './config'
import type { Database } from './db/client'
import { SessionCache } from './http/session-cache'
import { MailSignal } from './integrations/mail/mail-signal'
import type { Mailer } from './integrations/mail/mailer'
import type { OutboxWorkerOptions } from './integrations/mail/outbox-worker'
import type { PaymentGateway } from './integrations/payments/gateway'
import { LoginThrottle, type ThrottleOptions } from './modules/account/login-throttle'
import { type CartQueue, createCartQueue } from './modules/cart/cart-queue'
import { createStaffLive, type StaffLive } from './modules/presence/staff-live'
import type { SearchLog } from './modules/search/search-log'

/**
 * What one app keeps in process memory: its caches, its queue of cart changes, its session cache,
 * its login throttle and the signal that wakes its mail worker. Made here, once per app, and handed to the services that use them; never a
 * module-level singleton, so two apps built in one process (as tests do) share nothing.
 */
export type AppMemory = {
  caches: Caches
  cartQueue: CartQueue
  /** Session lookups for at most 5 seconds (less when CACHE_SECONDS is lower; 0 = none). */
  sessions: SessionCache
  throttle: LoginThrottle
  /** Wakes this app's outbox worker after a commit that queued mail. */
  mailSignal: MailSignal
  /**
   * Who is online and the events of the live staff screens: in memory, or in Redis when REDIS_URL is
   * set (shared by every process; its connections are closed with the app).
   */
  live: StaffLive
}

export function createAppMemory(
  config: Pick<Config, 'cacheSeconds'> & Partial<Pick<Config, 'redisUrl' | 'redisKeyPrefix'>>,
  options: { throttle?: ThrottleOptions } = {},
): AppMemory {
  return {
    caches: createCaches(config.cacheSeconds),
    cartQueue: createCartQueue(),
    sessions: new SessionCache(Math.min(5, config.cacheSeconds) * 1000),
    throttle: new LoginThrottle(options.throttle),
    mailSignal: new MailSignal(),
    live: createStaffLive(config),
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
}
