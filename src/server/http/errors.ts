import type { ErrorKind } from '../../contracts/common'
import type { MessageKey, MessageParams } from './messages'

export const statusByKind: Record<ErrorKind, number> = {
  validation: 400,
  bad_request: 400,
  unauthenticated: 401,
  payment: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
}

/** The one error type services throw; the error handler turns it into the documented JSON body. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly messageKey: MessageKey,
    readonly params?: MessageParams,
    /** A machine-readable code more specific than the kind (e.g. 'csrf', 'admin_cart'). */
    readonly code: string = kind,
    readonly fields?: Record<string, { key: MessageKey; params?: MessageParams }>,
  ) {
    super(messageKey)
    this.name = 'AppError'
  }

  get status(): number {
    return statusByKind[this.kind]
  }
}

export const notFound = () => new AppError('not_found', 'error.notFound')
export const unauthenticated = () => new AppError('unauthenticated', 'error.unauthenticated')
export const forbidden = (key: MessageKey = 'error.forbidden', code = 'forbidden') =>
  new AppError('forbidden', key, undefined, code)

/** A 429 that says how long to wait: the error handler answers it with Retry-After (seconds). */
export class RateLimitedError extends AppError {
  constructor(
    key: MessageKey,
    readonly retryAfterMs: number,
    code = 'rate_limited',
  ) {
    super('rate_limited', key, { minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)) }, code)
  }
}
