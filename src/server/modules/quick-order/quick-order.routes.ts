import type { FastifyContextConfig, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  QUICK_ORDER_MAX_FILE_BYTES,
  quickOrderAddedSchema,
  quickOrderBodySchema,
  quickOrderFileFormSchema,
  quickOrderPreviewBodySchema,
  quickOrderPreviewSchema,
} from '../../../contracts/quick-order'
import type { AppDeps } from '../../app-deps'
import { dealersOnly, requireDealer } from '../../http/guards'
import {
  placeQuickOrder,
  previewQuickOrder,
  previewQuickOrderFile,
  type QuickOrderDeps,
} from './quick-order.service'

/** One file, cut one byte past the limit instead of refused, so the service says it is too large. */
const fileUpload = {
  limits: { files: 1, fileSize: QUICK_ORDER_MAX_FILE_BYTES + 1, fields: 1 },
  throwFileSizeLimit: false,
} as FastifyContextConfig['multipartOptions']

/** The quick order's two calls (contracts/quick-order.ts); dealers only. */
export const quickOrderRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const data = (request: FastifyRequest): QuickOrderDeps => ({
      db: deps.database.db,
      caches: request.caches,
      queue: deps.cartQueue,
      searchIndex: deps.searchIndex,
    })
    const tags = ['cart']
    dealersOnly(app)

    app.post(
      '/api/catalog/quick-order/preview',
      {
        schema: {
          tags,
          summary: 'Read pasted lines of code, quantity and unit: each line with its product and problems',
          body: quickOrderPreviewBodySchema,
          response: { 200: quickOrderPreviewSchema },
        },
      },
      async (request) =>
        previewQuickOrder(data(request), requireDealer(request), request.body.text, request.locale),
    )

    app.post(
      '/api/catalog/quick-order/preview-file',
      {
        config: { multipartOptions: fileUpload },
        schema: {
          tags,
          summary:
            'Read a CSV or XLSX file of code, quantity and unit columns as the preview reads pasted lines',
          consumes: ['multipart/form-data'],
          body: quickOrderFileFormSchema,
          response: { 200: quickOrderPreviewSchema },
        },
      },
      async (request) =>
        previewQuickOrderFile(data(request), requireDealer(request), request.body.file, request.locale),
    )

    app.post(
      '/api/catalog/quick-order',
      {
        schema: {
          tags,
          summary: 'Put the lines in the cart in one request; a refused line says why',
          body: quickOrderBodySchema,
          response: { 200: quickOrderAddedSchema },
        },
      },
      async (request) => placeQuickOrder(data(request), requireDealer(request), request.body, request.locale),
    )
  }
