import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { inputText } from '../../../../contracts/common'
import type { PaymentGateway } from '../gateway'
import { newNonce, sendPage } from '../html-page'
import { SANDBOX_PREFIX, SandboxGateway } from './sandbox-gateway'
import { challengePage, resultPostPage, ticketInvalidPage } from './sandbox-pages'
import { SANDBOX_SMS_CODE } from './test-cards'

const params = z.object({ token: inputText().min(10).max(2000) })

/**
 * The sandbox POS's 3-D Secure challenge, served under /sandbox-pos/ only while the sandbox is the
 * gateway payments start with (else 404): `current` answers it per request, as the back office may
 * choose another. Its POST is exempt from our CSRF check (http/csrf.ts) as a bank's page is: what it
 * posts is worthless without the signed ticket in its address.
 */
export const sandboxRoutes =
  (current: (request: FastifyRequest) => Promise<PaymentGateway | null>): FastifyPluginAsyncZod =>
  async (app) => {
    const sandboxOf = async (request: FastifyRequest) => {
      const gateway = await current(request)
      return gateway instanceof SandboxGateway ? gateway : null
    }
    const schema = { hide: true, params }

    app.get(`${SANDBOX_PREFIX}/3ds/:token`, { schema }, async (request, reply) => {
      const sandbox = await sandboxOf(request)
      if (!sandbox) return reply.callNotFound()
      const nonce = newNonce()
      const ticket = sandbox.readTicket(request.params.token)
      if (!ticket) return sendPage(reply, ticketInvalidPage(nonce), 404)
      return sendPage(reply, challengePage(ticket, request.params.token, nonce))
    })

    app.post(
      `${SANDBOX_PREFIX}/3ds/:token`,
      {
        schema: {
          ...schema,
          body: z.object({ code: inputText().max(20).optional(), cancel: inputText().max(5).optional() }),
          consumes: ['application/x-www-form-urlencoded'],
        },
      },
      async (request, reply) => {
        const sandbox = await sandboxOf(request)
        if (!sandbox) return reply.callNotFound()
        const nonce = newNonce()
        const ticket = sandbox.readTicket(request.params.token)
        if (!ticket) return sendPage(reply, ticketInvalidPage(nonce), 404)
        const accepted = !request.body.cancel && request.body.code?.trim() === SANDBOX_SMS_CODE
        const result = sandbox.resultOf(ticket, accepted)
        return sendPage(reply, resultPostPage(ticket.callbackUrl, result, nonce))
      },
    )
  }
