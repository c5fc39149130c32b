import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core'
import type { AuditChange } from '../../../domain/audit'
import { users } from './accounts'
import { apiKeys } from './integration'

/**
 * The audit trail: one row per staff write — who, when, from which address, what (entity and id) and
 * the fields it changed, old → new. Append-only: a trigger (migration 0025) refuses every UPDATE,
 * DELETE and TRUNCATE, so a row once written stays as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff user who made the change. Users are disabled, never deleted, so the row keeps them. */
    actorUserId: integer('actor_user_id').references(() => users.id),
    /**
     * The integration API key that made the change, when the ERP did (then no user): keys are revoked,
     * never deleted, so the row keeps them too.
     */
    actorApiKeyId: integer('actor_api_key_id').references(() => apiKeys.id),
    /** The actor's name when they made the change: the trail reads the same after a rename. */
    actorName: varchar('actor_name', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    entity: varchar('entity', { length: 24 }).notNull(),
    entityId: varchar('entity_id', { length: 80 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    changes: jsonb('changes').$type<AuditChange[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_actor_idx').on(t.actorUserId, t.id),
    index('audit_at_idx').on(t.at),
  ],
)
