import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp } from '../app'
import { type AppDeps, createAppMemory } from '../app-deps'
import { loadConfig } from '../config'
import type { Database } from '../db/client'
import type { LogDestination } from '../http/request-log'
import { createMailer, type Mailer } from '../integrations/mail/mailer'
import { createPaymentGateway } from '../integrations/payments'
import type { PaymentGateway } from '../integrations/payments/gateway'
import { guardGateway } from '../integrations/payments/guarded-gateway'
import type { ThrottleOptions } from '../modules/account/login-throttle'
import type { ExchangeRateWorkerOptions } from '../modules/exchange-rates/exchange-rate-worker'
import type { WebhookWorkerOptions } from '../modules/integration-feeds/webhook-worker'
import type { JobWorkerOptions } from '../modules/integration-sync/jobs.service'
import type { ReconcilerOptions } from '../modules/payments/payment-reconciler'
import type { StartLimitRules } from '../modules/payments/payment-start-limits'
import { SearchLog } from '../modules/search/search-log'
import { sampleBulletinUrl } from './tcmb-stand-in'
import { createTestDatabase } from './test-database'

/** The test apps' session secret (a gateway a test makes itself signs with keys derived from it). */
export const TEST_SESSION_SECRET = 'test-secret-test-secret-test-secret-0123'

const unlimited = { max: 1_000_000, windowMs: 60_000 }
const UNLIMITED_STARTS: StartLimitRules = { link: unlimited, user: unlimited, ip: unlimited, bin: unlimited }

export type TestApp = { app: FastifyInstance; deps: AppDeps; database: Database; close: () => Promise<void> }

