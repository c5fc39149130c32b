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
 * What decides our own origin: the site's configured address (PUBLIC_URL, as config.ts reduced it to
 * its origin), and whether the proxy's X-Forwarded-Host names the request's host (TRUST_FORWARDED_HOST).
 */
export type OriginPolicy = { publicUrl: string; trustForwardedHost: boolean }

/**
 * This request's own origin: the scheme and host the browser addressed. The scheme is the
 * connection's, or behind a proxy (TRUST_PROXY, Fastify's trustProxy) its X-Forwarded-Proto; the host
 * is the Host header, or X-Forwarded-Host only when the proxy is said to set it (TRUST_FORWARDED_HOST=1:
 * otherwise a client could send its own through a proxy that passes it on). docs/decisions.md
 * "Same-origin writes".
 */
export function ownOrigin(request: FastifyRequest, policy: OriginPolicy): string | null {
  // Fastify's request.host prefers X-Forwarded-Host whenever the proxy is trusted at all.
  const host = policy.trustForwardedHost ? request.host : request.headers.host
  if (typeof host !== 'string' || !HOST_VALUE.test(host)) return null
  return originOf(`${request.protocol}://${host}`)
}

/**
 * Whether a request comes from this site's own pages, as the browser says it: its Origin is ours (the
 * request's own origin, or PUBLIC_URL's: a page served there is ours whatever Host the proxy passes);
 * or, with no Origin, its Referer is one of our pages; or, with neither, Sec-Fetch-Site says same-origin.
 * A Sec-Fetch-Site other than same-origin refuses whatever else was sent, and so do `Origin: null`
 * (a sandboxed frame, a data: page), an unparsable value and a request that says nothing at all.
 * Used for every state-changing request (csrf.ts) and for the staff socket's upgrade (presence).
 */
export function fromOwnPages(request: FastifyRequest, policy: OriginPolicy): boolean {
  const own = ownOrigin(request, policy)
  const ours = (url: string) => {
    const sent = originOf(url)
    return sent !== null && (sent === own || sent === policy.publicUrl)
  }
  const { origin, referer } = request.headers
  const fetchSite = request.headers['sec-fetch-site']
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false
  if (origin !== undefined) return ours(origin)
  if (referer !== undefined) return ours(referer)
  return own !== null && fetchSite === 'same-origin'
}
