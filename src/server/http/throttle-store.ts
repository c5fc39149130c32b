import { createHash } from 'node:crypto'
import { inArray, lt, sql } from 'drizzle-orm'
import type { Redis } from 'ioredis'
import type { Db } from '../db/client'
import { throttleCounters } from '../db/schema/throttle'
import { connectRedis, quitRedis } from '../integrations/redis'

/** One counter: how many failures, the latest one, and when the counter is forgotten (ms since epoch). */
export type Counter = { count: number; lastAt: number; expiresAt: number }

/**
 * Failure counters shared by every app process: in PostgreSQL (the default), in Redis (REDIS_URL), or
 * in this process's memory (unit tests, and an app built without a database). Each `fail` adds one to
 * its key atomically and pushes its expiry to `now + ttlMs`; a failure after the expiry starts the
 * counter again at 1. Times come from the caller's clock, so tests can move it.
 */
export interface ThrottleStore {
  readonly kind: 'memory' | 'database' | 'redis'
  /** The live counters of these keys (null for a key with none, or an expired one), in order. */
  read(keys: readonly string[], now: number): Promise<(Counter | null)[]>
  /** Counts one failure under each key. */
  fail(keys: readonly { key: string; ttlMs: number }[], now: number): Promise<void>
  /** Forgets these keys' counters. */
  clear(keys: readonly string[]): Promise<void>
  /**
   * Counts one event in a fixed window (request limits, rate-window.ts): the first event of a window
   * sets its expiry to `now + windowMs`, later ones keep it. Answers the counter after this event.
   */
  hit(key: string, windowMs: number, now: number): Promise<Counter>
  close(): Promise<void>
}

const live = (c: Counter | undefined | null, now: number): Counter | null =>
  c && c.expiresAt > now ? c : null

export class MemoryThrottleStore implements ThrottleStore {
  readonly kind = 'memory'
  private counters = new Map<string, Counter>()

  async read(keys: readonly string[], now: number) {
    return keys.map((k) => live(this.counters.get(k), now))
  }

  async fail(keys: readonly { key: string; ttlMs: number }[], now: number) {
    for (const { key, ttlMs } of keys) {
      const current = live(this.counters.get(key), now)
      this.counters.set(key, { count: (current?.count ?? 0) + 1, lastAt: now, expiresAt: now + ttlMs })
    }
    if (this.counters.size > 10_000) {
      for (const [key, c] of this.counters) if (c.expiresAt <= now) this.counters.delete(key)
    }
  }

  async clear(keys: readonly string[]) {
    for (const key of keys) this.counters.delete(key)
  }

  async hit(key: string, windowMs: number, now: number) {
    const current = live(this.counters.get(key), now)
    const next = current
      ? { count: current.count + 1, lastAt: now, expiresAt: current.expiresAt }
      : { count: 1, lastAt: now, expiresAt: now + windowMs }
    this.counters.set(key, next)
    return next
  }

  async close() {}
}

/** The column holds 100 characters: a longer key is kept as a digest. */
const rowKey = (key: string) =>
  key.length <= 100 ? key : `h:${createHash('sha256').update(key).digest('hex')}`

/** Expired rows are deleted on every this many failures this process records. */
const SWEEP_EVERY = 200

export class DatabaseThrottleStore implements ThrottleStore {
  readonly kind = 'database'
  private failures = 0

  constructor(private readonly db: Db) {}

  async read(keys: readonly string[], now: number) {
    if (keys.length === 0) return []
    const rows = await this.db
      .select()
      .from(throttleCounters)
      .where(inArray(throttleCounters.key, keys.map(rowKey)))
    const byKey = new Map(
      rows.map((r) => [
        r.key,
        { count: r.count, lastAt: r.lastAt.getTime(), expiresAt: r.expiresAt.getTime() },
      ]),
    )
    return keys.map((k) => live(byKey.get(rowKey(k)), now))
  }

