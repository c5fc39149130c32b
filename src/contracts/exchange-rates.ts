import { z } from 'zod'
import { isMarkupPercent, isRateText, RATE_FIELDS } from '../domain/exchange-rates'

export const rateFieldSchema = z.enum(RATE_FIELDS)
export const rateSourceSchema = z.enum(['tcmb', 'manual'])

/** A decimal typed in a form: "42,50" or "42.50" → "42.50" (Turkish keyboards write a comma). */
const typedDecimal = (check: (text: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(24)
    .transform((text) => text.replace(',', '.'))
    .refine(check, message)

/** PUT /yonetim/exchange-rates/settings — which bulletin rate, and the markup added to it. */
export const exchangeRateSettingsSchema = z.strictObject({
  field: rateFieldSchema,
  /** 0–100, at most two decimals, as text ("1.5"). */
  markupPercent: typedDecimal(isMarkupPercent, 'markup: 0 to 100, two decimals at most'),
})
export type ExchangeRateSettingsBody = z.input<typeof exchangeRateSettingsSchema>
export type ExchangeRateSettings = z.output<typeof exchangeRateSettingsSchema>

/** PUT /yonetim/exchange-rates/{code} — a rate set by hand; pinned: the bank's bulletins leave it alone. */
export const manualRateBodySchema = z.strictObject({
  rate: typedDecimal(isRateText, 'rate: a positive number, six decimals at most'),
  pinned: z.boolean(),
})
export type ManualRateBody = z.input<typeof manualRateBodySchema>

export const currencyCodeParamsSchema = z.object({ code: z.string().regex(/^[A-Z]{3}$/) })

export const exchangeRateRowSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** TRY for one unit, as stored (six decimals). */
  rate: z.string(),
  source: rateSourceSchema,
  /** The bulletin's day (ISO) for a bank rate; null for a manual one. */
  bulletinDate: z.string().nullable(),
  pinned: z.boolean(),
  /** The store's base currency (rate 1): never fetched, never set. */
  isBase: z.boolean(),
})
export type ExchangeRateRow = z.infer<typeof exchangeRateRowSchema>

/** How the fetches went: a failure after the last success is the warning staff see. */
export const exchangeRateFetchStatusSchema = z.object({
  lastSuccessAt: z.string().nullable(),
  lastBulletinDate: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  lastFailure: z.string().nullable(),
  /** The last fetch failed (or none has succeeded yet and one failed): the rates are the previous ones. */
  failing: z.boolean(),
})
export type ExchangeRateFetchStatus = z.infer<typeof exchangeRateFetchStatusSchema>

/** GET /yonetim/exchange-rates — the screen's data. */
export const exchangeRatesSchema = z.object({
  settings: z.object({ field: rateFieldSchema, markupPercent: z.string() }),
  currencies: z.array(exchangeRateRowSchema),
  status: exchangeRateFetchStatusSchema,
})
export type ExchangeRates = z.infer<typeof exchangeRatesSchema>

/** POST /yonetim/exchange-rates/fetch — the bulletin now: its day, and the rates it set (none: already applied). */
export const exchangeRateFetchResultSchema = z.object({
  bulletinDate: z.string(),
  rates: z.array(z.object({ currency: z.string(), rate: z.string() })),
})
export type ExchangeRateFetchResult = z.infer<typeof exchangeRateFetchResultSchema>
