import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  type CategoryNode,
  categoryTreeSchema,
  type ProductList,
  productDetailSchema,
  productListQuerySchema,
  productListSchema,
} from '../../../contracts/catalog'
import { dbIdFromText, inputText } from '../../../contracts/common'
import { BASE_LOCALE } from '../../../domain/translations'
import { turkishSortKey } from '../../../domain/turkish-text'
import type { AppDeps } from '../../app-deps'
import { visitorOf } from '../../http/session'
import {
  loadTranslations,
  localizeCategoryTree,
  localizeProduct,
  localizeProductList,
} from '../translations/translations.service'
import { getProduct, listProducts } from './catalog.service'
import { allBrands, allCategories } from './categories.repository'

export const catalogRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The request's caches: the data's version is read once per request (cache/reference-cache.ts).
    const data = (request: FastifyRequest) => ({ db: deps.database.db, caches: request.caches })
    const listData = (request: FastifyRequest) => ({ ...data(request), searchIndex: deps.searchIndex })
    /** The search log, told which visitor searched: their term typed into the box led here. */
    const searchesOf = (request: FastifyRequest) => ({
      record: (entry: Parameters<typeof deps.searchLog.record>[0]) =>
        deps.searchLog.record(entry, visitorOf(request)),
    })
    /** A list page in the request's language: stored English names, Turkish where none is stored. */
    const localizedList = async (request: FastifyRequest, list: ProductList) => {
      if (request.locale === BASE_LOCALE) return list
      const trail = list.breadcrumbs.length > 0 ? await allCategories(data(request)) : []
      const idBySlug = new Map(trail.map((c) => [c.slug, c.id]))
      return localizeProductList(list, await loadTranslations(data(request), request.locale), idBySlug)
    }

    const listSchema = {
      tags: ['catalog'],
      summary:
        'Product list: optional /{category}, /{brand} or /{brand}/{category}; page, sort, view, q, brand, filters=model:{id}',
      querystring: productListQuerySchema,
      response: { 200: productListSchema },
    }
    app.get('/api/catalog/products', { schema: listSchema }, async (request) =>
      localizedList(
        request,
        await listProducts(listData(request), searchesOf(request), request.user, {
          ...request.query,
          segments: [],
        }),
      ),
    )
    app.get(
      '/api/catalog/products/*',
      { schema: { ...listSchema, params: z.object({ '*': inputText().max(300) }) } },
      async (request) =>
        localizedList(
          request,
          await listProducts(listData(request), searchesOf(request), request.user, {
            ...request.query,
            segments: request.params['*'].split('/').filter(Boolean),
          }),
        ),
    )

    app.get(
      '/api/catalog/product/:id',
      {
        schema: {
          tags: ['catalog'],
          summary: 'One product with units, stock per warehouse, variant family and sanitized description',
          params: z.object({ id: dbIdFromText }),
          response: { 200: productDetailSchema },
        },
      },
      async (request) =>
        localizeProduct(
          await getProduct(data(request), request.user, request.params.id),
          await loadTranslations(data(request), request.locale),
        ),
    )

    app.get(
      '/api/catalog/categories',
      {
        schema: {
          tags: ['catalog'],
          summary: 'The category tree and the brands, for navigation',
          response: { 200: categoryTreeSchema },
        },
      },
      async (request) => {
        const rows = await allCategories(data(request))
        const nodes = new Map<number, CategoryNode>(
          rows.map((r) => [r.id, { id: r.id, name: r.name, slug: r.slug, children: [] }]),
        )
        const roots: CategoryNode[] = []
        for (const row of rows) {
          const node = nodes.get(row.id)!
          const parent = row.parentId !== null ? nodes.get(row.parentId) : undefined
          if (parent) parent.children.push(node)
          else roots.push(node)
        }
        const brands = (await allBrands(data(request)))
          .map((b) => ({ id: b.id, name: b.name, slug: b.slug, key: turkishSortKey(b.name) }))
          .sort((a, b) => (a.key < b.key ? -1 : 1))
          .map(({ key: _key, ...b }) => b)
        return {
          categories: localizeCategoryTree(roots, await loadTranslations(data(request), request.locale)),
          brands,
        }
      },
    )
  }
