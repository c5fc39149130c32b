import { describe, expect, it } from 'vitest'
import { type Counter, MemoryThrottleStore } from '../../http/throttle-store'
import { deviceCookieValue, knownDeviceId, newDeviceId } from './device-cookie'
import {
  type Attempt,
  defaultPolicy,
  LoginThrottle,
  sourceDelayMs,
  type ThrottleCounts,
  ThrottledError,
  type ThrottlePolicy,
  throttleKeys,
  throttleWait,
} from './login-throttle'

const policy: ThrottlePolicy = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 8000,
  sourceForgetMs: 60_000,
  maxPerIp: 10,
  ipWindowMs: 15_000,
  maxPerAccount: 20,
  accountWindowMs: 30_000,
}

const at = (count: number, lastAt: number, expiresAt = lastAt + 60_000): Counter => ({
  count,
  lastAt,
  expiresAt,
})
const none: ThrottleCounts = { source: null, ip: null, account: null }

describe('sourceDelayMs: the progressive delay of one source on one account', () => {
  it.each([
    [0, 0],
    [2, 0],
    [3, 1000],
    [4, 2000],
    [5, 4000],
    [6, 8000],
    [7, 8000],
    [500, 8000],
  ])('after %i failures waits %i ms', (failures, wait) => {
    expect(sourceDelayMs(policy, failures)).toBe(wait)
  })
})

describe('throttleWait: the policy', () => {
  const now = 100_000
  it.each<[string, ThrottleCounts, boolean, number, string | null]>([
    ['nothing counted', none, false, 0, null],
    ['fewer failures than the free ones', { ...none, source: at(2, now) }, false, 0, null],
    ['the first delay, from the last failure', { ...none, source: at(3, now - 400) }, false, 600, 'delay'],
    ['a delay already over', { ...none, source: at(3, now - 1000) }, false, 0, null],
    ['a doubled delay', { ...none, source: at(5, now - 1000) }, false, 3000, 'delay'],
    ['the capped delay', { ...none, source: at(50, now) }, false, 8000, 'delay'],
    ['a known device is delayed as well', { ...none, source: at(4, now) }, true, 2000, 'delay'],
    ['the IP below its ceiling', { ...none, ip: at(9, now) }, false, 0, null],
    [
      'the IP at its ceiling, until its count expires',
      { ...none, ip: at(10, now, now + 5000) },
      false,
      5000,
      'ip',
    ],
    ['the IP ceiling does not hold a known device', { ...none, ip: at(10, now, now + 5000) }, true, 0, null],
    ['the account below its ceiling', { ...none, account: at(19, now) }, false, 0, null],
    ['the account lock', { ...none, account: at(20, now, now + 7000) }, false, 7000, 'account'],
    ['the account lock does not hold a known device', { ...none, account: at(25, now) }, true, 0, null],
    [
      'the longest of several holds',
      { source: at(3, now), ip: at(10, now, now + 500), account: at(20, now, now + 9000) },
      false,
      9000,
      'account',
    ],
    [
      'a known device under the account lock waits only for its own delay',
      { source: at(3, now), ip: at(10, now, now + 500), account: at(20, now, now + 9000) },
      true,
      1000,
      'delay',
    ],
  ])('%s', (_name, counts, knownDevice, waitMs, rule) => {
    expect(throttleWait(policy, counts, knownDevice, now)).toEqual({ waitMs, rule })
  })

  it('keeps the defaults within the documented promise: one IP alone stays far below the account lock', () => {
    // Tries one source can make in an hour when it always waits exactly as long as told.
    let t = 0
    let failures = 0
    while (true) {
      t += sourceDelayMs(defaultPolicy, failures)
      if (t > defaultPolicy.accountWindowMs) break
      failures += 1
    }
    expect(failures).toBeLessThan(defaultPolicy.maxPerAccount / 4)
    expect(defaultPolicy.sourceForgetMs).toBeGreaterThanOrEqual(defaultPolicy.maxDelayMs)
  })
})

describe('throttleKeys', () => {
  it('keys a try by account and IP, or by account and device, and never stores the e-mail', () => {
    const byIp = throttleKeys({ email: ' Ayse@Bayi.TEST ', ip: '203.0.113.7', deviceId: null })
    const same = throttleKeys({ email: 'ayse@bayi.test', ip: '203.0.113.7', deviceId: null })
    const byDevice = throttleKeys({ email: 'ayse@bayi.test', ip: '203.0.113.7', deviceId: 'd'.repeat(22) })
    expect(same).toEqual(byIp)
    expect(byDevice.source).not.toBe(byIp.source)
    expect(byDevice.ip).toBe(byIp.ip)
    expect(byDevice.account).toBe(byIp.account)
    expect(JSON.stringify([byIp, byDevice])).not.toContain('ayse')
    for (const key of Object.values(byIp)) expect(key.length).toBeLessThanOrEqual(100)
  })
})

