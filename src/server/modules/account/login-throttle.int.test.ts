import { createServer as createNetServer } from 'node:net'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import { throttleCounters } from '../../db/schema/throttle'
import { RedisThrottleStore } from '../../http/throttle-store'
import { connectRedis } from '../../integrations/redis'
import { createUser, type TestUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { deleteKeys, reachableRedis, testKeyPrefix } from '../../test/test-redis'
import { DEVICE_COOKIE } from './device-cookie'
import type { ThrottleOptions } from './login-throttle'

// Small numbers, so each rule is reached in a few tries; the clock is the test's own.
const policy: ThrottleOptions = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 4000,
  maxPerIp: 10,
  maxPerAccount: 12,
}
let clock = Date.parse('2026-03-02T09:00:00Z')
const now = () => new Date(clock)

let t: TestApp
/** The same app's deps behind one trusted proxy hop (TRUST_PROXY=1). */
let proxied: FastifyInstance
let fx: Awaited<ReturnType<typeof seedAccounts>>

beforeAll(async () => {
  t = await createTestApp({ throttle: policy, now })
  proxied = await buildApp(
    { ...t.deps, config: { ...t.deps.config, trustProxy: true, trustProxyHops: 1 } },
    { logger: false },
  )
  await proxied.ready()
  fx = await seedAccounts(t.database.db)
})
afterAll(async () => {
  await proxied.close()
  await t.close()
})
// Every test starts from no counts (the IPs of app.inject and the proxy's are the same in every test).
beforeEach(async () => {
  await t.database.db.delete(throttleCounters)
})

type Try = { xff?: string; device?: string; language?: string }

/** One login from a fresh browser (with a device cookie when given), through `app`. */
async function login(app: FastifyInstance, email: string, password: string, opts: Try = {}) {
  const client = new TestClient(app)
  await client.openPage()
  if (opts.device) client.cookie = `${client.cookie}; ${DEVICE_COOKIE}=${opts.device}`
  const headers: Record<string, string> = {}
  if (opts.xff) headers['x-forwarded-for'] = opts.xff
  if (opts.language) headers['accept-language'] = opts.language
  return client.send({ method: 'POST', url: '/api/account/login', payload: { email, password }, headers })
}

const nobody = (i: number | string) => `nobody-${i}-${Math.random().toString(36).slice(2)}@toptan.test`
const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === DEVICE_COOKIE)

function expectThrottled(res: LightMyRequestResponse, retryAfterSeconds: number) {
  expect(res.statusCode).toBe(429)
  expect(res.json().error.code).toBe('rate_limited')
  expect(res.headers['retry-after']).toBe(String(retryAfterSeconds))
}

describe('the client IP behind a proxy', () => {
  it('TRUST_PROXY=1: the right-most X-Forwarded-For address counts; a forged left-most one per try does not reset it', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await login(proxied, nobody(i), 'wrong', { xff: `10.66.0.${i}, 203.0.113.7` })
      expect(res.statusCode).toBe(401)
    }
    const blocked = await login(proxied, nobody('x'), 'wrong', { xff: '198.18.0.99, 203.0.113.7' })
    expectThrottled(blocked, 15 * 60)
    expect(blocked.json().error.messages.type).toBe(
      'Çok fazla başarısız giriş denemesi. Lütfen 15 dakika sonra tekrar deneyin.',
    )
    const english = await login(proxied, nobody('y'), 'wrong', { xff: '203.0.113.7', language: 'en' })
    expectThrottled(english, 15 * 60)
    expect(english.json().error.messages.type).toBe(
      'Too many failed login attempts. Please try again in 15 minutes.',
    )
    // Naming the blocked address left-most changes nothing either: the proxy's right-most one decides.
    const other = await login(proxied, nobody('z'), 'wrong', { xff: '203.0.113.7, 203.0.113.8' })
    expect(other.statusCode).toBe(401)
  })

  it('TRUST_PROXY=0: X-Forwarded-For is ignored, the connection address counts', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await login(t.app, nobody(i), 'wrong', { xff: `203.0.113.${100 + i}` })
      expect(res.statusCode).toBe(401)
    }
    expectThrottled(await login(t.app, nobody('x'), 'wrong', { xff: '203.0.113.200' }), 15 * 60)
  })
})

