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
  /** Load the demo catalogue and accounts into an empty database (default on for the embedded database). */
  DEMO_DATA: z.enum(['0', '1']).optional(),
  /** Behind an HTTPS proxy: trust X-Forwarded-* and mark cookies Secure. */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** How long store-wide reference data and list totals may be reused (seconds; 0 = never). */
  CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Draw pages on the server when the server build (dist/ssr) is there; 0 sends them for the browser to draw. */
  SERVER_RENDER: z.enum(['0', '1']).default('1'),
})

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  sessionSecret: string
  smtpUrl: string | undefined
  mailFrom: string
  redisUrl: string | undefined
  demoData: boolean
  trustProxy: boolean
  logLevel: string
  cacheSeconds: number
  /** Pages drawn on the server (when dist/ssr is built). */
  serverRender: boolean
  /** Project root: where dist/ and the committed migrations live. */
  rootDir: string
}

export class ConfigError extends Error {}

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
    sessionSecret: e.SESSION_SECRET ?? secretFromDataDir(dataDir, e.NODE_ENV),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    demoData: e.DEMO_DATA ? e.DEMO_DATA === '1' : !e.DATABASE_URL,
    trustProxy: e.TRUST_PROXY === '1',
    logLevel: e.LOG_LEVEL,
    cacheSeconds: e.CACHE_SECONDS,
    serverRender: e.SERVER_RENDER === '1',
    rootDir,
  }
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
