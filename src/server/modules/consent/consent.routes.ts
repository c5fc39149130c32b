import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppDeps } from '../../app-deps'

export const CONSENT_COOKIE = 'toptan_cookie_consent'

/** POST /api/catalog/cookies: the visitor accepted the cookie notice; remembered for a year. */
export const consentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/catalog/cookies',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Store the cookie-notice consent',
          body: z.strictObject({ allowCookies: z.literal(true) }),
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (_request, reply) => {
        reply.setCookie(CONSENT_COOKIE, '1', {
          path: '/',
          sameSite: 'lax',
          secure: deps.config.trustProxy,
          maxAge: 365 * 24 * 60 * 60,
        })
        return { ok: true as const }
      },
    )
  }
