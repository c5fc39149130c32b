import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { fromOwnPages, type OriginPolicy } from './same-origin'

const policy = (over: Partial<OriginPolicy> = {}): OriginPolicy => ({
  publicUrl: 'https://bayi.example.com',
  trustForwardedHost: false,
  ...over,
})

/** Whether a request with these headers counts as from our own pages, with or without a trusted proxy. */
async function judged(trustProxy: boolean, headers: Record<string, string>, origins = policy()) {
  const app = Fastify({ trustProxy })
  app.post('/', async (request) => ({ own: fromOwnPages(request, origins) }))
  const res = await app.inject({ method: 'POST', url: '/', headers })
  await app.close()
  return res.json().own as boolean
}

describe('our own origin behind a proxy (TRUST_PROXY=1)', () => {
  const forwarded = {
    host: '10.0.0.5:3000',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'portal.example.com',
  }
  const trusting = policy({ trustForwardedHost: true })

  it("with TRUST_FORWARDED_HOST=1, is the address the browser asked the proxy for, from the proxy's X-Forwarded-* headers", async () => {
    expect(await judged(true, { ...forwarded, origin: 'https://portal.example.com' }, trusting)).toBe(true)
    expect(await judged(true, { ...forwarded, origin: 'http://portal.example.com' }, trusting)).toBe(false)
    expect(await judged(true, { ...forwarded, origin: 'https://10.0.0.5:3000' }, trusting)).toBe(false)
  })

  it('with TRUST_FORWARDED_HOST=0 (the default), takes the Host header, never X-Forwarded-Host', async () => {
    expect(await judged(true, { ...forwarded, origin: 'https://portal.example.com' })).toBe(false)
    expect(await judged(true, { ...forwarded, origin: 'https://10.0.0.5:3000' })).toBe(true)
    // The proxy's scheme still counts: the browser was on https.
    expect(await judged(true, { ...forwarded, origin: 'http://10.0.0.5:3000' })).toBe(false)
  })

  it('ignores X-Forwarded-* without a trusted proxy: the Host and the plain connection decide', async () => {
    expect(await judged(false, { ...forwarded, origin: 'https://portal.example.com' }, trusting)).toBe(false)
    expect(await judged(false, { ...forwarded, origin: 'http://10.0.0.5:3000' }, trusting)).toBe(true)
  })
})

describe('PUBLIC_URL', () => {
  it("is ours whatever Host the proxy passes on, as Origin or as a page's Referer", async () => {
    const internal = { host: '10.0.0.5:3000' }
    expect(await judged(true, { ...internal, origin: 'https://bayi.example.com' })).toBe(true)
    expect(await judged(true, { ...internal, referer: 'https://bayi.example.com/sepet?x=1' })).toBe(true)
    expect(await judged(false, { ...internal, origin: 'https://bayi.example.com:8443' })).toBe(false)
    expect(await judged(false, { ...internal, origin: 'http://bayi.example.com' })).toBe(false)
  })

  it('does not excuse a cross-site Sec-Fetch-Site', async () => {
    expect(await judged(false, { origin: 'https://bayi.example.com', 'sec-fetch-site': 'cross-site' })).toBe(
      false,
    )
  })
})

it('refuses a Host that is no host name', async () => {
  expect(await judged(false, { host: 'evil.example/@x', origin: 'http://evil.example' })).toBe(false)
})
