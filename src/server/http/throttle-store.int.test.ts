import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { createTestDatabase } from '../test/test-database'
import { deleteKeys, reachableRedis, testKeyPrefix } from '../test/test-redis'
import {
  type Counter,
  DatabaseThrottleStore,
  type Limit,
  limitWait,
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

/** A limit that only counts. */
const counting = (k: string, ttlMs = 10_000): Limit => ({ key: k, ttlMs, max: null, delay: null })
const ceiling = (k: string, max: number, ttlMs = 10_000): Limit => ({ key: k, ttlMs, max, delay: null })
const delayed = (k: string, free: number, ttlMs = 60_000): Limit => ({
  key: k,
  ttlMs,
  max: null,
  delay: { free, firstMs: 1000, maxMs: 8000 },
})

/** `count` takes at `lastAt`, so the key's counter is { count, lastAt, expiresAt: lastAt + ttlMs }. */
async function counter(s: ThrottleStore, k: string, count: number, lastAt: number, ttlMs: number) {
  for (let i = 0; i < count; i++) expect((await s.take([counting(k, ttlMs)], lastAt)).taken).toBe(true)
}

describe.each(kinds)('the %s store', (_kind, make) => {
  it('counts takes per key without losing concurrent ones, and restarts a counter after its expiry', async () => {
    const s = make()
    const a = key('a')
    const b = key('b')
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => s.take([counting(a, 10_000), counting(b, 500)], T + i)),
    )
    const [ca, cb, none] = await s.read([a, b, key('none')], T + 8)
    expect(ca?.count).toBe(8)
    expect(cb?.count).toBe(8)
    expect(none).toBeNull()
    // Each take pushes the expiry on: from the latest one.
    expect(ca?.expiresAt).toBe((ca?.lastAt ?? 0) + 10_000)
    expect(await s.read([b], (cb?.lastAt ?? 0) + 500)).toEqual([null])
    const restart = await s.take([counting(b, 500)], T + 1000)
    expect(restart).toEqual({ taken: true, before: [null] })
    expect(await s.read([b], T + 1000)).toEqual([{ count: 1, lastAt: T + 1000, expiresAt: T + 1500 }])
    await s.clear([a, b])
    expect(await s.read([a, b], T + 1000)).toEqual([null, null])
  })

  it.each([
    // [what, the counter (count, ms from its latest take to now, ttl), the limit]
    ['no counter', null, 'ceiling 3'],
    ['below the ceiling', [2, 0, 10_000], 'ceiling 3'],
    ['at the ceiling', [3, 0, 10_000], 'ceiling 3'],
    ['at the ceiling, expired', [3, 10_000, 10_000], 'ceiling 3'],
    ['at the ceiling, a ms before expiry', [3, 9_999, 10_000], 'ceiling 3'],
    ['below the free takes', [1, 0, 60_000], 'delay after 2'],
    ['at the free takes, within the first delay', [2, 999, 60_000], 'delay after 2'],
    ['at the free takes, the first delay over', [2, 1000, 60_000], 'delay after 2'],
    ['one more: a doubled delay', [3, 1999, 60_000], 'delay after 2'],
    ['one more: the doubled delay over', [3, 2000, 60_000], 'delay after 2'],
    ['the capped delay', [40, 7999, 60_000], 'delay after 2'],
    ['the capped delay over', [40, 8000, 60_000], 'delay after 2'],
    ['a delay counter expired', [40, 60_000, 60_000], 'delay after 2'],
    ['no delay at all', [5, 0, 60_000], 'delay after 0, no free'],
  ] as const)('decides as limitWait does: %s', async (_what, state, rule) => {
    const s = make()
    const k = key('rule')
    const lastAt = T
    const now = T + (state?.[1] ?? 0)
    if (state) await counter(s, k, state[0], lastAt, state[2])
    const limit =
      rule === 'ceiling 3' ? ceiling(k, 3) : rule === 'delay after 2' ? delayed(k, 2) : delayed(k, 50)
    const [before] = await s.read([k], now)
    const expected =
      state && now < lastAt + state[2] ? { count: state[0], lastAt, expiresAt: lastAt + state[2] } : null
    expect(before).toEqual(expected)
    const allowed = limitWait(limit, expected, now) === 0
    const answer = await s.take([limit], now)
    expect(answer).toEqual({ taken: allowed, before: [expected] })
    const [after] = await s.read([k], now)
    expect(after).toEqual(
      allowed ? { count: (expected?.count ?? 0) + 1, lastAt: now, expiresAt: now + limit.ttlMs } : expected,
    )
  })

  it('takes all the keys or none: one held key leaves the others as they were', async () => {
    const s = make()
    const [free, full] = [key('free'), key('full')]
    await counter(s, full, 2, T, 10_000)
    const answer = await s.take([counting(free), ceiling(full, 2)], T + 1)
    expect(answer).toEqual({ taken: false, before: [null, { count: 2, lastAt: T, expiresAt: T + 10_000 }] })
    expect(await s.read([free, full], T + 1)).toEqual([null, { count: 2, lastAt: T, expiresAt: T + 10_000 }])
  })

  it('lets exactly as many of 50 takes at once through as the limits allow, on keys new and old', async () => {
    const s = make()
    const [fresh, shared, old] = [key('fresh'), key('shared'), key('old')]
    await counter(s, old, 4, T, 60_000)
    // A new key with a ceiling of 7, and a second new key counted along.
    const first = await Promise.all(
      Array.from({ length: 50 }, () => s.take([ceiling(fresh, 7), counting(shared)], T + 1)),
    )
    expect(first.filter((a) => a.taken)).toHaveLength(7)
    expect((await s.read([fresh, shared], T + 1)).map((c) => c?.count)).toEqual([7, 7])
    // The counts each take saw are all different: no two decided on the same one.
    const seen = first.filter((a) => a.taken).map((a) => a.before[0]?.count ?? 0)
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5, 6])
    // An existing key with a delay after 5 free: one more goes through, then the delay holds.
    const second = await Promise.all(Array.from({ length: 50 }, () => s.take([delayed(old, 5)], T + 2)))
    expect(second.filter((a) => a.taken)).toHaveLength(1)
    expect((await s.read([old], T + 2))[0]?.count).toBe(5)
  })

  it('gives a take back: as it was when nothing came after it, one less when something did', async () => {
    const s = make()
    const [k, fresh, later, forgotten] = [key('k'), key('fresh'), key('later'), key('forgotten')]
    await counter(s, k, 3, T, 10_000)
    await counter(s, later, 1, T, 10_000)
    await counter(s, forgotten, 2, T, 10_000)
    const take = await s.take([counting(k), counting(fresh), counting(later), counting(forgotten)], T + 5)
    expect(take.taken).toBe(true)
    // Another take on `later` after ours.
    await s.take([counting(later)], T + 6)
    await s.giveBack(
      [
        { key: k, before: take.before[0] ?? null },
        { key: fresh, before: take.before[1] ?? null },
        { key: later, before: take.before[2] ?? null },
        { key: forgotten, before: take.before[3] ?? null, forget: true },
      ],
      T + 5,
    )
    expect(await s.read([k, fresh, later, forgotten], T + 7)).toEqual([
      { count: 3, lastAt: T, expiresAt: T + 10_000 },
      null,
      { count: 2, lastAt: T + 6, expiresAt: T + 10_006 },
      null,
    ])
    // A key given back twice, or never there, stays at nothing.
    await s.giveBack(
      [
        { key: fresh, before: null },
        { key: key('none'), before: null },
      ],
      T + 5,
    )
    expect(await s.read([fresh], T + 7)).toEqual([null])
    // Given back, a key takes as before: it starts again at 1.
    expect(await s.take([ceiling(fresh, 1)], T + 8)).toEqual({ taken: true, before: [null] })
  })

  it('gives back concurrent takes without losing one', async () => {
    const s = make()
    const k = key('busy')
    const takes = await Promise.all(Array.from({ length: 20 }, (_, i) => s.take([counting(k)], T + i)))
    await Promise.all(
      takes
        .slice(0, 15)
        .map((t, i) => s.giveBack([{ key: k, before: (t.before[0] ?? null) as Counter | null }], T + i)),
    )
    expect((await s.read([k], T + 20))[0]?.count).toBe(5)
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
    await s.take([counting(long, 1000)], T)
    expect((await s.read([long, other], T))[0]?.count).toBe(1)
    expect((await s.read([other], T))[0]).toBeNull()
    expect((await s.take([ceiling(long, 1, 1000)], T)).taken).toBe(false)
    expect((await s.hit(long, 1000, T)).count).toBe(2)
  })
})
