import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditListSchema, auditQuerySchema } from '../../../contracts/audit'
import type { AppDeps } from '../../app-deps'
import type { CachedDb } from '../../cache/caches'
import { staffOnly } from '../../http/guards'
import { listAudit } from './audit.service'

/**
 * The audit trail, read by staff whose role opens the system area (the owner, the read-only role).
 * `storeTimeZone` reads the store's time zone for the day filters; the app passes it in, since the
 * store module itself records into this one.
 */
export const auditRoutes =
  (deps: AppDeps, storeTimeZone: (data: CachedDb) => Promise<string>): FastifyPluginAsyncZod =>
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
        return listAudit(db, request.query, await storeTimeZone({ db, caches: request.caches }))
      },
    )
  }
