import { vi } from 'vitest'
import { jsonResponse } from './fixtures'

export type FetchHandler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/**
 * A fetch mock that answers by path: the first handler whose key the request's path starts with
 * answers ('/api/catalog/products' also answers '/api/catalog/products/fren'); anything else is a 404.
 */
export function routeFetch(handlers: Record<string, FetchHandler | unknown>) {
  return vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const key = Object.keys(handlers)
      .sort((a, b) => b.length - a.length)
      .find((prefix) => url.pathname.startsWith(prefix))
    if (key === undefined) return jsonResponse({ error: { code: 'not_found', messages: { type: '' } } }, 404)
    const handler = handlers[key]
    return typeof handler === 'function' ? (handler as FetchHandler)(url, init) : jsonResponse(handler)
  })
}

/** The URLs a fetch mock was called with, as URL objects. */
export function calledUrls(mock: ReturnType<typeof routeFetch>): URL[] {
  return mock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))
}
