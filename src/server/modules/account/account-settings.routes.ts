import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  accountSettingsRequestSchema,
  accountSettingsResponseSchema,
} from '../../../contracts/account-settings'
import type { AppDeps } from '../../app-deps'
import { requireUser } from '../../http/guards'
import { csrfTokenFor, setSessionCookie } from '../../http/session'
import { changePassword } from './account-settings.service'
import { deviceCookieOf } from './device-cookie'
import { withRetryAfter } from './login-throttle'

/**
 * POST /api/catalog/account/settings (spec/2 §7): the account form of any logged-in user, dealer or
 * administrator. A guest gets 401 before the body is read.
 */
export const accountSettingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const account = {
      db: deps.database.db,
      throttle: deps.throttle,
      sessions: deps.sessions,
      secret: deps.config.sessionSecret,
    }

    app.addHook('preValidation', async (request) => {
      requireUser(request)
    })

    app.post(
      '/api/catalog/account/settings',
      {
        schema: {
          tags: ['account'],
          summary:
            'Change the password (form data currentPassword, password, passwordVerify); ends the other sessions and answers the new CSRF token of this one, which goes on under a new cookie',
          body: accountSettingsRequestSchema,
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
          response: { 200: accountSettingsResponseSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request)
        const { token } = await withRetryAfter(reply, () =>
          changePassword(account, user, request.body, {
            ip: request.ip,
            sessionToken: request.sessionToken,
            now: deps.now(),
            deviceCookie: deviceCookieOf(request),
          }),
        )
        // The session goes on under a new token, as after a login: a new cookie, and the CSRF token
        // that goes with it for the page's next write.
        setSessionCookie(reply, token, deps.config.trustProxy)
        return { success: true as const, csrfToken: csrfTokenFor(deps.config.sessionSecret, token) }
      },
    )
  }
