import type { FastifyRequest } from 'fastify'

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
