import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type ErrorBody, type ErrorKind, TEXT_CONTROL_CHARACTERS } from '../../contracts/common'
import { isDatabaseUnavailable } from '../db/connection-errors'
import { isRedisUnavailable } from '../integrations/redis'
import { loggableError } from './error-log'
import { AppError, RateLimitedError, statusByKind } from './errors'
import { type MessageKey, type MessageParams, translate } from './messages'

type FieldIssue = {
  keyword: string
  instancePath: string
  message?: string
  params: Record<string, unknown>
}

/** Zod issue → a field message people can read, in their language. */
function fieldMessage(issue: FieldIssue): { key: MessageKey; params?: MessageParams } {
  const p = issue.params
  switch (issue.keyword) {
    case 'invalid_type':
      return { key: p.input === undefined ? 'field.required' : 'field.invalid' }
    case 'invalid_format':
      if (issue.message === TEXT_CONTROL_CHARACTERS) return { key: 'field.controlCharacters' }
      return { key: p.format === 'email' ? 'field.email' : 'field.invalid' }
    case 'too_small':
      return p.origin === 'string'
        ? {
            key: Number(p.minimum) <= 1 ? 'field.required' : 'field.tooShort',
            params: { min: Number(p.minimum) },
          }
        : { key: 'field.tooSmall', params: { min: Number(p.minimum) } }
    case 'too_big':
      return p.origin === 'string'
        ? { key: 'field.tooLong', params: { max: Number(p.maximum) } }
        : { key: 'field.tooBig', params: { max: Number(p.maximum) } }
    case 'invalid_value':
      return Array.isArray(p.values)
        ? { key: 'field.choice', params: { options: p.values.join(', ') } }
        : { key: 'field.invalid' }
    case 'unrecognized_keys':
      return { key: 'field.unknown' }
    default:
      return { key: 'field.invalid' }
  }
}

function fieldsFrom(issues: FieldIssue[]): Record<string, { key: MessageKey; params?: MessageParams }> {
  const fields: Record<string, { key: MessageKey; params?: MessageParams }> = {}
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const k of issue.params.keys) fields[base ? `${base}.${k}` : String(k)] = { key: 'field.unknown' }
      continue
    }
    const name = base || '_'
    fields[name] ??= fieldMessage(issue)
  }
  return fields
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  kind: ErrorKind,
  key: MessageKey,
  options: {
    code?: string
    params?: MessageParams
    fields?: ReturnType<typeof fieldsFrom>
    status?: number
  } = {},
) {
  const locale = request.locale
  const body: ErrorBody = {
    error: {
      code: options.code ?? kind,
      messages: { type: translate(locale, key, options.params) },
    },
  }
  if (options.fields) {
    body.error.fields = Object.fromEntries(
      Object.entries(options.fields).map(([name, f]) => [name, translate(locale, f.key, f.params)]),
    )
  }
  if (kind === 'internal') body.error.requestId = String(request.id)
  return reply
    .status(options.status ?? statusByKind[kind])
    .type('application/json; charset=utf-8')
    .send(body)
}

/**
 * Requests whose multipart body is being read (between the hooks around @fastify/multipart, app.ts).
 * Busboy fails with plain errors without a status (no boundary, a cut or malformed body): what goes
 * wrong there is the request's fault, a 400, not ours.
 */
const readingMultipart = new WeakSet<FastifyRequest>()
export const multipartReading = {
  start: async (request: FastifyRequest) => {
    if (request.isMultipart()) readingMultipart.add(request)
  },
  end: async (request: FastifyRequest) => {
    readingMultipart.delete(request)
  },
}

/** The one place where errors become HTTP answers (docs/design.md §3). */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof RateLimitedError) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))))
    }
    if (error instanceof AppError) {
      return sendError(request, reply, error.kind, error.messageKey, {
        code: error.code,
        params: error.params,
        fields: error.fields,
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 'validation', 'error.validation', {
        fields: fieldsFrom(error.validation as unknown as FieldIssue[]),
      })
    }
    const fe = error as FastifyError
    if (
      fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      (error instanceof SyntaxError && fe.statusCode === 400)
    ) {
      return sendError(request, reply, 'bad_request', 'error.badJson', { code: 'invalid_json' })
    }
    if (fe.statusCode === 415) {
      return sendError(request, reply, 'bad_request', 'error.unsupportedMedia', { status: 415 })
    }
    if (fe.statusCode === 413) {
      return sendError(request, reply, 'bad_request', 'error.tooLarge', { status: 413 })
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // The request's own line already says 4xx; what Fastify refused and why is for debugging.
      request.log.debug({ err: error }, 'client error')
      return sendError(request, reply, 'bad_request', 'error.badRequest', { status: fe.statusCode })
    }
    if (readingMultipart.has(request)) {
      request.log.debug({ error: loggableError(error) }, 'malformed multipart body')
      return sendError(request, reply, 'bad_request', 'error.badMultipart', { code: 'invalid_multipart' })
    }
    if (isDatabaseUnavailable(error) || isRedisUnavailable(error)) {
      // The database (or Redis) is down or restarting: 503 at once; both reconnect by themselves
      // (docs/operations.md).
      request.log.warn(isRedisUnavailable(error) ? 'redis unavailable' : 'database unavailable')
      reply.header('retry-after', '5')
      return sendError(request, reply, 'unavailable', 'error.unavailable')
    }
    // Never the error object itself: its message and fields may carry the request's values (error-log.ts).
    request.log.error({ error: loggableError(error), reqId: request.id }, 'unexpected error')
    return sendError(request, reply, 'internal', 'error.internal')
  })
}
