import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts } from '../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) =>
      app.get('/api/test-only/boom', async () => {
        throw new Error('secret internals at /srv/app.ts:12')
      }),
  })
  await seedAccounts(t.database.db)
})
afterAll(() => t.close())

describe('HTML pages', () => {
  it('carry a CSRF meta tag, the bootstrap data and security headers', async () => {
    const client = new TestClient(t.app)
    const res = await client.openPage('/')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(client.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.body).toContain('<script id="bootstrap" type="application/json">')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    const cookie = res.cookies.find((c) => c.name === 'toptan_sid')
    expect(cookie?.httpOnly).toBe(true)
    expect(cookie?.sameSite).toBe('Lax')
  })

  it('serve the English page under /en with lang="en"', async () => {
    const res = await new TestClient(t.app).openPage('/en/account/login')
    expect(res.statusCode).toBe(200)
    const bootstrap = JSON.parse(
      /<script id="bootstrap" type="application\/json">(.*?)<\/script>/s.exec(res.body)![1]!,
    )
    expect(bootstrap.locale).toBe('en')
    expect(bootstrap.user).toBeNull()
    expect(bootstrap.currencies.map((c: { code: string }) => c.code)).toEqual(['TRY', 'USD', 'EUR'])
  })

  it('never let catalogue text close the bootstrap script', async () => {
    const res = await new TestClient(t.app).openPage('/</script><script>alert(1)</script>')
    expect(res.body).not.toContain('<script>alert(1)</script>')
  })
})

describe('API errors', () => {
  it('answer an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      error: { code: 'route_not_found', messages: { type: 'Böyle bir adres yok.' } },
    })
  })

  it("answer malformed JSON with a 400 in the caller's language", async () => {
    const client = new TestClient(t.app)
    await client.openPage()
    const res = await client.send({
      method: 'POST',
      url: '/api/account/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"email": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('invalid_json')
    expect(res.json().error.messages.type).toContain('invalid JSON')
  })

  it('reject unknown fields with field messages', async () => {
    const client = new TestClient(t.app)
    await client.openPage()
    const res = await client.send({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'not-an-email', password: 'x', role: 'admin' },
    })
    expect(res.statusCode).toBe(400)
    const body = res.json()
    expect(body.error.code).toBe('validation')
    expect(body.error.fields.email).toBe('Geçerli bir e-posta adresi giriniz.')
    expect(body.error.fields.role).toBe('Bilinmeyen alan.')
  })

  it('turn an unexpected error into a generic 500 with a request id and no stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-only/boom' })
    expect(res.statusCode).toBe(500)
    const body = res.json()
    expect(body.error.code).toBe('internal')
    expect(body.error.requestId).toMatch(/[0-9a-f-]{36}/)
    expect(res.body).not.toContain('secret internals')
    expect(res.body).not.toContain('.ts:')
  })
})

describe('OpenAPI', () => {
  it('documents every API route from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/account/login',
        '/api/account/logout',
        '/api/catalog/settings',
        '/api/bootstrap',
      ]),
    )
    expect(doc.paths['/api/account/login'].post.requestBody).toBeDefined()
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect([200, 302]).toContain(docs.statusCode)
  })
})

describe('POST /api/catalog/cookies', () => {
  it('remembers the consent in a cookie and rejects anything but allowCookies: true', async () => {
    const client = new TestClient(t.app)
    await client.openPage()
    const ok = await client.send({
      method: 'POST',
      url: '/api/catalog/cookies',
      payload: { allowCookies: true },
    })
    expect(ok.statusCode).toBe(200)
    expect(ok.cookies.find((c) => c.name === 'toptan_cookie_consent')?.value).toBe('1')
    const bad = await client.send({
      method: 'POST',
      url: '/api/catalog/cookies',
      payload: { allowCookies: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
  })
})
