import { createHash } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { AppError } from '../../http/errors'
import type { MessageKey } from '../../http/messages'
import type { Counter, ThrottleStore } from '../../http/throttle-store'

/**
 * How wrong passwords are slowed down (docs/operations.md, "Login throttling"; the choices in
 * docs/decisions.md). Counted per *source* of an account's tries (the client IP, or the known device
 * when the browser brings a device cookie of that account), per IP across accounts, and per account.
 */
export type ThrottlePolicy = {
  /** Failures of one account from one source answered at once. */
  freeFailures: number
  /** Then the next try waits firstDelayMs after the last failure, doubling with each failure… */
  firstDelayMs: number
  /** …up to this. */
  maxDelayMs: number
  /** A source's failures on an account are forgotten this long after the last one (or at a success). */
  sourceForgetMs: number
  /** Failures from one IP across all accounts (password spraying) that close that IP… */
  maxPerIp: number
  /** …until this long after its last counted failure. */
  ipWindowMs: number
  /**
   * Failures on one account from everywhere that close it to unknown devices: far above what one IP
   * can reach under the delays (about 17 an hour), so only many IPs together get there.
   */
  maxPerAccount: number
  /** …until this long after its last counted failure. */
  accountWindowMs: number
}

const MINUTE = 60_000

export const defaultPolicy: ThrottlePolicy = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * MINUTE,
  sourceForgetMs: 24 * 60 * MINUTE,
  maxPerIp: 30,
  ipWindowMs: 15 * MINUTE,
  maxPerAccount: 100,
  accountWindowMs: 60 * MINUTE,
}

/** What an app's throttle is made with: policy changes (tests use smaller numbers) and its store. */
export type ThrottleOptions = Partial<ThrottlePolicy> & { store?: ThrottleStore }

/** The counters one try is judged by. */
export type ThrottleCounts = { source: Counter | null; ip: Counter | null; account: Counter | null }

export type ThrottleRule = 'delay' | 'ip' | 'account'

/** How long the source must still wait after `failures` failures, the last at `lastAt` (0: none). */
export function sourceDelayMs(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0
  const doublings = Math.min(failures - policy.freeFailures, 40)
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** doublings)
}

/**
 * The policy itself, with no I/O: how many ms this try must still wait (0: go ahead) and which rule
 * holds it. A known device (a valid device cookie of this account) is not held by the IP's or the
 * account's ceiling, only by its own progressive delay.
 */
export function throttleWait(
  policy: ThrottlePolicy,
  counts: ThrottleCounts,
  knownDevice: boolean,
  now: number,
): { waitMs: number; rule: ThrottleRule | null } {
  let waitMs = 0
  let rule: ThrottleRule | null = null
  const hold = (until: number, why: ThrottleRule) => {
    if (until - now > waitMs) {
      waitMs = until - now
      rule = why
    }
  }
  if (counts.source) hold(counts.source.lastAt + sourceDelayMs(policy, counts.source.count), 'delay')
  if (!knownDevice) {
    if (counts.ip && counts.ip.count >= policy.maxPerIp) hold(counts.ip.expiresAt, 'ip')
    if (counts.account && counts.account.count >= policy.maxPerAccount) {
      hold(counts.account.expiresAt, 'account')
    }
  }
  return { waitMs, rule }
}

/** One try at an account's password: by e-mail (login) or by the logged-in user's (password change). */
export type Attempt = {
  email: string
  ip: string
  /** The device id of a valid device cookie of this very account, else null. */
  deviceId: string | null
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32)

/** The store keys of a try: no e-mail address is stored, only a digest of it. */
export function throttleKeys(a: Attempt): { source: string; ip: string; account: string } {
  const account = digest(a.email.trim().toLowerCase())
  return {
    source: a.deviceId ? `d:${account}:${digest(a.deviceId)}` : `s:${account}:${a.ip}`,
    ip: `i:${a.ip}`,
    account: `a:${account}`,
  }
}

/** A 429 that knows how long to wait, so the route can answer Retry-After. */
export class ThrottledError extends AppError {
  constructor(
    key: MessageKey,
    readonly retryAfterMs: number,
    readonly rule: ThrottleRule,
  ) {
    super('rate_limited', key, { minutes: Math.max(1, Math.ceil(retryAfterMs / MINUTE)) }, 'rate_limited')
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000))
  }
}

/**
 * The login throttle of one app: the policy over a counter store that every process shares
 * (http/throttle-store.ts). Logins and password changes go through the same counters.
 */
export class LoginThrottle {
  readonly policy: ThrottlePolicy

  constructor(
    readonly store: ThrottleStore,
    policy: Partial<ThrottlePolicy> = {},
  ) {
    this.policy = { ...defaultPolicy, ...policy }
  }

  /** How long this try must wait (0: now) and the rule that holds it. */
  async check(a: Attempt, now: number): Promise<{ waitMs: number; rule: ThrottleRule | null }> {
    const keys = throttleKeys(a)
    const [source, ip, account] = await this.store.read([keys.source, keys.ip, keys.account], now)
    return throttleWait(
      this.policy,
      { source: source ?? null, ip: ip ?? null, account: account ?? null },
      a.deviceId !== null,
      now,
    )
  }

  /** Throws a 429 (with the given message) when this try must wait. */
  async assertAllowed(a: Attempt, now: number, message: MessageKey): Promise<void> {
    const { waitMs, rule } = await this.check(a, now)
    if (waitMs > 0 && rule) throw new ThrottledError(message, waitMs, rule)
  }

  async recordFailure(a: Attempt, now: number): Promise<void> {
    const keys = throttleKeys(a)
    const p = this.policy
    await this.store.fail(
      [
        { key: keys.source, ttlMs: p.sourceForgetMs },
        { key: keys.ip, ttlMs: p.ipWindowMs },
        { key: keys.account, ttlMs: p.accountWindowMs },
      ],
      now,
    )
  }

  /** A right password forgets that source's failures (not the IP's or the account's ceilings). */
  async recordSuccess(a: Attempt): Promise<void> {
    await this.store.clear([throttleKeys(a).source])
  }

  close(): Promise<void> {
    return this.store.close()
  }
}

/** Runs a route's work; a throttled try also answers Retry-After (seconds) with its 429. */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof ThrottledError) reply.header('retry-after', String(err.retryAfterSeconds))
    throw err
  }
}
