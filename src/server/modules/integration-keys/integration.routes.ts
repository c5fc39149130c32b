import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { integrationWhoAmISchema } from '../../../contracts/api-keys'
import type { AppDeps } from '../../app-deps'
import { sendError } from '../../http/error-handler'
import { INTEGRATION_PREFIX, integrationCaller } from '../../http/integration-path'
import { installIntegrationDoor, RATE_WINDOW_MS } from './integration-door'

/**
 * The ERP integration API (`/api/integration/v1/`, docs/integration.md) in a plugin context of its
 * own: every route in it, this module's and those of the `resources` plugins the app passes in (each
 * module's `*.integration.routes.ts`), is behind the door (integration-door.ts) and names its scope.
 */
export const integrationRoutes =
  (deps: AppDeps, resources: readonly FastifyPluginAsyncZod[] = []): FastifyPluginAsyncZod =>
  async (app) => {
    installIntegrationDoor(app, deps)
    const tags = ['integration']
    for (const plugin of resources) await app.register(plugin)

    app.get(
      `${INTEGRATION_PREFIX}key`,
      {
        config: { integrationScope: null },
        schema: {
          tags,
          summary: 'The calling key: its id, name, scopes and rate limit (any usable key; to test a setup)',
          response: { 200: integrationWhoAmISchema },
        },
      },
      async (request) => {
        const key = integrationCaller(request)
        return {
          id: key.id,
          name: key.name,
          scopes: key.scopes,
          rateLimit: { limit: deps.config.integrationRateLimit, windowSeconds: RATE_WINDOW_MS / 1000 },
        }
      },
    )

    // An unknown integration address is behind the door too: 401 without a key, 404 with one.
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${INTEGRATION_PREFIX}*`,
      config: { integrationScope: null },
      schema: { hide: true },
      handler: (request, reply) =>
        sendError(request, reply, 'not_found', 'error.routeNotFound', { code: 'route_not_found' }),
    })
  }
