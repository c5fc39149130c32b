import { z } from 'zod'
import { preferencesSchema, sessionUserSchema } from './account'
import { localeSchema } from './common'
import { storeSettingsSchema } from './settings'

export const currencySchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  exchangeRate: z.number(),
  isDefault: z.boolean(),
  /** Where the rate came from: the Central Bank's bulletin of rateBulletinDate (ISO day), or staff. */
  rateSource: z.enum(['tcmb', 'manual']),
  rateBulletinDate: z.string().nullable(),
})
export type Currency = z.infer<typeof currencySchema>

export const paymentPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  priceName: z.string(),
  varsayilan: z.boolean(),
  isVirtual: z.boolean(),
})
export type PaymentPlan = z.infer<typeof paymentPlanSchema>

export const storeInfoSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  address: z.string().nullable(),
  town: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  socialLinks: z.string().nullable(),
})
export type StoreInfo = z.infer<typeof storeInfoSchema>

/** Everything the web app needs for its first paint, embedded in the HTML page (no request waterfall). */
export const bootstrapSchema = z.object({
  locale: localeSchema,
  csrfToken: z.string(),
  user: sessionUserSchema.nullable(),
  preferences: preferencesSchema,
  settings: storeSettingsSchema,
  currencies: z.array(currencySchema),
  paymentPlans: z.array(paymentPlanSchema),
  store: storeInfoSchema,
  /**
   * The sandbox POS is the gateway outside development (a demo, a staging server): card payments take
   * no money, and every page shows the TEST MODE ribbon.
   */
  testMode: z.boolean(),
})
export type Bootstrap = z.infer<typeof bootstrapSchema>
