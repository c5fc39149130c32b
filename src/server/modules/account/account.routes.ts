import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { loginRequestSchema, loginResponseSchema, logoutResponseSchema } from '../../../contracts/account'
import type { AppDeps } from '../../app-deps'
import { csrfTokenFor, setSessionCookie } from '../../http/session'
import { login, logout } from './account.service'
import { deviceCookieOf, setDeviceCookie } from './device-cookie'
import { withRetryAfter } from './login-throttle'
import { loadSessionUser } from './session-user.service'

export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const secret = deps.config.sessionSecret
    const account = { db, throttle: deps.throttle, sessions: deps.sessions, secret }
    const secure = deps.config.trustProxy
    // The throttle's store (a Redis connection when REDIS_URL is set) goes with the app.
    app.addHook('onClose', () => deps.throttle.close())

    app.post(
      '/api/account/login',
      {
        schema: {
          tags: ['account'],
          summary:
            'Log in with e-mail and password; answers the user and the new CSRF token (429 with Retry-After while throttled)',
          body: loginRequestSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (request, reply) => {
        const { token, userId, deviceId } = await withRetryAfter(reply, () =>
          login(account, request.body, {
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? null,
            previousToken: request.sessionToken,
            now: deps.now(),
            deviceCookie: deviceCookieOf(request),
          }),
        )
        setSessionCookie(reply, token, secure)
        setDeviceCookie(reply, secret, userId, deviceId, secure)
        const user = await loadSessionUser(db, userId, deps.now())
        return { user: user!, csrfToken: csrfTokenFor(secret, token) }
      },
    )

    app.post(
      '/api/account/logout',
      {
        schema: {
          tags: ['account'],
          summary: 'End the session on the server',
          response: { 200: logoutResponseSchema },
        },
      },
      async (request, reply) => {
        const token = await logout(account, request.sessionToken)
        setSessionCookie(reply, token, secure)
        return { ok: true as const, csrfToken: csrfTokenFor(secret, token) }
      },
    )
  }
