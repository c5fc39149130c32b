import { describe, expect, it } from 'vitest'
import { createAppMemory } from './app-deps'

describe('createAppMemory', () => {
  it('gives every app its own caches, queue, sessions and throttle', async () => {
    const throttle = { freeFailures: 1, firstDelayMs: 60_000 }
    const first = createAppMemory({ cacheSeconds: 60 }, { throttle })
    const second = createAppMemory({ cacheSeconds: 60 }, { throttle })

    await first.caches.list.get('settings', async () => 'first')
    expect(await second.caches.list.get('settings', async () => 'second')).toBe('second')

    // Built without a database, the throttle counts in the app's own memory.
    const attempt = { email: 'a@b.test', ip: '10.0.0.1', deviceId: null }
    await first.throttle.take(attempt, 1_000, 'auth.rateLimited')
    await expect(first.throttle.take(attempt, 1_000, 'auth.rateLimited')).rejects.toThrow()
    await expect(second.throttle.take(attempt, 1_000, 'auth.rateLimited')).resolves.toBeTruthy()

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
