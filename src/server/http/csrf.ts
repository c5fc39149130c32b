import type { FastifyInstance } from 'fastify'
import { sendError } from './error-handler'
import { isIntegrationRequest } from './integration-path'
import { fromOwnPages, type OriginPolicy } from './same-origin'
import { csrfTokenMatches, SESSION_COOKIE } from './session'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Posts that come from another site by design, verified by signature instead (docs/payments.md): the
 * bank's 3-D Secure result posted to /payment/callback/{gateway}, and the sandbox POS's challenge form,
 * which plays the bank and is worthless without the signed ticket in its address.
 */
export const CSRF_EXEMPT_PATHS = [/^\/payment\/callback\/[a-z0-9-]+$/, /^\/sandbox-pos\/3ds\/[^/]+$/]

export const isCsrfExempt = (url: string) => {
  const path = url.split('?')[0] ?? ''
  return CSRF_EXEMPT_PATHS.some((pattern) => pattern.test(path))
}

/**
 * Every state-changing request must carry the page's token (X-CSRF-Token) and X-Requested-With, and
 * come from this site's own pages (same-origin.ts: Origin, else Referer, else Sec-Fetch-Site); the
 * exempt posts above are cross-site by design and skip both. Runs before the session is loaded and
 * before any handler, for every route (and for unknown paths): 403 `csrf`, then 403 `bad_origin`.
 */
export function registerCsrf(app: FastifyInstance, secret: string, origins: OriginPolicy) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || (request.method === 'POST' && isCsrfExempt(request.url))) return
    // Server-to-server with a bearer key and no cookie: nothing a browser could be tricked into sending.
    if (isIntegrationRequest(request)) return
    const cookie = request.cookies[SESSION_COOKIE]
    const header = request.headers['x-csrf-token']
    const ok =
      request.headers['x-requested-with'] === 'XMLHttpRequest' &&
      typeof cookie === 'string' &&
      typeof header === 'string' &&
      csrfTokenMatches(secret, cookie, header)
    if (!ok) return sendError(request, reply, 'forbidden', 'error.csrf', { code: 'csrf' })
    if (!fromOwnPages(request, origins))
      return sendError(request, reply, 'forbidden', 'error.badOrigin', { code: 'bad_origin' })
  })
}