describe('wrong passwords on one account', () => {
  let dealer: TestUser
  beforeEach(async () => {
    dealer = await createUser(t.database.db, fx.customers.c1.id)
  })

  it('slow that IP down progressively (capped), not the dealer elsewhere; a right one forgets them', async () => {
    const from = { xff: '203.0.113.20' }
    for (let i = 0; i < 3; i++)
      expect((await login(proxied, dealer.email, 'wrong', from)).statusCode).toBe(401)
    // Held even with the right password, for 1 s, then 2 s, 4 s, 4 s after each further failure.
    expectThrottled(await login(proxied, dealer.email, dealer.password, from), 1)
    for (const wait of [1, 2, 4, 4]) {
      clock += wait * 1000 - 1
      expect((await login(proxied, dealer.email, dealer.password, from)).statusCode).toBe(429)
      clock += 1
      expect((await login(proxied, dealer.email, 'wrong', from)).statusCode).toBe(401)
      expectThrottled(await login(proxied, dealer.email, 'wrong', from), Math.min(4, wait * 2))
    }
    // The dealer at another address is not slowed down.
    expect((await login(proxied, dealer.email, dealer.password, { xff: '203.0.113.21' })).statusCode).toBe(
      200,
    )
    clock += 4000
    expect((await login(proxied, dealer.email, dealer.password, from)).statusCode).toBe(200)
    expect((await login(proxied, dealer.email, 'wrong', from)).statusCode).toBe(401)
    expect((await login(proxied, dealer.email, dealer.password, from)).statusCode).toBe(200)
  })

  it("lock the account for unknown devices once many IPs failed; the dealer's known device still gets in", async () => {
    const laptop = await login(proxied, dealer.email, dealer.password, { xff: '203.0.113.30' })
    expect(laptop.statusCode).toBe(200)
    const cookie = deviceOf(laptop)!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/api' })
    expect(cookie.maxAge).toBe(180 * 24 * 60 * 60)

    // Twelve IPs, one wrong password each: no IP reaches its own delay or ceiling, the account its lock.
    for (let i = 1; i <= 12; i++) {
      const res = await login(proxied, dealer.email, 'wrong', { xff: `198.51.100.${i}` })
      expect(res.statusCode).toBe(401)
    }
    // An unknown device is held, even with the right password, for the account window (1 h).
    expectThrottled(await login(proxied, dealer.email, dealer.password, { xff: '203.0.113.40' }), 60 * 60)
    // A device cookie of another user, or an altered one, is an unknown device.
    const other = await createUser(t.database.db, fx.customers.c1.id)
    const otherDevice = deviceOf(await login(proxied, other.email, other.password, { xff: '203.0.113.41' }))!
    expect(otherDevice.value).not.toBe(cookie.value)
    expect(
      (
        await login(proxied, dealer.email, dealer.password, {
          xff: '203.0.113.40',
          device: otherDevice.value,
        })
      ).statusCode,
    ).toBe(429)
    const altered = `${cookie.value.slice(0, -2)}${cookie.value.endsWith('AA') ? 'BB' : 'AA'}`
    expect(
      (await login(proxied, dealer.email, dealer.password, { xff: '203.0.113.40', device: altered }))
        .statusCode,
    ).toBe(429)

    // The dealer's laptop gets in, even from an address the attack used; the cookie is renewed.
    const back = await login(proxied, dealer.email, dealer.password, {
      xff: '198.51.100.1',
      device: cookie.value,
    })
    expect(back.statusCode).toBe(200)
    expect(deviceOf(back)?.value).toBe(cookie.value)

    // A stolen laptop does not guess freely: the device has its own progressive delay.
    for (let i = 0; i < 3; i++) {
      const res = await login(proxied, dealer.email, 'wrong', { xff: '203.0.113.30', device: cookie.value })
      expect(res.statusCode).toBe(401)
    }
    expectThrottled(
      await login(proxied, dealer.email, dealer.password, { xff: '203.0.113.30', device: cookie.value }),
      1,
    )
  })

  it('are counted by every app on the same database', async () => {
    const second = await createTestApp({ database: t.database, throttle: policy, now })
    try {
      for (let i = 0; i < 3; i++) expect((await login(t.app, dealer.email, 'wrong')).statusCode).toBe(401)
      expectThrottled(await login(second.app, dealer.email, dealer.password), 1)
      clock += 1000
      expect((await login(second.app, dealer.email, 'wrong')).statusCode).toBe(401)
      expectThrottled(await login(t.app, dealer.email, dealer.password), 2)
    } finally {
      await second.close()
    }
  })
})

