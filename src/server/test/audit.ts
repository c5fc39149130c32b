import { sql } from 'drizzle-orm'
import type { AuditChange } from '../../domain/audit'
import type { Db } from '../db/client'
import { queryRows } from './db-helpers'

export type AuditTrailRow = {
  actorUserId: number | null
  actorName: string
  ip: string
  action: string
  changes: AuditChange[]
}

/** The audit rows of one thing, oldest first, as the table holds them. */
export function auditTrail(db: Db, entity: string, entityId: string | number): Promise<AuditTrailRow[]> {
  return queryRows<AuditTrailRow>(
    db,
    sql`select actor_user_id as "actorUserId", actor_name as "actorName", ip, action, changes
        from audit_log where entity = ${entity} and entity_id = ${String(entityId)} order by id`,
  )
}
