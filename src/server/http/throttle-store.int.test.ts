import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { createTestDatabase } from '../test/test-database'
import { deleteKeys, reachableRedis, testKeyPrefix } from '../test/test-redis'
import {
  DatabaseThrottleStore,
  MemoryThrottleStore,
  RedisThrottleStore,
  type ThrottleStore,
} from './throttle-store'

// One contract, every store: what the login throttle and the request limits rely on.
let database: Database
const redisUrl = await reachableRedis()
const prefix = testKeyPrefix()
const redisStores: RedisThrottleStore[] = []

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await Promise.all(redisStores.map((s) => s.close()))
  if (redisUrl) await deleteKeys(redisUrl, prefix)
  await database.close()
})

const kinds: [string, () => ThrottleStore][] = [
  ['memory', () => new MemoryThrottleStore()],
  ['database', () => new DatabaseThrottleStore(database.db)],
]
if (redisUrl) {
  kinds.push([
    'redis',
    () => {
      const store = new RedisThrottleStore(new Redis(redisUrl, { maxRetriesPerRequest: 1 }), `${prefix}t:`)
      redisStores.push(store)
      return store
    },
  ])
} else {
  it.skip('the Redis store (no Redis answers here: see the warning above)', () => {})
}

let n = 0
const key = (name: string) => `${name}-${++n}-${Math.random().toString(36).slice(2)}`
const T = Date.parse('2026-03-02T09:00:00Z')

describe.each(kinds)('the %s store', (_kind, make) => {
  it('counts failures per key without losing concurrent ones, and restarts a counter after its expiry', async () => {
    const s = make()
    const a = key('a')
    const b = key('b')
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        s.fail(
          [
            { key: a, ttlMs: 10_000 },
            { key: b, ttlMs: 500 },
          ],
          T + i,
        ),
      ),
    )
    const [ca, cb, none] = await s.read([a, b, key('none')], T + 8)
    expect(ca?.count).toBe(8)
    expect(cb?.count).toBe(8)
    expect(none).toBeNull()
    // Each failure pushes the expiry on: from the latest one.
    expect(ca?.expiresAt).toBe((ca?.lastAt ?? 0) + 10_000)
    expect(await s.read([b], (cb?.lastAt ?? 0) + 500)).toEqual([null])
    await s.fail([{ key: b, ttlMs: 500 }], T + 1000)
    expect(await s.read([b], T + 1000)).toEqual([{ count: 1, lastAt: T + 1000, expiresAt: T + 1500 }])
    await s.clear([a, b])
    expect(await s.read([a, b], T + 1000)).toEqual([null, null])
  })

  it('counts hits in a fixed window from the first one', async () => {
    const s = make()
    const k = key('hit')
    const counts = await Promise.all(Array.from({ length: 5 }, () => s.hit(k, 60_000, T)))
    expect(counts.map((c) => c.count).sort()).toEqual([1, 2, 3, 4, 5])
    const later = await s.hit(k, 60_000, T + 30_000)
    expect(later).toMatchObject({ count: 6, expiresAt: T + 60_000 })
    expect(await s.hit(k, 60_000, T + 60_000)).toMatchObject({ count: 1, expiresAt: T + 120_000 })
  })

  it('takes keys of any length', async () => {
    const s = make()
    const long = `${key('long')}:${'x'.repeat(300)}`
    const other = `${long}y`
    await s.fail([{ key: long, ttlMs: 1000 }], T)
    expect((await s.read([long, other], T))[0]?.count).toBe(1)
    expect((await s.read([other], T))[0]).toBeNull()
    expect((await s.hit(long, 1000, T)).count).toBe(2)
  })
})