export async function createTestApp(
  options: {
    database?: Database
    /** The demo data in the new database (ignored with `database`). */
    demo?: boolean
    throttle?: ThrottleOptions
    now?: () => Date
    /** Caches on (seconds), to test the cached paths; the default is off, so every rule is tested uncached. */
    cacheSeconds?: number
    /** Extra routes a test needs (added before the app is sealed). */
    beforeReady?: (app: FastifyInstance, deps: AppDeps) => void
    /** Where mail goes; the default writes .eml files into a fresh temporary outbox. */
    mailer?: Mailer
    /**
     * Run the mail outbox worker (polling every pollMs). Off by default: mail then stays queued, and
     * no poll can land inside a test that counts a request's queries.
     */
    mailWorker?: { pollMs: number }
    /** Logging on at info, into this stream (the default: no logging). */
    logStream?: LogDestination
    /** Where the app finds dist/web (its static files and page template); the default is the project. */
    rootDir?: string
    /**
     * Draw pages on the server with rootDir's dist/ssr. Off by default, so a test's outcome does not
     * depend on whether the project has been built.
     */
    serverRender?: boolean
    /** The virtual POS; the default is the sandbox on the test clock. */
    paymentGateway?: PaymentGateway
    /**
     * The card-testing limits on payment starts; the default lets every test start as many payments
     * as it needs from the one test address (payment-start-limits.int.test.ts tests the real ones).
     */
    startLimits?: StartLimitRules
    /** Run the payment reconciler in the app (the default: off; tests call reconcilePayments). */
    paymentReconciler?: ReconcilerOptions
    /** Run the webhook worker in the app (the default: off; tests drive one themselves). */
    webhookWorker?: WebhookWorkerOptions
    /** Run the exchange-rate worker in the app (the default: off; tests fetch through the route). */
    exchangeRateWorker?: ExchangeRateWorkerOptions
    jobWorker?: JobWorkerOptions
    /** How often every staff socket's session is checked again (ms; the app's default is 60 s). */
    staffSocketRecheckMs?: number
    /** More environment for loadConfig (e.g. PUBLIC_URL, TRUST_PROXY), read as the server reads it. */
    env?: Record<string, string>
    /**
     * How long a term typed into the search box waits to settle before it is logged (ms; the app's
     * is domain/search-typing.ts SETTLE_MS). The default 0 logs each at once, so a test reads it.
     */
    searchSettleMs?: number
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase({ demo: options.demo }))
  const config = {
    ...loadConfig(
      {
        NODE_ENV: 'test',
        SESSION_SECRET: TEST_SESSION_SECRET,
        CACHE_SECONDS: '0',
        TCMB_URL: await sampleBulletinUrl(),
        // Uploaded images go to a directory of the test run's own, never the project's data/.
        ...(options.env?.S3_BUCKET ? {} : { IMAGES_DIR: testImagesDir() }),
        ...options.env,
      },
      options.rootDir ?? process.cwd(),
    ),
    logLevel: options.logStream ? 'info' : 'silent',
    cacheSeconds: options.cacheSeconds ?? 0,
    serverRender: options.serverRender ?? false,
  }
  const now = options.now ?? (() => new Date())
  const deps: AppDeps = {
    ...createAppMemory(config, {
      throttle: options.throttle,
      database,
      startLimits: options.startLimits ?? UNLIMITED_STARTS,
    }),
    config,
    database,
    now,
    searchLog: new SearchLog(database.db, 0, now, undefined, options.searchSettleMs ?? 0),
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: undefined,
        dataDir: mkdtempSync(path.join(tmpdir(), 'toptan-mail-')),
        from: config.mailFrom,
      }),
    mailWorker: options.mailWorker ?? null,
    paymentGateway: options.paymentGateway
      ? guardGateway(options.paymentGateway)
      : createPaymentGateway(config, now, database.db),
    paymentReconciler: options.paymentReconciler ?? null,
    exchangeRateWorker: options.exchangeRateWorker ?? null,
    jobWorker: options.jobWorker ?? null,
    webhookWorker: options.webhookWorker ?? null,
    remoteFileWorker: null,
  }
  const app = await buildApp(deps, {
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.staffSocketRecheckMs ? { staffSocketRecheckMs: options.staffSocketRecheckMs } : {}),
  })
  options.beforeReady?.(app, deps)
  await app.ready()
  return {
    app,
    deps,
    database,
    close: async () => {
      await app.close()
      if (!options.database) await database.close()
    },
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

let imagesDir: string | null = null
/** One directory of uploaded images per test process, made on first use. */
function testImagesDir() {
  imagesDir ??= mkdtempSync(path.join(tmpdir(), 'toptan-images-'))
  return imagesDir
}

/** A browser stand-in: keeps the session cookie and the page's CSRF token like the web app does. */
export class TestClient {
  cookie = ''
  csrf = ''

  constructor(private readonly app: FastifyInstance) {}

  /** Opens a page, as a browser would first: receives the cookie and the CSRF token of the page. */
  async openPage(url = '/'): Promise<LightMyRequestResponse> {
    const res = await this.send({ method: 'GET', url })
    const match = /<meta name="csrf-token" content="([^"]+)"/.exec(res.body)
    if (match?.[1]) this.csrf = match[1]
    return res
  }

  async send(opts: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, ...inject } = opts
    const headers: Record<string, string> = { ...(inject.headers as Record<string, string>) }
    if (this.cookie) headers.cookie = this.cookie
    if (csrf && inject.method !== 'GET') {
      headers['x-csrf-token'] = this.csrf
      headers['x-requested-with'] = 'XMLHttpRequest'
    }
    // A browser names the page's origin on every state-changing request (the same-origin check in
    // csrf.ts); ours is the address asked for: app.inject's default host is localhost:80.
    if (!SAFE_METHODS.has(inject.method ?? 'GET') && headers.origin === undefined)
      headers.origin = `http://${headers.host ?? 'localhost:80'}`
    const res = await this.app.inject({ ...inject, headers })
    const setCookie = res.cookies.find((c) => c.name === 'toptan_sid')
    if (setCookie) this.cookie = `toptan_sid=${setCookie.value}`
    // Login and logout answer the token that goes with the new session, as the web app reads it.
    if (res.statusCode === 200 && res.body && res.headers['content-type']?.toString().includes('json')) {
      const token = (res.json() as { csrfToken?: unknown }).csrfToken
      if (typeof token === 'string') this.csrf = token
    }
    return res
  }

  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    if (!this.csrf) await this.openPage()
    const res = await this.send({ method: 'POST', url: '/api/account/login', payload: { email, password } })
    if (res.statusCode === 200) this.csrf = res.json().csrfToken
    return res
  }
}
