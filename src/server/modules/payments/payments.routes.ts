import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Locale } from '../../../contracts/common'
import { inputText } from '../../../contracts/common'
import {
  paymentResultSchema,
  startPaymentBodySchema,
  startPaymentResponseSchema,
} from '../../../contracts/payments'
import type { AppDeps } from '../../app-deps'
import { clientIpKey } from '../../http/client-ip'
import { csrfTokenFor } from '../../http/session'
import { newNonce, sendPage } from '../../integrations/payments/html-page'
import { handleCallback } from './payment-callback'
import { framePage, resultPage } from './payment-pages'
import { startReconciler } from './payment-reconciler'
import { getPaymentResult, type PaymentLog, type PaymentsDeps, startPayment } from './payments.service'

/** What the payment services are given by the app: its database, caches, gateway and signals. */
export const paymentsDepsOf = (deps: AppDeps, log: PaymentLog): PaymentsDeps => ({
  db: deps.database.db,
  caches: deps.caches,
  gateway: deps.paymentGateway,
  log,
  mailSignal: deps.mailSignal,
  cartCommitted: () => deps.cartQueue.committed.notify(),
  now: deps.now,
  publicUrl: deps.config.publicUrl,
})

const langQuery = z.object({ lang: z.enum(['tr', 'en']).optional().catch(undefined) })

/**
 * Card payments (docs/payments.md): the frame page, the start of an intent, the gateway's callback and
 * the result. The callback is a cross-site POST from the bank, exempt from our CSRF check
 * (http/csrf.ts) and trusted only through the gateway's signature.
 */
export const paymentsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payments']
    const paymentDeps = (log: FastifyBaseLogger) => paymentsDepsOf(deps, log)
    // Payments whose bank answer was lost or whose process died are settled at start and every minute.
    if (deps.paymentReconciler) {
      const options = deps.paymentReconciler
      let reconciler: ReturnType<typeof startReconciler> | null = null
      app.addHook('onReady', async () => {
        reconciler = startReconciler(paymentDeps(app.log), deps.now, options)
      })
      app.addHook('onClose', async () => reconciler?.stop())
    }

    app.get('/payment/start', { schema: { hide: true, querystring: langQuery } }, async (request, reply) => {
      const locale: Locale = request.query.lang ?? request.locale
      const csrfToken = csrfTokenFor(deps.config.sessionSecret, request.sessionToken)
      const page = framePage({ locale, csrfToken, nonce: newNonce() })
      // iyzico's 3-D Secure form posts to the bank's page (https); the sandbox stays on our origin.
      return sendPage(
        reply,
        deps.paymentGateway.name === 'sandbox' ? page : { ...page, formAction: ['https:'] },
      )
    })

    app.post(
      '/api/payments/start',
      {
        schema: {
          tags,
          summary:
            'Start a card payment (the payment frame sends it): an intent with the amount the server computes, then 3-D Secure',
          body: startPaymentBodySchema,
          response: { 200: startPaymentResponseSchema },
        },
      },
      async (request) =>
        startPayment({ ...paymentDeps(request.log), startLimits: deps.paymentStarts }, request.body, {
          user: request.user,
          origin: deps.config.publicUrl,
          ip: request.ip,
          ipKey: clientIpKey(request.ip),
          locale: request.locale,
          now: deps.now(),
        }),
    )

    app.post(
      '/payment/callback/:gateway',
      {
        schema: {
          hide: true,
          params: z.object({ gateway: inputText().max(20) }),
          querystring: langQuery,
          body: z.record(inputText().max(100), z.unknown()),
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        },
      },
      async (request, reply) => {
        if (request.params.gateway !== deps.paymentGateway.name) return reply.callNotFound()
        const locale: Locale = request.query.lang ?? request.locale
        const outcome = await handleCallback(paymentDeps(request.log), request.body, locale, deps.now())
        return sendPage(reply, resultPage(outcome, locale, newNonce()))
      },
    )

    app.get(
      '/api/payments/:id',
      {
        schema: {
          tags,
          summary: "A payment's result and Mail Order slip, for its own company or the payment link's holder",
          params: z.object({ id: inputText().regex(/^[0-9a-f]{32}$/) }),
          querystring: z.object({ token: inputText().max(100).optional() }),
          response: { 200: paymentResultSchema },
        },
      },
      async (request) =>
        getPaymentResult({ db: deps.database.db, caches: deps.caches }, request.params.id, {
          customerId: request.user?.customerId ?? null,
          linkToken: request.query.token,
          locale: request.locale,
          now: deps.now(),
        }),
    )
  }
