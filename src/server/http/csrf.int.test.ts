import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, userPreferences } from '../db/schema/accounts'
import { DEALER, seedAccounts } from '../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'
import { isCsrfExempt } from './csrf'

let t: TestApp
let client: TestClient

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  client = new TestClient(t.app)
  await client.login(DEALER.email, DEALER.password)
})
afterAll(() => t.close())

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A concrete URL for a route pattern: parameters become 1, wildcards a path segment. */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x')

describe('anti-forgery, walked over the whole route table', () => {
  const stateChanging = () => {
    const seen = new Set<string>()
    return t.app.routeTable.filter((r) => {
      const key = `${r.method} ${r.url}`
      // The bank's callback and the sandbox POS's form are verified by signature (payments tests).
      if (SAFE.has(r.method) || seen.has(key) || isCsrfExempt(concrete(r.url))) return false
      seen.add(key)
      return true
    })
  }

  it('finds the state-changing routes', () => {
    const routes = stateChanging().map((r) => `${r.method} ${r.url}`)
    expect(routes).toEqual(expect.arrayContaining(['POST /api/account/login', 'POST /api/catalog/settings']))
  })

  it('exempts only the payment callback and the sandbox POS form', () => {
    const exempt = t.app.routeTable
      .filter((r) => !SAFE.has(r.method) && isCsrfExempt(concrete(r.url)))
      .map((r) => `${r.method} ${r.url}`)
    expect([...new Set(exempt)].sort()).toEqual([
      'POST /payment/callback/:gateway',
      'POST /sandbox-pos/3ds/:token',
    ])
  })

  it.each([
    ['no headers at all', {}],
    ['the token but no X-Requested-With', { 'x-csrf-token': 'TOKEN' }],
    ['X-Requested-With but no token', { 'x-requested-with': 'XMLHttpRequest' }],
    ['a wrong token', { 'x-csrf-token': 'forged', 'x-requested-with': 'XMLHttpRequest' }],
  ])('answers 403 and changes nothing with %s', async (_label, extra) => {
    const sessionsBefore = await t.database.db.select({ n: count() }).from(sessions)
    const prefsBefore = await t.database.db.select({ n: count() }).from(userPreferences)
    for (const route of stateChanging()) {
      const headers: Record<string, string> = { cookie: client.cookie }
      for (const [k, v] of Object.entries(extra)) headers[k] = v === 'TOKEN' ? client.csrf : v
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers,
        payload: { key: 'productListView', value: 'list', email: DEALER.email, password: DEALER.password },
      })
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403)
      expect(res.json().error.code).toBe('csrf')
    }
    expect(await t.database.db.select({ n: count() }).from(sessions)).toEqual(sessionsBefore)
    expect(await t.database.db.select({ n: count() }).from(userPreferences)).toEqual(prefsBefore)
  })

  it("does not accept another visitor's token", async () => {
    const other = new TestClient(t.app)
    await other.openPage()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/catalog/settings',
      headers: { cookie: client.cookie, 'x-csrf-token': other.csrf, 'x-requested-with': 'XMLHttpRequest' },
      payload: { key: 'productListView', value: 'list' },
    })
    expect(res.statusCode).toBe(403)
  })

  it('lets the same request through with the right token', async () => {
    const res = await client.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'productListView', value: 'list' },
    })
    expect(res.statusCode).toBe(200)
  })
})