const redisUrl = await reachableRedis()

describe.skipIf(!redisUrl)('counters in Redis (REDIS_URL)', () => {
  const prefix = testKeyPrefix()
  const stores: RedisThrottleStore[] = []
  const store = () => {
    const s = new RedisThrottleStore(new Redis(redisUrl!, { maxRetriesPerRequest: 1 }), `${prefix}throttle:`)
    stores.push(s)
    return s
  }
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()))
    await deleteKeys(redisUrl!, prefix)
  })

  it('are shared by two apps, and none is written to the database', async () => {
    const apps = [
      await createTestApp({ database: t.database, throttle: { ...policy, store: store() }, now }),
      await createTestApp({ database: t.database, throttle: { ...policy, store: store() }, now }),
    ]
    try {
      const dealer = await createUser(t.database.db, fx.customers.c1.id)
      for (let i = 0; i < 3; i++)
        expect((await login(apps[0]!.app, dealer.email, 'wrong')).statusCode).toBe(401)
      expectThrottled(await login(apps[1]!.app, dealer.email, dealer.password), 1)
      expect(await t.database.db.select().from(throttleCounters)).toEqual([])
    } finally {
      await Promise.all(apps.map((a) => a.close()))
    }
  })

  it('count atomically per key, restart a counter after its expiry, and forget cleared keys', async () => {
    const s = store()
    const key = `k-${Math.random()}`
    const start = clock
    const count = { key, ttlMs: 10_000, max: null, delay: null }
    await Promise.all([1, 2, 3, 4, 5].map(() => s.take([count], start)))
    expect(await s.read([key, 'none'], start + 1)).toEqual([
      { count: 5, lastAt: start, expiresAt: start + 10_000 },
      null,
    ])
    expect(await s.read([key], start + 10_000)).toEqual([null])
    await s.take([count], start + 10_000)
    expect((await s.read([key], start + 10_000))[0]?.count).toBe(1)
    await s.clear([key])
    expect(await s.read([key], start + 10_000)).toEqual([null])
  })
})

describe('counters in a Redis that cannot be reached', () => {
  it('answer 503 in the error shape: a login neither slips past the throttle nor fails as a 500', async () => {
    const gone = await closedRedisPort()
    const redis = connectRedis(`redis://127.0.0.1:${gone}`, 'toptan-test-gone')
    redis.on('error', () => {})
    const store = new RedisThrottleStore(redis, 'gone:throttle:')
    const app = await createTestApp({ database: t.database, throttle: { ...policy, store }, now })
    try {
      const dealer = await createUser(t.database.db, fx.customers.c1.id)
      const res = await login(app.app, dealer.email, dealer.password)
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      expect(res.json().error.code).toBe('unavailable')
      expect(res.cookies.find((c) => c.name === 'toptan_sid' && c.value)).toBeUndefined()
    } finally {
      await app.close()
      await store.close()
    }
  })
})

/** A port on this machine where nothing listens: taken, then let go. */
async function closedRedisPort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
