import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { customersExportQuerySchema } from '../../../contracts/exports'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, reportRows } from '../../http/integration-path'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportCustomers } from './customers-export'

/** The dealer companies as a file for the ERP or a report tool (docs/integration.md, "Exports"). */
export const customersExportIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      `${INTEGRATION_PREFIX}exports/customers`,
      {
        config: { integrationScope: 'customers:read' },
        schema: {
          tags: ['integration'],
          summary:
            "The dealer companies as the staff's list filters them (q, active, sort=code|name, dir), one row each, as format=xlsx (default) or csv",
          querystring: customersExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportCustomers(
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
