import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './errors'

/**
 * Query strings and urlencoded form bodies, read strictly (docs/decisions.md "Malformed requests").
 * The stock parser keeps a percent-escape it cannot decode (`%E0%A4%A`, `%FF`) as its raw text, so a
 * mangled value would reach the services as if it had been typed; here it makes the request a 400.
 * Keys go into an object without a prototype, so `__proto__` or `constructor` is an ordinary (unknown)
 * key that the contract refuses, never a way into Object.prototype. A key given twice is a list, as
 * before.
 */
export type FormValues = Record<string, string | string[]>

const malformed = Symbol('malformed encoding')
type Parsed = FormValues & { [malformed]?: true }

function decode(text: string): string | null {
  const plus = text.includes('+') ? text.replace(/\+/g, ' ') : text
  if (!plus.includes('%')) return plus
  try {
    return decodeURIComponent(plus)
  } catch {
    return null
  }
}

/** Parses `a=1&b=x%20y`; null when a key or a value is not valid percent-encoded UTF-8. */
export function parseFormText(text: string): FormValues | null {
  const values: FormValues = Object.create(null)
  if (!text) return values
  for (const pair of text.split('&')) {
    if (!pair) continue
    const at = pair.indexOf('=')
    const key = decode(at === -1 ? pair : pair.slice(0, at))
    const value = decode(at === -1 ? '' : pair.slice(at + 1))
    if (key === null || value === null) return null
    const before = values[key]
    if (before === undefined) values[key] = value
    else if (Array.isArray(before)) before.push(value)
    else values[key] = [before, value]
  }
  return values
}

const badEncoding = () => new AppError('bad_request', 'error.badEncoding', undefined, 'bad_encoding')

/** The router's query string parser: never throws (it runs inside route lookup); marks what it refused. */
export function parseQueryString(text: string): FormValues {
  const values = parseFormText(text)
  if (values) return values
  const refused: Parsed = Object.create(null)
  refused[malformed] = true
  return refused
}

/** The urlencoded body parser of @fastify/formbody: a malformed encoding is the request's fault. */
export function parseFormBody(text: string): FormValues {
  const values = parseFormText(text)
  if (!values) throw badEncoding()
  return values
}

/** A request whose query string did not decode is answered 400 before anything reads it. */
export function refuseMalformedQueryStrings(app: FastifyInstance) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if ((request.query as Parsed | undefined)?.[malformed]) throw badEncoding()
  })
}
