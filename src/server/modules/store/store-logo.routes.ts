import type { FastifyContextConfig } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  STORE_LOGO_MAX_BYTES,
  storeLogoSchema,
  storeLogoUploadSchema,
} from '../../../contracts/product-images'
import type { AppDeps } from '../../app-deps'
import { requireStaff, staffActor, staffOnly } from '../../http/guards'
import type { ObjectStore } from '../../integrations/object-store'
import { removeStoreLogo, uploadStoreLogo } from './store-logo.service'

/** One file, cut one byte past the limit instead of refused, so the service says the file is too large. */
const logoUpload = {
  limits: { files: 1, fileSize: STORE_LOGO_MAX_BYTES + 1, fields: 1, parts: 2 },
  throwFileSizeLimit: false,
} as FastifyContextConfig['multipartOptions']

/** The store's logo (area system: the owner writes), stored like the product images. */
export const storeLogoRoutes =
  (deps: AppDeps, store: ObjectStore): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['yonetim']
    staffOnly(app)
    const logoDeps = (log: { warn: (o: object, m: string) => void }) => ({ db: deps.database.db, store, log })

    app.post(
      '/yonetim/settings/logo',
      {
        config: { staffArea: 'system', multipartOptions: logoUpload },
        // The role before the body is read (the multipart body is read ahead of preValidation).
        onRequest: async (request) => {
          requireStaff(request, 'system:write')
        },
        schema: {
          tags,
          summary:
            "Upload the store's logo (multipart, field file: PNG, JPEG or WebP by content, at most 5 MB; SVG refused): stored 80 and 160 px high as WebP, shown on every page from the next request",
          consumes: ['multipart/form-data'],
          body: storeLogoUploadSchema,
          response: { 200: storeLogoSchema },
        },
      },
      async (request) =>
        uploadStoreLogo(logoDeps(request.log), staffActor(request), request.body.file, deps.now()),
    )

    app.delete(
      '/yonetim/settings/logo',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary: 'Remove the uploaded logo: every page shows the default one again',
          response: { 200: storeLogoSchema },
        },
      },
      async (request) => removeStoreLogo(logoDeps(request.log), staffActor(request), deps.now()),
    )
  }
