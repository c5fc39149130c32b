import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app'

/** The API docs: public, with exactly the headers of the app's own pages. */

let t: TestApp
let appCsp: string

beforeAll(async () => {
  t = await createTestApp()
  appCsp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])
})
afterAll(() => t.close())

describe('the API docs', () => {
  it.each([
    '/api/docs',
    '/api/docs/static/index.html',
    '/api/docs/static/swagger-initializer.js',
    '/api/docs/static/swagger-ui-bundle.js',
    '/api/docs/json',
    '/api/openapi.json',
  ])('%s carries the strict headers of the app', async (url) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode, url).toBeLessThan(400)
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toBe(appCsp)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self';")
    expect(csp).not.toContain('https:')
    expect(res.headers['x-frame-options']).toBe('DENY')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })

  it('needs nothing the strict policy refuses: no inline script, no outside address', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(page.body).toContain('<div id="swagger-ui"></div>')
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(page.body).not.toMatch(/(?:src|href)="(?:https?:)?\/\//)
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' })
    expect(init.body).toContain('"validatorUrl":null')
  })
})

describe('the integration API in the document', () => {
  it('has a bearer scheme, the scopes enum, and the key route under it with its scope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(doc.components.securitySchemes.integrationKey).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.components.schemas.IntegrationScope.enum).toEqual(
      expect.arrayContaining(['catalogue:write', 'orders:read', 'jobs:write']),
    )
    const key = doc.paths['/api/integration/v1/key'].get
    expect(key.security).toEqual([{ integrationKey: [] }])
    expect(key.description).toBe('Any usable key.')
    expect(key.responses['200'].content['application/json'].schema.properties.scopes.items.enum).toContain(
      'orders:read',
    )
    // Staff routes keep the session, and the integration catch-all stays out of the document.
    expect(doc.paths['/yonetim/api-keys'].get.security).toBeUndefined()
    const integrationPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/integration/'))
    expect(integrationPaths).toEqual(
      expect.arrayContaining(['/api/integration/v1/key', '/api/integration/v1/products']),
    )
    expect(integrationPaths.filter((p) => p.includes('*'))).toEqual([])
    // Every operation there names the key and its scope.
    for (const path of integrationPaths)
      for (const operation of Object.values(doc.paths[path]) as {
        security: unknown
        description: string
      }[]) {
        expect(operation.security, path).toEqual([{ integrationKey: [] }])
        expect(operation.description, path).toMatch(
          /Needs the scope [a-z]+:(read|write)\.$|Any usable key\.$/,
        )
      }
    expect(doc.paths['/api/integration/v1/products'].post.description).toBe(
      'Needs the scope catalogue:write.',
    )
  })
})
