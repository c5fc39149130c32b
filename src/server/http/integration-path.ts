import type { FastifyRequest } from 'fastify'
import type { IntegrationScope } from '../../domain/integration-scopes'

/** The key an integration call authenticated with, as the door found it. */
export type IntegrationCaller = { id: number; name: string; prefix: string; scopes: IntegrationScope[] }

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The scope an integration route needs (null: any usable key). Every route behind the door names
     * it, so a route cannot be opened to every key by forgetting.
     */
    integrationScope?: IntegrationScope | null
  }
  interface FastifyRequest {
    /** The key an integration call authenticated with (null anywhere else). */
    integrationKey: IntegrationCaller | null
    /** Rows the route handled, for the call log (reportRows); null when it reports none. */
    integrationRows: number | null
  }
}

/**
 * The ERP integration API (docs/integration.md): called by a server with a bearer key, never by a
 * browser. Its requests carry no session (the session hook leaves them alone, so a cookie never
 * authenticates there) and need no CSRF token (the CSRF hook skips exactly this prefix); the key
 * itself is checked by the integration-keys module's door.
 */
export const INTEGRATION_PREFIX = '/api/integration/v1/'

/**
 * Both the address and the route that answers it are under the prefix: a path the router reads
 * differently from its raw text (dot segments, doubled slashes) is not taken for an integration call.
 */
export function isIntegrationRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? ''
  const route = request.routeOptions.url ?? ''
  return path.startsWith(INTEGRATION_PREFIX) && route.startsWith(INTEGRATION_PREFIX)
}

/** A route behind the door says how many rows it handled (bulk upserts, feeds): the call log keeps it. */
export const reportRows = (request: FastifyRequest, rows: number) => {
  request.integrationRows = rows
}

/** The integration key on the request, for routes behind the door (the door has checked it). */
export function integrationCaller(request: FastifyRequest): IntegrationCaller {
  if (!request.integrationKey) throw new Error('integration route outside the door')
  return request.integrationKey
}
