import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorBodySchema } from '../../../contracts/common'
import { invoiceNumberParamsSchema, invoicePdfUploadAnswerSchema } from '../../../contracts/invoices'
import { INVOICE_PDF_MAX_BYTES, looksLikePdf } from '../../../domain/remote-file'
import type { AppDeps } from '../../app-deps'
import { AppError } from '../../http/errors'
import { INTEGRATION_PREFIX, integrationCaller, reportRows } from '../../http/integration-path'
import { storeUploadedPdf } from './invoices.service'

/**
 * The invoice PDF upload of the integration API: `PUT …/invoices/{number}/pdf` with the file itself as
 * the body (`Content-Type: application/pdf`, at most 10 MB). The invoice comes first, through the bulk
 * upsert (POST …/invoices).
 */
export const invoicesIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db
    // The raw bytes, in this plugin only; over the limit Fastify answers 413 before reading on.
    app.addContentTypeParser(
      'application/pdf',
      { parseAs: 'buffer', bodyLimit: INVOICE_PDF_MAX_BYTES },
      (_request, body, done) => done(null, body),
    )

    app.put(
      `${INTEGRATION_PREFIX}invoices/:number/pdf`,
      {
        bodyLimit: INVOICE_PDF_MAX_BYTES,
        config: { integrationScope: 'invoices:write' },
        schema: {
          tags: ['integration'],
          summary:
            "Upload an invoice's PDF (body: the file, Content-Type: application/pdf, at most 10 MB); the same file again is `unchanged`",
          params: invoiceNumberParamsSchema,
          response: { 200: invoicePdfUploadAnswerSchema, 404: errorBodySchema, 413: errorBodySchema },
        },
      },
      async (request) => {
        const body = request.body
        if (!Buffer.isBuffer(body) || !looksLikePdf(body))
          throw new AppError('validation', 'invoices.notPdf', undefined, 'not_a_pdf')
        const key = integrationCaller(request)
        reportRows(request, 1)
        return storeUploadedPdf(db, {
          number: request.params.number,
          bytes: body,
          actor: { apiKeyId: key.id, name: key.name, ip: request.ip },
          now: deps.now(),
        })
      },
    )
  }