  async fail(keys: readonly { key: string; ttlMs: number }[], now: number) {
    if (keys.length === 0) return
    const at = new Date(now)
    // One statement for every key; the increment and the restart of an expired counter are atomic.
    await this.db
      .insert(throttleCounters)
      .values(
        keys.map(({ key, ttlMs }) => ({
          key: rowKey(key),
          count: 1,
          lastAt: at,
          expiresAt: new Date(now + ttlMs),
        })),
      )
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          count: sql`case when ${throttleCounters.expiresAt} > excluded.last_at then ${throttleCounters.count} + 1 else 1 end`,
          lastAt: sql`excluded.last_at`,
          expiresAt: sql`excluded.expires_at`,
        },
      })
    this.failures += 1
    if (this.failures % SWEEP_EVERY === 0) {
      await this.db.delete(throttleCounters).where(lt(throttleCounters.expiresAt, at))
    }
  }

  async clear(keys: readonly string[]) {
    if (keys.length === 0) return
    await this.db.delete(throttleCounters).where(inArray(throttleCounters.key, keys.map(rowKey)))
  }

  async hit(key: string, windowMs: number, now: number) {
    const at = new Date(now)
    const live = sql`${throttleCounters.expiresAt} > excluded.last_at`
    const [row] = await this.db
      .insert(throttleCounters)
      .values({ key: rowKey(key), count: 1, lastAt: at, expiresAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          count: sql`case when ${live} then ${throttleCounters.count} + 1 else 1 end`,
          lastAt: sql`excluded.last_at`,
          expiresAt: sql`case when ${live} then ${throttleCounters.expiresAt} else excluded.expires_at end`,
        },
      })
      .returning()
    return { count: row!.count, lastAt: row!.lastAt.getTime(), expiresAt: row!.expiresAt.getTime() }
  }

  async close() {}
}

/*
 * One hash per key (count, last, exp). The expiry is kept in the hash, from the caller's clock, and
 * the key also expires in Redis itself a while after it, so forgotten keys do not pile up.
 */
const FAIL_SCRIPT = `
local now = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local ttl = tonumber(ARGV[i + 1])
  local exp = tonumber(redis.call('HGET', key, 'exp') or '0')
  local count = 1
  if exp > now then count = tonumber(redis.call('HGET', key, 'count') or '0') + 1 end
  redis.call('HSET', key, 'count', count, 'last', now, 'exp', now + ttl)
  redis.call('PEXPIRE', key, ttl + 60000)
end
return 1
`

/** A fixed-window count: the expiry is set by the window's first event only. */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local exp = tonumber(redis.call('HGET', KEYS[1], 'exp') or '0')
local count = 1
local fresh = exp <= now
if fresh then
  exp = now + window
else
  count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0') + 1
end
redis.call('HSET', KEYS[1], 'count', count, 'last', now, 'exp', exp)
if fresh then redis.call('PEXPIRE', KEYS[1], window + 60000) end
return {count, tostring(exp)}
`

export class RedisThrottleStore implements ThrottleStore {
  readonly kind = 'redis'

  constructor(
    private readonly redis: Redis,
    /** e.g. `toptan:throttle:`; every key of this store starts with it. */
    private readonly prefix: string,
  ) {}

  async read(keys: readonly string[], now: number) {
    if (keys.length === 0) return []
    const pipeline = this.redis.pipeline()
    for (const key of keys) pipeline.hmget(this.prefix + key, 'count', 'last', 'exp')
    const answers = (await pipeline.exec()) ?? []
    return answers.map(([err, value]) => {
      if (err) throw err
      const [count, last, exp] = value as (string | null)[]
      if (count == null || last == null || exp == null) return null
      return live({ count: Number(count), lastAt: Number(last), expiresAt: Number(exp) }, now)
    })
  }

  async fail(keys: readonly { key: string; ttlMs: number }[], now: number) {
    if (keys.length === 0) return
    await this.redis.eval(
      FAIL_SCRIPT,
      keys.length,
      ...keys.map((k) => this.prefix + k.key),
      String(now),
      ...keys.map((k) => String(k.ttlMs)),
    )
  }

  async clear(keys: readonly string[]) {
    if (keys.length === 0) return
    await this.redis.del(...keys.map((k) => this.prefix + k))
  }

  async hit(key: string, windowMs: number, now: number) {
    const [count, exp] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.prefix + key,
      String(now),
      String(windowMs),
    )) as [number, string]
    return { count: Number(count), lastAt: now, expiresAt: Number(exp) }
  }

  async close() {
    await quitRedis(this.redis)
  }
}

/**
 * The store the app counts in: Redis when REDIS_URL is set (keys `<prefix>throttle:…`), else the
 * database, else (an app built without one, as some unit tests do) this process's memory. Redis
 * commands wait in ioredis's queue while it connects and fail after one retry while it is away: a
 * login then answers 503 rather than going unthrottled.
 */
export function createThrottleStore(
  config: { redisUrl?: string | undefined; redisKeyPrefix?: string | undefined },
  db: Db | undefined,
): ThrottleStore {
  if (config.redisUrl) {
    const redis = connectRedis(config.redisUrl, 'toptan-throttle')
    // A failed command fails its request (503); the connection's own errors need no second report.
    redis.on('error', () => {})
    return new RedisThrottleStore(redis, `${config.redisKeyPrefix ?? 'toptan:'}throttle:`)
  }
  return db ? new DatabaseThrottleStore(db) : new MemoryThrottleStore()
}
