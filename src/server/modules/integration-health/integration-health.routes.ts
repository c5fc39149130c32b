import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { integrationHealthSchema } from '../../../contracts/integration-health'
import type { AppDeps } from '../../app-deps'
import { staffOnly } from '../../http/guards'
import { integrationHealth } from './integration-health.service'

/**
 * The sync health screen's data (/yonetim/entegrasyon). The system area, as the API keys it reports
 * on: the owner and the read-only role read it; the replay of a delivery is the webhooks' own route.
 */
export const integrationHealthRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    staffOnly(app)
    app.get(
      '/yonetim/integration-health',
      {
        config: { staffArea: 'system' },
        schema: {
          tags: ['yonetim'],
          summary:
            "The ERP sync's health: per resource the last write, the last 24 hours' rows by outcome and the latest rejected rows; the keys' calls; the latest jobs; failing webhook deliveries",
          response: { 200: integrationHealthSchema },
        },
      },
      async (request) => integrationHealth(deps.database.db, deps.now(), request.locale),
    )
  }
