import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  accountSettingsRequestSchema,
  accountSettingsResponseSchema,
} from '../../../contracts/account-settings'
import type { AppDeps } from '../../app-deps'
import { requireUser } from '../../http/guards'
import { changePassword } from './account-settings.service'

/**
 * POST /api/catalog/account/settings (spec/2 §7): the account form of any logged-in user, dealer or
 * administrator. A guest gets 401 before the body is read.
 */
export const accountSettingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const account = { db: deps.database.db, throttle: deps.throttle, sessions: deps.sessions }

    app.addHook('preValidation', async (request) => {
      requireUser(request)
    })

    app.post(
      '/api/catalog/account/settings',
      {
        schema: {
          tags: ['account'],
          summary:
            'Change the password (form data currentPassword, password, passwordVerify); ends the other sessions',
          body: accountSettingsRequestSchema,
          consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
          response: { 200: accountSettingsResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser(request)
        await changePassword(account, user, request.body, {
          ip: request.ip,
          sessionToken: request.sessionToken,
          now: deps.now(),
        })
        return { success: true as const }
      },
    )
  }
