import rateLimit from '@fastify/rate-limit'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText, okSchema } from '../../../contracts/common'
import {
  makeOfferBodySchema,
  offerCustomerBodySchema,
  offerEditResultSchema,
  offerListSchema,
  offerProfitBodySchema,
  offerSchema,
} from '../../../contracts/offers'
import { cancelBodySchema } from '../../../contracts/orders'
import type { AppDeps } from '../../app-deps'
import { AppError } from '../../http/errors'
import { dealersOnly, requireDealer } from '../../http/guards'
import { sharedRateLimitStore } from '../../http/rate-window'
import { loadTranslations, localizeOffer, localizeOfferList } from '../translations/translations.service'
import {
  cancelOffer,
  editOffer,
  listOffers,
  mailOffer,
  makeOffer,
  updateCustomers,
  updateProfits,
} from './offers.service'

/** Offer e-mails one user may send per hour. */
export const OFFER_MAILS_PER_HOUR = 30

/**
 * The offer's e-mail address is the dealer's to choose: bound what one user can send (per user, in
 * this app's memory; with several processes each counts its own, which still bounds it). It runs
 * after the dealer guard and the validation, so only a dealer's well-formed requests count, and
 * answers the usual 429 body with the wait in the user's language.
 */
const offerMailLimit = {
  max: OFFER_MAILS_PER_HOUR,
  timeWindow: 60 * 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => `offer-mail:${requireDealer(request).id}`,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new AppError(
      'rate_limited',
      'offers.mailLimit',
      { minutes: Math.ceil(context.ttl / 60_000) },
      'rate_limited',
    ),
}

const offerIdParams = z.object({ id: dbIdFromText })

/** The offer calls as the spec's table has them (spec/2 §7); dealers only, each company its own offers. */
export const offersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const cart = { db, caches: deps.caches, queue: deps.cartQueue }
    const tags = ['offers']
    // Lines name their unit in the reader's language (the offer keeps the Turkish it was made with).
    const texts = (request: FastifyRequest) =>
      loadTranslations({ db, caches: request.caches }, request.locale)
    dealersOnly(app)
    // Only the routes that ask for a limit (config.rateLimit) get one, counted in the store every
    // process shares (http/rate-window.ts).
    await app.register(rateLimit, { global: false, store: sharedRateLimitStore(deps.throttle.store) })

    app.post(
      '/api/catalog/cart/offer',
      {
        schema: {
          tags,
          summary: 'Make an offer of the cart (form data description); the cart is emptied into the offer',
          body: makeOfferBodySchema,
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
          response: { 200: offerSchema },
        },
      },
      async (request) => {
        const offer = await makeOffer(
          { ...cart, mailSignal: deps.mailSignal },
          requireDealer(request),
          request.body ?? {},
          deps.now(),
        )
        // The cart was emptied into the offer: the live staff screens hear of it.
        deps.cartQueue.committed.notify()
        return localizeOffer(offer, await texts(request))
      },
    )

    app.get(
      '/api/catalog/offers',
      {
        schema: {
          tags,
          summary: "The company's offers, newest first, with the seller and the store logo for printing",
          querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) }),
          response: { 200: offerListSchema },
        },
      },
      async (request) =>
        localizeOfferList(
          await listOffers(cart, requireDealer(request), request.query.page),
          await texts(request),
        ),
    )

    app.patch(
      '/api/catalog/offer/:id',
      {
        schema: {
          tags,
          summary: 'Cancel an offer of the company',
          params: offerIdParams,
          body: cancelBodySchema,
          response: { 200: offerSchema },
        },
      },
      async (request) =>
        localizeOffer(await cancelOffer(db, requireDealer(request), request.params.id), await texts(request)),
    )

    app.patch(
      '/api/catalog/offer/mail/:id',
      {
        schema: {
          tags,
          summary:
            "Queue the offer's mail to its customer's e-mail address (HTML and text); the outbox sends it",
          params: offerIdParams,
          response: { 200: okSchema },
        },
        config: { rateLimit: offerMailLimit },
      },
      async (request) => {
        const t = await texts(request)
        return mailOffer(
          { db, caches: deps.caches, mailSignal: deps.mailSignal },
          requireDealer(request),
          request.params.id,
          request.locale,
          deps.now(),
          (offer) => localizeOffer(offer, t),
        )
      },
    )

    app.patch(
      '/api/catalog/offer/edit/:id',
      {
        schema: {
          tags,
          summary:
            "Put the offer's lines back into the cart through the cart's rules; refused lines are listed",
          params: offerIdParams,
          response: { 200: offerEditResultSchema },
        },
      },
      async (request) => editOffer(cart, requireDealer(request), request.params.id, request.locale),
    )

    app.patch(
      '/api/catalog/offer/update/profit',
      {
        schema: {
          tags,
          summary:
            'Set the profit percent of offer lines: { [offerNo]: { [itemId]: percent } }, all or nothing',
          body: offerProfitBodySchema,
          response: { 200: okSchema },
        },
      },
      async (request) => updateProfits(db, requireDealer(request), request.body),
    )

    app.patch(
      '/api/catalog/offer/update/customer',
      {
        schema: {
          tags,
          summary:
            "Save offers' customers: { [offerNo]: { customerName, customerCompanyName, customerEmail, customerPhone } }",
          body: offerCustomerBodySchema,
          response: { 200: okSchema },
        },
      },
      async (request) => updateCustomers(db, requireDealer(request), request.body),
    )
  }
