import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
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
import { GatewayChoice } from './payment-gateway-choice'
import { framePage, resultPage } from './payment-pages'
import { startReconciler } from './payment-reconciler'
import { getPaymentResult, type PaymentLog, type PaymentsDeps, startPayment } from './payments.service'

const choices = new WeakMap<AppDeps, GatewayChoice>()

/** The app's one GatewayChoice: per app, never shared by two apps in one process (as tests build them). */
export function gatewayChoiceOf(deps: AppDeps): GatewayChoice {
  let choice = choices.get(deps)
  if (!choice) {
    choice = new GatewayChoice({
      fixed: deps.paymentGateway,
      config: deps.config,
      data: { db: deps.database.db, caches: deps.caches },
      now: deps.now,
    })
    choices.set(deps, choice)
  }
  return choice
}

const APP_FRAMES = "frame-src 'self';"

/**
 * The app's pages frame only our own pages (http/security-headers.ts) unless iyzico is the gateway
 * the app was built with. When the back office chooses the gateway, a page served while iyzico is
 * chosen lets its payment frame go on to the bank's 3-D Secure page (any https origin): its policy is
 * widened as it is sent, after the request's one reading of the reference versions.
 */
export function allowBankFramesOnChoice(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.paymentGatewaySource !== 'stored' || deps.paymentGateway.name !== 'sandbox') return
  app.addHook('onSend', async (request, reply, payload) => {
    const csp = reply.getHeader('content-security-policy')
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html')
    if (request.method !== 'GET' || !html || typeof csp !== 'string' || !csp.includes(APP_FRAMES))
      return payload
    const gateway = await gatewayChoiceOf(deps).current(request.caches)
    if (gateway && gateway.name !== 'sandbox')
      reply.header('content-security-policy', csp.replace(APP_FRAMES, "frame-src 'self' https:;"))
    return payload
  })
}

/** What the payment services are given by the app: its database, caches, gateways and signals. */
export const paymentsDepsOf = (deps: AppDeps, log: PaymentLog): PaymentsDeps => ({
  db: deps.database.db,
  caches: deps.caches,
  gateways: gatewayChoiceOf(deps),
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
      const gateway = await gatewayChoiceOf(deps).current(request.caches)
      return sendPage(reply, gateway?.name === 'sandbox' ? page : { ...page, formAction: ['https:'] })
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
        // iyzico's callback reaches a payment started on it whatever was chosen since (real money may
        // wait on it); the sandbox's only while the sandbox is the gateway, so a payment it started
        // cannot be finished with its public code once real payments are taken.
        const choice = gatewayChoiceOf(deps)
        const named = request.params.gateway
        const gateway =
          named === 'sandbox'
            ? await choice
                .current(request.caches)
                .then((current) => (current?.name === 'sandbox' ? current : null))
            : named === 'iyzico'
              ? await choice.of(named)
              : null
        if (!gateway) return reply.callNotFound()
        const locale: Locale = request.query.lang ?? request.locale
        const outcome = await handleCallback(
          paymentDeps(request.log),
          gateway,
          request.body,
          locale,
          deps.now(),
        )
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
