import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { derivedSecretsKey, secretsKeyFromText } from './security/secret-box'

const envSchema = z.object({
  /** Unset counts as development, except for the payment gateway (paymentConfig below). */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
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
   * The address the site is reached at (https://bayi.example.com): every absolute URL the server
   * writes (mails, payment links, the bank's callback) is built from it, never from the request's Host.
   */
  PUBLIC_URL: z.string().optional(),
  /** The proxy sets X-Forwarded-Host (and removes a client's own): only then is it the request's host. */
  TRUST_FORWARDED_HOST: z.enum(['0', '1']).default('0'),
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
  /**
   * The virtual POS (docs/payments.md): the built-in sandbox or iyzico. Only NODE_ENV=development or
   * test take the sandbox without being told; anywhere else it must be named.
   */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'iyzico', 'stored']).optional(),
  IYZICO_API_KEY: z.string().min(1).optional(),
  IYZICO_SECRET_KEY: z.string().min(1).optional(),
  IYZICO_BASE_URL: z.url().optional(),
  /**
   * The key that seals the gateway keys staff store on the back office's payment setup screen
   * (AES-256-GCM): 64 hex characters or 32 bytes of base64. Outside production it defaults to a key
   * derived from the session secret; in production, without it, keys cannot be stored there.
   */
  GATEWAY_SECRETS_KEY: z
    .string()
    .refine((text) => secretsKeyFromText(text) !== null, '32 bytes: 64 hex characters (openssl rand -hex 32)')
    .optional(),
  /** How long a payment link can be paid (days). */
  PAYMENT_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Calls per minute each integration API key may make (docs/integration.md, "Rate limit"). */
  INTEGRATION_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  /**
   * A card payment untouched this long half-way (its process died, or the bank's answer was lost) is
   * settled by the reconciler (docs/payments.md); at least 30 outside tests, above any gateway call.
   */
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /** How often each app process runs the payment reconciler (it also runs at start). */
  PAYMENT_RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Card-testing limits on payment starts that differ from the defaults (docs/payments.md):
   * `rule=max/minutes` pairs, comma-separated, rules ip, bin, link, user — e.g. `ip=40/60,bin=60/60`.
   */
  PAYMENT_START_LIMITS: z
    .string()
    .regex(
      /^(ip|bin|link|user)=\d{1,7}\/\d{1,4}(,(ip|bin|link|user)=\d{1,7}\/\d{1,4})*$/,
      'rule=max/minutes pairs, e.g. ip=40/60,bin=60/60',
    )
    .optional(),
  /** The Central Bank of Turkey's daily bulletin of exchange rates (modules/exchange-rates). */
  TCMB_URL: z.url({ protocol: /^https?$/ }).default('https://www.tcmb.gov.tr/kurlar/today.xml'),
  /** How long a fetch of the bulletin may take before it counts as failed (seconds). */
  TCMB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * Uploaded product images and the store's logo (docs/operations.md, "Uploaded images"): files under
   * IMAGES_DIR (default DATA_DIR/images), or objects in an S3-compatible bucket when S3_BUCKET is set.
   */
  IMAGES_DIR: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3 to 63 of a-z, 0-9, dot and hyphen')
    .optional(),
  S3_REGION: z.string().min(1).max(40).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /**
   * Prometheus' bearer token for GET /metrics: set, a scrape must send it (from any address); unset,
   * only direct connections from private addresses are answered (http/metrics.ts).
   */
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{16,200}$/,
      '16 to 200 printable characters without spaces, e.g. openssl rand -hex 24',
    )
    .optional(),
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
  /** X-Forwarded-Host names the request's host (TRUST_FORWARDED_HOST=1, only behind a proxy). */
  trustForwardedHost: boolean
  /**
   * The site's origin, without a trailing slash (PUBLIC_URL; outside production the listening
   * address): the base of every absolute URL the server writes.
   */
  publicUrl: string
  logLevel: string
  cacheSeconds: number
  /** Pages drawn on the server (when dist/ssr is built). */
  serverRender: boolean
  /** Project root: where dist/ and the committed migrations live. */
  rootDir: string
  paymentGateway: 'sandbox' | 'iyzico'
  /**
   * Who chooses the gateway: the environment (PAYMENT_GATEWAY=sandbox or iyzico: fixed, the back
   * office shows it read-only), or the back office's payment setup (PAYMENT_GATEWAY=stored, or unset in
   * development and test), whose stored choice every process follows for the payments started after it.
   */
  paymentGatewaySource: 'environment' | 'stored'
  /**
   * NODE_ENV is development or test: the sandbox is the gateway until another is chosen, and the back
   * office may choose it (elsewhere only the environment can name the sandbox, on purpose).
   */
  sandboxByDefault: boolean
  /** The key that seals stored gateway keys (GATEWAY_SECRETS_KEY, else derived outside production); null: none. */
  gatewaySecrets: { key: Buffer; source: 'environment' | 'derived' } | null
  /**
   * The sandbox is the gateway outside NODE_ENV=development or test (a demo, a staging server): its
   * payments take no money, and every page says so with a TEST MODE ribbon (the bootstrap data).
   */
  testMode: boolean
  /** iyzico's merchant keys and API address; set exactly when paymentGateway is 'iyzico'. */
  iyzico: IyzicoConfig | null
  paymentLinkDays: number
  /** The payment reconciler's timing (payments/payment-reconciler.ts). */
  paymentReconcile: { stuckAfterMs: number; intervalMs: number }
  /** Payment-start limits set apart from the defaults: rule → max starts per window. */
  paymentStartLimits: Partial<Record<'ip' | 'bin' | 'link' | 'user', { max: number; windowMs: number }>>
  /** The bearer token GET /metrics asks for (METRICS_TOKEN); null: private addresses only. */
  metricsToken: string | null
  /** Calls each integration API key may make per minute (INTEGRATION_RATE_LIMIT). */
  integrationRateLimit: number
  /** Where the exchange-rate bulletin is fetched from, and how long a fetch may take. */
  tcmb: { url: string; timeoutMs: number }
  /** Where uploaded images are kept: a directory (IMAGES_DIR, else DATA_DIR/images) or an S3 bucket. */
  imageStore: ImageStoreConfig
}

