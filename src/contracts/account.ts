import { z } from 'zod'
import { STAFF_ROLES } from '../domain/staff-access'
import { dbIdFromText, inputEmail, inputText, localeSchema } from './common'

export const loginRequestSchema = z.strictObject({
  email: inputEmail().max(254),
  password: inputText().min(1).max(200),
})
export type LoginRequest = z.infer<typeof loginRequestSchema>

export const roleSchema = z.enum(['dealer', 'admin'])
export type Role = z.infer<typeof roleSchema>

export const sessionUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** A staff user's role (domain/staff-access.ts): the screens and buttons the web app shows; null for a dealer. */
  staffRole: z.enum(STAFF_ROLES).nullable(),
  customer: z
    .object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      riskLimit: z.number(),
      overdueBalance: z.number(),
      overdueDays: z.number(),
      overdueCurrency: z.string(),
      branches: z.array(z.object({ id: z.number(), name: z.string() })),
      /** The plan the cart starts in (staff set it for the company); null: the store's default. */
      defaultPaymentPlanId: z.number().nullable(),
    })
    .nullable(),
})
export type SessionUser = z.infer<typeof sessionUserSchema>

export const loginResponseSchema = z.object({ user: sessionUserSchema, csrfToken: z.string() })
export type LoginResponse = z.infer<typeof loginResponseSchema>

export const logoutResponseSchema = z.object({ ok: z.literal(true), csrfToken: z.string() })

/** POST /api/catalog/settings: one preference at a time, values as the spec writes them. */
export const preferenceRequestSchema = z.discriminatedUnion('key', [
  z.strictObject({ key: z.literal('productListView'), value: z.enum(['grid', 'list']) }),
  z.strictObject({ key: z.literal('showNotInStocks'), value: z.enum(['0', '1']) }),
  z.strictObject({ key: z.literal('defaultCurrency'), value: dbIdFromText }),
  z.strictObject({ key: z.literal('branch'), value: dbIdFromText }),
  z.strictObject({ key: z.literal('locale'), value: localeSchema }),
])
export type PreferenceRequest = z.infer<typeof preferenceRequestSchema>

export const preferencesSchema = z.object({
  productListView: z.enum(['grid', 'list']),
  showNotInStocks: z.enum(['0', '1']),
  defaultCurrency: z.number(),
  branch: z.number().nullable(),
  locale: localeSchema,
})
export type Preferences = z.infer<typeof preferencesSchema>

/** POST /api/account/password-reset: a forgotten password; the answer is the same for any address. */
export const passwordResetRequestSchema = z.strictObject({ email: inputEmail().max(254) })
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>
export const passwordResetResponseSchema = z.object({ ok: z.literal(true) })

/**
 * POST /api/account/password-set: a one-time link's token and the new password twice. The length and
 * match rules are the password change's (domain/password-change.ts), checked by the service.
 */
export const passwordSetRequestSchema = z.strictObject({
  token: z.string().max(100),
  password: inputText().max(1000).default(''),
  passwordAgain: inputText().max(1000).default(''),
})
export type PasswordSetRequest = z.infer<typeof passwordSetRequestSchema>
export const passwordSetResponseSchema = z.object({ ok: z.literal(true) })
