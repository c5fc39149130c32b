import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { fromOwnPages } from './same-origin'

/** Whether a request with these headers counts as from our own pages, with or without a trusted proxy. */
async function judged(trustProxy: boolean, headers: Record<string, string>) {
  const app = Fastify({ trustProxy })
  app.post('/', async (request) => ({ own: fromOwnPages(request) }))
  const res = await app.inject({ method: 'POST', url: '/', headers })
  await app.close()
  return res.json().own as boolean
}

describe('our own origin behind a proxy (TRUST_PROXY=1)', () => {
  const forwarded = {
    host: '10.0.0.5:3000',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'bayi.example.com',
  }

  it("is the address the browser asked the proxy for, from the proxy's X-Forwarded-* headers", async () => {
    expect(await judged(true, { ...forwarded, origin: 'https://bayi.example.com' })).toBe(true)
    expect(await judged(true, { ...forwarded, origin: 'http://bayi.example.com' })).toBe(false)
    expect(await judged(true, { ...forwarded, origin: 'https://10.0.0.5:3000' })).toBe(false)
  })

  it('ignores X-Forwarded-* without a trusted proxy: the Host and the plain connection decide', async () => {
    expect(await judged(false, { ...forwarded, origin: 'https://bayi.example.com' })).toBe(false)
    expect(await judged(false, { ...forwarded, origin: 'http://10.0.0.5:3000' })).toBe(true)
  })

  it('refuses a Host that is no host name', async () => {
    expect(await judged(false, { host: 'evil.example/@x', origin: 'http://evil.example' })).toBe(false)
  })
})
