import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../../app-deps'
import { notFound } from '../../http/errors'
import { HASHED_ASSET_CACHE } from '../../http/static-files'
import { DOWNLOADED_IMAGE_DIR, productImageFile } from './product-images.service'

const fileParams = z.object({ file: z.string().regex(/^[0-9a-f]{32}\.webp$/) })

/**
 * The product images downloaded from the ERP's addresses, at /images/erp/{hash}.webp beside the
 * build's own images (web/components/image-url.ts makes the address from products.image). A name is
 * its content's hash, so the answer is cached for a year like a hashed asset.
 */
export const productImageRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      `/images/${DOWNLOADED_IMAGE_DIR}/:file`,
      {
        schema: {
          tags: ['catalog'],
          summary: 'A product image downloaded from the ERP (WebP, named by its content hash)',
          params: fileParams,
          produces: ['image/webp'],
        },
      },
      async (request, reply) => {
        const image = await productImageFile(db, `${DOWNLOADED_IMAGE_DIR}/${request.params.file}`)
        if (!image) throw notFound()
        return reply
          .header('content-type', image.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', HASHED_ASSET_CACHE)
          .send(image.bytes)
      },
    )
  }
