import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bankTransfersExportQuerySchema } from '../../../contracts/exports'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, reportRows } from '../../http/integration-path'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportBankTransfers } from './bank-transfers-export'

/** The bank transfers staff entered, as a file (docs/integration.md, "Exports"). */
export const bankTransfersExportIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      `${INTEGRATION_PREFIX}exports/bank-transfers`,
      {
        config: { integrationScope: 'payments:read' },
        schema: {
          tags: ['integration'],
          summary:
            'Bank transfers entered by staff, newest day first (customerId, from/to ledger days), one row each with its reversal, as format=xlsx (default) or csv',
          querystring: bankTransfersExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportBankTransfers(
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
