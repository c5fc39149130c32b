import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  auditListSchema,
  auditQuerySchema,
  entityHistoryParamsSchema,
  entityHistorySchema,
} from '../../../contracts/audit'
import { AUDIT_ENTITIES, AUDIT_ENTITY_AREAS, type AuditEntity } from '../../../domain/audit'
import type { AppDeps } from '../../app-deps'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { staffOnly } from '../../http/guards'
import { type AuditRecords, entityHistory, listAudit } from './audit.service'

export type AuditRouteOptions = {
  /** The store's time zone, for the day filters. */
  storeTimeZone: (data: CachedDb) => Promise<string>
  /**
   * The records whose changes a record's page shows with its own (a company's branches), by kind of
   * record; a kind not named shows its own alone.
   */
  relatedRecords: Partial<Record<AuditEntity, (db: Db, entityId: string) => Promise<AuditRecords[]>>>
}

/**
 * The audit trail, read whole by staff whose role opens the system area (the owner, the read-only
 * role), and a record's own history, read by whoever may read the record's area. What the trail
 * needs of other modules (the store's time zone, a company's branches) the app passes in, since
 * those modules record their own writes here.
 */
export const auditRoutes =
  (deps: AppDeps, options: AuditRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    staffOnly(app)
    app.get(
      '/yonetim/audit',
      {
        config: { staffArea: 'system' },
        schema: {
          tags: ['yonetim'],
          summary:
            'Recorded staff writes, newest first, 50 a page: entity, entityId, userId (the staff user), from/to (store days)',
          querystring: auditQuerySchema,
          response: { 200: auditListSchema },
        },
      },
      async (request) => {
        const { db } = deps.database
        return listAudit(db, request.query, await options.storeTimeZone({ db, caches: request.caches }))
      },
    )

    // One route per kind of record, so each names its own area and the role is checked, as on every
    // staff route, before the request is read.
    for (const entity of AUDIT_ENTITIES) {
      app.get(
        `/yonetim/history/${entity}/:entityId`,
        {
          config: { staffArea: AUDIT_ENTITY_AREAS[entity] },
          schema: {
            tags: ['yonetim'],
            summary: `The newest changes of one ${entity} record (at most 20, newest first) and how many there are`,
            params: entityHistoryParamsSchema,
            response: { 200: entityHistorySchema },
          },
        },
        async (request) => {
          const { db } = deps.database
          const { entityId } = request.params
          const related = (await options.relatedRecords[entity]?.(db, entityId)) ?? []
          return entityHistory(db, [{ entity, ids: [entityId] }, ...related])
        },
      )
    }
  }
