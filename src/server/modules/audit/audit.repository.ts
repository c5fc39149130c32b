import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { AuditChange, AuditEntity } from '../../../domain/audit'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit'

export type AuditInsert = {
  actorUserId: number | null
  actorName: string
  ip: string
  entity: AuditEntity
  entityId: string
  action: string
  changes: AuditChange[]
  at: Date
}

export async function insertAudit(tx: Db, row: AuditInsert): Promise<void> {
  await tx.insert(auditLog).values(row)
}

export type AuditFilter = {
  entity?: AuditEntity
  entityId?: string
  userId?: number
  /** Instants: [from, until). */
  from?: Date
  until?: Date
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.userId ? eq(auditLog.actorUserId, filter.userId) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.until ? lt(auditLog.at, filter.until) : undefined,
  )
}

export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf(filter))
  return row?.n ?? 0
}

/** Newest first by id (the order rows were written in): audit_entity_idx / audit_actor_idx serve it. */
export async function findAuditPage(db: Db, filter: AuditFilter, offset: number, limit: number) {
  return db
    .select()
    .from(auditLog)
    .where(whereOf(filter))
    .orderBy(desc(auditLog.id))
    .offset(offset)
    .limit(limit)
}
