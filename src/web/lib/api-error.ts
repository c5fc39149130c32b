export interface ApiErrorInit {
  status: number
  code: string
  message: string
  fields?: Record<string, string> | undefined
  /** The whole answer as read (JSON), for a caller that needs more than the error (a 410's link). */
  payload?: unknown
}

/**
 * A failed API call. `message` is the server's text for people (error.messages.type) or '' when the
 * answer carried none (network failure, proxy error page): the UI then shows its own wording.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string> | undefined
  readonly payload: unknown
  /** Set when the client already reacted (login redirect on 401, toast on 403). */
  handled = false

  constructor(init: ApiErrorInit) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.fields = init.fields
    this.payload = init.payload
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
