import { z } from 'zod'
import { parseAmount } from '../domain/amount'

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

/**
 * Request text (docs/decisions.md "Text and integers at the contract"): no control characters, which
 * no keyboard types and PostgreSQL refuses (NUL) or a log or an export would carry (ESC, DEL, C1).
 * Multi-line fields (descriptions, notes) keep tab, line feed and carriage return. The issue's message
 * is TEXT_CONTROL_CHARACTERS, which the error handler turns into the field's message.
 */
export const TEXT_CONTROL_CHARACTERS = 'control_characters'
const SINGLE_LINE_TEXT = /^[^\p{Cc}]*$/u
const MULTI_LINE_TEXT = /^(?:[\t\n\r]|[^\p{Cc}])*$/u
export const inputText = (options: { multiline?: boolean } = {}) =>
  z.string().regex(options.multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT, TEXT_CONTROL_CHARACTERS)
/**
 * An amount a person typed (a JSON number too), read by the one grammar of typed amounts
 * (domain/amount.ts parseAmount: '1.234,50', '1234,5', '1234.50', '₺1.234,50', '150 TL') into its
 * verdict, so each form answers a refusal in its own words (spec/2 §5 gives them per form).
 */
export const typedAmount = () =>
  z.union([inputText().max(40), z.number()]).transform((typed) => parseAmount(typed))

/** A typed amount the schema itself refuses when it is not one: a dot-decimal string, 2 decimals. */
export const requiredTypedAmount = () =>
  typedAmount().transform((parsed, ctx) => {
    if (parsed.ok) return parsed.amount
    ctx.addIssue({ code: 'custom', message: `amount: ${parsed.reason}` })
    return z.NEVER
  })

/** An e-mail address typed into a form: the same rule as inputText. */
export const inputEmail = () => z.email().regex(SINGLE_LINE_TEXT, TEXT_CONTROL_CHARACTERS)

/** PostgreSQL's integer (int4): ids and other whole numbers that land in integer columns. */
export const DB_INT_MAX = 2_147_483_647
export const DB_INT_MIN = -2_147_483_648
/** An id of a row, as JSON sends it: 1..2^31−1 (a larger one names no row and must not reach a query). */
export const dbId = z.number().int().min(1).max(DB_INT_MAX)
/** An id from a path, a query string or form data (text), read as a number: 1..2^31−1. */
export const dbIdFromText = z.coerce.number().int().min(1).max(DB_INT_MAX)
/** Any other whole number bound for an integer column. */
export const dbInt = z.number().int().min(DB_INT_MIN).max(DB_INT_MAX)

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
  /** The database or Redis cannot be reached right now (restart, outage): 503, try again shortly. */
  'unavailable',
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
