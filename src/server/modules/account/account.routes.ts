import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
  passwordResetRequestSchema,
  passwordResetResponseSchema,
  passwordSetRequestSchema,
  passwordSetResponseSchema,
} from '../../../contracts/account'
import type { AppDeps } from '../../app-deps'
import { clientIpKey } from '../../http/client-ip'
import { RateWindow } from '../../http/rate-window'
import { csrfTokenFor, setSessionCookie } from '../../http/session'
import { login, logout } from './account.service'
import { deviceCookieOf, setDeviceCookie } from './device-cookie'
import { withRetryAfter } from './login-throttle'
import {
  RESET_WINDOW_MS,
  RESETS_PER_EMAIL,
  RESETS_PER_IP,
  requestPasswordReset,
  usePasswordLink,
} from './password-links.service'
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

    // Counted in the store every process shares, as the login throttle's counters are.
    const resets = {
      db,
      publicUrl: deps.config.publicUrl,
      perIp: new RateWindow(deps.throttle.store, 'reset-ip', RESETS_PER_IP, RESET_WINDOW_MS),
      perEmail: new RateWindow(deps.throttle.store, 'reset-mail', RESETS_PER_EMAIL, RESET_WINDOW_MS),
    }

    app.post(
      '/api/account/password-reset',
      {
        schema: {
          tags: ['account'],
          summary:
            'A forgotten password: an active user of this e-mail is mailed a reset link (1 h); the answer is the same whether or not the address has an account (429 with Retry-After for too many from one IP)',
          body: passwordResetRequestSchema,
          response: { 200: passwordResetResponseSchema },
        },
      },
      async (request) => {
        const queued = await requestPasswordReset(resets, request.body.email, {
          ipKey: clientIpKey(request.ip),
          now: deps.now(),
        })
        if (queued) deps.mailSignal.notify()
        return { ok: true as const }
      },
    )

    app.post(
      '/api/account/password-set',
      {
        schema: {
          tags: ['account'],
          summary:
            "Set the password through a one-time link's token (invitation or reset): every session of the user ends; log in with it afterwards",
          body: passwordSetRequestSchema,
          response: { 200: passwordSetResponseSchema },
        },
      },
      async (request) => {
        await usePasswordLink({ db, sessions: deps.sessions }, request.body, deps.now())
        return { ok: true as const }
      },
    )
  }
