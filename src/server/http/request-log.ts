import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import { loggableError } from './error-log'
import { isForPageRender } from './server-render'

/**
 * Names whose values never reach a log line, wherever they sit in a logged object (up to three
 * levels down: `body.password`, `req.headers.cookie`, `err.body.card.cvc`). The request line below
 * logs none of them; this is the safety net for whoever logs a request, its headers or its body.
 */
const SECRET_NAMES = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordVerify',
  'passwordAgain',
  // A one-time password link's token (POST /api/account/password-set): as good as the password.
  'token',
  'cardNumber',
  'card',
  'ccv',
  'cvc',
  'cvv',
  'csrfToken',
  // A virtual POS's merchant keys (PUT /yonetim/payment-setup/gateway, the iyzico client's options).
  'apiKey',
  'secretKey',
  'cookie',
  'authorization',
  'x-csrf-token',
  'set-cookie',
]

const segment = (name: string) => (/^[A-Za-z_]\w*$/.test(name) ? `.${name}` : `["${name}"]`)

export const LOG_REDACT_PATHS = SECRET_NAMES.flatMap((name) => {
  const tail = segment(name)
  return [tail.startsWith('.') ? name : tail, `*${tail}`, `*.*${tail}`, `*.*.*${tail}`]
})

export type LogDestination = { write(line: string): void }

/** Pino options for the app: the configured level, secrets censored, optionally another destination. */
export function loggerOptions(level: string, stream?: LogDestination) {
  return {
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
    // Every error logged as `err` (the outbox worker's, presence's, Fastify's own) goes through the same
    // scrubbing as a 500's line: a failed statement's parameters never reach the log (error-log.ts).
    serializers: {
      err: (error: Error) => {
        const logged = loggableError(error)
        return { ...logged, stack: logged.stack ?? '' }
      },
    },
    ...(stream ? { stream } : {}),
  }
}

export type RequestKind = 'api' | 'page' | 'quiet'

/** The route every page of the web app is answered by (pages.ts). */
export const PAGE_ROUTE = '/*'

/**
 * The API is what people do, so each call is a line; a page is the first load of the web app (it
 * navigates on its own afterwards), also a line. Files (the built app, images, favicon, robots) and
 * health checks and metrics scrapes are many and say nothing: they are logged at debug only.
 */
export function requestKind(url: string): RequestKind {
  const pathname = url.split('?')[0] ?? '/'
  if (pathname.startsWith('/api/') || pathname.startsWith('/yonetim/')) return 'api'
  if (pathname === '/healthz' || pathname === '/metrics') return 'quiet'
  if (/^\/(assets|images|locales)\//.test(pathname)) return 'quiet'
  // Any other file name (favicon.ico, robots.txt, site.webmanifest, a source map) is a file, not a page.
  if (/\/[^/]+\.[A-Za-z0-9]{1,12}$/.test(pathname)) return 'quiet'
  return 'page'
}

/** A page's path for the log: no query string, and a payment link's token (a bearer secret) hidden. */
export function pageForLog(url: string): string {
  const pathname = url.split('?')[0] ?? '/'
  return pathname.replace(/^((?:\/en)?\/odeme-linki\/)[^/]+/, '$1:token')
}

/**
 * Fastify's own request lines (one when a request comes in, one when it is answered, each with the
 * raw URL) become one line per request, written when the answer has gone out.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const byAddress = requestKind(request.url)
    // The staff pages share `/yonetim/` with the staff API: what answered (the pages' `/*`) decides.
    const kind =
      isForPageRender(request) || byAddress === 'quiet'
        ? 'quiet'
        : request.routeOptions.url === PAGE_ROUTE
          ? 'page'
          : byAddress
    const status = reply.statusCode
    const ms = Math.round(reply.elapsedTime * 10) / 10
    // The route pattern (`/api/catalog/offer/:id`), never the address with its ids and query string.
    // A page's pattern is `/*`, so a page logs its path instead (no query string: it may hold a search).
    // Other routes outside the API (the payment frame, the sandbox POS's /sandbox-pos/3ds/:token) log
    // their pattern too: a signed ticket in an address stays out of the log.
    const route =
      kind === 'page' && request.routeOptions.url === PAGE_ROUTE
        ? pageForLog(request.url)
        : (request.routeOptions.url ?? '(no route)')
    const line = {
      method: request.method,
      route,
      status,
      ms,
      ...(request.user ? { userId: request.user.id } : {}),
    }
    const message = `${request.method} ${route} ${status} ${ms} ms`
    // As the error handler's line: the error without the request's values (error-log.ts).
    if (error) request.log.error({ ...line, error: loggableError(error) }, `${message} (the answer failed)`)
    else if (kind === 'quiet') request.log.debug(line, message)
    else request.log.info(line, message)
  }
}
