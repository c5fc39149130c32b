import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText, okSchema } from '../../../contracts/common'
import {
  webhookDeliverySchema,
  webhookEndpointCreateSchema,
  webhookEndpointIssuedSchema,
  webhooksViewSchema,
} from '../../../contracts/integration-feeds'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import {
  createWebhookEndpoint,
  removeWebhookEndpoint,
  replayWebhookDelivery,
  webhooksOf,
} from './webhooks.service'

const keyParams = z.object({ id: dbIdFromText })

/**
 * Staff's webhooks of an integration key (the system area, as the keys: the owner writes, the
 * read-only role reads): the endpoints and delivery log, a new endpoint (its secret shown once),
 * removing one, and replaying a delivery; each write audited.
 */
export const webhooksRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db
    const tags = ['yonetim']
    const config = { staffArea: 'system' as const }
    staffOnly(app)

    app.get(
      '/yonetim/api-keys/:id/webhooks',
      {
        config,
        schema: {
          tags,
          summary:
            "A key's webhook endpoints (never their secrets) and its latest 50 deliveries, newest first",
          params: keyParams,
          response: { 200: webhooksViewSchema },
        },
      },
      async (request) => webhooksOf(db, request.params.id, deps.now()),
    )

    app.post(
      '/yonetim/api-keys/:id/webhooks',
      {
        config,
        schema: {
          tags,
          summary:
            'A webhook endpoint of the key (absolute http(s) URL, events): the answer carries its signing secret once; 409 key_inactive for a revoked or expired key',
          params: keyParams,
          body: webhookEndpointCreateSchema,
          response: { 200: webhookEndpointIssuedSchema },
        },
      },
      async (request) =>
        createWebhookEndpoint(db, staffActor(request), request.params.id, request.body, deps.now()),
    )

    app.delete(
      '/yonetim/api-keys/:id/webhooks/:webhookId',
      {
        config,
        schema: {
          tags,
          summary:
            'Remove an endpoint: nothing more is sent to it, its waiting deliveries fail; its log stays',
          params: keyParams.extend({ webhookId: dbIdFromText }),
          response: { 200: okSchema },
        },
      },
      async (request) =>
        removeWebhookEndpoint(
          db,
          staffActor(request),
          request.params.id,
          request.params.webhookId,
          deps.now(),
        ),
    )

    app.post(
      '/yonetim/api-keys/:id/webhooks/deliveries/:deliveryId/replay',
      {
        config,
        schema: {
          tags,
          summary:
            'Send a delivery again (the same id and body, newly signed): due now with the whole retry schedule ahead',
          params: keyParams.extend({ deliveryId: dbIdFromText }),
          response: { 200: webhookDeliverySchema },
        },
      },
      async (request) =>
        replayWebhookDelivery(
          db,
          staffActor(request),
          request.params.id,
          request.params.deliveryId,
          deps.now(),
        ),
    )
  }
