import { describe, expect, it } from 'vitest'
import type { SessionRow } from './session.repository'
import { SessionCache } from './session-cache'

const row = (userId: number): SessionRow => ({
  user: {
    id: userId,
    name: 'x',
    email: 'x@x.test',
    role: 'dealer',
    staffRole: null,
    customerId: 1,
    locale: null,
    preferences: null,
    profitPercent: '0',
    customerName: null,
    defaultPaymentPlanId: null,
  },
  expiresAt: new Date(0),
})

describe('SessionCache', () => {
  it('answers within its lifetime and forgets after it', () => {
    // lru-cache takes a start time of 0 for "no lifetime", so this clock starts later.
    let now = 1000
    const cache = new SessionCache(5000, () => now)
    cache.set('s1', row(1))
    now = 5999
    expect(cache.get('s1')?.user.id).toBe(1)
    now = 6001
    expect(cache.get('s1')).toBeUndefined()
  })

  it('remembers a missing session too, and forgets by session or by user', () => {
    const cache = new SessionCache(5000, () => 0)
    cache.set('gone', null)
    expect(cache.get('gone')).toBeNull()
    cache.set('a', row(1))
    cache.set('b', row(1))
    cache.set('c', row(2))
    cache.forgetUser(1)
    expect([cache.get('a'), cache.get('b'), cache.get('c')?.user.id]).toEqual([undefined, undefined, 2])
    cache.forget('c')
    expect(cache.get('c')).toBeUndefined()
  })

  it('keeps no row read before a forget that came while the lookup ran', () => {
    const cache = new SessionCache(5000, () => 0)
    const readAt = cache.generation
    // A logout or a password change of another request lands while this lookup waits on the database.
    cache.forgetUser(1)
    cache.set('a', row(1), readAt)
    expect(cache.get('a')).toBeUndefined()
    const later = cache.generation
    cache.set('a', row(1), later)
    expect(cache.get('a')?.user.id).toBe(1)
    const beforeLogout = cache.generation
    cache.forget('b')
    cache.set('b', row(2), beforeLogout)
    expect(cache.get('b')).toBeUndefined()
  })

  it('keeps the most recently used sessions when full', () => {
    const cache = new SessionCache(60_000, () => 0)
    for (let i = 0; i <= 10_000; i++) cache.set(`s${i}`, row(i))
    expect(cache.get('s0')).toBeUndefined()
    expect(cache.get('s1')?.user.id).toBe(1)
    expect(cache.get('s10000')?.user.id).toBe(10_000)
  })

  it('keeps nothing with a zero lifetime', () => {
    const cache = new SessionCache(0)
    cache.set('a', row(1))
    expect(cache.get('a')).toBeUndefined()
  })
})
