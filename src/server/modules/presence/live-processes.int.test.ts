import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OnlineUser } from '../../../contracts/staff-live'
import { customerCartsSchema } from '../../../contracts/staff-live'
import { turkishSortKey } from '../../../domain/turkish-text'
import type { Database } from '../../db/client'
import { queryRows } from '../../test/db-helpers'
import { ADMIN, DEALER, seedAccounts } from '../../test/fixtures'
import { createPostgresTestDatabase } from '../../test/test-database'
import { deleteKeys, reachableRedis, testKeyPrefix } from '../../test/test-redis'
import { isCartsChanged, isOnlineList, openSocket, type TestSocket } from '../../test/ws-client'

/**
 * Two real server processes (the server bundled as scripts/build-server.mjs does, started with node)
 * on one PostgreSQL database and one Redis: a dealer working on the first is seen live by a staff
 * socket on the second. Runs in the PostgreSQL pass of the integration tests (TEST_DATABASE_URL): the
 * embedded database cannot be shared by two processes.
 */
const root = process.cwd()
const postgresUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined
const redisUrl = postgresUrl ? await reachableRedis() : null
if (!postgresUrl) {
  console.info('Two app processes sharing presence: tested in the PostgreSQL pass (TEST_DATABASE_URL).')
}

type Server = { url: string; child: ChildProcess; output: () => string }

describe.skipIf(!postgresUrl || !redisUrl)('two app processes sharing presence through Redis', () => {
  const prefix = testKeyPrefix()
  const work = path.join(root, '.tmp', `live-test-${randomBytes(4).toString('hex')}`)
  let database: Database & { url: string }
  let servers: Server[] = []
  const sockets: TestSocket[] = []
  let product: { id: number; unitId: number }

  beforeAll(async () => {
    database = await createPostgresTestDatabase(postgresUrl!)
    const fx = await seedAccounts(database.db)
    product = await insertProduct(database, fx.currencies.try.id)
    const bundle = await bundleServer(work)
    const env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: prefix,
      SESSION_SECRET: randomBytes(24).toString('hex'),
      DEMO_DATA: '0',
      SERVER_RENDER: '0',
      CACHE_SECONDS: '0',
      LOG_LEVEL: 'warn',
      PAYMENT_GATEWAY: 'sandbox',
    }
    servers = await Promise.all([0, 1].map((i) => startServer(bundle, env, path.join(work, `data-${i}`))))
  }, 120_000)

  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await Promise.all(servers.map((s) => stopServer(s)))
    await database?.close()
    await deleteKeys(redisUrl!, prefix)
    rmSync(work, { recursive: true, force: true })
  })

  it("shows a dealer working on one process, live, on the other's staff socket", async () => {
    const [first, second] = servers as [Server, Server]
    const admin = await Browser.login(second.url, ADMIN)
    const socket = await openSocket(`${second.url.replace('http', 'ws')}/ws/online-users`, {
      cookie: admin.cookie,
      origin: second.url,
    })
    sockets.push(socket)
    socket.ask()
    await socket.next(isOnlineList)

    const dealer = await Browser.login(first.url, DEALER)
    expect((await dealer.request('/api/catalog/cart')).status).toBe(200)
    const seen = await socket.next(
      (m): m is Extract<typeof m, { type: 'updateOnlineUsers' }> =>
        isOnlineList(m) && statusOf(m.onlineUsers, 'Ahmet Yılmaz') === 'online',
      10_000,
    )
    expect(seen.onlineUsers.find((u) => u.name === 'Ahmet Yılmaz')?.date).toMatch(/^\d{4}-\d\d-\d\dT/)

    const added = await dealer.request(`/api/catalog/cart/${product.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `quantity=2&productValue=${product.unitId}`,
    })
    expect(added.status).toBe(200)
    await socket.next(isCartsChanged, 10_000)
    const carts = customerCartsSchema.parse(await (await admin.request('/yonetim/customer-carts')).json())
    expect(carts.carts.map((c) => [c.userName, c.items.map((i) => i.productQuantity)])).toEqual([
      ['Ahmet Yılmaz', [2]],
    ])

    expect((await dealer.request('/api/account/logout', { method: 'POST' })).status).toBe(200)
    await socket.next((m) => isOnlineList(m) && statusOf(m.onlineUsers, 'Ahmet Yılmaz') === 'offline', 10_000)
  })
})

const statusOf = (list: OnlineUser[], name: string) => list.find((u) => u.name === name)?.status

/** The server bundled into `dir`, believing it is dist/server/main.js (where it finds the migrations). */
async function bundleServer(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const outfile = path.join(dir, 'main.js')
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    define: {
      'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'dist/server/main.js')).href),
    },
  })
  return outfile
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function startServer(bundle: string, env: Record<string, string>, dataDir: string): Promise<Server> {
  const port = await freePort()
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  while (true) {
    if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${output}`)
    if (Date.now() > deadline) throw new Error(`the server did not start within 60 s:\n${output}`)
    const ready = await fetch(`${url}/healthz`).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ready) return { url, child, output: () => output }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

async function insertProduct(database: Database, currencyId: number) {
  const [row] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values ('LIVE-1', 'Canlı Ürün', 'canli-urun', ${currencyId}, '10', 20, 100, ${turkishSortKey('Canlı Ürün')})
        returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${row!.id}, 'Adet', 1, '10', true, 0) returning id`,
  )
  return { id: row!.id, unitId: unit!.id }
}

/** A browser's session against a real server: the cookie and the CSRF token, as the web app keeps them. */
class Browser {
  cookie = ''
  csrf = ''

  private constructor(private readonly baseUrl: string) {}

  static async login(baseUrl: string, account: { email: string; password: string }): Promise<Browser> {
    const browser = new Browser(baseUrl)
    const page = await browser.request('/')
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1]
    if (!token) throw new Error('the page has no CSRF token')
    browser.csrf = token
    const res = await browser.request('/api/account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(account),
    })
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`)
    browser.csrf = ((await res.json()) as { csrfToken: string }).csrfToken
    return browser
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookie) headers.set('cookie', this.cookie)
    if (init.method && init.method !== 'GET') {
      headers.set('x-csrf-token', this.csrf)
      headers.set('x-requested-with', 'XMLHttpRequest')
    }
    const res = await fetch(this.baseUrl + url, { ...init, headers, redirect: 'manual' })
    const sid = res.headers
      .getSetCookie()
      .map((line) => /^toptan_sid=([^;]*)/.exec(line)?.[1])
      .find(Boolean)
    if (sid) this.cookie = `toptan_sid=${sid}`
    return res
  }
}
