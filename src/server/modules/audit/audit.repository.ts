import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { AuditChange, AuditEntity } from '../../../domain/audit'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit'

export type AuditInsert = {
  actorUserId: number | null
  actorApiKeyId?: number | null
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

/** Many records in one statement (a bulk write's). */
export async function insertAudits(tx: Db, rows: AuditInsert[]): Promise<void> {
  if (rows.length > 0) await tx.insert(auditLog).values(rows)
}

/** Some records of one kind: the rows of any of them match. */
export type AuditRecords = { entity: AuditEntity; ids: readonly string[] }

export type AuditFilter = {
  entity?: AuditEntity
  entityId?: string
  /** The rows of any of these records (a record with its parts: a company and its branches). */
  records?: readonly AuditRecords[]
  userId?: number
  /** Instants: [from, until). */
  from?: Date
  until?: Date
}

function recordsOf(records: readonly AuditRecords[]): SQL {
  const any = records
    .filter((record) => record.ids.length > 0)
    .map((record) => and(eq(auditLog.entity, record.entity), inArray(auditLog.entityId, [...record.ids])))
  // No record named matches nothing (rather than everything).
  return or(...any) ?? sql`false`
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.records ? recordsOf(filter.records) : undefined,
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