export type S3Config = {
  /** Unset: AWS's own address for the region; set (MinIO, R2, Ceph…): path-style requests to it. */
  endpoint: string | undefined
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}
export type ImageStoreConfig = { kind: 'disk'; dir: string } | ({ kind: 's3' } & S3Config)

export type IyzicoConfig = { apiKey: string; secretKey: string; baseUrl: string }

export class ConfigError extends Error {}

/**
 * Fastify's trustProxy for TRUST_PROXY hops: trusts the connection's peer and the addresses the next
 * hops - 1 proxies appended, so the client IP is the address `hops` steps back from the connection
 * (the right-most X-Forwarded-For one for 1). Fastify's own numeric setting trusts nothing, so the
 * count is a function; the proxy must be the only way to the app (docs/operations.md).
 */
export const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops

/**
 * The environment as package.json's scripts start the server (main.ts reads process.argv): `--demo`
 * is `npm start`, README's first command, the demo on a fresh machine: when neither NODE_ENV nor
 * PAYMENT_GATEWAY is set it names the sandbox on purpose (PAYMENT_GATEWAY=sandbox), so the demo runs
 * and every page shows the TEST MODE ribbon. `--dev` is `npm run dev`: NODE_ENV=development unless
 * set. Without a flag (a deployment starting dist/server/main.js) the environment is taken as it is.
 * Flags rather than variables in the scripts, because `VAR=value cmd` is not understood by every
 * shell npm runs scripts with.
 */
export function launchEnvironment(env: NodeJS.ProcessEnv, argv: readonly string[]): NodeJS.ProcessEnv {
  if (argv.includes('--dev') && env.NODE_ENV === undefined) return { ...env, NODE_ENV: 'development' }
  if (argv.includes('--demo') && env.NODE_ENV === undefined && env.PAYMENT_GATEWAY === undefined) {
    return { ...env, PAYMENT_GATEWAY: 'sandbox' }
  }
  return env
}

