import { Readable } from 'node:stream'
import type { FastifyContextConfig } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import {
  IMPORT_MAX_BYTES,
  importPreviewBodySchema,
  importPreviewSchema,
  importStartBodySchema,
  importUploadFormSchema,
  importUploadSchema,
} from '../../../contracts/imports'
import { jobSchema, jobStartedSchema } from '../../../contracts/integration-jobs'
import { IMPORT_AREAS, type ImportArea } from '../../../domain/import-fields'
import { permissionFor } from '../../../domain/staff-access'
import type { AppDeps } from '../../app-deps'
import { requireStaff, staffActor, staffOnly } from '../../http/guards'
import {
  importJob,
  importRejectedRows,
  previewImport,
  readUploadedFile,
  recentImports,
  startImport,
  uploadFile,
} from './imports.service'
import { UploadStore } from './upload-store'

/** One file, cut one byte past the limit instead of refused, so the service says the file is too large. */
const fileUpload = {
  limits: { files: 1, fileSize: IMPORT_MAX_BYTES + 1, fields: 5 },
  throwFileSizeLimit: false,
} as FastifyContextConfig['multipartOptions']

const uploadParams = z.object({ id: z.string().min(1).max(64) })
const jobParams = z.object({ id: dbIdFromText })

async function* toBuffers(lines: AsyncIterable<string>): AsyncIterable<Buffer> {
  for await (const line of lines) yield Buffer.from(line, 'utf8')
}

/**
 * Spreadsheet imports, one door per staff area (`/yonetim/import/catalogue/…` for the catalogue
 * team's products, prices and stock; `/yonetim/import/payments/…` for accounting's customers and
 * ledger): each door takes only its area's resources, so a role's grants on the area are the grants
 * on its imports.
 */
export const importRoutes =
  (deps: AppDeps, pokeJobs: () => void): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db
    const uploads = new UploadStore(db, readUploadedFile)
    const tags = ['yonetim']

    const door =
      (area: ImportArea): FastifyPluginAsyncZod =>
      async (r) => {
        const config = { staffArea: area }
        const base = `/yonetim/import/${area}`
        staffOnly(r)
        // At onRequest: an upload's body (up to 40 MB) is read in preValidation, after which the
        // role would be checked; a role the area is closed to is turned away before any of it is.
        r.addHook('onRequest', async (request) => {
          if (request.method === 'POST' && request.url.startsWith(`${base}/uploads`))
            requireStaff(request, permissionFor(area, 'POST'))
        })

        r.post(
          `${base}/uploads`,
          {
            config: { ...config, multipartOptions: fileUpload },
            schema: {
              tags,
              summary:
                'Upload an XLSX or CSV file (multipart: resource, fileName, file): its headers, first rows and a column mapping (remembered for its layout, or suggested); kept an hour',
              consumes: ['multipart/form-data'],
              body: importUploadFormSchema,
              response: { 200: importUploadSchema },
            },
          },
          async (request) => uploadFile(db, uploads, staffActor(request), area, request.body, deps.now()),
        )

        r.post(
          `${base}/uploads/:id/preview`,
          {
            config,
            schema: {
              tags,
              summary:
                "A dry run of the upload's import under this mapping (written and rolled back): counts and a page of rows with their outcome and reasons",
              params: uploadParams,
              body: importPreviewBodySchema,
              response: { 200: importPreviewSchema },
            },
          },
          async (request) =>
            previewImport(
              db,
              uploads,
              staffActor(request),
              area,
              request.params.id,
              request.body,
              request.locale,
              deps.now(),
            ),
        )

        r.post(
          `${base}/uploads/:id/start`,
          {
            config,
            schema: {
              tags,
              summary:
                "Import the upload's every row under this mapping as a job (answered at once; the rows are written in the background); the upload is let go",
              params: uploadParams,
              body: importStartBodySchema,
              response: { 200: jobStartedSchema },
            },
          },
          async (request) => {
            const started = await startImport(
              db,
              uploads,
              staffActor(request),
              area,
              request.params.id,
              request.body.mapping,
              request.locale,
              deps.now(),
            )
            pokeJobs()
            return started
          },
        )

        r.get(
          `${base}/jobs`,
          {
            config,
            schema: {
              tags,
              summary: "The area's latest spreadsheet imports, newest first",
              response: { 200: z.object({ items: z.array(jobSchema) }) },
            },
          },
          async () => recentImports(db, area, deps.now()),
        )

        r.get(
          `${base}/jobs/:id`,
          {
            config,
            schema: {
              tags,
              summary:
                "An import's progress: rows done of total, counts, rate, time left, the rejected rows' link",
              params: jobParams,
              response: { 200: jobSchema },
            },
          },
          async (request) => importJob(db, area, request.params.id, deps.now()),
        )

        r.get(
          `${base}/jobs/:id/rejected`,
          {
            config,
            schema: {
              tags,
              summary: "An import's rejected rows as CSV, with the reasons",
              params: jobParams,
            },
          },
          async (request, reply) => {
            const { job, lines } = await importRejectedRows(
              db,
              area,
              request.params.id,
              request.locale,
              deps.now(),
            )
            reply
              .type('text/csv; charset=utf-8')
              .header('content-disposition', `attachment; filename="aktarim-${job.id}-reddedilen.csv"`)
              .header('cache-control', 'private, no-store')
            return reply.send(Readable.from(toBuffers(lines)))
          },
        )
      }

    for (const area of IMPORT_AREAS) await app.register(door(area))
  }
