import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'

/**
 * `GET /healthz` for a load balancer or a process supervisor: 200 when the database answers, 503
 * when it does not. Polled every few seconds, so it is logged at debug only (see request-log.ts).
 */
export function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await db.execute(sql`select 1`)
      return reply.header('cache-control', 'no-store').send({ status: 'ok' })
    } catch (err) {
      request.log.warn({ err }, 'health check: the database does not answer')
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' })
    }
  })
}
