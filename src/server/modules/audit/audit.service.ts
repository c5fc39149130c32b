import {
  AUDIT_PAGE_SIZE,
  type AuditList,
  type AuditQuery,
  type AuditRow,
  ENTITY_HISTORY_LIMIT,
  type EntityHistory,
} from '../../../contracts/audit'
import { type AuditChange, type AuditEntity, type AuditValue, fieldChanges } from '../../../domain/audit'
import { startOfDay } from '../../../domain/date-format'
import { addDays } from '../../../domain/ledger'
import { pageBounds } from '../../../domain/paging'
import type { Db } from '../../db/client'
import type { StaffActor } from '../../identity'
import { type AuditRecords, countAudit, findAuditPage, insertAudit, insertAudits } from './audit.repository'

export type { AuditRecords }

export type AuditRecord = {
  entity: AuditEntity
  entityId: string | number
  /** What was done, in a word: 'create', 'status', 'reverse', 'update', 'retry', 'book', 'refund'. */
  action: string
  /** The fields before the write (null: the write created the thing). */
  before: Readonly<Record<string, AuditValue>> | null
  after: Readonly<Record<string, AuditValue>>
}

/**
 * Records a staff write in the audit trail. Called inside the write's own transaction, so the row is
 * committed exactly when the change is, and never for a write that was refused or rolled back.
 */
/** A write's author: a staff user, or an integration API key (the ERP) with its name and address. */
export type AuditActor = StaffActor | { apiKeyId: number; name: string; ip: string }

export async function recordAudit(tx: Db, actor: AuditActor, record: AuditRecord, now: Date): Promise<void> {
  const changes: AuditChange[] = fieldChanges(record.before, record.after)
  await insertAudit(tx, {
    actorUserId: 'apiKeyId' in actor ? null : actor.id,
    actorApiKeyId: 'apiKeyId' in actor ? actor.apiKeyId : null,
    actorName: actor.name,
    ip: actor.ip,
    entity: record.entity,
    entityId: String(record.entityId),
    action: record.action,
    changes,
    at: now,
  })
}

/** recordAudit for many records of one write at once (a bulk upsert's companies, branches, users). */
export async function recordAudits(
  tx: Db,
  actor: AuditActor,
  records: readonly AuditRecord[],
  now: Date,
): Promise<void> {
  await insertAudits(
    tx,
    records.map((record) => ({
      actorUserId: 'apiKeyId' in actor ? null : actor.id,
      actorApiKeyId: 'apiKeyId' in actor ? actor.apiKeyId : null,
      actorName: actor.name,
      ip: actor.ip,
      entity: record.entity,
      entityId: String(record.entityId),
      action: record.action,
      changes: fieldChanges(record.before, record.after),
      at: now,
    })),
  )
}

type StoredRow = Awaited<ReturnType<typeof findAuditPage>>[number]

const rowView = (row: StoredRow): AuditRow => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: {
    id: row.actorUserId,
    name: row.actorName,
    ...(row.actorApiKeyId !== null ? { apiKey: true as const } : {}),
  },
  ip: row.ip,
  entity: row.entity as AuditEntity,
  entityId: row.entityId,
  action: row.action,
  changes: row.changes,
})

/**
 * GET /yonetim/audit: the recorded changes, newest first, 50 a page; from/to are days in the store's
 * time zone (given by the caller: the store module records its own writes here, so this module does
 * not read the store's settings).
 */
export async function listAudit(db: Db, query: AuditQuery, timeZone: string): Promise<AuditList> {
  const filter = {
    entity: query.entity,
    entityId: query.entityId,
    userId: query.userId,
    from: query.from ? startOfDay(query.from, timeZone) : undefined,
    until: query.to ? startOfDay(addDays(query.to, 1), timeZone) : undefined,
  }
  const total = await countAudit(db, filter)
  const { page, pages, offset } = pageBounds(total, query.page, AUDIT_PAGE_SIZE)
  const rows = await findAuditPage(db, filter, offset, AUDIT_PAGE_SIZE)
  return {
    items: rows.map(rowView),
    page,
    pages,
    limit: AUDIT_PAGE_SIZE,
    total,
  }
}

/**
 * GET /yonetim/history/{entity}/{entityId}: the newest changes of a record and of the records shown
 * with it (a company's branches), ENTITY_HISTORY_LIMIT at most, with how many there are in all. The
 * address each came from is left out: the page's reader need not be allowed the whole trail.
 */
export async function entityHistory(db: Db, records: readonly AuditRecords[]): Promise<EntityHistory> {
  const filter = { records }
  const [total, rows] = await Promise.all([
    countAudit(db, filter),
    findAuditPage(db, filter, 0, ENTITY_HISTORY_LIMIT),
  ])
  return {
    items: rows.map((row) => {
      const { ip: _ip, ...shown } = rowView(row)
      return shown
    }),
    total,
    limit: ENTITY_HISTORY_LIMIT,
  }
}
