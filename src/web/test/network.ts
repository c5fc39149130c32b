import { HttpResponse, type JsonBodyType } from 'msw'
import type { z } from 'zod'
import { errorBodySchema } from '../../contracts/common'
import { server } from './server'

/**
 * An API answer, checked against its contract first: a handler cannot serve what the server never
 * would, and a fixture that drifts from the contract fails the test that serves it.
 */
export function apiJson<S extends z.ZodType>(schema: S, value: z.input<S>, init?: ResponseInit) {
  return HttpResponse.json(schema.parse(value) as JsonBodyType, init)
}

/** An error answer in the API's shape: { error: { code, messages: { type }, fields? } }. */
export function apiError(status: number, code: string, message = '', fields?: Record<string, string>) {
  const error = { code, messages: { type: message }, ...(fields ? { fields } : {}) }
  return HttpResponse.json(errorBodySchema.parse({ error }), { status })
}

/** The body of a request as a test compares it: parsed JSON, form fields as an object, or undefined. */
export async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries((await request.formData()).entries())
  }
  const text = await request.text()
  if (!text) return undefined
  return type.includes('json') ? JSON.parse(text) : text
}

export interface RecordedRequest {
  method: string
  url: URL
  /** Path and query, e.g. '/autocomplete?q=fren'. */
  path: string
  headers: Headers
  /** The body as readBody() reads it; set a moment after the request starts. */
  body: unknown
  signal: AbortSignal
}

const stops: Array<() => void> = []

/**
 * Records every request the app makes from now until the end of the test (handled or not), in order,
 * for tests that look at the calls: which paths, how many, with which bodies and headers.
 */
export function recordRequests(): RecordedRequest[] {
  const log: RecordedRequest[] = []
  const listener = ({ request }: { request: Request }) => {
    const entry: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      path: new URL(request.url).pathname + new URL(request.url).search,
      headers: request.headers,
      body: undefined,
      signal: request.signal,
    }
    log.push(entry)
    void readBody(request.clone()).then((body) => {
      entry.body = body
    })
  }
  server.events.on('request:start', listener)
  stops.push(() => server.events.removeListener('request:start', listener))
  return log
}

/** Ends the recordings of the test that just finished (setup.ts, after each test). */
export function stopRecording(): void {
  for (const stop of stops.splice(0)) stop()
}

export interface HeldRequest {
  method: string
  path: string
  body: unknown
  headers: Headers
  /** Lets the request finish with this answer; HttpResponse.error() is a network failure. */
  answer: (response: Response) => void
}

/**
 * A resolver that keeps each request waiting until the test answers it, so a test can look at the
 * page between the click and the server's answer.
 */
export function holdRequests() {
  const calls: HeldRequest[] = []
  const resolver = async ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    const body = await readBody(request.clone())
    return new Promise<Response>((answer) =>
      calls.push({
        method: request.method,
        path: url.pathname + url.search,
        body,
        headers: request.headers,
        answer,
      }),
    )
  }
  return { calls, resolver }
}

/** A resolver that never answers (a request still under way when the test looks). */
export const never = () => new Promise<Response>(() => {})
