import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText, inputText } from '../../../contracts/common'
import {
  cancelBodySchema,
  checkoutInfoSchema,
  orderListSchema,
  orderSchema,
  placeOrderBodySchema,
} from '../../../contracts/orders'
import type { AppDeps } from '../../app-deps'
import { dealersOnly, requireDealer } from '../../http/guards'
import { loadTranslations, localizeOrder, localizeOrderList } from '../translations/translations.service'
import { cancelOrder, getCheckoutInfo, getOrder, listOrders, placeOrder } from './orders.service'

const orderIdParams = z.object({ id: dbIdFromText })

export const ordersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    // The request's caches: the data's version is read once per request (cache/reference-cache.ts).
    const data = (request: FastifyRequest) => ({ db, caches: request.caches })
    // Lines name their unit in the reader's language (the order keeps the Turkish it was made with).
    const texts = (request: FastifyRequest) => loadTranslations(data(request), request.locale)
    const tags = ['orders']
    dealersOnly(app)

    app.post(
      '/api/catalog/cart',
      {
        schema: {
          tags,
          summary: 'Order the cart (form data description, advencePrice); Idempotency-Key makes a retry safe',
          body: placeOrderBodySchema,
          headers: z.object({ 'idempotency-key': inputText().trim().min(8).max(100).optional() }),
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
          response: { 200: orderSchema },
        },
      },
      async (request) => {
        // The confirmation mail is queued in the order's transaction; the outbox worker sends it.
        const { order, created } = await placeOrder(
          { ...data(request), mailSignal: deps.mailSignal, publicUrl: deps.config.publicUrl },
          requireDealer(request),
          { ...request.body, idempotencyKey: request.headers['idempotency-key'] },
          deps.now(),
        )
        // The cart was emptied into the order: the live staff screens hear of it.
        if (created) deps.cartQueue.committed.notify()
        return localizeOrder(order, await texts(request))
      },
    )

    app.get(
      '/api/catalog/cart/checkout',
      {
        schema: {
          tags,
          summary: "The risk-limit figures the cart page checks the cart's total against before ordering",
          response: { 200: checkoutInfoSchema },
        },
      },
      async (request) => getCheckoutInfo(data(request), requireDealer(request), deps.now()),
    )

    app.get(
      '/api/catalog/orders',
      {
        schema: {
          tags,
          summary: "The company's orders, newest first",
          querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1) }),
          response: { 200: orderListSchema },
        },
      },
      async (request) =>
        localizeOrderList(
          await listOrders(data(request), requireDealer(request), request.query.page),
          await texts(request),
        ),
    )

    app.get(
      '/api/catalog/order/:id',
      {
        schema: {
          tags,
          summary: 'One order of the company (the order success screen reads it)',
          params: orderIdParams,
          response: { 200: orderSchema },
        },
      },
      async (request) =>
        localizeOrder(await getOrder(db, requireDealer(request), request.params.id), await texts(request)),
    )

    app.patch(
      '/api/catalog/order/:id',
      {
        schema: {
          tags,
          summary: 'Cancel a new order of the company; its stock goes back to the warehouses',
          params: orderIdParams,
          body: cancelBodySchema,
          response: { 200: orderSchema },
        },
      },
      async (request) =>
        localizeOrder(
          await cancelOrder(data(request), requireDealer(request), request.params.id, deps.now()),
          await texts(request),
        ),
    )
  }
