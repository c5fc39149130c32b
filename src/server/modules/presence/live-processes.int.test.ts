import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OnlineUser } from '../../../contracts/staff-live'
import { customerCartsSchema, LIVE_CLOSE_SESSION_ENDED } from '../../../contracts/staff-live'
import { turkishSortKey } from '../../../domain/turkish-text'
import type { Database } from '../../db/client'
import {
  type AppProcess,
  appEnv,
  Browser,
  bundleServer,
  startAppProcess,
  stopAppProcess,
} from '../../test/app-process'
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

describe.skipIf(!postgresUrl || !redisUrl)('two app processes sharing presence through Redis', () => {
  const prefix = testKeyPrefix()
  const work = path.join(root, '.tmp', `live-test-${randomBytes(4).toString('hex')}`)
  let database: Database & { url: string }
  let servers: AppProcess[] = []
  const sockets: TestSocket[] = []
  let product: { id: number; unitId: number }

  beforeAll(async () => {
    database = await createPostgresTestDatabase(postgresUrl!)
    const fx = await seedAccounts(database.db)
    product = await insertProduct(database, fx.currencies.try.id)
    const bundle = await bundleServer(work)
    const env = appEnv(database.url, { REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix, CACHE_SECONDS: '0' })
    servers = await Promise.all([0, 1].map((i) => startAppProcess(bundle, env, path.join(work, `data-${i}`))))
  }, 120_000)

  afterAll(async () => {
    for (const socket of sockets) socket.close()
    await Promise.all(servers.map((s) => stopAppProcess(s)))
    await database?.close()
    await deleteKeys(redisUrl!, prefix)
    rmSync(work, { recursive: true, force: true })
  })

  it("shows a dealer working on one process, live, on the other's staff socket", async () => {
    const [first, second] = servers as [AppProcess, AppProcess]
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

  it('closes a staff socket on one process with 4401 at once when its session logs out on the other', async () => {
    const [first, second] = servers as [AppProcess, AppProcess]
    const admin = await Browser.login(first.url, ADMIN)
    const socket = await openSocket(`${second.url.replace('http', 'ws')}/ws/online-users`, {
      cookie: admin.cookie,
      origin: second.url,
    })
    sockets.push(socket)
    socket.ask()
    await socket.next(isOnlineList)

    expect((await admin.request('/api/account/logout', { method: 'POST' })).status).toBe(200)
    // The session cache's forget, sent through Redis, reaches the other process's sockets; its
    // periodic check is a minute away.
    const code = await Promise.race([
      socket.closed.then((c) => c.code),
      new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 2000)),
    ])
    expect(code).toBe(LIVE_CLOSE_SESSION_ENDED)
  })
})

const statusOf = (list: OnlineUser[], name: string) => list.find((u) => u.name === name)?.status

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
