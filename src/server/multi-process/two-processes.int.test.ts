import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../contracts/bootstrap'
import type { ProductList } from '../../contracts/catalog'
import { type Order, type OrderList, orderSchema } from '../../contracts/orders'
import { normaliseSearchText, searchDocument } from '../../domain/search-query'
import { turkishSortKey } from '../../domain/turkish-text'
import type { Database } from '../db/client'
import {
  type AppProcess,
  appEnv,
  Browser,
  bundleServer,
  freePort,
  startAppProcess,
  stopAppProcess,
} from '../test/app-process'
import { queryRows } from '../test/db-helpers'
import { createUser, type TestUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { nginxForTests, type RunningNginx, startNginx } from '../test/nginx'
import { createPostgresTestDatabase } from '../test/test-database'
import { deleteKeys, reachableRedis, testKeyPrefix } from '../test/test-redis'

/**
 * Two real app processes on one PostgreSQL database behind nginx running deploy/nginx.conf (TLS and
 * all; test/nginx.ts fills in its site lines), as a site with several processes runs: sessions,
 * carts, cache invalidation and order numbering stay right whichever process serves a request. Once
 * with the invalidation carried by PostgreSQL LISTEN/NOTIFY (no REDIS_URL) and once by Redis pub/sub.
 * The caches are on for a minute (CACHE_SECONDS=60), so anything seen within a second comes from the
 * invalidation, not from an expired entry. Which process answered is read from nginx's access log.
 *
 * Runs in the PostgreSQL pass of the integration tests (TEST_DATABASE_URL): two processes cannot share
 * one embedded PGlite database.
 */
const root = process.cwd()
const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
const redisUrl = postgresUrl ? await reachableRedis() : null
const nginx = postgresUrl ? nginxForTests('the two-process test') : null
if (!postgresUrl) {
  console.info(
    'Two app processes on one database: tested in the PostgreSQL pass (TEST_DATABASE_URL); two processes cannot share one embedded PGlite.',
  )
}

const work = path.join(root, '.tmp', `two-processes-${randomBytes(4).toString('hex')}`)
let bundled: Promise<string> | undefined
const bundle = () => {
  bundled ??= bundleServer(work)
  return bundled
}
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Invalidation must arrive well within this; the caches would hold the old value for 60 s. */
const WITHIN_MS = 1_000
const CONCURRENT_ORDERS = 24
const STOCK = 100

const channels = [
  { name: 'PostgreSQL LISTEN/NOTIFY', redis: false },
  { name: 'Redis pub/sub', redis: true },
]

for (const channel of channels) {
  const skip = !postgresUrl || !nginx || (channel.redis && !redisUrl)
  describe.skipIf(skip)(`two app processes behind nginx, invalidation through ${channel.name}`, () => {
    const prefix = testKeyPrefix()
    let database: Database & { url: string }
    let fx: Awaited<ReturnType<typeof seedAccounts>>
    let a: AppProcess
    let b: AppProcess
    let proxy: RunningNginx
    let previousDispatcher: Dispatcher | undefined
    let product: { id: number; unitId: number }
    /** The upstream (host:port) each process is to nginx. */
    const upstreamOf = (p: AppProcess) => new URL(p.url).host

    beforeAll(async () => {
      database = await createPostgresTestDatabase(postgresUrl!)
      fx = await seedAccounts(database.db)
      product = await insertProduct(database, fx.currencies.try.id)
      const env = appEnv(database.url, {
        CACHE_SECONDS: '60',
        TRUST_PROXY: '1',
        // The back office chooses the virtual POS (the sandbox until it does), so a test changes it.
        PAYMENT_GATEWAY: 'stored',
        ...(channel.redis ? { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix } : {}),
      })
      const file = await bundle()
      const tag = channel.redis ? 'redis' : 'pg'
      const started = await Promise.all(
        [0, 1].map((i) => startAppProcess(file, env, path.join(work, `${tag}-data-${i}`))),
      )
      a = started[0]!
      b = started[1]!
      const webRoot = path.join(work, `${tag}-web`)
      mkdirSync(webRoot, { recursive: true })
      proxy = await startNginx({
        nginx: nginx!,
        prefix: path.join(work, `${tag}-nginx`),
        upstreams: [a.url, b.url],
        webRoot,
        tls: true,
        ports: [await freePort(), await freePort()],
      })
      // Every fetch of this file trusts the test certificate (plain http is unaffected).
      previousDispatcher = getGlobalDispatcher()
      setGlobalDispatcher(new Agent({ connect: { ca: proxy.certificate! } }))
    }, 120_000)

    afterAll(async () => {
      if (previousDispatcher) setGlobalDispatcher(previousDispatcher)
      await proxy?.stop()
      await Promise.all([a, b].filter(Boolean).map((s) => stopAppProcess(s)))
      await database?.close()
      if (channel.redis) await deleteKeys(redisUrl!, prefix)
    })

    const dealer = () => createUser(database.db, fx.customers.c1.id)
    const cartStatus = (browser: Browser, base: string) =>
      browser.request(`${base}/api/catalog/cart`).then((res) => res.status)

    /** The upstreams nginx sent the matching requests logged after `from` to. */
    async function servedBy(from: number, count: number, match: (path: string, method: string) => boolean) {
      for (let i = 0; i < 40; i++) {
        const entries = proxy
          .accessLog()
          .slice(from)
          .filter((e) => match(e.path, e.method))
        if (entries.length >= count) return new Set(entries.map((e) => e.upstream))
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error(`fewer than ${count} matching requests in nginx's access log`)
    }

    it('spreads requests over both processes', async () => {
      const from = proxy.accessLog().length
      for (let i = 0; i < 4; i++) expect((await fetch(`${proxy.url}/healthz`)).status).toBe(200)
      expect(await servedBy(from, 4, (p) => p === '/healthz')).toEqual(
        new Set([upstreamOf(a), upstreamOf(b)]),
      )
    })

    it('honours a session made through one process on the other, and ends it in both on logout', async () => {
      // Proof that B caches sessions: a session deleted behind its back still works there for a while.
      // A lookup that overlaps any forget keeps nothing, on purpose (session-cache.ts), and the login's
      // own message may reach B during B's first lookup; so a fresh login tries again, at most thrice.
      let honouredAfterDelete = false
      for (let attempt = 0; attempt < 3 && !honouredAfterDelete; attempt++) {
        const first = await dealer()
        const cached = await Browser.login(a.url, first)
        expect(await cartStatus(cached, b.url)).toBe(200)
        await database.db.execute(sql`delete from sessions where user_id = ${first.id}`)
        honouredAfterDelete = (await cartStatus(cached, b.url)) === 200
      }
      expect(honouredAfterDelete).toBe(true)

      const user = await dealer()
      const browser = await Browser.login(a.url, user)
      for (let i = 0; i < 4; i++) expect(await cartStatus(browser, proxy.url)).toBe(200)
      expect(await cartStatus(browser, b.url)).toBe(200)

      const token = browser.cookie
      expect((await browser.request(`${a.url}/api/account/logout`, { method: 'POST' })).status).toBe(200)
      // The ended session's cookie, as another tab or a copied cookie would still send it.
      browser.cookie = token
      expect(await cartStatus(browser, a.url)).toBe(401)
      const ended = await within(WITHIN_MS, async () => (await cartStatus(browser, b.url)) === 401)
      expect(ended).toBeLessThan(WITHIN_MS)
    })

    it("ends a user's other sessions on every process when the password changes", async () => {
      const user = await dealer()
      const other = await Browser.login(b.url, user)
      expect(await cartStatus(other, b.url)).toBe(200)
      const changing = await Browser.login(a.url, user)
      const changed = await changing.request(`${a.url}/api/catalog/account/settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          currentPassword: user.password,
          password: 'Yeni5678!',
          passwordVerify: 'Yeni5678!',
        }),
      })
      expect(changed.status).toBe(200)
      const ended = await within(WITHIN_MS, async () => (await cartStatus(other, b.url)) === 401)
      expect(ended).toBeLessThan(WITHIN_MS)
      expect(await cartStatus(changing, b.url)).toBe(200)
    })

    it('counts wrong passwords tried through one process in the other (the throttle is shared)', async () => {
      const user = await dealer()
      const guest = await Browser.guest(proxy.url)
      const wrong = { email: user.email, password: 'Yanlis-1234!' }
      // Five failures are answered at once (login-throttle.ts defaultPolicy): three through A, two through B.
      for (const base of [a.url, a.url, a.url, b.url, b.url]) {
        expect((await guest.tryLogin(wrong, base)).status).toBe(401)
      }
      // The sixth waits a second after the fifth, wherever it comes in; B alone has seen only two.
      const held = await guest.tryLogin(wrong, b.url)
      expect(held.status).toBe(429)
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await guest.tryLogin(user, a.url)).status).toBe(429)
    })

    it('shows a cart changed through one process on the other', async () => {
      const browser = await Browser.login(proxy.url, await dealer())
      expect((await addToCart(browser, a.url, product, 3)).status).toBe(200)
      expect(await cartCount(browser, b.url)).toBe(1)
      expect(await cartQuantities(browser, b.url)).toEqual([3])
      expect((await addToCart(browser, b.url, product, 2)).status).toBe(200)
      for (let i = 0; i < 2; i++) expect(await cartQuantities(browser, proxy.url)).toEqual([5])
      expect((await browser.request(`${a.url}/api/catalog/cart`, { method: 'DELETE' })).status).toBe(200)
      expect(await cartCount(browser, b.url)).toBe(0)
    })

    it("shows a product's stock on the other process at once after an order, and forgets the order count within a second", async () => {
      const browser = await Browser.login(a.url, await dealer())
      const before = await productOn(browser, b.url, product.id)
      const ordersBefore = await orderTotal(browser, b.url)
      // Product rows are read afresh: even a change behind the app's back, which sends no
      // message, shows on B at once, with the caches on for a minute.
      await database.db.execute(
        sql`update products set name = 'Canlı Ürün (yeni ad)' where id = ${product.id}`,
      )
      expect((await productOn(browser, b.url, product.id)).name).toBe('Canlı Ürün (yeni ad)')

      expect((await addToCart(browser, a.url, product, 4)).status).toBe(200)
      const order = await placeOrder(browser, a.url)
      expect(order.status).toBe(200)
      const seen = await within(WITHIN_MS, async () => {
        const now = await productOn(browser, b.url, product.id)
        return now.quantity === before.quantity! - 4 && now.name === 'Canlı Ürün (yeni ad)'
      })
      expect(seen).toBeLessThan(WITHIN_MS)
      const counted = await within(
        WITHIN_MS,
        async () => (await orderTotal(browser, b.url)) === ordersBefore + 1,
      )
      expect(counted).toBeLessThan(WITHIN_MS)
    })

    it('shows a store setting changed on one process to a dealer of the other on the next request', async () => {
      const owner = await Browser.login(a.url, await createUser(database.db, null, { staffRole: 'owner' }))
      const watcher = await Browser.login(b.url, await dealer())
      const offersOn = async () => {
        const res = await watcher.request(`${b.url}/api/bootstrap`)
        return ((await res.json()) as Bootstrap).settings.b2b_teklif_ver_durum
      }
      const put = (value: boolean) =>
        owner.request(`${a.url}/yonetim/settings/b2b_teklif_ver_durum`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value }),
        })
      const was = await offersOn()
      expect((await put(!was)).status).toBe(200)
      try {
        const seen = await within(WITHIN_MS, async () => (await offersOn()) === !was)
        expect(seen).toBeLessThan(WITHIN_MS)
      } finally {
        expect((await put(was)).status).toBe(200)
      }
    })

    it("shows a product made and edited in the back office through one process in the other's catalogue, search and product page", async () => {
      const owner = await Browser.login(a.url, await createUser(database.db, null, { staffRole: 'owner' }))
      const watcher = await Browser.login(b.url, await dealer())
      const json = (method: string, url: string, body: object) =>
        owner.request(`${a.url}${url}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const tag = randomBytes(4).toString('hex').toUpperCase()
      const category = await json('POST', '/yonetim/categories', {
        code: `YK-${tag}`,
        name: `Yeni Raf ${tag}`,
      })
      expect(category.status).toBe(201)
      const made = await json('POST', '/yonetim/products', {
        code: `YP-${tag}`,
        name: `Pirinç Vana ${tag}`,
        categoryCode: `YK-${tag}`,
        salePrice: '40',
        currency: 'TRY',
        taxRate: 20,
      })
      expect(made.status).toBe(201)
      const id = ((await made.json()) as { id: number }).id
      const searchFinds = async (q: string) => {
        const res = await watcher.request(`${b.url}/api/catalog/products?q=${encodeURIComponent(q)}`)
        return ((await res.json()) as ProductList).items.some((p) => p.id === id)
      }
      const created = await within(WITHIN_MS, async () => (await searchFinds(`Pirinç Vana ${tag}`)) === true)
      expect(created).toBeLessThan(WITHIN_MS)

      const edited = await json('PATCH', `/yonetim/products/${id}`, {
        name: `Bronz Vana ${tag}`,
        salePrice: '55',
      })
      expect(edited.status).toBe(200)
      const seen = await within(WITHIN_MS, async () => {
        const page = await productOn(watcher, b.url, id)
        return page.name === `Bronz Vana ${tag}` && (await searchFinds(`Bronz Vana ${tag}`))
      })
      expect(seen).toBeLessThan(WITHIN_MS)
      expect(await searchFinds(`Pirinç Vana ${tag}`)).toBe(false)
    })

    it('starts payments on the other process with the virtual POS chosen through one, from its next request', async () => {
      const owner = await Browser.login(a.url, await createUser(database.db, null, { staffRole: 'owner' }))
      const watcher = await Browser.login(
        b.url,
        await createUser(database.db, null, { staffRole: 'accounting' }),
      )
      const active = async () => {
        const res = await watcher.request(`${b.url}/yonetim/payment-setup/gateway`)
        return ((await res.json()) as { active: { gateway: string } | null }).active?.gateway
      }
      const put = (body: object) =>
        owner.request(`${a.url}/yonetim/payment-setup/gateway`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      expect(await active()).toBe('sandbox')
      const keys = {
        apiKey: `key-${randomBytes(8).toString('hex')}`,
        secretKey: `secret-${randomBytes(8).toString('hex')}`,
      }
      expect((await put({ gateway: 'iyzico', baseUrl: 'http://127.0.0.1:9', ...keys })).status).toBe(200)
      try {
        // The other process opens the keys with the same sealing key and builds iyzico from them.
        expect(await within(WITHIN_MS, async () => (await active()) === 'iyzico')).toBeLessThan(WITHIN_MS)
      } finally {
        expect((await put({ gateway: 'sandbox', clearKeys: true })).status).toBe(200)
      }
      expect(await within(WITHIN_MS, async () => (await active()) === 'sandbox')).toBeLessThan(WITHIN_MS)
    })

    it("shows the list's stock change on the other process in the same second an order takes the last units", async () => {
      const code = `SON-${randomBytes(4).toString('hex').toUpperCase()}`
      const last = await insertProduct(database, fx.currencies.try.id, { code, stock: 3 })
      const buyer = await Browser.login(a.url, await dealer())
      // Another dealer on B, one who lists products in stock only.
      const watcher = await Browser.login(b.url, await dealer())
      const setting = await watcher.request(`${b.url}/api/catalog/settings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'showNotInStocks', value: '0' }),
      })
      expect(setting.status).toBe(200)
      // The lists on B (a search for the code: the index and the product rows).
      const listed = async (browser: Browser) => {
        const res = await browser.request(`${b.url}/api/catalog/products?q=${encodeURIComponent(code)}`)
        expect(res.status).toBe(200)
        const list = (await res.json()) as ProductList
        return list.items.find((item) => item.id === last.id)
      }
      expect((await listed(buyer))?.quantity).toBe(3)
      expect((await listed(watcher))?.quantity).toBe(3)
      expect((await addToCart(buyer, a.url, last, 3)).status).toBe(200)
      expect((await placeOrder(buyer, a.url)).status).toBe(200)
      expect((await stockOf(database, last.id)).product).toBe(0)
      const seen = await within(
        WITHIN_MS,
        async () => (await listed(buyer))?.quantity === 0 && (await listed(watcher)) === undefined,
      )
      expect(seen).toBeLessThan(WITHIN_MS)
    })

    it(`numbers ${CONCURRENT_ORDERS} concurrent orders over both processes uniquely, without gaps, and takes the stock right`, async () => {
      const stockBefore = await stockOf(database, product.id)
      const users: TestUser[] = []
      for (let i = 0; i < CONCURRENT_ORDERS; i++) users.push(await dealer())
      const browsers = await Promise.all(users.map((u) => Browser.login(proxy.url, u)))
      for (const browser of browsers)
        expect((await addToCart(browser, proxy.url, product, 1)).status).toBe(200)

      const from = proxy.accessLog().length
      const answers = await Promise.all(browsers.map((browser) => placeOrder(browser, proxy.url)))
      expect(answers.map((res) => res.status)).toEqual(answers.map(() => 200))
      expect(
        await servedBy(
          from,
          CONCURRENT_ORDERS,
          (p, method) => method === 'POST' && p === '/api/catalog/cart',
        ),
      ).toEqual(new Set([upstreamOf(a), upstreamOf(b)]))
      const numbers = (
        await Promise.all(answers.map(async (res) => orderSchema.parse(await res.json())))
      ).map((o: Order) => o.orderNo)
      expect(new Set(numbers).size).toBe(CONCURRENT_ORDERS)

      // Every order of the database (this file's earlier ones too) numbered 1…n within its year, no gaps.
      const all = await queryRows<{ order_no: string }>(database.db, sql`select order_no from orders`)
      const byYear = new Map<string, number[]>()
      for (const { order_no } of all) {
        const [, key, n] = /^(S\d{4})-(\d{6})$/.exec(order_no) ?? []
        expect(key, order_no).toBeDefined()
        byYear.set(key!, [...(byYear.get(key!) ?? []), Number(n)])
      }
      for (const ns of byYear.values()) {
        expect(ns.sort((x, y) => x - y)).toEqual(ns.map((_, i) => i + 1))
      }

      const stock = await stockOf(database, product.id)
      expect(stock.product).toBe(stockBefore.product - CONCURRENT_ORDERS)
      expect(stock.warehouses).toBe(stock.product)
      const shown = await within(WITHIN_MS, async () => {
        const shownBy = await Promise.all([a.url, b.url].map((u) => productOn(browsers[0]!, u, product.id)))
        return shownBy.every((p) => p.quantity === stock.product)
      })
      expect(shown).toBeLessThan(WITHIN_MS)
    })
  })
}

/** Milliseconds until `check` held (checked every 25 ms); Infinity when it did not within `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now()
  while (true) {
    if (await check()) return performance.now() - started
    if (performance.now() - started > ms) return Number.POSITIVE_INFINITY
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const addToCart = (browser: Browser, base: string, p: { id: number; unitId: number }, quantity: number) =>
  browser.request(`${base}/api/catalog/cart/${p.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `quantity=${quantity}&productValue=${p.unitId}`,
  })

const placeOrder = (browser: Browser, base: string) =>
  browser.request(`${base}/api/catalog/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'description=',
  })

async function cartJson(browser: Browser, base: string) {
  const res = await browser.request(`${base}/api/catalog/cart`)
  expect(res.status).toBe(200)
  return (await res.json()) as { count: number; items: Array<{ quantity: number }> }
}
const cartCount = async (browser: Browser, base: string) => (await cartJson(browser, base)).count
const cartQuantities = async (browser: Browser, base: string) =>
  (await cartJson(browser, base)).items.map((item) => item.quantity)

async function productOn(browser: Browser, base: string, id: number) {
  const res = await browser.request(`${base}/api/catalog/product/${id}`)
  expect(res.status).toBe(200)
  return (await res.json()) as { name: string; quantity: number | null }
}

async function orderTotal(browser: Browser, base: string) {
  const res = await browser.request(`${base}/api/catalog/orders`)
  expect(res.status).toBe(200)
  return ((await res.json()) as OrderList).total
}

async function stockOf(database: Database, productId: number) {
  const [row] = await queryRows<{ product: number; warehouses: number }>(
    database.db,
    sql`select p.quantity as product,
          (select coalesce(sum(s.quantity), 0)::int from product_stocks s where s.product_id = p.id) as warehouses
        from products p where p.id = ${productId}`,
  )
  return row!
}

async function insertProduct(
  database: Database,
  currencyId: number,
  { code, stock }: { code: string; stock: number } = { code: 'MP-1', stock: STOCK },
) {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort,
          search_text, search_name)
        values (${code}, 'Canlı Ürün', ${code.toLowerCase()}, ${currencyId}, '10', 20, ${stock},
          ${turkishSortKey('Canlı Ürün')}, ${searchDocument([code, 'Canlı Ürün'])}, ${normaliseSearchText('Canlı Ürün')})
        returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${row!.id}, 'Adet', 1, '10', true, 0) returning id`,
  )
  const [warehouse] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into warehouses (code, name, sort_order) values (${`W-${code}`}, 'Merkez', 0) returning id`,
  )
  await database.db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${row!.id}, ${warehouse!.id}, ${stock})`,
  )
  return { id: row!.id, unitId: unit!.id }
}
