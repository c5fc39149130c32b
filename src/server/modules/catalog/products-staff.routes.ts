import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { productsExportQuerySchema } from '../../../contracts/exports'
import {
  staffProductCreateSchema,
  staffProductListSchema,
  staffProductParamsSchema,
  staffProductPatchSchema,
  staffProductSchema,
  staffProductsQuerySchema,
} from '../../../contracts/staff-products'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { createProduct, listStaffProducts, staffProduct, updateProduct } from './products-admin.service'
import { exportProducts } from './products-export'

/** The catalogue for staff (catalogue area: every staff user reads it, the catalogue role writes). */
export const productsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    const config = { staffArea: 'catalogue' } as const
    staffOnly(app)

    app.get(
      '/yonetim/products/export',
      {
        config,
        schema: {
          tags,
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

    app.get(
      '/yonetim/products',
      {
        config,
        schema: {
          tags,
          summary:
            'The product table: every product, variants too, 50 a page, filtered by q (code, name, barcode, equivalent code, brand, category), categoryId (with subcategories), brandId and active, sorted by code, name, price, stock or last change',
          querystring: staffProductsQuerySchema,
          response: { 200: staffProductListSchema },
        },
      },
      async (request) => listStaffProducts({ db, caches: request.caches }, request.query),
    )

    app.get(
      '/yonetim/products/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One product with every field the editor writes, its stock per warehouse and its variants',
          params: staffProductParamsSchema,
          response: { 200: staffProductSchema },
        },
      },
      async (request) => staffProduct({ db, caches: request.caches }, request.params.id),
    )

    app.post(
      '/yonetim/products',
      {
        config,
        schema: {
          tags,
          summary:
            "A new product: the integration API's product row (code, name, categoryCode, salePrice, currency, taxRate at least) with its English name and stock per warehouse; 409 when the code is taken",
          body: staffProductCreateSchema,
          response: { 201: staffProductSchema },
        },
      },
      async (request, reply) => {
        const product = await createProduct(
          { db, caches: request.caches },
          staffActor(request),
          request.body,
          deps.now(),
        )
        return reply.code(201).send(product)
      },
    )

    app.patch(
      '/yonetim/products/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'Change a product: the fields sent (a new code must be free), the rest kept; audited, in the dealer catalogue and search at the next request',
          params: staffProductParamsSchema,
          body: staffProductPatchSchema,
          response: { 200: staffProductSchema },
        },
      },
      async (request) =>
        updateProduct(
          { db, caches: request.caches },
          staffActor(request),
          request.params.id,
          request.body,
          deps.now(),
        ),
    )
  }
