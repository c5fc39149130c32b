import { describe, expect, it } from 'vitest'
import { RateWindow, sharedRateLimitStore, waitAfter } from './rate-window'
import { MemoryThrottleStore } from './throttle-store'

describe('RateWindow', () => {
  it('allows max events per key in a window from its first event, then says how long to wait', async () => {
    const window = new RateWindow(new MemoryThrottleStore(), 'test', 3, 60_000)
    expect([
      await window.take('a', 0),
      await window.take('a', 10_000),
      await window.take('a', 20_000),
    ]).toEqual([0, 0, 0])
    expect(await window.take('a', 30_000)).toBe(30_000) // the window started at 0 and ends at 60 s
    expect(await window.take('b', 30_000)).toBe(0) // another key has its own count
    expect(await window.take('a', 59_999)).toBe(1)
    expect(await window.take('a', 60_000)).toBe(0) // a new window
    expect(await window.take('a', 60_001)).toBe(0)
  })

  it('keeps the keys of two limits apart in one store', async () => {
    const store = new MemoryThrottleStore()
    const one = new RateWindow(store, 'one', 1, 60_000)
    const two = new RateWindow(store, 'two', 1, 60_000)
    expect(await one.take('k', 0)).toBe(0)
    expect(await two.take('k', 0)).toBe(0)
    expect(await one.take('k', 0)).toBe(60_000)
  })

  it.each([
    [{ count: 1, lastAt: 0, expiresAt: 100 }, 1, 0],
    [{ count: 2, lastAt: 0, expiresAt: 100 }, 1, 90],
    [{ count: 2, lastAt: 0, expiresAt: 10 }, 1, 1],
  ])('waitAfter(%o, max %i) at 10 → %i', (counter, max, wait) => {
    expect(waitAfter(counter, max, 10)).toBe(wait)
  })
})

describe('sharedRateLimitStore (@fastify/rate-limit)', () => {
  it("counts in the shared store, each route's keys apart, with the window's time left", async () => {
    let clock = 1_000
    const counters = new MemoryThrottleStore()
    const Store = sharedRateLimitStore(counters, () => clock)
    const root = new Store()
    const post = root.child({ routeInfo: { method: 'POST', url: '/a' } })
    const other = root.child({ routeInfo: { method: 'POST', url: '/b' } })
    const incr = (s: typeof root, key: string) =>
      new Promise((resolve, reject) =>
        s.incr(key, (err, state) => (err ? reject(err) : resolve(state)), 60_000),
      )
    expect(await incr(post, 'user:1')).toEqual({ current: 1, ttl: 60_000 })
    clock += 15_000
    expect(await incr(post, 'user:1')).toEqual({ current: 2, ttl: 45_000 })
    expect(await incr(other, 'user:1')).toEqual({ current: 1, ttl: 60_000 })
    // Another process's store class over the same counters sees the same count.
    const elsewhere = new (sharedRateLimitStore(counters, () => clock))().child({
      routeInfo: { method: 'POST', url: '/a' },
    })
    expect(await incr(elsewhere, 'user:1')).toEqual({ current: 3, ttl: 45_000 })
  })
})
