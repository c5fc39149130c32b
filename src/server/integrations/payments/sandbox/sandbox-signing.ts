import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/**
 * What the sandbox signs, with keys derived from the session secret (never the secret itself):
 * - the challenge ticket: a stateless, short-lived token in the challenge page's address carrying
 *   what the virtual POS needs (intent, amount, the outcome the card number decided, the masked card);
 *   the card number itself is never in it and never stored;
 * - the result it posts back to /payment/callback/sandbox: HMAC-SHA256 over the amount, currency,
 *   intent id and timestamp, and the outcome fields (status, mdStatus, authResult, paymentId), so a
 *   failure cannot be turned into a success nor an amount changed.
 */

export const deriveKey = (secret: string, purpose: string) =>
  createHmac('sha256', secret).update(`sandbox-pos:${purpose}`).digest()

const hmacHex = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex')

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const ticketSchema = z.object({
  intentId: z.string().regex(/^[0-9a-f]{32}$/),
  totalAmount: z.string().regex(/^\d{1,15}\.\d{2}$/),
  currency: z.literal('TRY'),
  installment: z.number().int().min(1).max(12),
  outcome: z.enum(['success', 'insufficient_funds', 'three_ds_failed', 'technical_error']),
  cardMasked: z.string().max(19),
  callbackUrl: z.string().max(500),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
  /** The sandbox's own payment reference (the gateway reference of the intent). */
  paymentId: z.string().max(40),
})
export type ChallengeTicket = z.infer<typeof ticketSchema>

export function signTicket(key: Buffer, ticket: ChallengeTicket): string {
  const body = Buffer.from(JSON.stringify(ticket)).toString('base64url')
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`
}

/** The ticket when its signature is ours and it has not expired; null otherwise. */
export function readTicket(key: Buffer, token: string, now: Date): ChallengeTicket | null {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined) return null
  if (!sameText(signature, createHmac('sha256', key).update(body).digest('base64url'))) return null
  try {
    const parsed = ticketSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')))
    if (!parsed.success || parsed.data.expiresAt < now.getTime()) return null
    return parsed.data
  } catch {
    return null
  }
}

/** The form the challenge posts to our callback (every value a string, as a form sends it). */
export const sandboxCallbackSchema = z.object({
  intentId: z.string().max(64),
  status: z.enum(['success', 'failure']),
  mdStatus: z.enum(['0', '1']),
  amount: z.string().max(20),
  currency: z.string().max(3),
  /** Epoch milliseconds when the sandbox signed. */
  timestamp: z.string().regex(/^\d{1,15}$/),
  /** What the bank answers when the payment is completed. */
  authResult: z.enum(['approved', 'insufficient_funds']),
  paymentId: z.string().max(40),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
})
export type SandboxCallback = z.infer<typeof sandboxCallbackSchema>

const signedText = (c: Omit<SandboxCallback, 'signature'>) =>
  [c.amount, c.currency, c.intentId, c.timestamp, c.status, c.mdStatus, c.authResult, c.paymentId].join('|')

export function signCallback(key: Buffer, fields: Omit<SandboxCallback, 'signature'>): SandboxCallback {
  return { ...fields, signature: hmacHex(key, signedText(fields)) }
}

export function callbackSignatureValid(key: Buffer, callback: SandboxCallback): boolean {
  return sameText(callback.signature, hmacHex(key, signedText(callback)))
}
