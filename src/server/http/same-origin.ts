import type { FastifyRequest } from 'fastify'

/** A Host value as a browser sends it: a name or an IP (IPv6 in brackets), and an optional port. */
const HOST_VALUE = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** The origin of a URL in its canonical form (lower case, default port dropped), or null. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin
    return origin === 'null' ? null : origin
  } catch {
    return null
  }
}

/**
 * This request's own origin: the scheme and host the browser addressed. Directly, that is the Host
 * header and the connection's scheme; behind a proxy (TRUST_PROXY=1, Fastify's trustProxy), the
 * X-Forwarded-Proto and X-Forwarded-Host the proxy sets (docs/decisions.md "Same-origin writes").
 */
export function ownOrigin(request: FastifyRequest): string | null {
  const host = request.host
  if (typeof host !== 'string' || !HOST_VALUE.test(host)) return null
  return originOf(`${request.protocol}://${host}`)
}

/**
 * Whether a request comes from this site's own pages, as the browser says it: its Origin is ours; or,
 * with no Origin, its Referer is one of our pages; or, with neither, Sec-Fetch-Site says same-origin.
 * A Sec-Fetch-Site other than same-origin refuses whatever else was sent, and so do `Origin: null`
 * (a sandboxed frame, a data: page), an unparsable value and a request that says nothing at all.
 * Used for every state-changing request (csrf.ts) and for the staff socket's upgrade (presence).
 */
export function fromOwnPages(request: FastifyRequest): boolean {
  const own = ownOrigin(request)
  if (!own) return false
  const { origin, referer } = request.headers
  const fetchSite = request.headers['sec-fetch-site']
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false
  if (origin !== undefined) return originOf(origin) === own
  if (referer !== undefined) return originOf(referer) === own
  return fetchSite === 'same-origin'
}
