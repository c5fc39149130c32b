import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { autocompleteItemSchema } from '../../../contracts/catalog'
import { inputText } from '../../../contracts/common'
import { productPath } from '../../../domain/product-url'
import type { AppDeps } from '../../app-deps'
import { visitorOf } from '../../http/session'
import { findSuggestions } from './search.repository'

const LIMIT = 10

export const searchRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      '/autocomplete',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Search suggestions: code, name, barcode and equivalent codes, Turkish letters folded',
          querystring: z.object({ q: inputText().max(100).default('') }),
          response: { 200: z.array(autocompleteItemSchema) },
        },
      },
      async (request) => {
        const q = request.query.q.trim()
        if (!q) return []
        // Ranked suggestions come from the search index, current by change (no cache in front of it).
        const rows = await findSuggestions(deps.searchIndex, db, q, LIMIT)
        // A keystroke's term: logged once the person settles on it (search-log.ts).
        await deps.searchLog.typed(visitorOf(request), {
          userId: request.user?.id ?? null,
          query: q,
          resultCount: rows.length,
        })
        return rows.map((r) => ({
          id: r.id,
          name: r.name,
          code: r.code,
          url: productPath(r.seo, r.id),
          image: r.image,
        }))
      },
    )
  }
