import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import { orderAckBodySchema, orderAckSchema } from '../../../contracts/integration-feeds'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, integrationCaller, reportRows } from '../../http/integration-path'
import { acknowledgeOrder } from './orders-erp.service'

/** The orders' integration API: the ERP acknowledges an order it took over (docs/integration.md). */
export const ordersIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      `${INTEGRATION_PREFIX}orders/:id/ack`,
      {
        config: { integrationScope: 'orders:read' },
        schema: {
          tags: ['integration'],
          summary:
            "Mark an order transferred with the ERP's document number (the dealer sees it); the same number again answers the same; another number is 409 order_already_acknowledged",
          params: z.object({ id: dbIdFromText }),
          body: orderAckBodySchema,
          response: { 200: orderAckSchema },
        },
      },
      async (request) => {
        const key = integrationCaller(request)
        const actor = { apiKeyId: key.id, name: key.name, ip: request.ip }
        const answer = await acknowledgeOrder(
          deps.database.db,
          actor,
          request.params.id,
          request.body.documentNumber,
          deps.now(),
        )
        reportRows(request, 1)
        return answer
      },
    )
  }
