import { z } from 'zod'
import { STAFF_ROLES } from '../domain/staff-access'
import { listOf, pageSchema } from './back-office'
import { inputEmail, inputText } from './common'

/** The staff users' list: 50 a page (a store has a handful; the pages are there all the same). */
export const STAFF_USERS_PAGE_SIZE = 50

export const staffRoleSchema = z.enum(STAFF_ROLES)

/**
 * GET /yonetim/staff-users?q=&role=&active=&page= — staff users whose name or e-mail contains q
 * (Turkish letters folded), by name. A filter value that is not one is ignored.
 */
export const staffUsersQuerySchema = z.object({
  q: inputText().trim().max(100).default('').catch(''),
  role: staffRoleSchema.optional().catch(undefined),
  active: z.enum(['true', 'false']).optional().catch(undefined),
  page: pageSchema,
})
export type StaffUsersQuery = z.infer<typeof staffUsersQuerySchema>

export const staffUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  /** Invited and has not set a password through the link yet: cannot log in until they do. */
  invited: z.boolean(),
})
export type StaffUser = z.infer<typeof staffUserSchema>

export const staffUserListSchema = listOf(staffUserSchema)
export type StaffUserList = z.infer<typeof staffUserListSchema>

/** POST /yonetim/staff-users: a staff user to invite with their role (they set their own password). */
export const staffUserInviteSchema = z.strictObject({
  email: inputEmail().max(254),
  name: inputText().trim().min(1).max(200),
  role: staffRoleSchema,
})
export type StaffUserInvite = z.infer<typeof staffUserInviteSchema>

/** PATCH /yonetim/staff-users/{id}: another role, or disabled / enabled; only the fields sent change. */
export const staffUserPatchSchema = z
  .strictObject({
    role: staffRoleSchema.optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change')
export type StaffUserPatch = z.infer<typeof staffUserPatchSchema>

/** POST /yonetim/staff-users/{id}/password-reset: until when the mailed link works. */
export const staffUserResetSentSchema = z.object({ expiresAt: z.string() })