describe('LoginThrottle over a store', () => {
  const ip = '198.51.100.1'
  const dealer = { email: 'bayi@x.test', ip, deviceId: null }
  const take = (t: LoginThrottle, a: Attempt, now: number) => t.take(a, now, 'auth.rateLimited')
  /** The hold a take met: how long and why (it throws ThrottledError; anything else fails the test). */
  const held = async (t: LoginThrottle, a: Attempt, now: number) => {
    const err = await take(t, a, now).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(ThrottledError)
    const { retryAfterMs, rule } = err as ThrottledError
    return { waitMs: retryAfterMs, rule }
  }

  it('delays one source progressively, forgets it after a success, and leaves other IPs alone', async () => {
    const t = new LoginThrottle(new MemoryThrottleStore(), policy)
    for (let i = 0; i < 3; i++) await take(t, dealer, 0)
    expect(await held(t, dealer, 0)).toEqual({ waitMs: 1000, rule: 'delay' })
    await take(t, { ...dealer, ip: '198.51.100.2' }, 0)
    const fourth = await take(t, dealer, 1000)
    expect(await held(t, dealer, 1000)).toEqual({ waitMs: 2000, rule: 'delay' })
    // The fourth try had the right password.
    await t.succeeded(fourth)
    await take(t, dealer, 1000)
  })

  it('counts a try before it is checked: tries at once get no more than the free ones', async () => {
    const t = new LoginThrottle(new MemoryThrottleStore(), policy)
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => take(t, dealer, 0)))
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3)
    for (const a of answers.filter((a) => a.status === 'rejected')) {
      expect((a as PromiseRejectedResult).reason).toBeInstanceOf(ThrottledError)
    }
  })

  it('closes an IP that sprays many accounts, until its count expires', async () => {
    const t = new LoginThrottle(new MemoryThrottleStore(), policy)
    for (let i = 0; i < 10; i++) await take(t, { email: `u${i}@x.test`, ip, deviceId: null }, 0)
    expect(await held(t, { email: 'new@x.test', ip, deviceId: null }, 10)).toEqual({
      waitMs: 15_000 - 10,
      rule: 'ip',
    })
    // The same address spelled as IPv4-mapped IPv6 is the same IP.
    expect((await held(t, { email: 'new@x.test', ip: `::ffff:${ip}`, deviceId: null }, 10)).rule).toBe('ip')
    await take(t, { email: 'new@x.test', ip: '198.51.100.9', deviceId: null }, 10)
    await take(t, { email: 'new@x.test', ip, deviceId: null }, 15_000)
  })

  it('gives a right password its slot back on the IP and the account: logging in adds to no ceiling', async () => {
    const t = new LoginThrottle(new MemoryThrottleStore(), policy)
    for (let i = 0; i < 25; i++) await t.succeeded(await take(t, { ...dealer, email: `u${i}@x.test` }, i))
    expect(await t.store.read([throttleKeys(dealer).ip], 25)).toEqual([null])
    // Failures stay counted, a success between them takes only its own slot back.
    await take(t, dealer, 100)
    await t.succeeded(await take(t, { ...dealer, email: 'other@x.test' }, 101))
    await take(t, { ...dealer, email: 'third@x.test' }, 102)
    const [source, ipCount, account] = await t.store.read(Object.values(throttleKeys(dealer)), 103)
    expect([source?.count, ipCount?.count, account?.count]).toEqual([1, 2, 1])
  })

  it("locks an account tried from many IPs for unknown devices only, and forgets a source's count", async () => {
    const t = new LoginThrottle(new MemoryThrottleStore(), policy)
    for (let i = 0; i < 20; i++) await take(t, { ...dealer, ip: `10.0.0.${i}` }, 0)
    expect((await held(t, { ...dealer, ip: '10.9.9.9' }, 1)).rule).toBe('account')
    // A known device goes ahead, and its try is counted too.
    await take(t, { ...dealer, ip: '10.9.9.9', deviceId: newDeviceId() }, 1)
    expect((await t.store.read([throttleKeys(dealer).account], 1))[0]?.count).toBe(21)
    // A source's count restarts once sourceForgetMs passed since its last failure.
    const one = { email: 'other@x.test', ip: '10.1.1.1', deviceId: null }
    for (let i = 0; i < 4; i++) await take(t, one, i * 10_000)
    expect(await held(t, one, 30_000)).toEqual({ waitMs: 2000, rule: 'delay' })
    await take(t, one, 30_000 + 60_000)
    await take(t, one, 30_000 + 60_000)
  })
})

describe('device cookie', () => {
  const secret = 'device-secret-device-secret-0123456789'
  const id = newDeviceId()

  it('is accepted only for the user it was signed for, with this secret, unaltered', () => {
    const value = deviceCookieValue(secret, 42, id)
    expect(knownDeviceId(secret, 42, value)).toBe(id)
    expect(knownDeviceId(secret, 43, value)).toBeNull()
    expect(knownDeviceId(secret, null, value)).toBeNull()
    expect(knownDeviceId(`${secret}x`, 42, value)).toBeNull()
    expect(knownDeviceId(secret, 42, value.replace(id, newDeviceId()))).toBeNull()
    expect(knownDeviceId(secret, 42, value.replace('42.', '43.'))).toBeNull()
    expect(knownDeviceId(secret, 42, `${value}.x`)).toBeNull()
    const last = value.slice(-1) === 'A' ? 'B' : 'A'
    expect(knownDeviceId(secret, 42, `${value.slice(0, -1)}${last}`)).toBeNull()
    expect(knownDeviceId(secret, 42, undefined)).toBeNull()
    expect(knownDeviceId(secret, 42, '')).toBeNull()
  })
})
