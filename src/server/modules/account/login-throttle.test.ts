import { describe, expect, it } from 'vitest'
import { LoginThrottle } from './login-throttle'

describe('LoginThrottle', () => {
  const opts = { maxPerAccount: 3, maxPerIp: 5, windowMs: 1000 }

  it('blocks an account after the allowed failures until the window passes', () => {
    const t = new LoginThrottle(opts)
    for (let i = 0; i < 3; i++) {
      expect(t.retryAfter('A@x.test', '1.1.1.1', 100)).toBe(0)
      t.recordFailure('A@x.test', '1.1.1.1', 100)
    }
    expect(t.retryAfter('a@x.test', '2.2.2.2', 200)).toBe(900)
    expect(t.retryAfter('a@x.test', '2.2.2.2', 1100)).toBe(0)
  })

  it('blocks an IP that tries many accounts', () => {
    const t = new LoginThrottle(opts)
    for (let i = 0; i < 5; i++) t.recordFailure(`u${i}@x.test`, '9.9.9.9', 0)
    expect(t.retryAfter('new@x.test', '9.9.9.9', 10)).toBeGreaterThan(0)
    expect(t.retryAfter('new@x.test', '8.8.8.8', 10)).toBe(0)
  })

  it("forgets an account's failures after a success", () => {
    const t = new LoginThrottle(opts)
    t.recordFailure('a@x.test', '1.1.1.1', 0)
    t.recordFailure('a@x.test', '1.1.1.1', 0)
    t.recordSuccess('a@x.test')
    t.recordFailure('a@x.test', '1.1.1.1', 0)
    expect(t.retryAfter('a@x.test', '3.3.3.3', 0)).toBe(0)
  })
})
