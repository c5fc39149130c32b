import { Readable } from 'node:stream'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { jobSchema, jobStartedSchema } from '../../../contracts/integration-jobs'
import { bulkProductsBodySchema, staffProductParamsSchema } from '../../../contracts/staff-products'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { bulkJob, bulkRejectedRows, startBulkAction } from './bulk-products.service'

async function* utf8(lines: AsyncIterable<string>): AsyncIterable<Buffer> {
  for await (const line of lines) yield Buffer.from(line, 'utf8')
}

/** The back office's bulk actions on products (catalogue area), written by the job worker. */
export const bulkProductsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    const config = { staffArea: 'catalogue' } as const
    staffOnly(app)

    app.post(
      '/yonetim/products/bulk',
      {
        config,
        schema: {
          tags,
          summary:
            "A bulk action on every product the filter matches (activate, deactivate, move to a category, change prices by percent) as a job; answers the job's id",
          body: bulkProductsBodySchema,
          response: { 202: jobStartedSchema },
        },
      },
      async (request, reply) => {
        const started = await startBulkAction(
          db,
          staffActor(request),
          request.body,
          request.locale,
          deps.now(),
        )
        return reply.code(202).send(started)
      },
    )

    app.get(
      '/yonetim/products/bulk/:id',
      {
        config,
        schema: {
          tags,
          summary: "A bulk action's progress: products done of total, counts, rate, time left",
          params: staffProductParamsSchema,
          response: { 200: jobSchema },
        },
      },
      async (request) => bulkJob(db, request.params.id, deps.now()),
    )

    app.get(
      '/yonetim/products/bulk/:id/rejected',
      {
        config,
        schema: {
          tags,
          summary: 'The products a bulk action could not change, as CSV with the reasons',
          params: staffProductParamsSchema,
        },
      },
      async (request, reply) => {
        const { job, lines } = await bulkRejectedRows(db, request.params.id, request.locale, deps.now())
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="toplu-islem-${job.id}-reddedilen.csv"`)
          .header('cache-control', 'private, no-store')
        return reply.send(Readable.from(utf8(lines)))
      },
    )
  }
