import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OnlineUser } from '../../../contracts/staff-live'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'
import {
  isCartsChanged,
  isOnlineList,
  openSocket,
  type SocketHeaders,
  type TestSocket,
  UpgradeRefused,
} from '../../test/ws-client'

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
let origin: string
let socketUrl: string
const opened: TestSocket[] = []

beforeAll(async () => {
  t = await createTestApp()
  fx = await seedAccounts(t.database.db)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = t.app.server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  socketUrl = `ws://127.0.0.1:${port}/ws/online-users`
})
afterAll(async () => {
  for (const socket of opened) socket.close()
  await t.close()
})

async function connect(headers: SocketHeaders): Promise<TestSocket> {
  const socket = await openSocket(socketUrl, headers)
  opened.push(socket)
  return socket
}

/** An administrator's socket from the site's own page, with the first list it asked for. */
async function staffSocket() {
  const admin = await loggedInUser(t, null)
  const socket = await connect({ cookie: admin.cookie, origin })
  socket.ask()
  const first = await socket.next(isOnlineList)
  return { socket, first: first.onlineUsers }
}

async function refusal(headers: SocketHeaders): Promise<UpgradeRefused> {
  const error = await openSocket(socketUrl, headers).then(
    () => new Error('the upgrade was accepted'),
    (e: unknown) => e,
  )
  if (!(error instanceof UpgradeRefused)) throw error
  return error
}

const newDealer = (name?: string) => loggedInUser(t, fx.customers.c1.id, name ? { name } : {})
const userIn = (list: OnlineUser[], id: number) => list.find((u) => u.id === id)
/** The next pushed list in which the user has this status. */
const listWith = (socket: TestSocket, id: number, status: 'online' | 'offline') =>
  socket.next(
    (m): m is Extract<typeof m, { type: 'updateOnlineUsers' }> =>
      isOnlineList(m) && userIn(m.onlineUsers, id)?.status === status,
  )

async function product(): Promise<{ id: number; unitId: number }> {
  const code = `L-${Math.random().toString(36).slice(2, 10)}`
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${`Canlı ${code}`}, ${code.toLowerCase()}, ${fx.currencies.try.id}, '10', 20, 100,
          ${turkishSortKey(code)}) returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${row!.id}, 'Adet', 1, '10', true, 0) returning id`,
  )
  return { id: row!.id, unitId: unit!.id }
}

const addToCart = (dealer: TestClient, p: { id: number; unitId: number }) =>
  dealer.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=1&productValue=${p.unitId}`,
  })

describe('the staff socket refuses', () => {
  it('a guest with 401 and a dealer with 403, before any socket exists', async () => {
    const guest = await refusal({ origin })
    expect(guest.status).toBe(401)
    expect(guest.body).toMatchObject({ error: { code: 'unauthenticated' } })

    const dealer = await newDealer()
    const refused = await refusal({ cookie: dealer.cookie, origin })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({
      error: { code: 'forbidden', messages: { type: 'Bu işlem için yetkiniz yok.' } },
    })
  })

  it("an administrator's cookie sent from another site's page, or with no Origin at all", async () => {
    const admin = await loggedInUser(t, null)
    const otherSite = await refusal({ cookie: admin.cookie, origin: 'https://kotu-site.example' })
    expect(otherSite.status).toBe(403)
    expect(otherSite.body).toMatchObject({
      error: {
        code: 'bad_origin',
        messages: { type: 'Bu bağlantı yalnızca sitenin kendi sayfalarından açılabilir.' },
      },
    })
    // Another port of the same host is another origin.
    const otherPort = await refusal({ cookie: admin.cookie, origin: 'http://127.0.0.1:1' })
    expect(otherPort.status).toBe(403)
    expect((await refusal({ cookie: admin.cookie })).status).toBe(403)
  })

  it('a plain GET of the socket address, for anyone', async () => {
    const admin = await loggedInUser(t, null)
    const dealer = await newDealer()
    expect((await t.app.inject({ method: 'GET', url: '/ws/online-users' })).statusCode).toBe(401)
    expect(
      (await dealer.send({ method: 'GET', url: '/ws/online-users', headers: { origin } })).statusCode,
    ).toBe(403)
    // An administrator from the site's own page, without an upgrade: nothing to answer.
    const host = new URL(origin).host
    expect(
      (await admin.send({ method: 'GET', url: '/ws/online-users', headers: { origin, host } })).statusCode,
    ).toBe(404)
  })
})

