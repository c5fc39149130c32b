import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminPaymentLinkListSchema, adminPaymentLinksQuerySchema } from '../../../contracts/back-office'
import type { AppDeps } from '../../app-deps'
import { staffOnly } from '../../http/guards'
import { listPaymentLinks } from './back-office.service'

/**
 * Staff see payment links and find dealers (card payments: payments-staff.routes.ts; bank transfers:
 * ledger/bank-transfers.routes.ts).
 */
export const backOfficeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/payment-links',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary: 'Payment links, newest first, 50 a page (status=open|paid|expired to filter)',
          querystring: adminPaymentLinksQuerySchema,
          response: { 200: adminPaymentLinkListSchema },
        },
      },
      async (request) => listPaymentLinks(db, request.query.status, request.query.page, deps.now()),
    )
  }
