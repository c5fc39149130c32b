import type { FastifyContextConfig } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  productImageListSchema,
  productImageParamsSchema,
  productImagesOrderSchema,
  productImagesParamsSchema,
  productImagesUploadSchema,
} from '../../../contracts/product-images'
import { UPLOADED_IMAGE_NAME } from '../../../domain/uploaded-images'
import type { AppDeps } from '../../app-deps'
import { notFound } from '../../http/errors'
import { requireStaff, staffActor, staffOnly } from '../../http/guards'
import { HASHED_ASSET_CACHE } from '../../http/static-files'
import type { ObjectStore } from '../../integrations/object-store'
import {
  deleteProductImage,
  type ImageDeps,
  listProductImages,
  makeMainImage,
  reorderProductImages,
  uploadedImageFile,
  uploadProductImages,
} from './product-uploads.service'

/**
 * Up to 12 files a request, each cut one byte past 15 MB instead of refused, so the service names the
 * file that is too large. The whole body is held in memory while it is read (the app's multipart
 * reading attaches files to the body): at most 12 × 15 MB, and only for the catalogue's staff, whose
 * role is checked before a byte of it is read.
 */
const imageUpload = {
  limits: {
    files: PRODUCT_IMAGES_MAX,
    fileSize: PRODUCT_IMAGE_MAX_BYTES + 1,
    fields: 2,
    parts: PRODUCT_IMAGES_MAX + 2,
  },
  throwFileSizeLimit: false,
} as FastifyContextConfig['multipartOptions']

const filesOf = (files: Uint8Array | Uint8Array[]) => (Array.isArray(files) ? files : [files])

/** The product's uploaded images (catalogue area: every staff user reads them, the catalogue role writes). */
export const productUploadRoutes =
  (deps: AppDeps, store: ObjectStore): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['yonetim']
    const config = { staffArea: 'catalogue' } as const
    const imageDeps = (log: ImageDeps['log']): ImageDeps => ({
      db: deps.database.db,
      caches: deps.caches,
      store,
      log,
    })

    staffOnly(app)

    app.get(
      '/yonetim/products/:id/images',
      {
        config,
        schema: {
          tags,
          summary: "The product's uploaded images in their order, the main one marked, each size's files",
          params: productImagesParamsSchema,
          response: { 200: productImageListSchema },
        },
      },
      async (request) => listProductImages(deps.database.db, request.params.id),
    )

    app.post(
      '/yonetim/products/:id/images',
      {
        config: { ...config, multipartOptions: imageUpload },
        // At onRequest: the body (up to 180 MB) is read before preValidation, where the role would be
        // checked; a role that may not write the catalogue is turned away before any of it is read.
        onRequest: async (request) => {
          requireStaff(request, 'catalogue:write')
        },
        schema: {
          tags,
          summary:
            'Upload images (multipart, field files, one or more: JPEG, PNG, WebP, AVIF or GIF by content, at most 15 MB each, 12 a product): each made upright, stripped of its metadata and stored at 160, 480 and 1200 px as WebP and AVIF; the first image of a product becomes its main one',
          consumes: ['multipart/form-data'],
          params: productImagesParamsSchema,
          body: productImagesUploadSchema,
          response: { 200: productImageListSchema },
        },
      },
      async (request) =>
        uploadProductImages(
          imageDeps(request.log),
          staffActor(request),
          request.params.id,
          filesOf(request.body.files),
          deps.now(),
        ),
    )

    app.put(
      '/yonetim/products/:id/images/order',
      {
        config,
        schema: {
          tags,
          summary: "Put the product's images in a new order (ids: each of its images once)",
          params: productImagesParamsSchema,
          body: productImagesOrderSchema,
          response: { 200: productImageListSchema },
        },
      },
      async (request) =>
        reorderProductImages(
          imageDeps(request.log),
          staffActor(request),
          request.params.id,
          request.body.ids,
          deps.now(),
        ),
    )

    app.post(
      '/yonetim/products/:id/images/:imageId/main',
      {
        config,
        schema: {
          tags,
          summary: 'Make this the main image: what dealers see in the catalogue, search and product page',
          params: productImageParamsSchema,
          response: { 200: productImageListSchema },
        },
      },
      async (request) =>
        makeMainImage(
          imageDeps(request.log),
          staffActor(request),
          request.params.id,
          request.params.imageId,
          deps.now(),
        ),
    )

    app.delete(
      '/yonetim/products/:id/images/:imageId',
      {
        config,
        schema: {
          tags,
          summary:
            'Delete an image and its files; when it was the main one, the first of the rest takes its place',
          params: productImageParamsSchema,
          response: { 200: productImageListSchema },
        },
      },
      async (request) =>
        deleteProductImage(
          imageDeps(request.log),
          staffActor(request),
          request.params.id,
          request.params.imageId,
          deps.now(),
        ),
    )
  }

/**
 * The uploaded images' files, public like the build's own images: a product image or the store logo
 * by the name products.image or store.logo gives, from the image store.
 */
export const uploadedImageRoutes =
  (store: ObjectStore): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/images/up/*',
      {
        schema: {
          tags: ['catalog'],
          summary:
            'An uploaded image (a product image or the store logo), by the name products.image or the store logo gives; named by its content hash, cached for a year',
          params: z.object({ '*': z.string().max(200) }),
          produces: ['image/webp', 'image/avif'],
        },
      },
      async (request, reply) => {
        const name = `up/${request.params['*']}`
        const match = UPLOADED_IMAGE_NAME.exec(name)
        if (!match) throw notFound()
        // The name is the content's hash: the same name is the same bytes, so it is a strong validator,
        // and a browser that has them is answered without reading the store (a GET saved on S3).
        const etag = `"${match[2]}-${match[3]}.${match[4]}"`
        reply
          .header('content-type', match[4] === 'avif' ? 'image/avif' : 'image/webp')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', HASHED_ASSET_CACHE)
          .header('etag', etag)
        if (request.headers['if-none-match'] === etag) return reply.code(304).send()
        const file = await uploadedImageFile(store, name)
        if (!file) {
          reply.removeHeader('cache-control').removeHeader('etag').removeHeader('content-type')
          throw notFound()
        }
        if (file.size !== null) reply.header('content-length', file.size)
        return reply.send(file.body)
      },
    )
  }
