import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  searchQueriesQuerySchema,
  searchQueriesSchema,
  topQueriesQuerySchema,
  topQueriesSchema,
} from '../../../contracts/search-dashboard'
import type { AppDeps } from '../../app-deps'
import { staffOnly } from '../../http/guards'
import { searchQueries, topQueries } from './search-dashboard.service'

/** Staff see what dealers search for, who searches most, and what they search for without finding. */
export const searchDashboardRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/top-queries',
      {
        config: { staffArea: 'cockpit' },
        schema: {
          tags,
          summary:
            'Most searched words and most active users (each with its top 10), the latest searches and ' +
            'the words searched without a result, over today, 7 or 30 days in Istanbul (period, default 7d); ' +
            "dates in the request's language and the store's time zone",
          querystring: topQueriesQuerySchema,
          response: { 200: topQueriesSchema },
        },
      },
      async (request) =>
        topQueries({ db, caches: request.caches }, request.query.period, deps.now(), request.locale),
    )

    app.get(
      '/yonetim/search_queries',
      {
        config: { staffArea: 'cockpit' },
        schema: {
          tags,
          summary:
            'type=kelime: who searched the word (Turkish letters folded); type=kullanıcı (or kullanici): the words of the users whose name or e-mail contains the term; over the period (default 7d). A blank term is 400',
          querystring: searchQueriesQuerySchema,
          response: { 200: searchQueriesSchema },
        },
      },
      async (request) =>
        searchQueries({ db, caches: request.caches }, request.query, deps.now(), request.locale),
    )
  }
