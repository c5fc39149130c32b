import { describe, expect, it } from 'vitest'
import { TtlCache } from './ttl-cache'

describe('TtlCache', () => {
  it('loads once within the lifetime, again after it or after invalidate', async () => {
    let now = 0
    let loads = 0
    const cache = new TtlCache(60_000, () => now)
    const load = async () => ++loads
    expect(await cache.get('k', load)).toBe(1)
    expect(await cache.get('k', load)).toBe(1)
    now = 59_999
    expect(await cache.get('k', load)).toBe(1)
    now = 60_000
    expect(await cache.get('k', load)).toBe(2)
    cache.invalidate()
    expect(await cache.get('k', load)).toBe(3)
  })

  it('lets a value derived from another entry expire with it', async () => {
    let now = 0
    const cache = new TtlCache(10_000, () => now)
    cache.set('v1', 'first')
    now = 6_000
    const from = cache.peek<string>('v1')!
    expect(await from.value).toBe('first')
    cache.set('v2', 'derived', from.expires)
    cache.set('other', 'own lifetime')
    now = 9_999
    expect(await cache.peek('v2')?.value).toBe('derived')
    now = 10_000
    expect(cache.peek('v1')).toBeUndefined()
    expect(cache.peek('v2')).toBeUndefined()
    expect(await cache.peek('other')?.value).toBe('own lifetime')
  })

  it('does not remember a failed load', async () => {
    const cache = new TtlCache(60_000, () => 0)
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    await new Promise((r) => setTimeout(r, 0))
    expect(await cache.get('k', async () => 7)).toBe(7)
  })

  it('does not cache at all with a zero lifetime', async () => {
    let loads = 0
    const cache = new TtlCache(0)
    await cache.get('k', async () => ++loads)
    await cache.get('k', async () => ++loads)
    expect(loads).toBe(2)
  })
})
