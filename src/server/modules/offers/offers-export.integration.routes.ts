import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffOffersExportQuerySchema } from '../../../contracts/staff-offers'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, reportRows } from '../../http/integration-path'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportStaffOffers } from './offers-export'

/** The staff's offers export for the ERP or a report tool (docs/integration.md, "Exports"). */
export const offersExportIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      `${INTEGRATION_PREFIX}exports/offers`,
      {
        config: { integrationScope: 'offers:read' },
        schema: {
          tags: ['integration'],
          summary:
            "Every dealer's offers as the staff's list filters them, one row per line at the quoted prices, as format=xlsx (default) or csv; 400 export_too_large past 20,000 offers",
          querystring: staffOffersExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportStaffOffers(
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
