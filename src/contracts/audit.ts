import { z } from 'zod'
import { AUDIT_ENTITIES } from '../domain/audit'
import { listOf, pageSchema } from './back-office'
import { dbIdFromText } from './common'
import { isoDaySchema } from './ledger'

/** The audit trail's list: 50 rows a page, the newest first. */
export const AUDIT_PAGE_SIZE = 50

export const auditEntitySchema = z.enum(AUDIT_ENTITIES)

/**
 * GET /yonetim/audit?entity=&entityId=&userId=&from=&to=&page= — the recorded changes, newest first;
 * from/to are the store's days (both included). A filter value that is not one is ignored.
 */
export const auditQuerySchema = z.object({
  entity: auditEntitySchema.optional().catch(undefined),
  entityId: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[\w.@-]+$/)
    .optional()
    .catch(undefined),
  userId: dbIdFromText.optional().catch(undefined),
  from: isoDaySchema.optional().catch(undefined),
  to: isoDaySchema.optional().catch(undefined),
  page: pageSchema,
})
export type AuditQuery = z.infer<typeof auditQuerySchema>

const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())])

export const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  /** The staff user who made the change, by their name at the time (id null: written by the system). */
  actor: z.object({ id: z.number().nullable(), name: z.string() }),
  ip: z.string(),
  entity: auditEntitySchema,
  entityId: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), old: auditValueSchema, new: auditValueSchema })),
})
export type AuditRow = z.infer<typeof auditRowSchema>

export const auditListSchema = listOf(auditRowSchema)
export type AuditList = z.infer<typeof auditListSchema>
