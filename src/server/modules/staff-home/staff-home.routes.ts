import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffSummarySchema } from '../../../contracts/staff-home'
import type { AppDeps } from '../../app-deps'
import { staffOnly } from '../../http/guards'
import { staffSummary } from './staff-home.service'

/** The staff home: today's figures at a glance (area sales: every role that follows the business). */
export const staffHomeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    staffOnly(app)
    app.get(
      '/yonetim/summary',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags: ['yonetim'],
          summary:
            "Today's orders, offers, card payments and bank transfers, orders waiting and open fault reports",
          response: { 200: staffSummarySchema },
        },
      },
      async (request) => staffSummary({ db: deps.database.db, caches: request.caches }, deps.now()),
    )
  }
