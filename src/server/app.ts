import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { AppDeps } from './app-deps'
import { configureCaches } from './cache/ttl-cache'
import { registerCsrf } from './http/csrf'
import { registerErrorHandling, sendError } from './http/error-handler'
import { registerLocale } from './http/locale'
import { registerOpenApi } from './http/openapi'
import { registerPages } from './http/pages'
import { registerSecurityHeaders } from './http/security-headers'
import { registerSession } from './http/session'
import { HtmlShell } from './http/shell'
import { registerStaticFiles } from './http/static-files'
import { accountRoutes } from './modules/account/account.routes'
import { cartRoutes } from './modules/cart/cart.routes'
import { campaignRoutes } from './modules/catalog/campaigns.routes'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { consentRoutes } from './modules/consent/consent.routes'
import { offersRoutes } from './modules/offers/offers.routes'
import { ordersRoutes } from './modules/orders/orders.routes'
import { preferencesRoutes } from './modules/preferences/preferences.routes'
import { searchRoutes } from './modules/search/search.routes'
import { sessionCache } from './modules/session/session-cache'

export type RouteEntry = { method: string; url: string }

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, so tests can walk them (e.g. the CSRF check). */
    routeTable: RouteEntry[]
  }
}

export async function buildApp(deps: AppDeps, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: deps.config.logLevel },
    genReqId: () => randomUUID(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
  })
  configureCaches(deps.config.cacheSeconds)
  sessionCache.ttlMs = Math.min(5, deps.config.cacheSeconds) * 1000
  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url })
  })

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  await app.register(cookie)
  await app.register(formbody)
  // Form data may come multipart (a browser FormData): fields become the body, files are refused.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 20, fieldSize: 10_000, parts: 20 },
  })
  await registerSecurityHeaders(app, { https: deps.config.trustProxy })
  registerLocale(app)
  registerCsrf(app, deps.config.sessionSecret)
  registerSession(app, { db: deps.database.db, secureCookies: deps.config.trustProxy, now: deps.now })
  // The session may carry the user's language: decide the request's language again once it is known.
  registerLocale(app)

  await registerOpenApi(app)
  await app.register(accountRoutes(deps))
  await app.register(preferencesRoutes(deps))
  await app.register(campaignRoutes(deps))
  await app.register(consentRoutes(deps))
  await app.register(catalogRoutes(deps))
  await app.register(searchRoutes(deps))
  await app.register(cartRoutes(deps))
  await app.register(ordersRoutes(deps))
  await app.register(offersRoutes(deps))

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    schema: { hide: true },
    handler: (request, reply) =>
      sendError(request, reply, 'not_found', 'error.routeNotFound', { code: 'route_not_found' }),
  })
  await registerStaticFiles(app, deps.config.rootDir)
  registerPages(app, deps, new HtmlShell(deps.config.rootDir))
  app.addHook('onClose', () => deps.searchLog.close())
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 'not_found', 'error.routeNotFound', { code: 'route_not_found' }),
  )
  return app
}
