/**
 * How a webhook delivery is signed and retried (docs/integration.md, "Webhooks"). The signature is
 * HMAC-SHA256 with the endpoint's secret over "<unix seconds>.<raw body>", sent as
 * `X-Toptan-Signature: t=<seconds>,v1=<hex>`: the timestamp inside the signed text lets a receiver
 * refuse an old delivery replayed by someone who recorded it. Web Crypto (a global in Node and
 * browsers), so this file stays free of imports.
 */

/** Waits after each failed attempt; after the last one the delivery is failed (staff may replay it). */
export const WEBHOOK_RETRY_WAITS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60, 12 * 60 * 60] as const

/** Attempts in all: the first and one per wait. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_WAITS_SECONDS.length + 1

/** After `attempts` failed attempts (1 = the first), when to try again; null: that was the last. */
export function nextWebhookAttempt(attempts: number, failedAt: Date): Date | null {
  if (!Number.isInteger(attempts) || attempts < 1)
    throw new RangeError(`attempts must be 1 or more: ${attempts}`)
  const wait = WEBHOOK_RETRY_WAITS_SECONDS[attempts - 1]
  return wait === undefined ? null : new Date(failedAt.getTime() + wait * 1000)
}

/** A receiver's answer counts as delivered only with a 2xx status. */
export const isDelivered = (status: number): boolean => status >= 200 && status <= 299

const encoder = new TextEncoder()

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)))
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The `X-Toptan-Signature` header of `body` sent at `unixSeconds`. */
export async function webhookSignatureHeader(
  secret: string,
  unixSeconds: number,
  body: string,
): Promise<string> {
  return `t=${unixSeconds},v1=${await hmacHex(secret, `${unixSeconds}.${body}`)}`
}

/** The parts of a signature header, or null when it is not one. */
export function parseSignatureHeader(header: string): { t: number; v1: string[] } | null {
  let t: number | null = null
  const v1: string[] = []
  for (const part of header.split(',')) {
    const [name, value, ...rest] = part.trim().split('=')
    if (rest.length > 0 || value === undefined) return null
    if (name === 't' && /^[0-9]{1,12}$/.test(value)) t = Number(value)
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) v1.push(value)
  }
  return t === null || v1.length === 0 ? null : { t, v1 }
}

/** Compares two equal-length strings without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * What a receiver checks: the header parses, its timestamp is within `toleranceSeconds` of now, and
 * one of its v1 signatures is the body's. (What our tests' receiver runs; docs/integration.md shows
 * the same in Node's crypto.)
 */
export async function verifyWebhookSignature(
  header: string,
  secret: string,
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): Promise<'ok' | 'malformed' | 'stale' | 'mismatch'> {
  const parsed = parseSignatureHeader(header)
  if (!parsed) return 'malformed'
  if (Math.abs(nowSeconds - parsed.t) > toleranceSeconds) return 'stale'
  const expected = await hmacHex(secret, `${parsed.t}.${body}`)
  return parsed.v1.some((v) => sameText(v, expected)) ? 'ok' : 'mismatch'
}
