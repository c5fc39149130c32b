import { createHash } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { clientIpKey } from '../../http/client-ip'
import { AppError } from '../../http/errors'
import type { MessageKey } from '../../http/messages'
import {
  type Counter,
  delayAfter,
  type Limit,
  limitWait,
  type ThrottleStore,
} from '../../http/throttle-store'

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

/** How long the source must still wait after `failures` failures, from the last one (0: none). */
export function sourceDelayMs(policy: ThrottlePolicy, failures: number): number {
  return delayAfter(
    { free: policy.freeFailures, firstMs: policy.firstDelayMs, maxMs: policy.maxDelayMs },
    failures,
  )
}

/** The keys of one try, in the order of its limits and of ThrottleRule's reasons. */
type Keys = { source: string; ip: string; account: string }

/**
 * The policy as limits on the try's three counters (the store decides and counts them at once): the
 * source's progressive delay, and the IP's and the account's ceilings. A known device (a valid device
 * cookie of this account) is not held by the IP's or the account's ceiling, only by its own delay;
 * its tries are still counted on both.
 */
export function throttleLimits(policy: ThrottlePolicy, keys: Keys, knownDevice: boolean): Limit[] {
  return [
    {
      key: keys.source,
      ttlMs: policy.sourceForgetMs,
      max: null,
      delay: { free: policy.freeFailures, firstMs: policy.firstDelayMs, maxMs: policy.maxDelayMs },
    },
    { key: keys.ip, ttlMs: policy.ipWindowMs, max: knownDevice ? null : policy.maxPerIp, delay: null },
    {
      key: keys.account,
      ttlMs: policy.accountWindowMs,
      max: knownDevice ? null : policy.maxPerAccount,
      delay: null,
    },
  ]
}

const RULES: readonly ThrottleRule[] = ['delay', 'ip', 'account']

/**
 * The policy itself, with no I/O: how many ms this try must still wait (0: go ahead) and which rule
 * holds it (the longest hold; the first of equal ones).
 */
export function throttleWait(
  policy: ThrottlePolicy,
  counts: ThrottleCounts,
  knownDevice: boolean,
  now: number,
): { waitMs: number; rule: ThrottleRule | null } {
  const limits = throttleLimits(policy, { source: '', ip: '', account: '' }, knownDevice)
  return waitOf(limits, [counts.source, counts.ip, counts.account], now)
}

function waitOf(limits: readonly Limit[], counters: readonly (Counter | null)[], now: number) {
  let waitMs = 0
  let rule: ThrottleRule | null = null
  limits.forEach((limit, i) => {
    const wait = limitWait(limit, counters[i] ?? null, now)
    if (wait > waitMs) {
      waitMs = wait
      rule = RULES[i] ?? null
    }
  })
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

/**
 * The store keys of a try: no e-mail address is stored, only a digest of it. The IP is keyed as
 * clientIpKey writes it, so one client is one source however its address was spelled.
 */
export function throttleKeys(a: Attempt): Keys {
  const account = digest(a.email.trim().toLowerCase())
  const ip = clientIpKey(a.ip)
  return {
    source: a.deviceId ? `d:${account}:${digest(a.deviceId)}` : `s:${account}:${ip}`,
    ip: `i:${ip}`,
    account: `a:${account}`,
  }
}

/** A try that took its slot: counted as a failure until `succeeded` gives it back. */
export type Reservation = { keys: Keys; before: (Counter | null)[]; at: number }

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

  /**
   * Takes this try's slot before its password is checked: in one step of the store, the try is judged
   * by the counters as they stand and, when nothing holds it, counted as a failure on all three. So
   * tries sent at once cannot all pass on the same count: no more passwords are checked than the
   * policy allows, the others answer 429 (with the given message). A held try is not counted. A
   * wrong password then needs nothing more; a right one calls `succeeded`.
   */
  async take(a: Attempt, now: number, message: MessageKey): Promise<Reservation> {
    const keys = throttleKeys(a)
    const limits = throttleLimits(this.policy, keys, a.deviceId !== null)
    const { taken, before } = await this.store.take(limits, now)
    if (!taken) {
      const { waitMs, rule } = waitOf(limits, before, now)
      // The store held it on the same rule (limitWait): a wait of 0 here cannot happen but would
      // still be answered as a hold, never as a pass.
      throw new ThrottledError(message, Math.max(1, waitMs), rule ?? 'delay')
    }
    return { keys, before, at: now }
  }

  /**
   * A right password: that source's failures are forgotten, and the try's own slot is given back on
   * the IP and the account (their earlier failures stay), so logging in never adds to a ceiling.
   */
  async succeeded(r: Reservation): Promise<void> {
    await this.store.giveBack(
      [
        { key: r.keys.source, before: r.before[0] ?? null, forget: true },
        { key: r.keys.ip, before: r.before[1] ?? null },
        { key: r.keys.account, before: r.before[2] ?? null },
      ],
      r.at,
    )
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
