import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import {
  mailOutboxItemSchema,
  mailOutboxListSchema,
  mailOutboxQuerySchema,
} from '../../../contracts/mail-outbox'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { listMailOutbox, retryMail } from './mail-outbox.service'

const mailIdParams = z.object({ id: dbIdFromText })

/** Staff see what became of the mail the portal sends, and send a failed one again. */
export const mailOutboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/mail-outbox',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary: 'Queued, sent and failed mails, newest first (status=pending|sent|failed to filter)',
          querystring: mailOutboxQuerySchema,
          response: { 200: mailOutboxListSchema },
        },
      },
      async (request) => listMailOutbox(db, request.query.status, request.query.page),
    )

    app.post(
      '/yonetim/mail-outbox/:id/retry',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary: 'Send a failed mail again: due now, with the full retry schedule; a sent mail is 409',
          params: mailIdParams,
          response: { 200: mailOutboxItemSchema },
        },
      },
      async (request) =>
        retryMail({ db, mailSignal: deps.mailSignal }, staffActor(request), request.params.id, deps.now()),
    )
  }
