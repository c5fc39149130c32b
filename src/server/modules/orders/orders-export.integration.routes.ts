import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffOrdersExportQuerySchema } from '../../../contracts/staff-orders'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, reportRows } from '../../http/integration-path'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportStaffOrders } from './orders-export'

/** The staff's orders export for the ERP or a report tool (docs/integration.md, "Exports"). */
export const ordersExportIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      `${INTEGRATION_PREFIX}exports/orders`,
      {
        config: { integrationScope: 'orders:read' },
        schema: {
          tags: ['integration'],
          summary:
            "Every dealer's orders as the staff's list filters them (status, customerId, from/to store days, q, sort=date|total, dir), one row per order line, as format=xlsx (default) or csv; 400 export_too_large past 20,000 orders",
          querystring: staffOrdersExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportStaffOrders(
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
