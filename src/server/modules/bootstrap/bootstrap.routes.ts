import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bootstrapSchema } from '../../../contracts/bootstrap'
import type { AppDeps } from '../../app-deps'
import { buildBootstrap } from './bootstrap.service'

export const bootstrapRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const secret = deps.config.sessionSecret

    app.get(
      '/api/bootstrap',
      {
        schema: {
          tags: ['account'],
          summary: 'What the web app needs for its first paint (also embedded in every page)',
          response: { 200: bootstrapSchema },
        },
      },
      async (request) =>
        buildBootstrap({ db, caches: request.caches }, request, secret, deps.now(), deps.config.testMode),
    )
  }
