import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  cancelBodySchema,
  checkoutInfoSchema,
  orderListSchema,
  orderSchema,
  placeOrderBodySchema,
} from '../../../contracts/orders'
import type { AppDeps } from '../../app-deps'
import { dealersOnly, requireDealer } from '../../http/guards'
import { orderConfirmationMail } from './order-mail'
import { cancelOrder, getCheckoutInfo, getOrder, listOrders, placeOrder } from './orders.service'

const orderIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export const ordersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['orders']
    dealersOnly(app)

    app.post(
      '/api/catalog/cart',
      {
        schema: {
          tags,
          summary: 'Order the cart (form data description, advencePrice); Idempotency-Key makes a retry safe',
          body: placeOrderBodySchema,
          headers: z.object({ 'idempotency-key': z.string().trim().min(8).max(100).optional() }),
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
          response: { 200: orderSchema },
        },
      },
      async (request) => {
        const user = requireDealer(request)
        const { order, created } = await placeOrder(
          db,
          user,
          { ...request.body, idempotencyKey: request.headers['idempotency-key'] },
          deps.now(),
        )
        if (created) {
          // The order is committed: a mail server that is down must not undo it or delay the answer.
          const mail = orderConfirmationMail(order, {
            email: user.email,
            name: user.name,
            locale: user.locale ?? 'tr',
          })
          deps.mailer.send(mail).catch(async (err) => {
            // Refused or unreachable: the message is kept in the outbox's unsent folder, not lost.
            const kept = await deps.mailer.keep(mail).catch(() => null)
            request.log.error({ err, orderNo: order.orderNo, kept }, 'order mail failed')
          })
        }
        return order
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
      async (request) => getCheckoutInfo(db, requireDealer(request)),
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
      async (request) => listOrders(db, requireDealer(request), request.query.page),
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
      async (request) => getOrder(db, requireDealer(request), request.params.id),
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
      async (request) => cancelOrder(db, requireDealer(request), request.params.id, deps.now()),
    )
  }
