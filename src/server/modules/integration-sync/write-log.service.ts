import type { Locale } from '../../../contracts/common'
import {
  type RowError,
  type RowErrorCode,
  SYNC_RESOURCES,
  type SyncResource,
} from '../../../domain/bulk-upsert'
import { SYNC_HEALTH_ERRORS_PER_RESOURCE, SYNC_HEALTH_REASONS_PER_ROW } from '../../../domain/sync-health'
import type { Db } from '../../db/client'
import { rowErrorMessage } from './integration-sync.service'
import { lastKeptWrites, latestRejectedRows, writeSumsSince } from './sync-writes.repository'

export type OutcomeSums = { created: number; updated: number; unchanged: number; rejected: number }

export type LoggedRejection = {
  at: Date
  code: string
  keyId: number | null
  jobId: number | null
  errors: { field: string; code: RowErrorCode; message: string }[]
}

export type ResourceWriteFigures = {
  resource: SyncResource
  lastWriteAt: Date | null
  window: OutcomeSums
  lastErrors: LoggedRejection[]
}

const NONE: OutcomeSums = { created: 0, updated: 0, unchanged: 0, rejected: 0 }

/**
 * What the write log says of every resource (the sync health screen): its last write that kept a row,
 * the rows by outcome since `since`, and its latest rejected rows with their reasons in `locale`. Three
 * statements for all resources together, each bounded per resource.
 */
export async function resourceWriteFigures(
  db: Db,
  since: Date,
  locale: Locale,
): Promise<ResourceWriteFigures[]> {
  const [sums, lastWrites, rejections] = await Promise.all([
    writeSumsSince(db, since),
    lastKeptWrites(db, SYNC_RESOURCES),
    latestRejectedRows(db, SYNC_RESOURCES, SYNC_HEALTH_ERRORS_PER_RESOURCE),
  ])
  const sumOf = new Map(sums.map(({ resource, ...counts }) => [resource, counts]))
  const lastOf = new Map(lastWrites.map((w) => [w.resource, w.at === null ? null : new Date(w.at)]))
  return SYNC_RESOURCES.map((resource) => ({
    resource,
    lastWriteAt: lastOf.get(resource) ?? null,
    window: sumOf.get(resource) ?? NONE,
    lastErrors: rejections
      .filter((r) => r.resource === resource)
      .map((r) => ({
        at: new Date(r.at),
        code: r.row.code ?? '',
        keyId: r.keyId,
        jobId: r.jobId,
        errors: (r.row.errors ?? []).slice(0, SYNC_HEALTH_REASONS_PER_ROW).map((e) => ({
          field: e.field,
          code: e.code as RowErrorCode,
          message: rowErrorMessage(locale, e as RowError),
        })),
      })),
  }))
}
