import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app'
import type { Database } from '../../db/client'
import { RedisThrottleStore } from '../../http/throttle-store'
import { createUser, type TestUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { createTestDatabase } from '../../test/test-database'
import { deleteKeys, reachableRedis, testKeyPrefix } from '../../test/test-redis'
import { DEVICE_COOKIE } from './device-cookie'
import { defaultPolicy, type ThrottleOptions } from './login-throttle'

/*
 * Wrong passwords sent all at once. Each try takes its slot in the shared counters before its password
 * is checked, so however many arrive together, no more are checked than the policy allows; the rest
 * answer 429. The real limits (5 free failures per source, 30 per IP) and a lower account ceiling,
 * so reaching it costs fewer password hashes. Every request is at the same instant (the test's clock).
 */
const policy: ThrottleOptions = { maxPerAccount: 20 }
const FREE = defaultPolicy.freeFailures
const PER_IP = defaultPolicy.maxPerIp
const PER_ACCOUNT = 20
const PARALLEL = 50

const clock = Date.parse('2026-03-02T09:00:00Z')
const now = () => new Date(clock)

const redisUrl = await reachableRedis()
const prefix = testKeyPrefix()

let database: Database
let customerId: number

beforeAll(async () => {
  database = await createTestDatabase()
  customerId = (await seedAccounts(database.db)).customers.c1.id
})
afterAll(async () => {
  if (redisUrl) await deleteKeys(redisUrl, prefix)
  await database.close()
})

type Stores = 'the database' | 'Redis'
const stores: Stores[] = redisUrl ? ['the database', 'Redis'] : ['the database']
if (!redisUrl) it.skip('counters in Redis (no Redis answers here: see the warning above)', () => {})

type From = { ip?: string; xff?: string; device?: string }

const nobody = (i: number | string) => `nobody-${i}-${Math.random().toString(36).slice(2)}@toptan.test`

/** How many answers had each status. */
const tally = (answers: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {}
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1
  return counts
}

function expectHeld(answers: LightMyRequestResponse[]) {
  for (const res of answers.filter((r) => r.statusCode === 429)) {
    expect(res.json().error.code).toBe('rate_limited')
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  }
}

describe.each(stores)('tries at once, counted in %s', (kind) => {
  let t: TestApp
  /** The same app behind one trusted proxy (TRUST_PROXY=1). */
  let proxied: FastifyInstance

  beforeAll(async () => {
    const store =
      kind === 'Redis'
        ? new RedisThrottleStore(new Redis(redisUrl!, { maxRetriesPerRequest: 1 }), `${prefix}throttle:`)
        : undefined
    t = await createTestApp({ database, throttle: { ...policy, store }, now })
    proxied = await buildApp(
      { ...t.deps, config: { ...t.deps.config, trustProxy: true, trustProxyHops: 1 } },
      { logger: false },
    )
    await proxied.ready()
  })
  afterAll(async () => {
    await proxied.close()
    await t.close()
  })

  /** One login from a fresh browser, from a connection address or through the proxy. */
  async function login(email: string, password: string, from: From = {}, app = t.app) {
    const client = new TestClient(app)
    await client.openPage()
    if (from.device) client.cookie = `${client.cookie}; ${DEVICE_COOKIE}=${from.device}`
    return client.send({
      method: 'POST',
      url: '/api/account/login',
      payload: { email, password },
      headers: from.xff ? { 'x-forwarded-for': from.xff } : {},
      ...(from.ip ? { remoteAddress: from.ip } : {}),
    })
  }

  describe('logins', () => {
    let dealer: TestUser
    beforeAll(async () => {
      dealer = await createUser(database.db, customerId)
    })

    it(`check ${FREE} of ${PARALLEL} wrong passwords from one source; the rest answer 429, the right one too`, async () => {
      const from = { ip: '198.51.100.11' }
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => login(dealer.email, 'wrong', from)),
      )
      expect(tally(answers)).toEqual({ 401: FREE, 429: PARALLEL - FREE })
      expectHeld(answers)
      expect((await login(dealer.email, dealer.password, from)).statusCode).toBe(429)
      // The dealer elsewhere is not held.
      expect((await login(dealer.email, dealer.password, { ip: '198.51.100.12' })).statusCode).toBe(200)
    })

    it(`check ${PER_IP} of ${PARALLEL} accounts sprayed from one IP at once`, async () => {
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => login(nobody(i), 'wrong', { ip: '198.51.100.21' })),
      )
      expect(tally(answers)).toEqual({ 401: PER_IP, 429: PARALLEL - PER_IP })
      expectHeld(answers)
    })

    it(`check ${PER_ACCOUNT} of ${PARALLEL} wrong passwords on one account from as many IPs`, async () => {
      const target = await createUser(database.db, customerId)
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, (_, i) => login(target.email, 'wrong', { ip: `10.31.0.${i + 1}` })),
      )
      expect(tally(answers)).toEqual({ 401: PER_ACCOUNT, 429: PARALLEL - PER_ACCOUNT })
      expectHeld(answers)
    })

    it('let a known device with the right password in while its account is attacked at the same time', async () => {
      const target = await createUser(database.db, customerId)
      const laptop = await login(target.email, target.password, { ip: '192.0.2.41' })
      expect(laptop.statusCode).toBe(200)
      const device = laptop.cookies.find((c) => c.name === DEVICE_COOKIE)!.value

      const attack = Array.from({ length: PARALLEL }, (_, i) =>
        login(target.email, 'wrong', { ip: `10.41.0.${i + 1}` }),
      )
      // The dealer's own tries land in the middle of the attack, one of them from an attacking address.
      const own = [
        login(target.email, target.password, { ip: '192.0.2.41', device }),
        login(target.email, target.password, { ip: '10.41.0.7', device }),
      ]
      const [attacked, mine] = await Promise.all([Promise.all(attack), Promise.all(own)])
      expect(mine.map((r) => r.statusCode)).toEqual([200, 200])
      // The dealer's tries count on the account too until their password is found right, so the attack
      // got the ceiling's checks less those the dealer held at that moment.
      const checked = tally(attacked)[401] ?? 0
      expect(checked).toBeLessThanOrEqual(PER_ACCOUNT)
      expect(checked).toBeGreaterThanOrEqual(PER_ACCOUNT - own.length)
      expect(tally(attacked)[429]).toBe(PARALLEL - checked)
      // Given back once they were right: the attack gets those checks later, and no more.
      for (let i = checked; i < PER_ACCOUNT; i++)
        expect((await login(target.email, 'wrong', { ip: `10.42.0.${i}` })).statusCode).toBe(401)
      expect((await login(target.email, 'wrong', { ip: '10.42.1.1' })).statusCode).toBe(429)

      // The account is closed to unknown devices, even with the right password; the laptop still gets in.
      expect((await login(target.email, target.password, { ip: '192.0.2.42' })).statusCode).toBe(429)
      expect((await login(target.email, target.password, { ip: '192.0.2.42', device })).statusCode).toBe(200)
    })

    it("hold a known device's own wrong passwords sent at once to its free failures", async () => {
      const target = await createUser(database.db, customerId)
      const first = await login(target.email, target.password, { ip: '192.0.2.51' })
      const device = first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => login(target.email, 'wrong', { ip: '192.0.2.51', device })),
      )
      expect(tally(answers)).toEqual({ 401: FREE, 429: PARALLEL - FREE })
    })

    it('count the spellings of one IPv4 address (TRUST_PROXY=1, X-Forwarded-For) as one source', async () => {
      const target = await createUser(database.db, customerId)
      // 10.1.2.3, written as a proxy or a client might.
      const spellings = [
        '10.1.2.3',
        '::ffff:10.1.2.3',
        '::ffff:a01:203',
        '0:0:0:0:0:ffff:a01:203',
        '::FFFF:10.1.2.3',
        '10.001.002.003',
        '167838211',
        '10.1.515',
        '[::ffff:10.1.2.3]',
        '10.1.2.3:51234',
      ]
      const answers = []
      for (const xff of spellings) answers.push(await login(target.email, 'wrong', { xff }, proxied))
      expect(answers.map((r) => r.statusCode)).toEqual([
        ...Array(FREE).fill(401),
        ...Array(spellings.length - FREE).fill(429),
      ])
      // Another address is its own source.
      expect((await login(target.email, 'wrong', { xff: '10.1.2.4' }, proxied)).statusCode).toBe(401)
    })

    it('count an IPv6 client by its /64 (TRUST_PROXY=1, X-Forwarded-For)', async () => {
      const target = await createUser(database.db, customerId)
      const rotating = [
        '2001:db8:7:8::1',
        '2001:db8:7:8:aaaa::2',
        '2001:DB8:7:8:0:0:0:3',
        '2001:db8:7:8:ffff:ffff:ffff:ffff',
        '[2001:db8:7:8::5]',
        '[2001:db8:7:8::6]:443',
        '2001:0db8:0007:0008:0000:0000:0000:0007',
      ]
      const answers = []
      for (const xff of rotating) answers.push(await login(target.email, 'wrong', { xff }, proxied))
      expect(answers.map((r) => r.statusCode)).toEqual([
        ...Array(FREE).fill(401),
        ...Array(rotating.length - FREE).fill(429),
      ])
      // The next /64 is another source.
      expect((await login(target.email, 'wrong', { xff: '2001:db8:7:9::1' }, proxied)).statusCode).toBe(401)
    })

    it('count a forwarded value that is no address as it is written, and never fail on it', async () => {
      const target = await createUser(database.db, customerId)
      const odd = ` not-an-address-${'x'.repeat(80)} `
      for (let i = 0; i < FREE; i++)
        expect((await login(target.email, 'wrong', { xff: odd }, proxied)).statusCode).toBe(401)
      expect((await login(target.email, 'wrong', { xff: odd.trim() }, proxied)).statusCode).toBe(429)
      expect((await login(target.email, 'wrong', { xff: `${odd}y` }, proxied)).statusCode).toBe(401)
      const other = await createUser(database.db, customerId)
      expect((await login(other.email, other.password, { xff: odd }, proxied)).statusCode).toBe(200)
    })

    it('count an IPv4 client the same whether the socket names it mapped or not', async () => {
      const target = await createUser(database.db, customerId)
      const answers = []
      for (let i = 0; i < FREE + 1; i++) {
        const ip = i % 2 === 0 ? '10.3.4.5' : '::ffff:10.3.4.5'
        answers.push(await login(target.email, 'wrong', { ip }))
      }
      expect(answers.map((r) => r.statusCode)).toEqual([...Array(FREE).fill(401), 429])
    })
  })

  describe('password changes', () => {
    const SETTINGS = '/api/catalog/account/settings'
    const change = (client: TestClient, currentPassword: string, ip: string) =>
      client.send({
        method: 'POST',
        url: SETTINGS,
        payload: { currentPassword, password: 'Yeni-Sifre-7', passwordVerify: 'Yeni-Sifre-7' },
        remoteAddress: ip,
      })

    it(`check ${FREE} of ${PARALLEL} wrong current passwords sent at once; the rest answer 429`, async () => {
      const user = await createUser(database.db, customerId)
      const client = new TestClient(t.app)
      expect((await client.login(user.email, user.password)).statusCode).toBe(200)
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => change(client, 'Yanlis-Sifre', '198.51.100.61')),
      )
      expect(tally(answers)).toEqual({ 400: FREE, 429: PARALLEL - FREE })
      for (const res of answers.filter((r) => r.statusCode === 400))
        expect(res.json().error.code).toBe('wrong_current_password')
      expectHeld(answers)
      // Held with the right one as well, and the password is unchanged.
      expect((await change(client, user.password, '198.51.100.61')).statusCode).toBe(429)
      expect((await new TestClient(t.app).login(user.email, user.password)).statusCode).toBe(200)
    })
  })
})
