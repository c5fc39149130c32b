import { z } from 'zod'

export const locales = ['tr', 'en'] as const
export const localeSchema = z.enum(locales)
export type Locale = z.infer<typeof localeSchema>

/** The currency code TL is read as TRY everywhere a code comes in. */
export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .transform((c) => (c === 'TL' ? 'TRY' : c))
  .pipe(z.string().regex(/^[A-Z]{3}$/))

export const moneySchema = z.object({ value: z.number(), currency: z.string() })
export type Money = z.infer<typeof moneySchema>

export const errorKinds = [
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payment',
  'bad_request',
  /** A service we depend on (e.g. the mail server) refused or failed: 502. */
  'upstream',
  'internal',
] as const
export type ErrorKind = (typeof errorKinds)[number]

/** Every error answer: { error: { code, messages: { type }, fields? } } (docs/design.md §3). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    messages: z.object({ type: z.string() }),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  }),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

export const okSchema = z.object({ ok: z.literal(true) })
