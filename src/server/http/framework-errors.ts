import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { sendError } from './error-handler'
import { resolveLocale } from './locale'

/**
 * What Fastify's router refuses before any route or hook runs: a path whose percent-encoding does not
 * decode (FST_ERR_BAD_URL, 400: '/api/catalog/product/%zz') and a path parameter longer than
 * maxParamLength (FST_ERR_MAX_PARAM_LENGTH, 414). Fastify answers them in a JSON of its own; this
 * gives them the documented error body like every other refusal (found by the fuzz suite).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // The locale hook has not run for such a request.
  request.locale = resolveLocale(request)
  const status = error.statusCode ?? 400
  if (status >= 500) {
    request.log.error({ err: error, reqId: request.id }, 'unexpected router error')
    return sendError(request, reply, 'internal', 'error.internal')
  }
  return sendError(request, reply, 'bad_request', 'error.badRequest', { status, code: 'bad_url' })
}
