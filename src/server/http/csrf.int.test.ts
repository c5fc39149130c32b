import { count, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, userPreferences } from '../db/schema/accounts'
import { queryRows } from '../test/db-helpers'
import { DEALER, seedAccounts } from '../test/fixtures'
import { addLine, makeOffer, placeOrder, stockedProduct } from '../test/owned-records'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'
import { isCsrfExempt } from './csrf'
import { INTEGRATION_PREFIX } from './integration-path'

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

/**
 * Exempt from the check: the signed cross-site posts, and the integration API, which a browser's
 * cookie never authenticates (a bearer key does; integration-keys.int.test.ts).
 */
const exempt = (url: string) => isCsrfExempt(concrete(url)) || url.startsWith(INTEGRATION_PREFIX)

describe('anti-forgery, walked over the whole route table', () => {
  const stateChanging = () => {
    const seen = new Set<string>()
    return t.app.routeTable.filter((r) => {
      const key = `${r.method} ${r.url}`
      // The bank's callback and the sandbox POS's form are verified by signature (payments tests).
      if (SAFE.has(r.method) || seen.has(key) || exempt(r.url)) return false
      seen.add(key)
      return true
    })
  }

  it('finds the state-changing routes', () => {
    const routes = stateChanging().map((r) => `${r.method} ${r.url}`)
    expect(routes).toEqual(expect.arrayContaining(['POST /api/account/login', 'POST /api/catalog/settings']))
  })

  it('exempts only the payment callback, the sandbox POS form and the integration API', () => {
    const exempted = t.app.routeTable
      .filter((r) => !SAFE.has(r.method) && exempt(r.url))
      .map((r) => `${r.method} ${r.url}`)
    // Every integration route (the bulk upserts, uploads, the catch-all) is behind the key door instead.
    const outsideTheDoor = [...new Set(exempted)].filter(
      (r) => !r.split(' ')[1]!.startsWith(INTEGRATION_PREFIX),
    )
    expect(outsideTheDoor.sort()).toEqual(['POST /payment/callback/:gateway', 'POST /sandbox-pos/3ds/:token'])
    expect(exempted).toEqual(
      expect.arrayContaining(['POST /api/integration/v1/*', 'PUT /api/integration/v1/*']),
    )
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

/** A same-origin request as the browser sends it, with a valid token: only the origin headers vary. */
const fromPage = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/catalog/settings',
    headers: {
      cookie: client.cookie,
      'x-csrf-token': client.csrf,
      'x-requested-with': 'XMLHttpRequest',
      ...headers,
    },
    payload: { key: 'productListView', value: 'list' },
  })

const REFUSED_ORIGINS: Array<[string, Record<string, string>]> = [
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['our host on another scheme', { origin: 'https://localhost' }],
  ['our host on another port', { origin: 'http://localhost:8080' }],
  ['Origin: null (a sandboxed frame, a data: page)', { origin: 'null' }],
  ['an unparsable Origin', { origin: 'not a url' }],
  ['no Origin and a foreign Referer', { referer: 'https://evil.example/page' }],
  ['no Origin, no Referer and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['no Origin, no Referer and Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  [
    'our Origin with Sec-Fetch-Site: cross-site',
    { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' },
  ],
  [
    'a foreign Origin with our Referer',
    { origin: 'https://evil.example', referer: 'http://localhost/sepet' },
  ],
  ['nothing that names an origin', {}],
]

describe('same-origin writes: a valid token is not enough', () => {
  it.each(REFUSED_ORIGINS)(
    'answers 403 bad_origin on every state-changing route with %s',
    async (_label, extra) => {
      const sessionsBefore = await t.database.db.select({ n: count() }).from(sessions)
      const prefsBefore = await t.database.db.select({ n: count() }).from(userPreferences)
      const answers: string[] = []
      const routes = t.app.routeTable.filter((r) => !SAFE.has(r.method) && !exempt(r.url))
      for (const route of new Set(routes.map((r) => `${r.method} ${r.url}`))) {
        const [method, url] = route.split(' ') as [string, string]
        const res = await t.app.inject({
          method: method as 'POST',
          url: concrete(url),
          headers: {
            cookie: client.cookie,
            'x-csrf-token': client.csrf,
            'x-requested-with': 'XMLHttpRequest',
            ...extra,
          },
          payload: { key: 'productListView', value: 'list', email: DEALER.email, password: DEALER.password },
        })
        answers.push(`${route} → ${res.statusCode} ${res.json().error?.code}`)
      }
      expect(answers.length).toBeGreaterThan(25)
      expect(answers.filter((a) => !a.endsWith('→ 403 bad_origin'))).toEqual([])
      expect(await t.database.db.select({ n: count() }).from(sessions)).toEqual(sessionsBefore)
      expect(await t.database.db.select({ n: count() }).from(userPreferences)).toEqual(prefsBefore)
    },
  )

  it('says so in both languages', async () => {
    const tr = await fromPage({ origin: 'https://evil.example', 'accept-language': 'tr' })
    expect(tr.json().error).toEqual({
      code: 'bad_origin',
      messages: {
        type: 'Bu istek sitenin kendi sayfalarından gelmedi. Lütfen sayfayı yenileyip tekrar deneyin.',
      },
    })
    const en = await fromPage({ origin: 'https://evil.example', 'accept-language': 'en' })
    expect(en.json().error.messages.type).toBe(
      "This request did not come from this site's own pages. Please reload the page and try again.",
    )
  })

  it.each([
    ['our Origin', { origin: 'http://localhost' }],
    ['our Origin with the default port written out, in capitals', { origin: 'HTTP://LOCALHOST:80' }],
    ['no Origin and a Referer of one of our pages', { referer: 'http://localhost/sepet?x=1' }],
    ['neither, but Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    [
      'our Origin and Sec-Fetch-Site: same-origin',
      { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    ],
  ])('lets the request through with %s', async (_label, headers) => {
    expect((await fromPage(headers)).statusCode).toBe(200)
  })

  it('judges the origin against the Host the browser addressed', async () => {
    expect(
      (await fromPage({ host: 'portal.example.test', origin: 'http://portal.example.test' })).statusCode,
    ).toBe(200)
    expect((await fromPage({ host: 'portal.example.test', origin: 'http://localhost' })).statusCode).toBe(403)
  })

  it("does not hold the bank's signed callback and the sandbox POS form to it (cross-site by design)", async () => {
    for (const url of ['/payment/callback/sandbox', '/sandbox-pos/3ds/abc.def']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://bank.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      })
      expect(res.statusCode, url).not.toBe(403)
    }
  })
})

describe('a foreign page holding a valid token changes nothing', () => {
  const evil = { origin: 'https://evil.example' }
  const orderRows = () =>
    queryRows<{ id: number; status: string }>(t.database.db, sql`select id, status from orders order by id`)
  const offerRows = () =>
    queryRows<{ id: number; is_cancel: boolean }>(
      t.database.db,
      sql`select id, is_cancel from offers order by id`,
    )
  const mails = () => queryRows<{ n: number }>(t.database.db, sql`select count(*)::int n from mail_outbox`)

  it('places no order', async () => {
    const p = await stockedProduct(t)
    expect((await addLine(client, p, 2)).statusCode).toBe(200)
    const before = await orderRows()
    const res = await client.send({ method: 'POST', url: '/api/catalog/cart', headers: evil, payload: {} })
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'bad_origin'])
    expect(await orderRows()).toEqual(before)
    const cart = (await client.send({ method: 'GET', url: '/api/catalog/cart' })).json()
    expect(cart.items.map((i: { quantity: number }) => i.quantity)).toEqual([2])
    await client.send({ method: 'DELETE', url: '/api/catalog/cart' })
  })

  it('cancels no order', async () => {
    const order = await placeOrder(client, await stockedProduct(t))
    const res = await client.send({
      method: 'PATCH',
      url: `/api/catalog/order/${order.id}`,
      headers: evil,
      payload: { cancel: true },
    })
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'bad_origin'])
    expect((await orderRows()).find((o) => o.id === order.id)?.status).toBe('new')
  })

  it('neither mails nor cancels an offer', async () => {
    const offer = await makeOffer(client, await stockedProduct(t))
    const mailsBefore = await mails()
    const mail = await client.send({
      method: 'PATCH',
      url: `/api/catalog/offer/mail/${offer.id}`,
      headers: evil,
    })
    expect([mail.statusCode, mail.json().error.code]).toEqual([403, 'bad_origin'])
    const cancel = await client.send({
      method: 'PATCH',
      url: `/api/catalog/offer/${offer.id}`,
      headers: evil,
      payload: { cancel: true },
    })
    expect([cancel.statusCode, cancel.json().error.code]).toEqual([403, 'bad_origin'])
    expect(await mails()).toEqual(mailsBefore)
    expect((await offerRows()).find((o) => o.id === offer.id)?.is_cancel).toBe(false)
    // The same call from our own page does send it: the refusal above was the origin's.
    const sent = await client.send({ method: 'PATCH', url: `/api/catalog/offer/mail/${offer.id}` })
    expect(sent.statusCode).toBe(200)
    expect((await mails())[0]!.n).toBe(mailsBefore[0]!.n + 1)
  })
})

describe('behind a proxy (TRUST_PROXY=1): X-Forwarded-Host counts only with TRUST_FORWARDED_HOST=1', () => {
  const proxied = {
    host: '10.0.0.5:3000',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'portal.example.test',
  }

  async function judged(env: Record<string, string>, origin: string) {
    const own = await createTestApp({
      env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://bayi.example.test', ...env },
    })
    try {
      await seedAccounts(own.database.db)
      const dealer = new TestClient(own.app)
      await dealer.login(DEALER.email, DEALER.password)
      const res = await dealer.send({
        method: 'POST',
        url: '/api/catalog/settings',
        headers: { ...proxied, origin },
        payload: { key: 'productListView', value: 'list' },
      })
      return res.statusCode === 200 ? 'allowed' : `${res.statusCode} ${res.json().error.code}`
    } finally {
      await own.close()
    }
  }

  it('by default the Host header is the request’s host; PUBLIC_URL is ours either way', async () => {
    expect(await judged({}, 'https://portal.example.test')).toBe('403 bad_origin')
    expect(await judged({}, 'https://10.0.0.5:3000')).toBe('allowed')
    expect(await judged({}, 'https://bayi.example.test')).toBe('allowed')
  })

  it('with TRUST_FORWARDED_HOST=1 the proxy’s X-Forwarded-Host is', async () => {
    expect(await judged({ TRUST_FORWARDED_HOST: '1' }, 'https://portal.example.test')).toBe('allowed')
    expect(await judged({ TRUST_FORWARDED_HOST: '1' }, 'https://10.0.0.5:3000')).toBe('403 bad_origin')
  })
})
