import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { paymentsExportQuerySchema } from '../../../contracts/exports'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, reportRows } from '../../http/integration-path'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportStaffPayments } from './payments-export'

/** The card payments as a file for the ERP or a report tool (docs/integration.md, "Exports"). */
export const paymentsExportIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      `${INTEGRATION_PREFIX}exports/payments`,
      {
        config: { integrationScope: 'payments:read' },
        schema: {
          tags: ['integration'],
          summary:
            'Card payments, newest first, optionally of one status (as the staff list reads it), one row each, as format=xlsx (default) or csv; bank transfers are exports/bank-transfers',
          querystring: paymentsExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportStaffPayments(
          { db, caches: request.caches },
          request.query,
          request.query.lang ?? request.locale,
          deps.now(),
          (rows) => reportRows(request, rows),
        )
        return sendTableFile(reply, file)
      },
    )
  }