describe('the staff socket', () => {
  it('answers checkOnlineUsers with the dealers seen, online ones first, with when they were last seen', async () => {
    const before = Date.now()
    const dealer = await newDealer('Zeynep Kaya')
    await dealer.send({ method: 'GET', url: '/api/catalog/cart' })
    const { first } = await staffSocket()
    const seen = userIn(first, dealer.user.id)
    expect(seen).toMatchObject({ id: dealer.user.id, name: 'Zeynep Kaya', status: 'online' })
    expect(Date.parse(seen!.date)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(seen!.date)).toBeLessThanOrEqual(Date.now())
    // Administrators are not dealers: they are never listed.
    expect(first.every((u) => u.id !== fx.users.admin.id)).toBe(true)
    const statuses = first.map((u) => u.status)
    expect(statuses).toEqual([...statuses].sort((a, b) => Number(b === 'online') - Number(a === 'online')))
  })

  it("pushes a dealer's first call to every open staff socket without being asked, and their logout", async () => {
    const one = await staffSocket()
    const two = await staffSocket()
    // Logging in is not yet activity (the login call is a guest's); the first call after it is.
    const dealer = await newDealer('Kemal Aras')
    await dealer.send({ method: 'GET', url: '/api/catalog/cart' })
    for (const { socket } of [one, two]) {
      const pushed = await listWith(socket, dealer.user.id, 'online')
      expect(userIn(pushed.onlineUsers, dealer.user.id)?.name).toBe('Kemal Aras')
    }

    const out = await dealer.send({ method: 'POST', url: '/api/account/logout' })
    expect(out.statusCode).toBe(200)
    for (const { socket } of [one, two]) await listWith(socket, dealer.user.id, 'offline')

    // Logging in again and browsing turns them online again at once.
    await dealer.login(dealer.user.email, dealer.user.password)
    await dealer.send({ method: 'GET', url: '/' })
    await listWith(one.socket, dealer.user.id, 'online')
  })

  it("tells every staff socket when a dealer's cart changes", async () => {
    const { socket } = await staffSocket()
    const dealer = await newDealer()
    const p = await product()
    expect((await addToCart(dealer, p)).statusCode).toBe(200)
    await socket.next(isCartsChanged)
    const cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
    expect(
      (await dealer.send({ method: 'DELETE', url: `/api/catalog/cart/${cart.items[0].id}` })).statusCode,
    ).toBe(200)
    await socket.next(isCartsChanged)
  })

  it('hears of every committed cart change and of nothing refused', async () => {
    let heard = 0
    const stop = t.deps.cartQueue.committed.listen(() => {
      heard++
    })
    try {
      const dealer = await loggedInUser(t, fx.customers.c2.id)
      const p = await product()
      const refused = await dealer.send({
        method: 'POST',
        url: '/api/catalog/cart/2000000000',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'quantity=1&productValue=1',
      })
      expect([refused.statusCode, heard]).toEqual([404, 0])
      expect([(await addToCart(dealer, p)).statusCode, heard]).toEqual([200, 1])
      const line = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json().items[0].id
      const patched = await dealer.send({
        method: 'PATCH',
        url: `/api/catalog/cart/${line}`,
        payload: { quantity: 3 },
      })
      expect([patched.statusCode, heard]).toEqual([200, 2])
      const order = await dealer.send({
        method: 'POST',
        url: '/api/catalog/cart',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'description=canli',
      })
      expect([order.statusCode, heard]).toEqual([200, 3])
      await addToCart(dealer, p)
      const emptied = await dealer.send({ method: 'DELETE', url: '/api/catalog/cart' })
      expect([emptied.statusCode, heard]).toEqual([200, 5])
    } finally {
      stop()
    }
  })

  it('closes on a message that is not checkOnlineUsers, on binary data and on an oversized message', async () => {
    const garbage = (await staffSocket()).socket
    garbage.send('{"type":"checkOnlineUsers","host":"x","extra":1}')
    expect((await garbage.closed).code).toBe(1008)

    const notJson = (await staffSocket()).socket
    notJson.send('merhaba')
    expect((await notJson.closed).code).toBe(1008)

    const binary = (await staffSocket()).socket
    binary.send(new Uint8Array([1, 2, 3]))
    expect((await binary.closed).code).toBe(1003)

    const big = (await staffSocket()).socket
    big.send(JSON.stringify({ type: 'checkOnlineUsers', host: 'x'.repeat(2000) }))
    expect((await big.closed).code).toBe(1009)
  })

  it('closes a socket that sends far more often than a browser asks', async () => {
    const { socket } = await staffSocket()
    for (let i = 0; i < 25; i++) socket.ask()
    expect((await socket.closed).code).toBe(1008)
  })
})

describe('an oversized message', () => {
  let clock = Date.now()
  let own: TestApp
  let log = ''

  beforeAll(async () => {
    own = await createTestApp({
      now: () => new Date(clock),
      logStream: {
        write(line: string) {
          log += line
        },
      },
    })
    await own.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => own.close())

  const lines = () =>
    log
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => String(line.msg).includes('staff socket'))

  async function oversized() {
    const { port } = own.app.server.address() as AddressInfo
    const admin = await loggedInUser(own, null)
    const socket = await openSocket(`ws://127.0.0.1:${port}/ws/online-users`, {
      cookie: admin.cookie,
      origin: `http://127.0.0.1:${port}`,
    })
    opened.push(socket)
    socket.send(JSON.stringify({ type: 'checkOnlineUsers', host: 'x'.repeat(2000) }))
    return (await socket.closed).code
  }

  it('closes the socket with 1009 and says so at warn level, at most once per 10 s with a count', async () => {
    log = ''
    expect(await oversized()).toBe(1009)
    expect(await oversized()).toBe(1009)
    expect(await oversized()).toBe(1009)
    clock += 10_000
    expect(await oversized()).toBe(1009)

    const said = lines()
    expect(said.map((l) => [l.level, l.msg, l.suppressed])).toEqual([
      [40, 'staff socket closed: message too large (1009)', 0],
      [40, 'staff socket closed: message too large (1009)', 2],
    ])
    expect(log).not.toContain('"level":50')
    expect(log).not.toContain('stack')
  })
})
