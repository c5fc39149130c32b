import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEALER, seedAccounts } from '../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'

/**
 * The staff area, walked over the app's route table as it is at run time: every route under /yonetim
 * (and the staff socket's address), every method, refuses a guest with 401 and a dealer with 403. Both
 * send a valid anti-forgery token, so it is the permission that refuses, not the CSRF check. A staff
 * route added later is covered without touching this file.
 */

let t: TestApp
let guest: TestClient
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  guest = new TestClient(t.app)
  await guest.openPage()
  dealer = new TestClient(t.app)
  const login = await dealer.login(DEALER.email, DEALER.password)
  expect(login.statusCode).toBe(200)
})
afterAll(() => t.close())

/** The staff socket: a plain GET (no upgrade) must not get through either. */
const STAFF_SOCKET = '/ws/online-users'

const isStaffRoute = (url: string) =>
  url === '/yonetim' || url.startsWith('/yonetim/') || url === STAFF_SOCKET

/** A concrete address for a route pattern: every parameter a number, a wildcard one path segment. */
const concrete = (url: string) => url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '1').replace(/\*/g, 'x')

function staffRoutes() {
  const seen = new Set<string>()
  return t.app.routeTable.filter((route) => {
    const key = `${route.method} ${route.url}`
    if (!isStaffRoute(route.url) || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** What a browser of this client would send: a body (an empty object) for the methods that carry one. */
function requestFor(method: string, url: string): InjectOptions & { csrf?: boolean } {
  const withBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method)
  return {
    method: method as InjectOptions['method'],
    url: concrete(url),
    ...(withBody ? { payload: {} } : {}),
  }
}

describe('the staff area, walked over the whole route table', () => {
  it('finds the staff routes', () => {
    const routes = staffRoutes().map((r) => `${r.method} ${r.url}`)
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /yonetim/mail-outbox',
        'POST /yonetim/mail-outbox/:id/retry',
        'GET /yonetim/payments',
        'POST /yonetim/bank-transfers',
      ]),
    )
  })

  it.each([
    ['a guest', () => guest, 401, 'unauthenticated'],
    ['a logged-in dealer', () => dealer, 403, 'forbidden'],
  ] as const)('refuses %s on every method of every staff route', async (_who, client, status, code) => {
    const answers: string[] = []
    const expected: string[] = []
    for (const route of staffRoutes()) {
      const res = await client().send(requestFor(route.method, route.url))
      const label = `${route.method} ${route.url}`
      const body = route.method === 'HEAD' ? '' : (res.json() as { error?: { code?: string } }).error?.code
      answers.push(`${label} → ${res.statusCode} ${body}`)
      expected.push(`${label} → ${status} ${route.method === 'HEAD' ? '' : code}`)
    }
    expect(answers).toEqual(expected)
  })

  it('sees a dealer as logged in (the 403s are not a lost session)', async () => {
    const res = await dealer.send({ method: 'GET', url: '/api/bootstrap' })
    expect(res.json().user?.role).toBe('dealer')
  })
})
