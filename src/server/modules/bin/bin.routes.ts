import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { binControlBodySchema, binControlResponseSchema } from '../../../contracts/payments'
import type { AppDeps } from '../../app-deps'
import { clientIpKey } from '../../http/client-ip'
import { AppError } from '../../http/errors'
import { RateWindow } from '../../http/rate-window'
import { type BinGateway, binControl } from './bin.service'

/** BIN lookups a visitor who is not logged in (a payment link's payer) may make per minute, per IP (clientIpKey). */
export const GUEST_BIN_LOOKUPS_PER_MINUTE = 30

/**
 * POST /api/catalog/bin-control (spec/2 §7): dealers at checkout and logged-out payers of a payment
 * link both need it, so any visitor holding the page's CSRF token may ask; it reveals nothing private
 * (the BIN table is public data, the plans are the store's price list). Visitors who are not logged in
 * are limited per IP; logged-in users are known and not limited.
 */
export const binRoutes =
  (
    deps: AppDeps,
    /** The gateway payments start with now (iyzico answers BIN queries itself); null: none. */
    currentGateway: (request: FastifyRequest) => Promise<BinGateway | null>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const ctx = { db: deps.database.db, caches: deps.caches }
    // Counted in the store every process shares (http/rate-window.ts).
    const guests = new RateWindow(deps.throttle.store, 'bin', GUEST_BIN_LOOKUPS_PER_MINUTE, 60_000)

    app.addHook('preValidation', async (request, reply) => {
      if (request.user) return
      // One client is one key however its address is written (an IPv6 client: its /64).
      const wait = await guests.take(clientIpKey(request.ip), deps.now().getTime())
      if (wait === 0) return
      const seconds = Math.ceil(wait / 1000)
      reply.header('retry-after', String(seconds))
      throw new AppError('rate_limited', 'bin.rateLimited', { seconds }, 'rate_limited')
    })

    app.post(
      '/api/catalog/bin-control',
      {
        schema: {
          tags: ['payments'],
          summary:
            "The card's bank, organization and type and the installment plans it may be paid with (form data binNumber: the first 8 digits)",
          body: binControlBodySchema.strict(),
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
          response: { 200: binControlResponseSchema },
        },
      },
      async (request) =>
        binControl(
          { ...ctx, gateway: await currentGateway(request), log: request.log },
          request.body.binNumber,
        ),
    )
  }
