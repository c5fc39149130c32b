import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { inputText } from '../../../contracts/common'
import {
  paymentLinkBodySchema,
  paymentLinkGoneSchema,
  paymentLinkResponseSchema,
  publicPaymentLinkSchema,
} from '../../../contracts/payments'
import type { AppDeps } from '../../app-deps'
import { AppError } from '../../http/errors'
import { dealersOnly, requireDealer } from '../../http/guards'
import { sharedRateLimitStore } from '../../http/rate-window'
import {
  assertPaymentLinksEnabled,
  createOrSendPaymentLink,
  goneLinkBody,
  publicPaymentLink,
} from './payment-links.service'

/** Payment-link e-mails one user may send per hour (the address is the dealer's to choose). */
export const PAYMENT_LINK_MAILS_PER_HOUR = 30

/** Counts only the calls that send a mail; making a link without one is not limited. */
const mailLimit = {
  max: PAYMENT_LINK_MAILS_PER_HOUR,
  timeWindow: 60 * 60_000,
  hook: 'preHandler' as const,
  allowList: (request: FastifyRequest) => (request.body as { sendEmail?: boolean })?.sendEmail !== true,
  keyGenerator: (request: FastifyRequest) => `payment-link-mail:${requireDealer(request).id}`,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new AppError(
      'rate_limited',
      'paymentLink.mailLimit',
      { minutes: Math.ceil(context.ttl / 60_000) },
      'rate_limited',
    ),
}

const tokenParams = z.object({ token: inputText().min(1).max(100) })

/**
 * Payment links (spec/2 §2, §7): dealers make them (when the store allows it), anyone holding the
 * token sees the link's public summary and may pay it; the payment credits the link's company.
 */
export const paymentLinkRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['payment-links']

    app.get(
      '/api/payment-link/:token',
      {
        schema: {
          tags,
          summary:
            'Public: what the payment page of an open link shows (company, amount); 410 for a paid or expired one, 404 for an unknown token; works logged out',
          params: tokenParams,
          response: { 200: publicPaymentLinkSchema, 410: paymentLinkGoneSchema },
        },
        // Whoever holds the token may read it: no cache keeps the answer (a shared computer, a proxy),
        // the 404 and 410 included.
        onSend: async (_request, reply) => {
          reply.header('cache-control', 'no-store')
        },
      },
      async (request, reply) => {
        const link = await publicPaymentLink(db, request.params.token, deps.now())
        if (link.status === 'open') return link
        return reply.code(410).send(goneLinkBody({ ...link, status: link.status }, request.locale))
      },
    )

    const dealerRoutes: FastifyPluginAsyncZod = async (dealer) => {
      dealersOnly(dealer)
      // Off in the store's settings: 403 before the body is read, whatever was sent.
      dealer.addHook('preValidation', async () => assertPaymentLinksEnabled({ db, caches: deps.caches }))
      // Counted in the store every process shares (http/rate-window.ts).
      await dealer.register(rateLimit, { global: false, store: sharedRateLimitStore(deps.throttle.store) })

      dealer.post(
        '/api/payment-link',
        {
          schema: {
            tags,
            summary:
              'Make a payment link (sendEmail false), or mail one (sendEmail true; the link of `token` or a new one)',
            body: paymentLinkBodySchema,
            response: { 200: paymentLinkResponseSchema },
          },
          config: { rateLimit: mailLimit },
        },
        async (request) =>
          createOrSendPaymentLink(
            {
              db,
              caches: deps.caches,
              mailSignal: deps.mailSignal,
              linkDays: deps.config.paymentLinkDays,
              publicUrl: deps.config.publicUrl,
            },
            requireDealer(request),
            request.body,
            request.locale,
            deps.now(),
          ),
      )
    }
    await app.register(dealerRoutes)
  }
