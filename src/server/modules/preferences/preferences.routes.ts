import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { preferenceRequestSchema } from '../../../contracts/account'
import type { AppDeps } from '../../app-deps'
import { requireUser } from '../../http/guards'
import { setPreference } from './preferences.service'

export const preferencesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/catalog/settings',
      {
        schema: {
          tags: ['preferences'],
          summary: 'Store one preference of the logged-in user',
          body: preferenceRequestSchema,
          response: { 200: z.object({ ok: z.literal(true), key: z.string() }) },
        },
      },
      async (request) => {
        const user = requireUser(request)
        await setPreference(deps.database.db, user, request.body)
        deps.sessions.forgetUser(user.id)
        return { ok: true as const, key: request.body.key }
      },
    )
  }
