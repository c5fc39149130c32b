import type { Locale } from '../../contracts/common'
import { ApiError } from './api-error'
import { loginPath } from './locale-path'

export interface ApiConfig {
  csrfToken: string
  locale: Locale
  fetch: typeof fetch
  /** Full navigation, used to send a 401 to the login page. */
  navigate: (url: string) => void
  /** Path and query of the page, sent to the login page as `next`. */
  currentPath: () => string
  /** Shows the server's 403 message (a toast in the app). */
  onForbidden: (message: string) => void
}

const config: ApiConfig = {
  csrfToken: '',
  locale: 'tr',
  fetch: (input, init) => globalThis.fetch(input, init),
  navigate: (url) => window.location.assign(url),
  currentPath: () => window.location.pathname + window.location.search,
  onForbidden: () => {},
}

export function configureApi(patch: Partial<ApiConfig>): void {
  Object.assign(config, patch)
}

/** The anti-forgery token lives in memory; login and logout answers bring a new one. */
export function setCsrfToken(token: string): void {
  config.csrfToken = token
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface ApiRequestOptions {
  method?: HttpMethod
  /** Sent as JSON. */
  json?: unknown
  /** Sent as is (multipart or urlencoded form data). */
  body?: FormData | URLSearchParams
  query?: Record<string, string | number | boolean | null | undefined>
  signal?: AbortSignal
  /** Extra request headers (e.g. Idempotency-Key); the client's own headers cannot be replaced. */
  headers?: Record<string, string>
  /**
   * When false, a 401 does not go to the login page and a 403 shows no toast: the caller handles them
   * (the login form itself, fire-and-forget calls).
   */
  handleAuthErrors?: boolean
}

function withQuery(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  if (!search) return path
  return `${path}${path.includes('?') ? '&' : '?'}${search}`
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

async function readPayload(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  const type = response.headers.get('content-type') ?? ''
  if (!type.includes('json')) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const error = (payload as { error?: unknown } | undefined)?.error
  if (error && typeof error === 'object') {
    const { code, messages, fields } = error as {
      code?: unknown
      messages?: { type?: unknown }
      fields?: unknown
    }
    return new ApiError({
      status,
      code: typeof code === 'string' ? code : `http_${status}`,
      message: typeof messages?.type === 'string' ? messages.type : '',
      fields: fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined,
      payload,
    })
  }
  return new ApiError({ status, code: `http_${status}`, message: '', payload })
}

/**
 * Calls the API of this site: JSON in and out, anti-forgery headers on every state-changing request,
 * errors as `ApiError`. A 401 sends the browser to the login page (with `next`), a 403 shows the
 * server's message; both still reject so callers can stop their spinners.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.json !== undefined || options.body ? 'POST' : 'GET')
  const headers = new Headers(options.headers)
  headers.set('Accept', 'application/json')
  headers.set('Accept-Language', config.locale)
  headers.set('X-Requested-With', 'XMLHttpRequest')
  if (method !== 'GET') headers.set('X-CSRF-Token', config.csrfToken)
  let body: BodyInit | undefined = options.body
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(options.json)
  }

  const response = await send(withQuery(path, options.query), { method, headers, body }, options.signal)
  if (response.ok) return (await readPayload(response)) as T
  throw await failure(response, options)
}

/** One request of this site with its cookies; a failure to reach it is an ApiError 'network'. */
async function send(url: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await config.fetch(url, { ...init, signal: signal ?? null, credentials: 'same-origin' })
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error
    throw new ApiError({ status: 0, code: 'network', message: '' })
  }
}

/** A refused answer as the error apiFetch throws, its 401 and 403 handled as apiFetch handles them. */
async function failure(response: Response, options: ApiRequestOptions): Promise<ApiError> {
  const error = toApiError(response.status, await readPayload(response))
  if (options.handleAuthErrors !== false) {
    if (response.status === 401) {
      error.handled = true
      config.navigate(loginPath(config.locale, config.currentPath()))
    } else if (response.status === 403) {
      error.handled = true
      config.onForbidden(error.message)
    }
  }
  return error
}

/**
 * GETs a file of this site (an export): its bytes and the name the server gave it. A refusal (a filter
 * that matches too much) is an ApiError with the server's message, as apiFetch's are, so the page
 * can say it instead of the browser opening an error page.
 */
export async function apiFetchFile(
  path: string,
  options: Pick<ApiRequestOptions, 'query' | 'signal' | 'handleAuthErrors'> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const headers = new Headers({
    'Accept-Language': config.locale,
    'X-Requested-With': 'XMLHttpRequest',
  })
  const response = await send(withQuery(path, options.query), { method: 'GET', headers }, options.signal)
  if (!response.ok) throw await failure(response, options)
  const disposition = response.headers.get('content-disposition') ?? ''
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null
  return { blob: await response.blob(), fileName }
}

/**
 * POSTs form data (files) as apiFetch does — its headers, its errors, its 401 and 403 handling — and
 * reports how much of the body has been sent (0–1) as it goes: fetch cannot tell, XMLHttpRequest can.
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  options: Pick<ApiRequestOptions, 'signal' | 'handleAuthErrors'> & {
    onProgress?: (fraction: number) => void
  } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', path)
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader('Accept-Language', config.locale)
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest')
    xhr.setRequestHeader('X-CSRF-Token', config.csrfToken)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total)
    }
    xhr.onload = () => {
      const type = xhr.getResponseHeader('content-type') ?? ''
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': type },
      })
      if (response.ok) {
        options.onProgress?.(1)
        void readPayload(response).then((payload) => resolve(payload as T), reject)
      } else void failure(response, options).then(reject, reject)
    }
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'network', message: '' }))
    xhr.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'))
    if (options.signal?.aborted) return reject(new DOMException('The upload was stopped.', 'AbortError'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}
