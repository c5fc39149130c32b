import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, loggedInUser } from '../test/dealers'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'
import { looksLikePhone } from './server-render'

// A stand-in for the built server entry (dist/ssr/entry-server.js): it asks the API for the visitor's
// bootstrap through the fetch the server configured, as the web app's queries do, and shows the answer.
const FAKE_ENTRY = `
let api
export function configureApi(patch) { api = patch }
export async function renderPage({ url, hints }) {
  if (url.startsWith('/bozuk')) throw new Error('cannot draw this one')
  const res = await api.fetch('/api/bootstrap', { headers: { accept: 'application/json' } })
  const body = await res.json()
  const who = body.user ? body.user.email : 'guest'
  // An address the fake knows as missing is drawn as the web app draws its not-found state.
  const status = url.startsWith('/olmayan') || url.startsWith('/en/olmayan') ? 404 : 200
  return { html: '<p id="drawn">' + [url, res.status, who, hints.phone, hints.cookieConsent].join(' ') + '</p>', state: { hints, queries: { queries: [] } }, status }
}
`

let root: string
let t: TestApp
const logged: Array<{ msg?: string; route?: string; level?: number }> = []

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'toptan-ssr-'))
  mkdirSync(path.join(root, 'dist', 'ssr'), { recursive: true })
  writeFileSync(path.join(root, 'dist', 'ssr', 'entry-server.js'), FAKE_ENTRY)
  t = await createTestApp({
    rootDir: root,
    serverRender: true,
    logStream: { write: (line: string) => void logged.push(JSON.parse(line)) },
  })
})

afterAll(async () => {
  await t?.close()
  rmSync(root, { recursive: true, force: true })
})

const drawn = (html: string) => /<div id="root"><p id="drawn">([^<]*)<\/p><\/div>/.exec(html)?.[1]

describe('Pages drawn on the server', () => {
  it("draws a guest's page with the API answering as that guest", async () => {
    const res = await new TestClient(t.app).send({ method: 'GET', url: '/urunler?page=2' })
    expect(res.statusCode).toBe(200)
    expect(drawn(res.body)).toBe('/urunler?page=2 200 guest false false')
    expect(res.body).toContain('<script id="ssr-state" type="application/json">')
  })

  it("draws a dealer's page with the dealer's session, and for a phone when the browser says it is one", async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const res = await dealer.send({
      method: 'GET',
      url: '/',
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' },
    })
    expect(drawn(res.body)).toBe(`/ 200 ${dealer.user.email} true false`)
  })

  it('logs the page as one line, the API calls made to draw it at debug only', async () => {
    logged.length = 0
    await new TestClient(t.app).send({ method: 'GET', url: '/el-aletleri?page=3' })
    await new Promise((resolve) => setImmediate(resolve))
    const requestLines = logged.filter((line) => line.route !== undefined)
    expect(requestLines.map((line) => line.route)).toEqual(['/el-aletleri'])
  })

  it('passes the cookie-notice consent on', async () => {
    const res = await new TestClient(t.app).send({
      method: 'GET',
      url: '/',
      headers: { cookie: 'toptan_cookie_consent=1' },
    })
    expect(drawn(res.body)).toBe('/ 200 guest false true')
  })

  it('sends the page for the browser to draw when drawing fails', async () => {
    const res = await new TestClient(t.app).send({ method: 'GET', url: '/bozuk-kategori' })
    expect(res.statusCode).toBe(200)
    expect(drawn(res.body)).toBeUndefined()
    expect(res.body).not.toContain('ssr-state')
  })

  it('sends a signed-in user from the login page home', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const res = await dealer.send({ method: 'GET', url: '/en/account/login' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/en/')
  })
})

describe('Pages that do not exist', () => {
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]

  it.each([
    ['/olmayan-sayfa', 'Sayfa bulunamadı'],
    ['/en/olmayan', 'Page not found'],
    ['/olmayan-marka/olmayan-kategori', 'Sayfa bulunamadı'],
  ])('answers %s with 404 when the drawn page is the not-found state', async (url, heading) => {
    const res = await new TestClient(t.app).send({ method: 'GET', url })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('text/html')
    expect(drawn(res.body)).toBe(`${url} 200 guest false false`)
    expect(title(res.body)).toMatch(new RegExp(`^${heading} \\| `))
  })

  it.each(['/a/b/c', '/en/a/b/c', '/siparis/1/2/3'])(
    'answers %s, which no route of the web app takes, with 404 and the page drawn (to a browser)',
    async (url) => {
      const res = await new TestClient(t.app).send({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(res.statusCode).toBe(404)
      expect(drawn(res.body)).toBe(`${url} 200 guest false false`)
    },
  )

  it('keeps 200 for the pages the drawing found', async () => {
    for (const url of ['/', '/urunler', '/el-aletleri', '/bosch/el-aletleri', '/en/el-aletleri']) {
      const res = await new TestClient(t.app).send({ method: 'GET', url })
      expect([url, res.statusCode]).toEqual([url, 200])
    }
  })
})

describe('Pages that need an account', () => {
  it.each([
    ['/sepet', '/account/login?next=%2Fsepet'],
    ['/hizli-siparis', '/account/login?next=%2Fhizli-siparis'],
    ['/siparis/liste?page=2', '/account/login?next=%2Fsiparis%2Fliste%3Fpage%3D2'],
    ['/siparis/12', '/account/login?next=%2Fsiparis%2F12'],
    ['/en/teklif/liste', '/en/account/login?next=%2Fen%2Fteklif%2Fliste'],
    ['/yonetim/e-postalar', '/account/login?next=%2Fyonetim%2Fe-postalar'],
  ])('a guest asking for %s goes to %s', async (url, location) => {
    const res = await new TestClient(t.app).send({ method: 'GET', url })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe(location)
  })

  it('a guest gets the open pages as they are', async () => {
    for (const url of ['/', '/urunler', '/account/login', '/en/urunler']) {
      expect((await new TestClient(t.app).send({ method: 'GET', url })).statusCode).toBe(200)
    }
  })
})

describe('looksLikePhone', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', true],
    ['Mozilla/5.0 (Linux; Android 11; moto g power (2022)) Chrome/130.0 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36', false],
    [undefined, false],
  ])('%s → %s', (agent, phone) => {
    expect(looksLikePhone(agent)).toBe(phone)
  })
})
