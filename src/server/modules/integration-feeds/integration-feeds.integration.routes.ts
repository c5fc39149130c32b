import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import {
  feedCustomerUsersPageSchema,
  feedOffersPageSchema,
  feedOrdersPageSchema,
  feedPaymentsPageSchema,
  feedQuerySchema,
} from '../../../contracts/integration-feeds'
import type { FeedName } from '../../../domain/integration-feeds'
import type { IntegrationScope } from '../../../domain/integration-scopes'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, reportRows } from '../../http/integration-path'
import { readFeed } from './integration-feeds.service'

const FEEDS: { feed: FeedName; path: string; scope: IntegrationScope; page: z.ZodType; summary: string }[] = [
  {
    feed: 'orders',
    path: 'orders',
    scope: 'orders:read',
    page: feedOrdersPageSchema,
    summary: 'Orders as they are placed, with their lines and the ERP acknowledgement (cursor feed)',
  },
  {
    feed: 'offers',
    path: 'offers',
    scope: 'offers:read',
    page: feedOffersPageSchema,
    summary: 'Offers as dealers make them, and again when staff make one an order (cursor feed)',
  },
  {
    feed: 'payments',
    path: 'payments',
    scope: 'payments:read',
    page: feedPaymentsPageSchema,
    summary: 'Card payments as they succeed and bank transfers as staff enter them (cursor feed)',
  },
  {
    feed: 'customer_users',
    path: 'customer-users',
    scope: 'customers:read',
    page: feedCustomerUsersPageSchema,
    summary: 'Dealer users as they are made in the portal (cursor feed)',
  },
]

/**
 * The cursor feeds (docs/integration.md, "Feeds"): `GET …/<feed>?since=<next>&limit=` answers
 * `{items, next}` in a stable order; a reader that keeps `next` misses nothing and sees nothing twice,
 * however many transactions commit while it pages.
 */
export const integrationFeedsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db
    for (const { feed, path, scope, page, summary } of FEEDS) {
      app.get(
        `${INTEGRATION_PREFIX}${path}`,
        {
          config: { integrationScope: scope },
          schema: { tags: ['integration'], summary, querystring: feedQuerySchema, response: { 200: page } },
        },
        async (request) => {
          const answer = await readFeed(db, feed, request.query)
          reportRows(request, answer.items.length)
          return answer
        },
      )
    }
  }
