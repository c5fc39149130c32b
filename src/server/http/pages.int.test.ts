import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'

// Pages sent for the browser to draw (no server render): the statuses the server knows by itself.
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})

afterAll(async () => {
  await t?.close()
})

describe('Page statuses without a server render', () => {
  it.each(['/a/b/c', '/en/a/b/c', '/yonetim/olmayan/sayfa', '/bilinmeyen-urun-p-99999999'])(
    '%s is no page: 404 with the app shell for a browser, the API 404 body for any other client',
    async (url) => {
      const res = await new TestClient(t.app).send({
        method: 'GET',
        url,
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('<div id="root">')
      expect(res.body).toMatch(/<title>(Sayfa bulunamadı|Page not found) \| /)
      if (url.endsWith('-p-99999999')) return // a product address is a page: its 404 is always one
      const api = await new TestClient(t.app).send({ method: 'GET', url, headers: { accept: '*/*' } })
      expect(api.statusCode).toBe(404)
      expect(api.json()).toMatchObject({ error: { code: 'route_not_found' } })
    },
  )

  it.each([
    '/',
    '/urunler',
    '/arama?q=vida',
    '/en/urunler',
    '/account/login',
    '/el-aletleri',
    '/bosch/matkap',
  ])('%s answers 200', async (url) => {
    expect((await new TestClient(t.app).send({ method: 'GET', url })).statusCode).toBe(200)
  })
})
