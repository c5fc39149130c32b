import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText, errorBodySchema } from '../../../contracts/common'
import { jobSchema, jobStartedSchema } from '../../../contracts/integration-jobs'
import { SYNC_RESOURCES } from '../../../domain/bulk-upsert'
import { csvRecordToRow } from '../../../domain/job-rows'
import type { AppDeps } from '../../app-deps'
import { sendError } from '../../http/error-handler'
import { INTEGRATION_PREFIX, integrationCaller } from '../../http/integration-path'
import { detectDelimiter } from '../../spreadsheets/table-reader'
import { allWriters } from './integration-sync.service'
import { findJob, JobTooLarge, rejectedRowsCsv, startJob } from './jobs.service'

const NDJSON = 'application/x-ndjson'
const CSV = 'text/csv'
/** A million stock rows are about 60 MB as NDJSON; a full product row is larger. */
const JOB_BODY_LIMIT = 1024 * 1024 * 1024

class BodyTooLarge extends Error {}

/** The body's bytes, refused past the limit (a raw stream has no body limit of its own). */
async function* limited(body: Readable): AsyncIterable<Buffer> {
  let bytes = 0
  for await (const piece of body) {
    bytes += (piece as Buffer).length
    if (bytes > JOB_BODY_LIMIT) throw new BodyTooLarge()
    yield piece as Buffer
  }
}

/** NDJSON: one JSON object a line; a line that is not one becomes a row its schema rejects. */
async function* ndjsonRows(body: Readable): AsyncIterable<Record<string, unknown>> {
  const lines = createInterface({ input: Readable.from(limited(body)), crlfDelay: Number.POSITIVE_INFINITY })
  for await (const line of lines) {
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      value = null
    }
    yield value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { '(not a JSON object)': line.slice(0, 200) }
  }
}

/** CSV: a header row of field names, `;` `,` or tab between cells, UTF-8 with or without BOM. */
async function* csvRows(body: Readable): AsyncIterable<Record<string, unknown>> {
  const pieces = limited(body)[Symbol.asyncIterator]()
  const first = await pieces.next()
  if (first.done) return
  const head =
    first.value.toString('utf8', 0, Math.min(first.value.length, 64 * 1024)).split(/\r?\n/)[0] ?? ''
  async function* again(): AsyncIterable<Buffer> {
    yield first.value as Buffer
    for (let next = await pieces.next(); !next.done; next = await pieces.next()) yield next.value
  }
  const parser = Readable.from(again()).pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim()),
      delimiter: detectDelimiter(head),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }),
  )
  for await (const record of parser) yield csvRecordToRow(record as Record<string, string>)
}

/**
 * Jobs (`/api/integration/v1/jobs`): a load of up to 1,000,000 rows of one resource as NDJSON or CSV,
 * answered with its id once stored; its progress and its rejected rows. A key needs `jobs:write` and
 * the resource's own write scope; it sees only the jobs it started.
 */
export const jobsIntegrationRoutes =
  (deps: AppDeps, pokeJobs: () => void): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db
    const tags = ['integration']
    const rejectedUrl = (id: number) => `${INTEGRATION_PREFIX}jobs/${id}/rejected`
    app.addContentTypeParser([NDJSON, CSV], (_request, payload, done) => done(null, payload))

    app.post(
      `${INTEGRATION_PREFIX}jobs`,
      {
        config: { integrationScope: 'jobs:write' },
        schema: {
          tags,
          summary:
            'Start a job: up to 1,000,000 rows of one resource as NDJSON or CSV (header row of field names)',
          description: `Body: ${NDJSON} (one row object a line) or ${CSV}. The key needs the resource's own write scope too.`,
          querystring: z.object({ resource: z.enum(SYNC_RESOURCES) }),
          response: {
            202: jobStartedSchema,
            400: errorBodySchema,
            403: errorBodySchema,
            413: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const key = integrationCaller(request)
        const writer = allWriters().find((w) => w.resource === request.query.resource)!
        if (!key.scopes.includes(writer.scope))
          return sendError(request, reply, 'forbidden', 'apiKeys.scope', {
            code: 'api_key_scope',
            params: { scope: writer.scope },
          })
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
        if (type !== NDJSON && type !== CSV)
          return sendError(request, reply, 'bad_request', 'jobs.badContentType', {
            code: 'unsupported_media',
            status: 415,
          })
        const body = request.body as Readable
        try {
          const { jobId } = await startJob(db, {
            resource: writer.resource,
            rows: type === NDJSON ? ndjsonRows(body) : csvRows(body),
            actor: { apiKeyId: key.id, name: key.name, ip: request.ip },
            source: 'api',
            locale: request.locale,
            now: deps.now(),
          })
          pokeJobs()
          return reply.status(202).send({ jobId })
        } catch (err) {
          if (err instanceof JobTooLarge || err instanceof BodyTooLarge)
            return sendError(request, reply, 'bad_request', 'jobs.tooLarge', {
              code: 'job_too_large',
              status: 413,
            })
          throw err
        }
      },
    )

    const jobParams = z.object({ id: dbIdFromText })

    app.get(
      `${INTEGRATION_PREFIX}jobs/:id`,
      {
        config: { integrationScope: 'jobs:write' },
        schema: {
          tags,
          summary:
            "A job's status: rows done of total, counts per status, rate, time left, the rejected rows link",
          params: jobParams,
          response: { 200: jobSchema, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        const key = integrationCaller(request)
        const job = await findJob(db, request.params.id, {
          keyId: key.id,
          now: deps.now(),
          rejectedRowsUrl: rejectedUrl,
        })
        if (!job) return sendError(request, reply, 'not_found', 'error.notFound')
        return job
      },
    )

    app.get(
      `${INTEGRATION_PREFIX}jobs/:id/rejected`,
      {
        config: { integrationScope: 'jobs:write' },
        schema: { tags, summary: "A job's rejected rows as CSV, with the reasons", params: jobParams },
      },
      async (request, reply) => {
        const key = integrationCaller(request)
        const job = await findJob(db, request.params.id, {
          keyId: key.id,
          now: deps.now(),
          rejectedRowsUrl: rejectedUrl,
        })
        if (!job) return sendError(request, reply, 'not_found', 'error.notFound')
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="job-${job.id}-rejected.csv"`)
        return reply.send(Readable.from(toBuffers(rejectedRowsCsv(db, job.id, request.locale))))
      },
    )
  }

async function* toBuffers(lines: AsyncIterable<string>): AsyncIterable<Buffer> {
  for await (const line of lines) yield Buffer.from(line, 'utf8')
}
