import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productsExportQuerySchema } from '../../../contracts/exports'
import type { AppDeps } from '../../app-deps'
import { staffOnly } from '../../http/guards'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportProducts } from './products-export'

/** The catalogue for staff (catalogue area): for now its export. */
export const productsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    staffOnly(app)

    app.get(
      '/yonetim/products/export',
      {
        config: { staffArea: 'catalogue' },
        schema: {
          tags: ['yonetim'],
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
        )
        return sendTableFile(reply, file)
      },
    )
  }
