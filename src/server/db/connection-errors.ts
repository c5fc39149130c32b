/**
 * Whether an error means "the database cannot be reached right now" rather than "this request is
 * wrong": the server refused or dropped the connection (restart, failover, `pg_ctl stop`), it is
 * starting or shutting down, or no connection could be had within the pool's connection timeout.
 * Such a request is answered 503 (docs/operations.md, "Crashes and database outages"); the pool
 * opens new connections by itself once the server is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error (DrizzleQueryError.cause); look a few causes deep.
  let current: unknown = error
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code))) return true
    if (UNAVAILABLE_MESSAGES.some((re) => re.test(current instanceof Error ? current.message : '')))
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** Node's socket errors on the way to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/**
 * SQLSTATE class 08 (connection exception), 57P01..57P03 (admin shutdown, crash shutdown, cannot
 * connect now: the server is starting or recovering) and 53300 (too many connections).
 */
const isUnavailableSqlState = (code: string) =>
  /^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'

/** node-postgres says these in words, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
]
