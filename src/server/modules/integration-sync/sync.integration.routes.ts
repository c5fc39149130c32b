import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorBodySchema } from '../../../contracts/common'
import { bulkAnswerSchema, bulkBodySchema, bulkQuerySchema } from '../../../contracts/integration-sync'
import type { AppDeps } from '../../app-deps'
import { sendError } from '../../http/error-handler'
import { INTEGRATION_PREFIX, integrationCaller, reportRows } from '../../http/integration-path'
import {
  allWriters,
  pruneSyncRecords,
  requestHash,
  runBulk,
  withIdempotency,
} from './integration-sync.service'

/** A bulk body of 5,000 full product rows fits; anything larger is a job's (NDJSON or CSV). */
export const BULK_BODY_LIMIT = 32 * 1024 * 1024
const PRUNE_EVERY_MS = 60 * 60 * 1000

const headersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'printable ASCII, 1 to 200 characters')
    .optional()
    .describe(
      'Any unique string per request (a UUID): the same key and body within 24 h answer the stored result.',
    ),
})

/**
 * The bulk upserts (`POST /api/integration/v1/<resource>`), one route per resource, each behind its
 * scope. The answer is 200 with a result per row; under rejectEverything with a rejected row it is
 * 422 with the same body and `committed: false`.
 */
export const syncIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db
    let prunedAt = 0
    for (const writer of allWriters()) {
      app.post(
        `${INTEGRATION_PREFIX}${writer.resource}`,
        {
          bodyLimit: BULK_BODY_LIMIT,
          config: { integrationScope: writer.scope },
          schema: {
            tags: ['integration'],
            summary: `${writer.summary} (bulk upsert, up to 5,000 rows)`,
            querystring: bulkQuerySchema,
            headers: headersSchema,
            body: bulkBodySchema(writer.row),
            response: {
              200: bulkAnswerSchema,
              409: errorBodySchema,
              422: z.union([bulkAnswerSchema, errorBodySchema]),
            },
          },
        },
        async (request, reply) => {
          const key = integrationCaller(request)
          const now = deps.now()
          const run = async () => {
            const answer = await runBulk(db, {
              resource: writer.resource,
              items: request.body.items,
              policy: request.query.errorPolicy,
              actor: { apiKeyId: key.id, name: key.name, ip: request.ip },
              locale: request.locale,
              now,
              app: { publicUrl: deps.config.publicUrl, mailSignal: deps.mailSignal, sessions: deps.sessions },
            })
            return { status: answer.committed ? 200 : 422, body: answer }
          }
          const idempotencyKey = request.headers['idempotency-key']
          const result = idempotencyKey
            ? await withIdempotency(
                db,
                {
                  keyId: key.id,
                  idempotencyKey,
                  requestHash: requestHash([
                    writer.resource,
                    request.query.errorPolicy,
                    JSON.stringify(request.body),
                  ]),
                  now,
                },
                run,
              )
            : { ...(await run()), replayed: false }
          if ('refused' in result) {
            return result.refused === 'mismatch'
              ? sendError(request, reply, 'validation', 'sync.idempotencyMismatch', {
                  code: 'idempotency_key_reused',
                  status: 422,
                })
              : sendError(request, reply, 'conflict', 'sync.idempotencyInProgress', {
                  code: 'idempotency_in_progress',
                })
          }
          reportRows(request, request.body.items.length)
          if (result.replayed) reply.header('idempotent-replayed', 'true')
          if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
            prunedAt = now.getTime()
            await pruneSyncRecords(db, now)
          }
          return reply
            .status(result.status === 200 ? 200 : 422)
            .send(result.body as z.infer<typeof bulkAnswerSchema>)
        },
      )
    }
  }
