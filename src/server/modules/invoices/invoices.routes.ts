import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import { invoiceListQuerySchema, invoiceListSchema } from '../../../contracts/invoices'
import type { AppDeps } from '../../app-deps'
import { dealersOnly, requireDealer, staffOnly } from '../../http/guards'
import { invoicePdf, listCompanyInvoices, listInvoicesOfCompany } from './invoices.service'

const idParams = z.object({ id: dbIdFromText })
const companyInvoiceParams = z.object({ id: dbIdFromText, invoiceId: dbIdFromText })

/** A stored PDF as a download named after the invoice, never interpreted as anything else. */
function sendPdf(reply: FastifyReply, pdf: Awaited<ReturnType<typeof invoicePdf>>) {
  const file = pdf.number.replace(/[^\w.-]+/g, '_')
  return reply
    .header('content-type', 'application/pdf')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${file}.pdf"`)
    .header('cache-control', 'private, no-cache')
    .header('etag', `"${pdf.sha256}"`)
    .send(pdf.bytes)
}

/** The dealer's invoices (/hesap/faturalar): the company's list and each invoice's PDF. */
export const invoicesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['account']
    dealersOnly(app)

    app.get(
      '/api/account/invoices',
      {
        schema: {
          tags,
          summary: "The company's invoices from the ERP, newest first, 20 a page (from/to: the invoice day)",
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListSchema },
        },
      },
      async (request) => listCompanyInvoices(db, requireDealer(request).customerId, request.query),
    )

    app.get(
      '/api/account/invoices/:id/pdf',
      {
        schema: {
          tags,
          summary: "An invoice's PDF (another company's invoice, or one without a PDF, is not found)",
          params: idParams,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) =>
        sendPdf(reply, await invoicePdf(db, request.params.id, requireDealer(request).customerId)),
    )
  }

/** Any company's invoices for staff (customers area), as its dealers see them. */
export const staffInvoicesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/customers/:id/invoices',
      {
        config: { staffArea: 'customers' },
        schema: {
          tags,
          summary: "A company's invoices as its dealers see them (query as on /api/account/invoices)",
          params: idParams,
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListSchema },
        },
      },
      async (request) => listInvoicesOfCompany(db, request.params.id, request.query),
    )

    app.get(
      '/yonetim/customers/:id/invoices/:invoiceId/pdf',
      {
        config: { staffArea: 'customers' },
        schema: {
          tags,
          summary: "An invoice's PDF (of that company)",
          params: companyInvoiceParams,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) =>
        sendPdf(reply, await invoicePdf(db, request.params.invoiceId, request.params.id)),
    )
  }