/**
 * Reads the environment once at start-up; a bad value stops the process with a clear message.
 * `takesPayments: false` is for the command-line tools (migrate, seed, user:create…), which never
 * take a card payment and so need no gateway named.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  rootDir = process.cwd(),
  options: { takesPayments: boolean } = { takesPayments: true },
): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(rootDir, e.DATA_DIR)
  return {
    env: e.NODE_ENV ?? 'development',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteThread: e.PGLITE_THREAD,
    sessionSecret: e.SESSION_SECRET ?? secretFromDataDir(dataDir, e.NODE_ENV ?? 'development'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === '1' : !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY > 0,
    trustProxyHops: e.TRUST_PROXY,
    ...addressConfig(e),
    logLevel: e.LOG_LEVEL,
    cacheSeconds: e.CACHE_SECONDS,
    serverRender: e.SERVER_RENDER === '1',
    rootDir,
    ...paymentConfig(e, options.takesPayments),
    gatewaySecrets: gatewaySecretsConfig(e, dataDir),
    paymentReconcile: reconcileConfig(e),
    paymentStartLimits: Object.fromEntries(
      (e.PAYMENT_START_LIMITS?.split(',') ?? []).map((pair) => {
        const [rule, value] = pair.split('=') as [string, string]
        const [max, minutes] = value.split('/').map(Number) as [number, number]
        return [rule, { max, windowMs: Math.max(1, minutes) * 60_000 }]
      }),
    ),
    metricsToken: e.METRICS_TOKEN ?? null,
    integrationRateLimit: e.INTEGRATION_RATE_LIMIT,
    tcmb: { url: e.TCMB_URL, timeoutMs: e.TCMB_TIMEOUT_SECONDS * 1000 },
    imageStore: imageStoreConfig(e, dataDir, rootDir),
  }
}

/**
 * Disk unless S3_BUCKET names a bucket; then both keys are required (no instance roles or shared
 * profiles: what the server signs with is stated in its environment), and a half-written S3 setting
 * without a bucket stops the start rather than quietly keeping images on one machine's disk.
 */
function imageStoreConfig(e: z.infer<typeof envSchema>, dataDir: string, rootDir: string): ImageStoreConfig {
  const s3Named = [e.S3_ENDPOINT, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some((v) => v !== undefined)
  if (!e.S3_BUCKET) {
    if (s3Named) throw new ConfigError('S3_ENDPOINT and the S3 keys need S3_BUCKET (the bucket images go to)')
    return {
      kind: 'disk',
      dir: e.IMAGES_DIR ? path.resolve(rootDir, e.IMAGES_DIR) : path.join(dataDir, 'images'),
    }
  }
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY')
  if (e.IMAGES_DIR) throw new ConfigError('IMAGES_DIR and S3_BUCKET name two places for images: set one')
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  }
}

/** A payment is taken as stuck only well after any gateway call could still answer (iyzico: 20 s). */
function reconcileConfig(e: z.infer<typeof envSchema>): Config['paymentReconcile'] {
  if (e.NODE_ENV !== 'test' && e.PAYMENT_RECONCILE_AFTER_SECONDS < 30) {
    throw new ConfigError(
      'PAYMENT_RECONCILE_AFTER_SECONDS must be at least 30: a payment whose bank call may still answer is not stuck',
    )
  }
  return {
    stuckAfterMs: e.PAYMENT_RECONCILE_AFTER_SECONDS * 1000,
    intervalMs: e.PAYMENT_RECONCILE_EVERY_SECONDS * 1000,
  }
}

/**
 * PUBLIC_URL is an origin: http(s), no path beyond `/`, no query, fragment or credentials; kept
 * without a trailing slash. Production must name it (a link in a mail must not depend on which
 * address a request came in on); elsewhere it defaults to the listening address.
 */
function addressConfig(e: z.infer<typeof envSchema>): Pick<Config, 'publicUrl' | 'trustForwardedHost'> {
  if (e.TRUST_FORWARDED_HOST === '1' && e.TRUST_PROXY === 0) {
    throw new ConfigError(
      'TRUST_FORWARDED_HOST=1 needs TRUST_PROXY=1 (or more): only a proxy sets that header',
    )
  }
  const trustForwardedHost = e.TRUST_FORWARDED_HOST === '1'
  if (e.PUBLIC_URL === undefined || e.PUBLIC_URL === '') {
    if (e.NODE_ENV === 'production') {
      throw new ConfigError(
        "PUBLIC_URL is required when NODE_ENV=production: the address the site is reached at, e.g. https://bayi.example.com (links in mails and the bank's callback are built from it)",
      )
    }
    return { publicUrl: listeningAddress(e.HOST, e.PORT), trustForwardedHost }
  }
  return { publicUrl: publicOrigin(e.PUBLIC_URL), trustForwardedHost }
}

