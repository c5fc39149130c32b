import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productsExportQuerySchema } from '../../../contracts/exports'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, reportRows } from '../../http/integration-path'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportProducts } from './products-export'

/** The catalogue as the portal holds it, as a file (docs/integration.md, "Exports"). */
export const productsExportIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      `${INTEGRATION_PREFIX}exports/products`,
      {
        config: { integrationScope: 'catalogue:read' },
        schema: {
          tags: ['integration'],
          summary:
            'The catalogue by product code, variants too (categoryId with its subcategories, brandId, active), one row each with prices, tax and stock, as format=xlsx (default) or csv',
          querystring: productsExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportProducts(
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
