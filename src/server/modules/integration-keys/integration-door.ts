import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../../app-deps'
import { sendError } from '../../http/error-handler'
import { INTEGRATION_PREFIX } from '../../http/integration-path'
import { RateWindow } from '../../http/rate-window'
import { authenticateKey, pruneIntegrationCalls, recordIntegrationCall } from './integration-keys.service'

/** The window of the per-key rate limit. */
export const RATE_WINDOW_MS = 60_000
const PRUNE_EVERY_MS = 60 * 60 * 1000

const bearerOf = (header: string | undefined): string | null => {
  const match = /^Bearer ([^\s]+)$/i.exec(header?.trim() ?? '')
  return match?.[1] ?? null
}

function refuse(request: FastifyRequest, reply: FastifyReply, missing: boolean) {
  // RFC 6750: a refused bearer credential says which scheme the address takes.
  reply.header('www-authenticate', missing ? 'Bearer' : 'Bearer error="invalid_token"')
  return sendError(request, reply, 'unauthenticated', missing ? 'apiKeys.missing' : 'apiKeys.invalid', {
    code: missing ? 'api_key_missing' : 'api_key_invalid',
  })
}

/**
 * The integration API's door, for every route of the plugin context it is installed in: a bearer key
 * and nothing else authenticates (401 without a usable one), each key is held to
 * INTEGRATION_RATE_LIMIT calls a minute in the shared counter store (429 with Retry-After), the
 * route's scope is checked (403), and every call is logged — a structured line and an
 * `integration_calls` row (key, route, status, rows, duration), written after the answer has gone.
 */
export function installIntegrationDoor(app: FastifyInstance, deps: AppDeps) {
  const db = deps.database.db
  const limit = deps.config.integrationRateLimit
  const window = new RateWindow(deps.throttle.store, 'integration', limit, RATE_WINDOW_MS)
  let prunedAt = 0

  app.decorateRequest('integrationKey', null)
  app.decorateRequest('integrationRows', null)

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(INTEGRATION_PREFIX))
      throw new Error(`${route.url} is behind the integration door but outside ${INTEGRATION_PREFIX}`)
    const scope = route.config?.integrationScope
    if (scope === undefined)
      throw new Error(
        `${route.method} ${route.url} is an integration route: it names its scope (config.integrationScope)`,
      )
    // The OpenAPI document shows each route's key and scope (the schema object is the one it reads).
    if (route.schema && !route.schema.hide) {
      const schema = route.schema as Record<string, unknown>
      schema.security = [{ integrationKey: [] }]
      const needs = scope ? `Needs the scope ${scope}.` : 'Any usable key.'
      // A GET's HEAD twin shares the schema object: say it once.
      const said = String(schema.description ?? '')
      if (!said.endsWith(needs)) schema.description = said ? `${said} ${needs}` : needs
    }
  })

  app.addHook('onRequest', async (request, reply) => {
    const presented = bearerOf(request.headers.authorization)
    if (!presented) return refuse(request, reply, true)
    const now = deps.now()
    const key = await authenticateKey(db, presented, now)
    if (!key) return refuse(request, reply, false)
    request.integrationKey = key
    const wait = await window.take(String(key.id), now.getTime())
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000))
      reply.header('retry-after', String(seconds))
      return sendError(request, reply, 'rate_limited', 'apiKeys.rateLimited', {
        code: 'rate_limited',
        params: { seconds },
      })
    }
    const scope = request.routeOptions.config.integrationScope
    if (scope && !key.scopes.includes(scope))
      return sendError(request, reply, 'forbidden', 'apiKeys.scope', {
        code: 'api_key_scope',
        params: { scope },
      })
  })

  app.addHook('onResponse', async (request, reply) => {
    const key = request.integrationKey
    const call = {
      keyId: key?.id ?? null,
      key: key?.prefix ?? null,
      method: request.method,
      route: request.routeOptions.url ?? INTEGRATION_PREFIX,
      status: reply.statusCode,
      rows: request.integrationRows,
      durationMs: Math.round(reply.elapsedTime),
    }
    request.log.info({ integration: call }, 'integration call')
    if (!key) return
    const now = deps.now()
    try {
      await recordIntegrationCall(db, { ...call, keyId: key.id, at: now })
      if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now.getTime()
        await pruneIntegrationCalls(db, now)
      }
    } catch (err) {
      // The answer has gone out; a call the log missed must not turn into an unhandled failure.
      request.log.error({ err }, 'integration call not logged')
    }
  })
}
