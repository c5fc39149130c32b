import { describe, expect, it } from 'vitest'
import { createCaches } from './caches'
import { LoadingCache } from './loading-cache'

// lru-cache takes a start time of 0 for "no TTL": the test clock starts later.
const T0 = 1_000_000

describe('LoadingCache', () => {
  it('loads once within the lifetime, again after it or after clear', async () => {
    let now = T0
    let loads = 0
    const cache = new LoadingCache(60_000, 10, () => now)
    const load = async () => ++loads
    expect(await cache.get('k', load)).toBe(1)
    expect(await cache.get('k', load)).toBe(1)
    now = T0 + 60_000
    expect(await cache.get('k', load)).toBe(1)
    now = T0 + 60_001
    expect(await cache.get('k', load)).toBe(2)
    cache.clear()
    expect(await cache.get('k', load)).toBe(3)
  })

  it('shares one load between concurrent readers', async () => {
    let loads = 0
    const cache = new LoadingCache(60_000, 10, () => T0)
    const load = async () => ++loads
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1])
    expect(loads).toBe(1)
  })

  it('lets a value derived from another entry expire with it', async () => {
    let now = T0
    const cache = new LoadingCache(10_000, 10, () => now)
    cache.set('v1', 'first')
    now = T0 + 6_000
    const from = cache.peek<string>('v1')!
    expect(await from.value).toBe('first')
    expect(from.ttlLeft).toBe(4_000)
    cache.set('v2', 'derived', from.ttlLeft)
    cache.set('other', 'own lifetime')
    now = T0 + 10_000
    expect(await cache.peek('v2')?.value).toBe('derived')
    now = T0 + 10_001
    expect(cache.peek('v1')).toBeUndefined()
    expect(cache.peek('v2')).toBeUndefined()
    expect(await cache.peek('other')?.value).toBe('own lifetime')
  })

  it('does not remember a failed load', async () => {
    const cache = new LoadingCache(60_000, 10, () => T0)
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    await new Promise((r) => setTimeout(r, 0))
    expect(await cache.get('k', async () => 7)).toBe(7)
  })

  it('holds at most max entries, dropping the least recently used', async () => {
    const cache = new LoadingCache(60_000, 2, () => T0)
    await cache.get('a', async () => 'a')
    await cache.get('b', async () => 'b')
    await cache.get('a', async () => 'reloaded')
    await cache.get('c', async () => 'c')
    expect(cache.size).toBe(2)
    expect(await cache.get('a', async () => 'reloaded')).toBe('a')
    expect(await cache.get('b', async () => 'reloaded')).toBe('reloaded')
  })

  it('does not cache at all with a zero lifetime (CACHE_SECONDS=0)', async () => {
    let loads = 0
    const { list } = createCaches(0)
    await list.get('k', async () => ++loads)
    await list.get('k', async () => ++loads)
    list.set('x', 1)
    expect(loads).toBe(2)
    expect(list.peek('x')).toBeUndefined()
  })

  it('gives every app caches of its own', async () => {
    const first = createCaches(60)
    const second = createCaches(60)
    await first.list.get('k', async () => 'first')
    expect(await second.list.get('k', async () => 'second')).toBe('second')
  })
})
