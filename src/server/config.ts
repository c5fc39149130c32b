import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.url().optional(),
  /** Sender of order and offer mails. */
  MAIL_FROM: z.string().min(3).default('Toptan <siparis@toptan.local>'),
  REDIS_URL: z.url().optional(),
  /** Prefix of every Redis key and channel of this site: sites (or test runs) sharing a Redis stay apart. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/)
    .default('toptan:'),
  /** Load the demo catalogue and accounts into an empty database (default on for the embedded database). */
  DEMO_DATA: z.enum(['0', '1']).optional(),
  /**
   * How many proxies stand in front of the app (0: none). The client IP is the address that many hops
   * back from the connection: with 1, the right-most X-Forwarded-For address, which the proxy itself
   * appended; earlier addresses are the client's own words and never trusted. More than 0 also means
   * HTTPS in front: Secure cookies, HSTS, X-Forwarded-Proto/Host.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^\d{1,2}$/, 'a number of proxy hops: 0 (none), 1 (one proxy), …')
    .default('0')
    .transform(Number)
    .pipe(z.number().int().min(0).max(10)),
  /**
   * Where the embedded database runs: `worker`, a thread of its own (when the build made its script,
   * dist/server/db/pglite-worker.js), or `main`, the server's own thread. Ignored with DATABASE_URL.
   */
  PGLITE_THREAD: z.enum(['worker', 'main']).default('worker'),
  /** How long store-wide reference data and list totals may be reused (seconds; 0 = never). */
  CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Draw pages on the server when the server build (dist/ssr) is there; 0 sends them for the browser to draw. */
  SERVER_RENDER: z.enum(['0', '1']).default('1'),
  /** The virtual POS (docs/payments.md): the built-in sandbox (default outside production) or iyzico. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'iyzico']).optional(),
  IYZICO_API_KEY: z.string().min(1).optional(),
  IYZICO_SECRET_KEY: z.string().min(1).optional(),
  IYZICO_BASE_URL: z.url().optional(),
  /** How long a payment link can be paid (days). */
  PAYMENT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(7),
})

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  pgliteThread: 'worker' | 'main'
  sessionSecret: string
  smtpUrl: string | undefined
  mailFrom: string
  redisUrl: string | undefined
  redisKeyPrefix: string
  demoData: boolean
  /** Behind an HTTPS proxy (trustProxyHops > 0): Secure cookies, HSTS, forwarded protocol and host. */
  trustProxy: boolean
  /** Proxy hops trusted for the client IP (TRUST_PROXY). */
  trustProxyHops: number
  logLevel: string
  cacheSeconds: number
  /** Pages drawn on the server (when dist/ssr is built). */
  serverRender: boolean
  /** Project root: where dist/ and the committed migrations live. */
  rootDir: string
  paymentGateway: 'sandbox' | 'iyzico'
  /** iyzico's merchant keys and API address; set exactly when paymentGateway is 'iyzico'. */
  iyzico: IyzicoConfig | null
  paymentLinkDays: number
}

export type IyzicoConfig = { apiKey: string; secretKey: string; baseUrl: string }

export class ConfigError extends Error {}

/**
 * Fastify's trustProxy for TRUST_PROXY hops: trusts the connection's peer and the addresses the next
 * hops - 1 proxies appended, so the client IP is the address `hops` steps back from the connection
 * (the right-most X-Forwarded-For one for 1). Fastify's own numeric setting trusts nothing, so the
 * count is a function; the proxy must be the only way to the app (docs/operations.md).
 */
export const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

/** Reads the environment once at start-up; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = process.cwd()): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(rootDir, e.DATA_DIR)
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteThread: e.PGLITE_THREAD,
    sessionSecret: e.SESSION_SECRET ?? secretFromDataDir(dataDir, e.NODE_ENV),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === '1' : !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY > 0,
    trustProxyHops: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    cacheSeconds: e.CACHE_SECONDS,
    serverRender: e.SERVER_RENDER === '1',
    rootDir,
    ...paymentConfig(e),
  }
}

/**
 * The sandbox takes no money: production refuses it unless PAYMENT_GATEWAY=sandbox says so on purpose
 * (a demo or staging server); iyzico needs its keys and address.
 */
function paymentConfig(
  e: z.infer<typeof envSchema>,
): Pick<Config, 'paymentGateway' | 'iyzico' | 'paymentLinkDays'> {
  const gateway = e.PAYMENT_GATEWAY ?? 'sandbox'
  if (e.NODE_ENV === 'production' && !e.PAYMENT_GATEWAY) {
    throw new ConfigError(
      'PAYMENT_GATEWAY is required when NODE_ENV=production: iyzico, or sandbox on purpose (it takes no money)',
    )
  }
  let iyzico: IyzicoConfig | null = null
  if (gateway === 'iyzico') {
    if (!e.IYZICO_API_KEY || !e.IYZICO_SECRET_KEY || !e.IYZICO_BASE_URL) {
      throw new ConfigError(
        'PAYMENT_GATEWAY=iyzico needs IYZICO_API_KEY, IYZICO_SECRET_KEY and IYZICO_BASE_URL',
      )
    }
    iyzico = { apiKey: e.IYZICO_API_KEY, secretKey: e.IYZICO_SECRET_KEY, baseUrl: e.IYZICO_BASE_URL }
  }
  return { paymentGateway: gateway, iyzico, paymentLinkDays: e.PAYMENT_LINK_DAYS }
}

/** The embedded default generates its secret once and keeps it beside the data; production must bring one. */
function secretFromDataDir(dataDir: string, nodeEnv: string): string {
  if (nodeEnv === 'production') {
    throw new ConfigError('SESSION_SECRET (at least 32 characters) is required when NODE_ENV=production')
  }
  const file = path.join(dataDir, 'session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
