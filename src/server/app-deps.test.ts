import { describe, expect, it } from 'vitest'
import { createAppMemory } from './app-deps'

describe('createAppMemory', () => {
  it('gives every app its own caches, queue, sessions and throttle', async () => {
    const throttle = { maxPerAccount: 1, maxPerIp: 10, windowMs: 60_000 }
    const first = createAppMemory({ cacheSeconds: 60 }, { throttle })
    const second = createAppMemory({ cacheSeconds: 60 }, { throttle })

    await first.caches.reference.get('settings', async () => 'first')
    expect(await second.caches.reference.get('settings', async () => 'second')).toBe('second')

    first.throttle.recordFailure('a@b.test', '10.0.0.1', 1_000)
    expect(first.throttle.retryAfter('a@b.test', '10.0.0.1', 1_000)).toBeGreaterThan(0)
    expect(second.throttle.retryAfter('a@b.test', '10.0.0.1', 1_000)).toBe(0)

    expect(second.cartQueue.turns).not.toBe(first.cartQueue.turns)
    expect(second.cartQueue.waitingAdds).not.toBe(first.cartQueue.waitingAdds)
    expect(second.sessions).not.toBe(first.sessions)
  })

  it('keeps sessions for at most 5 seconds, and none with caching off', () => {
    expect(createAppMemory({ cacheSeconds: 60 }).sessions.ttlMs).toBe(5_000)
    expect(createAppMemory({ cacheSeconds: 2 }).sessions.ttlMs).toBe(2_000)
    expect(createAppMemory({ cacheSeconds: 0 }).sessions.ttlMs).toBe(0)
  })
})
