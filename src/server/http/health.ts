import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/client'

/** How long the health check waits for the database before it says "unavailable". */
const HEALTH_TIMEOUT_MS = 2500

/**
 * `GET /healthz` for a load balancer or a process supervisor: 200 when the database answers, 503
 * when it does not, or not within 2.5 s (a readiness probe never hangs). The pool reconnects by
 * itself, so the answer turns back to 200 as soon as the database is back. Polled every few seconds,
 * so it is logged at debug only (see request-log.ts).
 */
export function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('no answer within 2.5 s')), HEALTH_TIMEOUT_MS)
        }),
      ])
      return reply.header('cache-control', 'no-store').send({ status: 'ok' })
    } catch (err) {
      request.log.warn({ err }, 'health check: the database does not answer')
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'unavailable' })
    } finally {
      clearTimeout(timer)
    }
  })
}
