import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer, loggedInUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'

/**
 * Every staff page answers a guest and a dealer the same way: a guest goes to the login page and
 * comes back after, a dealer gets the 403 page. The pages are read from the web app's router, so a
 * staff page added there is walked here without anyone listing it.
 */
const router = readFileSync(path.join(process.cwd(), 'src', 'web', 'app', 'router.tsx'), 'utf8')
const ROUTES = [...router.matchAll(/<Route path="(yonetim(?:\/[^"]*)?)"/g)].map((m) => `/${m[1]}`)
/** A record's page (`…/:id`) is walked at a record the test makes (beforeAll). */
const recordIds: Record<string, number> = {}
let STAFF_PATHS: string[] = ROUTES

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }

let t: TestApp
let dealer: TestClient
let admin: TestClient

beforeAll(async () => {
  t = await createTestApp()
  dealer = await loggedInUser(t, (await createCustomer(t.database.db)).id)
  admin = await loggedInUser(t, null)
  await seedAccounts(t.database.db)
  const made = async (url: string, payload: object) => {
    const res = await admin.send({ method: 'POST', url, payload })
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return (res.json() as { id: number }).id
  }
  await made('/yonetim/categories', { code: 'SP-K', name: 'Sayfa kategorisi' })
  recordIds['/yonetim/urunler/:id'] = await made('/yonetim/products', {
    code: 'SP-1',
    name: 'Sayfa ürünü',
    categoryCode: 'SP-K',
    salePrice: 1,
    currency: 'TRY',
    taxRate: 20,
  })
  recordIds['/yonetim/kampanyalar/:id'] = await made('/yonetim/campaigns', { name: 'Sayfa kampanyası' })
  STAFF_PATHS = ROUTES.map((route) => {
    if (!route.includes(':')) return route
    const id = recordIds[route]
    if (id === undefined) throw new Error(`no record made for ${route}: add one in beforeAll`)
    return route.replace(/:[a-z]+/i, String(id))
  })
})
afterAll(async () => {
  await t?.close()
})

const addresses = () =>
  STAFF_PATHS.flatMap((p) => [p, `/en${p}`, `${p}?sayfa=2`]).map((url) => ({
    url,
    prefix: url.startsWith('/en/') ? '/en' : '',
  }))

describe('the staff pages of the router', () => {
  it('are found: /yonetim and every screen of the staff menu', () => {
    expect(STAFF_PATHS).toContain('/yonetim')
    expect(STAFF_PATHS.length).toBeGreaterThanOrEqual(9)
    expect(STAFF_PATHS.every((p) => p === '/yonetim' || p.startsWith('/yonetim/'))).toBe(true)
  })

  it('send a guest to the login page, which brings them back', async () => {
    for (const { url, prefix } of addresses()) {
      const res = await new TestClient(t.app).send({ method: 'GET', url, headers: HTML })
      expect([url, res.statusCode]).toEqual([url, 302])
      expect(res.headers.location).toBe(`${prefix}/account/login?next=${encodeURIComponent(url)}`)
    }
  })

  it('give a dealer the same 403 page, in the page language', async () => {
    for (const { url, prefix } of addresses()) {
      const res = await dealer.send({ method: 'GET', url, headers: HTML })
      expect([url, res.statusCode]).toEqual([url, 403])
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('private, no-cache')
      expect(res.body).toContain('<div id="root">')
      const title = prefix ? 'This page is for administrators' : 'Bu sayfa yöneticiler içindir'
      expect(res.body, url).toMatch(new RegExp(`<title>${title} \\| `))
    }
  })

  it('open for an administrator', async () => {
    for (const { url } of addresses()) {
      const res = await admin.send({ method: 'GET', url, headers: HTML })
      expect([url, res.statusCode]).toEqual([url, 200])
    }
  })

  it('answer a guest the same on an address under /yonetim that is no screen (nothing told about what is there)', async () => {
    const res = await new TestClient(t.app).send({ method: 'GET', url: '/yonetim/gizli', headers: HTML })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/account/login?next=%2Fyonetim%2Fgizli')
    expect((await dealer.send({ method: 'GET', url: '/yonetim/gizli', headers: HTML })).statusCode).toBe(403)
  })
})

describe('a staff page drawn on the server', () => {
  // A stand-in for the built server entry that draws every address as not found.
  const FAKE_ENTRY = `
export function configureApi() {}
export async function renderPage({ hints }) {
  return { html: '<p id="drawn">drawn</p>', state: { hints, queries: { queries: [] } }, status: 404 }
}
`
  let root = ''
  let drawing: TestApp
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'toptan-staff-ssr-'))
    mkdirSync(path.join(root, 'dist', 'ssr'), { recursive: true })
    writeFileSync(path.join(root, 'dist', 'ssr', 'entry-server.js'), FAKE_ENTRY)
    drawing = await createTestApp({ rootDir: root, serverRender: true })
  })
  afterAll(async () => {
    await drawing?.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('stays a 403 for a dealer whatever the drawing says', async () => {
    const company = await createCustomer(drawing.database.db)
    const other = await loggedInUser(drawing, company.id)
    for (const url of STAFF_PATHS) {
      const res = await other.send({ method: 'GET', url, headers: HTML })
      expect([url, res.statusCode]).toEqual([url, 403])
      expect(res.body).toContain('<p id="drawn">drawn</p>')
    }
  })
})
