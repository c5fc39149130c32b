import { z } from 'zod'
import { cappedListOf, dealerSchema, pageSchema } from './back-office'
import { dbId, inputEmail, inputText, requiredTypedAmount } from './common'

/** The staff's list of dealer companies: 50 a page. */
export const STAFF_CUSTOMERS_PAGE_SIZE = 50
export const PAYMENT_TERM_MAX_DAYS = 365

export const staffCustomerSorts = ['code', 'name'] as const

/**
 * GET /yonetim/customers?q=&active=&sort=&dir=&page= — companies whose code, name or tax number
 * contains q (Turkish letters folded). A filter value that is not one is ignored. The dealer pickers
 * read the same list (its first page).
 */
export const staffCustomersQuerySchema = z.object({
  q: inputText().trim().max(100).default('').catch(''),
  active: z.enum(['true', 'false']).optional().catch(undefined),
  sort: z.enum(staffCustomerSorts).default('code').catch('code'),
  dir: z.enum(['asc', 'desc']).default('asc').catch('asc'),
  page: pageSchema,
})
export type StaffCustomersQuery = z.infer<typeof staffCustomersQuerySchema>

export const staffCustomerRowSchema = dealerSchema.extend({
  taxNumber: z.string().nullable(),
  city: z.string().nullable(),
  /** 0: no limit; 1: ordering blocked; otherwise the limit in TRY. */
  riskLimit: z.number(),
  profitPercent: z.number(),
  paymentTermDays: z.number(),
  salesPerson: z.object({ id: z.number(), name: z.string() }).nullable(),
  active: z.boolean(),
})
export type StaffCustomerRow = z.infer<typeof staffCustomerRowSchema>

export const staffCustomerListSchema = cappedListOf(staffCustomerRowSchema)
export type StaffCustomerList = z.infer<typeof staffCustomerListSchema>

export const branchSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  active: z.boolean(),
})
export type Branch = z.infer<typeof branchSchema>

export const companyUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
})
export type CompanyUser = z.infer<typeof companyUserSchema>

/** POST /yonetim/customers/{id}/users: a dealer user to invite (they set their own password). */
export const companyUserInviteSchema = z.strictObject({
  email: inputEmail().max(254),
  name: inputText().trim().min(1).max(200),
})
export type CompanyUserInvite = z.infer<typeof companyUserInviteSchema>

/** POST /yonetim/customers/{id}/users/{userId}/sessions/end: how many sessions ended. */
export const companyUserSessionsEndedSchema = z.object({ endedSessions: z.number() })

/** POST /yonetim/customers/{id}/users/{userId}/password-reset: until when the mailed link works. */
export const companyUserResetSentSchema = z.object({ expiresAt: z.string() })

/** GET /yonetim/customers/{id}: the company, its branches and users, its balance and overdue figure. */
export const staffCustomerDetailSchema = staffCustomerRowSchema.extend({
  taxOffice: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  town: z.string().nullable(),
  branches: z.array(branchSchema),
  users: z.array(companyUserSchema),
  overdue: z.object({ balance: z.number(), days: z.number() }),
  /** Staff who may be assigned as the company's sales person (owner and sales roles). */
  salesPeople: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The payment plan its dealers' cart starts in (one of the store's plans); null: the store's default. */
  defaultPaymentPlanId: z.number().nullable(),
})
export type StaffCustomerDetail = z.infer<typeof staffCustomerDetailSchema>

/** A risk limit as typed: 0 (no limit) or an amount ('1' blocks ordering). */
const riskLimitInput = z.union([
  z.literal(0).transform(() => '0.00'),
  z
    .string()
    .regex(/^\s*0([.,]0{1,2})?\s*$/)
    .transform(() => '0.00'),
  requiredTypedAmount(),
])

/** Percent with at most 2 decimals: a discount down to -99.99 %, a mark-up up to 999.99 %. */
const percentInput = z
  .number()
  .min(-99.99)
  .max(999.99)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most 2 decimals')
  .transform((n) => n.toFixed(2))

/** PATCH /yonetim/customers/{id}: the terms staff set (default payment plan included); only the fields sent change. */
export const staffCustomerPatchSchema = z
  .strictObject({
    riskLimit: riskLimitInput.optional(),
    profitPercent: percentInput.optional(),
    paymentTermDays: z.number().int().min(0).max(PAYMENT_TERM_MAX_DAYS).optional(),
    salesUserId: dbId.nullable().optional(),
    active: z.boolean().optional(),
    /** One of the store's payment plans (the server checks it is), or null for the store's default. */
    defaultPaymentPlanId: dbId.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change')
export type StaffCustomerPatch = z.input<typeof staffCustomerPatchSchema>
export type StaffCustomerChanges = z.output<typeof staffCustomerPatchSchema>

/** POST /yonetim/customers/{id}/branches */
export const branchBodySchema = z.strictObject({
  name: inputText().trim().min(1).max(120),
  address: inputText({ multiline: true }).trim().max(500).default(''),
})
export type BranchBody = z.input<typeof branchBodySchema>

/** PATCH /yonetim/customers/{id}/branches/{branchId}: rename, move or close (active: false) a branch. */
export const branchPatchSchema = z
  .strictObject({
    name: inputText().trim().min(1).max(120).optional(),
    address: inputText({ multiline: true }).trim().max(500).optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change')
export type BranchPatch = z.input<typeof branchPatchSchema>
