import type { FastifyInstance } from 'fastify'
import type { Caches } from '../cache/caches'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The app's caches for this request: the data's version is read once, on first use, however
     * many reference reads the request makes (cache/reference-cache.ts).
     */
    caches: Caches
  }
}

export function registerRequestCaches(app: FastifyInstance, caches: Caches) {
  app.decorateRequest('caches', null as unknown as Caches)
  app.addHook('onRequest', async (request) => {
    request.caches = caches.scope()
  })
}