/** PUBLIC_URL checked and reduced to its origin (lower-case host, default port dropped). */
export function publicOrigin(value: string): string {
  const refuse = (why: string) =>
    new ConfigError(`PUBLIC_URL must be the site's address, like https://bayi.example.com (${why}): ${value}`)
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw refuse('not an absolute URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('http or https only')
  if (url.username || url.password) throw refuse('no user name or password')
  if (url.pathname !== '/') throw refuse('no path')
  if (url.search || value.includes('?')) throw refuse('no query')
  if (url.hash || value.includes('#')) throw refuse('no fragment')
  return url.origin
}

/** http://HOST:PORT, with localhost for an address that means every interface. */
function listeningAddress(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '[::]' ? 'localhost' : host
  try {
    return new URL(`http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`)
      .origin
  } catch {
    throw new ConfigError(`PUBLIC_URL: HOST ${host} makes no address to link to; set PUBLIC_URL`)
  }
}

/** Where the sandbox is the gateway without being named: a developer's machine and the test suite. */
const SANDBOX_BY_DEFAULT = new Set(['development', 'test'])

/**
 * The sandbox takes no money, and its 3-D Secure code is public (docs/payments.md): a server that took
 * it by default would hand out paid orders wherever NODE_ENV was forgotten. Outside development and
 * test it runs only when PAYMENT_GATEWAY=sandbox names it on purpose (a demo, a staging server), and
 * then every page says TEST MODE; iyzico needs its keys and address.
 */
function paymentConfig(
  e: z.infer<typeof envSchema>,
  takesPayments: boolean,
): Pick<
  Config,
  'paymentGateway' | 'paymentGatewaySource' | 'sandboxByDefault' | 'testMode' | 'iyzico' | 'paymentLinkDays'
> {
  const sandboxByDefault = e.NODE_ENV !== undefined && SANDBOX_BY_DEFAULT.has(e.NODE_ENV)
  if (!e.PAYMENT_GATEWAY && !sandboxByDefault && takesPayments) {
    throw new ConfigError(
      `PAYMENT_GATEWAY is required unless NODE_ENV is development or test (it is ${e.NODE_ENV ?? 'not set'}):\n` +
        '  PAYMENT_GATEWAY=iyzico with IYZICO_API_KEY, IYZICO_SECRET_KEY and IYZICO_BASE_URL for real card payments,\n' +
        '  PAYMENT_GATEWAY=stored to choose iyzico and its keys on the back office (Ödeme ayarları → Sanal POS), or\n' +
        '  PAYMENT_GATEWAY=sandbox on purpose for a demo or staging server (it takes no money; every page then shows TEST MODE).\n' +
        '  `npm start` is the demo and sets PAYMENT_GATEWAY=sandbox itself when neither variable is set.',
    )
  }
  const paymentGatewaySource = e.PAYMENT_GATEWAY && e.PAYMENT_GATEWAY !== 'stored' ? 'environment' : 'stored'
  // With the back office choosing, the app is built with the sandbox: the gateway until a choice is
  // stored in development and test, and the one payments started on it go on with.
  const gateway = e.PAYMENT_GATEWAY === 'iyzico' ? 'iyzico' : 'sandbox'
  // A stored choice is never the sandbox outside development and test (payment-gateway-setting.service.ts).
  const testMode = (e.PAYMENT_GATEWAY ?? 'sandbox') === 'sandbox' && !sandboxByDefault
  let iyzico: IyzicoConfig | null = null
  if (gateway === 'iyzico') {
    if (!e.IYZICO_API_KEY || !e.IYZICO_SECRET_KEY || !e.IYZICO_BASE_URL) {
      throw new ConfigError(
        'PAYMENT_GATEWAY=iyzico needs IYZICO_API_KEY, IYZICO_SECRET_KEY and IYZICO_BASE_URL',
      )
    }
    iyzico = { apiKey: e.IYZICO_API_KEY, secretKey: e.IYZICO_SECRET_KEY, baseUrl: e.IYZICO_BASE_URL }
  }
  return {
    paymentGateway: gateway,
    paymentGatewaySource,
    sandboxByDefault,
    testMode,
    iyzico,
    paymentLinkDays: e.PAYMENT_LINK_DAYS,
  }
}

/**
 * GATEWAY_SECRETS_KEY when given; outside production a key derived from the session secret (the demo
 * and a developer's machine need no variable); in production none: the back office then refuses to
 * store keys rather than seal them with a key that was never chosen.
 */
function gatewaySecretsConfig(e: z.infer<typeof envSchema>, dataDir: string): Config['gatewaySecrets'] {
  if (e.GATEWAY_SECRETS_KEY) return { key: secretsKeyFromText(e.GATEWAY_SECRETS_KEY)!, source: 'environment' }
  if (e.NODE_ENV === 'production') return null
  // The session secret as loadConfig read it (generated into DATA_DIR beforehand when not given).
  const sessionSecret = e.SESSION_SECRET ?? secretFromDataDir(dataDir, e.NODE_ENV ?? 'development')
  return { key: derivedSecretsKey(sessionSecret), source: 'derived' }
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
