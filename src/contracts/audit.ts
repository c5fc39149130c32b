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
/** A record's id as the trail keeps it: a number, or a setting's key. */
const entityIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[\w.@-]+$/)

export const auditQuerySchema = z.object({
  entity: auditEntitySchema.optional().catch(undefined),
  entityId: entityIdSchema.optional().catch(undefined),
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
  /**
   * Who made the change: a staff user (id), the system (id null, no name) or, with `apiKey`, the
   * integration API key of that name (id null).
   */
  actor: z.object({ id: z.number().nullable(), name: z.string(), apiKey: z.literal(true).optional() }),
  ip: z.string(),
  entity: auditEntitySchema,
  entityId: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), old: auditValueSchema, new: auditValueSchema })),
})
export type AuditRow = z.infer<typeof auditRowSchema>

export const auditListSchema = listOf(auditRowSchema)
export type AuditList = z.infer<typeof auditListSchema>

/** A record's own history on its page: the newest changes, this many at most. */
export const ENTITY_HISTORY_LIMIT = 20

/** GET /yonetim/history/{entity}/{entityId} */
export const entityHistoryParamsSchema = z.object({ entityId: entityIdSchema })

/**
 * A record's history as its page shows it: who, when and what, without the address the change came
 * from (that stays on the audit screen, which only the system area opens).
 */
export const entityHistoryRowSchema = auditRowSchema.omit({ ip: true })
export type EntityHistoryRow = z.infer<typeof entityHistoryRowSchema>

/**
 * The newest ENTITY_HISTORY_LIMIT changes of the record (a company's include its branches'), and how
 * many there are in all: more than shown are read on the audit screen.
 */
export const entityHistorySchema = z.object({
  items: z.array(entityHistoryRowSchema),
  total: z.number(),
  limit: z.number(),
})
export type EntityHistory = z.infer<typeof entityHistorySchema>
