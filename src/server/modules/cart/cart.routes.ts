import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Cart } from '../../../contracts/cart'
import {
  addToCartBodySchema,
  addToCartResponseSchema,
  cartLinePatchSchema,
  cartSchema,
} from '../../../contracts/cart'
import { dbIdFromText } from '../../../contracts/common'
import { BASE_LOCALE } from '../../../domain/translations'
import type { AppDeps } from '../../app-deps'
import { dealersOnly, requireDealer } from '../../http/guards'
import { loadTranslations, localizeCart, localizeCartLine } from '../translations/translations.service'
import { addToCart, type CartDeps, changeLine, emptyCart, getCart, removeLine } from './cart.service'

const idParams = z.object({ id: dbIdFromText })

/** The cart calls exactly as the spec's table has them (spec/1 §7); dealers only. */
export const cartRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The request's caches: the data's version is read once per request (cache/reference-cache.ts).
    const cart = (request: FastifyRequest): CartDeps => ({
      db: deps.database.db,
      caches: request.caches,
      queue: deps.cartQueue,
    })
    const tags = ['cart']
    dealersOnly(app)
    // Unit names in the request's language (stored translations, Turkish where none is stored).
    const inLocale = async (request: FastifyRequest, answer: Promise<Cart>) =>
      request.locale === BASE_LOCALE
        ? answer
        : localizeCart(await answer, await loadTranslations(cart(request), request.locale))

    app.get(
      '/api/catalog/cart',
      { schema: { tags, summary: 'The cart, priced now', response: { 200: cartSchema } } },
      async (request) => inLocale(request, getCart(cart(request), requireDealer(request))),
    )

    app.post(
      '/api/catalog/cart/:id',
      {
        schema: {
          tags,
          summary: 'Add a product in a unit (form data quantity, productValue); same product and unit add up',
          params: idParams,
          body: addToCartBodySchema,
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
          response: { 200: addToCartResponseSchema },
        },
      },
      async (request) => {
        const added = await addToCart(cart(request), requireDealer(request), {
          productId: request.params.id,
          unitId: request.body.productValue,
          quantity: request.body.quantity,
        })
        if (request.locale === BASE_LOCALE) return added
        return {
          ...added,
          item: localizeCartLine(added.item, await loadTranslations(cart(request), request.locale)),
        }
      },
    )

    app.delete(
      '/api/catalog/cart',
      { schema: { tags, summary: 'Empty the cart', response: { 200: cartSchema } } },
      async (request) => inLocale(request, emptyCart(cart(request), requireDealer(request))),
    )

    app.patch(
      '/api/catalog/cart/:id',
      {
        schema: {
          tags,
          summary: 'Change a line: {quantity}, {addQuantity} or {unit}',
          params: idParams,
          body: cartLinePatchSchema,
          response: { 200: cartSchema },
        },
      },
      async (request) =>
        inLocale(request, changeLine(cart(request), requireDealer(request), request.params.id, request.body)),
    )

    app.delete(
      '/api/catalog/cart/:id',
      {
        schema: { tags, summary: 'Remove a line', params: idParams, response: { 200: cartSchema } },
      },
      async (request) =>
        inLocale(request, removeLine(cart(request), requireDealer(request), request.params.id)),
    )
  }
