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
    '%s is no page: 404 with the app shell',
    async (url) => {
      const res = await new TestClient(t.app).send({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('<div id="root">')
      expect(res.body).toMatch(/<title>(Sayfa bulunamadı|Page not found) \| /)
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
