import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { warrantyInquiryRequestSchema, warrantyInquiryResponseSchema } from '../../../contracts/warranty'
import type { AppDeps } from '../../app-deps'
import { AppError } from '../../http/errors'
import { requireUser } from '../../http/guards'
import { RateWindow } from '../../http/rate-window'
import { inquireWarranty } from './warranty.service'

/** Lookups one user may make per window: plenty for a service desk, too few to walk the registry. */
export const WARRANTY_LOOKUPS_PER_WINDOW = 30
export const WARRANTY_WINDOW_MS = 10 * 60_000

/**
 * POST /api/catalog/WarrantyInquiry (spec/2 §7): any logged-in user (dealer or staff) may look up any
 * serial number (docs/decisions.md, "Warranty inquiry"); a guest gets 401 whatever the body holds.
 * Every lookup counts towards the user's limit, found or not.
 */
export const warrantyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = { db: deps.database.db, now: deps.now }
    // Counted in the store every process shares (http/rate-window.ts).
    const lookups = new RateWindow(
      deps.throttle.store,
      'warranty',
      WARRANTY_LOOKUPS_PER_WINDOW,
      WARRANTY_WINDOW_MS,
    )

    app.addHook('preValidation', async (request, reply) => {
      const user = requireUser(request)
      const wait = await lookups.take(String(user.id), deps.now().getTime())
      if (wait === 0) return
      reply.header('retry-after', String(Math.ceil(wait / 1000)))
      throw new AppError('rate_limited', 'warranty.rateLimited', { minutes: Math.ceil(wait / 60_000) })
    })

    app.post(
      '/api/catalog/WarrantyInquiry',
      {
        schema: {
          tags: ['warranty'],
          summary:
            'Days of warranty left and the movements of a serial number (form data serialNumber); one movement is an object, several a list',
          body: warrantyInquiryRequestSchema,
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
          response: { 200: warrantyInquiryResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser(request)
        return inquireWarranty(ctx, user, request.body.serialNumber)
      },
    )
  }
