import type { FastifyInstance } from 'fastify'
import { sendError } from './error-handler'
import { csrfTokenMatches, SESSION_COOKIE } from './session'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Every state-changing request must carry the page's token (X-CSRF-Token) and X-Requested-With.
 * Runs before the session is loaded and before any handler, for every route (and for unknown paths).
 */
export function registerCsrf(app: FastifyInstance, secret: string) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return
    const cookie = request.cookies[SESSION_COOKIE]
    const header = request.headers['x-csrf-token']
    const ok =
      request.headers['x-requested-with'] === 'XMLHttpRequest' &&
      typeof cookie === 'string' &&
      typeof header === 'string' &&
      csrfTokenMatches(secret, cookie, header)
    if (!ok) return sendError(request, reply, 'forbidden', 'error.csrf', { code: 'csrf' })
  })
}
