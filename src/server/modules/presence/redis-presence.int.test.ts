import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PRESENCE_LISTED_MS, PRESENCE_ONLINE_MS } from '../../../domain/presence'
import { deleteKeys, reachableRedis, testKeyPrefix } from '../../test/test-redis'
import type { LiveEvent } from './presence-store'
import { RedisPresence } from './redis-presence'
import { createStaffLive, type StaffLive } from './staff-live'

const redisUrl = await reachableRedis()
const prefix = testKeyPrefix()
const MIN = 60 * 1000

describe.skipIf(!redisUrl)('presence in Redis', () => {
  let redis: Redis
  let store: RedisPresence
  const lives: StaffLive[] = []
  const newLive = () => {
    const live = createStaffLive({ redisUrl: redisUrl!, redisKeyPrefix: prefix })
    lives.push(live)
    return live
  }

  let storeCount = 0
  beforeAll(() => {
    redis = new Redis(redisUrl!)
  })
  // A store of its own per test: tests run in a shuffled order and must not see each other's users.
  beforeEach(() => {
    storeCount += 1
    store = new RedisPresence(new Redis(redisUrl!), `${prefix}store${storeCount}:`)
  })
  afterEach(async () => {
    await store.close()
  })
  afterAll(async () => {
    await Promise.all(lives.map((live) => live.close()))
    await deleteKeys(redisUrl!, prefix)
    redis.disconnect()
  })

  it('turns a user online when first seen and after a timeout, not when seen again meanwhile', async () => {
    const at = Date.parse('2026-03-14T12:00:00.000Z')
    expect(await store.seen({ id: 1, name: 'Ayşe Demir' }, at)).toBe(true)
    expect(await store.seen({ id: 1, name: 'Ayşe Demir' }, at + MIN)).toBe(false)
    expect(await store.seen({ id: 1, name: 'Ayşe Demir' }, at + MIN + PRESENCE_ONLINE_MS)).toBe(true)
    expect(await store.list(at + MIN + PRESENCE_ONLINE_MS)).toEqual([
      {
        id: 1,
        name: 'Ayşe Demir',
        seenAt: at + MIN + PRESENCE_ONLINE_MS,
        loggedOut: false,
        status: 'online',
      },
    ])
  })

  it('shows a logged-out user offline at once, and online again when seen', async () => {
    const at = Date.parse('2026-03-15T12:00:00.000Z')
    await store.seen({ id: 2, name: 'Can Ak' }, at)
    expect(await store.loggedOut(2, at + 1000)).toBe(true)
    expect(await store.loggedOut(2, at + 2000)).toBe(false)
    expect(await store.loggedOut(999, at)).toBe(false)
    const listed = await store.list(at + 3000)
    expect(listed.find((u) => u.id === 2)).toMatchObject({ status: 'offline', loggedOut: true, seenAt: at })
    expect(listed.some((u) => u.id === 999)).toBe(false)
    expect(await store.seen({ id: 2, name: 'Can Ak' }, at + 4000)).toBe(true)
    expect((await store.list(at + 4000)).find((u) => u.id === 2)?.status).toBe('online')
  })

  it('lists online users first, then by time, and forgets users not seen for a day', async () => {
    const own = new RedisPresence(redis, `${prefix}order:`)
    const at = Date.parse('2026-03-16T12:00:00.000Z')
    await own.seen({ id: 10, name: 'Eski' }, at - PRESENCE_LISTED_MS - MIN)
    await own.seen({ id: 11, name: 'Yarım saat' }, at - 30 * MIN)
    await own.seen({ id: 12, name: 'Çıkış yaptı' }, at - 10_000)
    await own.loggedOut(12, at - 9000)
    await own.seen({ id: 13, name: 'Şimdi' }, at - 1000)
    const listed = await own.list(at)
    expect(listed.map((u) => [u.id, u.status])).toEqual([
      [13, 'online'],
      [12, 'offline'],
      [11, 'offline'],
    ])
    // The day-old user is gone from every key, not only from the answer.
    expect(await redis.zscore(`${prefix}order:{presence}:seen`, '10')).toBeNull()
    expect(await redis.hget(`${prefix}order:{presence}:names`, '10')).toBeNull()
  })

  it('lets two processes share presence: what one sees, the other lists and hears of', async () => {
    const first = newLive()
    const second = newLive()
    const heard: LiveEvent[] = []
    second.listen((event) => heard.push(event))
    // Subscribing is asynchronous: a carts event the second hears means its subscription stands.
    await until(async () => {
      first.cartsChanged()
      return heard.includes('carts')
    })
    await first.dealerSeen('session-a', { id: 21, name: 'Deniz Yurt' }, new Date())
    await until(async () => heard.includes('presence'))
    expect((await second.list(new Date())).find((u) => u.id === 21)).toMatchObject({
      name: 'Deniz Yurt',
      status: 'online',
    })
    await first.dealerLoggedOut('session-a', 21, new Date())
    expect((await second.list(new Date())).find((u) => u.id === 21)?.status).toBe('offline')
  })

  it('writes a busy session at most once per few seconds', async () => {
    const live = newLive()
    const seenKey = `${prefix}{presence}:seen`
    await live.dealerSeen('session-b', { id: 31, name: 'Ece Su' }, new Date(1_000_000))
    await live.dealerSeen('session-b', { id: 31, name: 'Ece Su' }, new Date(2_000_000))
    expect(await redis.zscore(seenKey, '31')).toBe('1000000')
    // Another session of the same user is written at once.
    await live.dealerSeen('session-c', { id: 31, name: 'Ece Su' }, new Date(3_000_000))
    expect(await redis.zscore(seenKey, '31')).toBe('3000000')
  })

  it('closes its connections with the app', async () => {
    const live = createStaffLive({ redisUrl: redisUrl!, redisKeyPrefix: prefix })
    await live.list(new Date())
    await live.close()
    await expect(live.list(new Date())).rejects.toThrow()
  })
})

/** Polls `check` every 20 ms for up to 5 s. */
async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5000
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
