import { createHash } from 'node:crypto'
import { inArray, type SQL, sql } from 'drizzle-orm'
import type { Redis } from 'ioredis'
import type { Db } from '../db/client'
import { throttleCounters } from '../db/schema/throttle'
import { connectRedis, quitRedis } from '../integrations/redis'

/** One counter: how many takes, the latest one, and when the counter is forgotten (ms since epoch). */
export type Counter = { count: number; lastAt: number; expiresAt: number }

/** A delay after a counter's latest take that grows with its count: `free` takes wait nothing… */
export type Delay = {
  free: number
  /** …then the next one waits firstMs after the latest, doubling with each take… */
  firstMs: number
  /** …up to this. */
  maxMs: number
}

/** What one counter holds a take to. */
export type Limit = {
  key: string
  /** The counter is forgotten this long after its latest take. */
  ttlMs: number
  /** Holds every take once the counter reached this many, until it is forgotten (null: no ceiling). */
  max: number | null
  /** Holds a take until this delay after the counter's latest one (null: no delay). */
  delay: Delay | null
}

/** A take's answer: whether it counted, and each limit's live counter just before (in their order). */
export type Take = { taken: boolean; before: (Counter | null)[] }

/** A counted take to give back (see ThrottleStore.giveBack). */
export type GiveBack = {
  key: string
  /** The counter as the take found it (Take.before). */
  before: Counter | null
  /** Forget the counter altogether rather than take one off. */
  forget?: boolean
}

/** How long the next take must wait after `count` takes under this delay (0: not at all). */
export function delayAfter(delay: Delay, count: number): number {
  if (count < delay.free) return 0
  return Math.min(delay.maxMs, delay.firstMs * 2 ** Math.min(count - delay.free, 40))
}

/**
 * How many ms a live counter (null: none) holds a take under `limit` (0: it may go ahead). The one
 * statement of the rule: the database's statement and the Redis script apply the same, and the
 * stores' shared test holds them to it.
 */
export function limitWait(limit: Limit, counter: Counter | null, now: number): number {
  if (!counter) return 0
  let until = 0
  if (limit.max !== null && counter.count >= limit.max) until = counter.expiresAt
  if (limit.delay) until = Math.max(until, counter.lastAt + delayAfter(limit.delay, counter.count))
  return Math.max(0, until - now)
}

/**
 * Counters shared by every app process: in PostgreSQL (the default), in Redis (REDIS_URL), or in this
 * process's memory (unit tests, and an app built without a database). Times come from the caller's
 * clock, so tests can move it.
 */
export interface ThrottleStore {
  readonly kind: 'memory' | 'database' | 'redis'
  /** The live counters of these keys (null for a key with none, or an expired one), in order. */
  read(keys: readonly string[], now: number): Promise<(Counter | null)[]>
  /**
   * One try under several limits, decided and counted at once (one statement, one script): when no
   * limit holds it (limitWait is 0 for each), every key counts one more — an expired counter starts
   * again at 1 — with its latest take at `now` and its expiry pushed to `now + ttlMs`; when one holds
   * it, nothing is counted. Two takes never both see the same count, so N at once on a key with room
   * for k count exactly k.
   */
  take(limits: readonly Limit[], now: number): Promise<Take>
  /**
   * Gives back a take made at `takenAt`: each key counts one less, and when nothing else was counted
   * on it since, it is as it was before the take (its times too; no counter if it had none). A key
   * marked `forget` loses its counter altogether.
   */
  giveBack(taken: readonly GiveBack[], takenAt: number): Promise<void>
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

  /** Decides and counts in one synchronous step: nothing else runs between the read and the write. */
  async take(limits: readonly Limit[], now: number) {
    const before = limits.map((l) => live(this.counters.get(l.key), now))
    if (limits.some((l, i) => limitWait(l, before[i] ?? null, now) > 0)) return { taken: false, before }
    limits.forEach(({ key, ttlMs }, i) => {
      this.counters.set(key, { count: (before[i]?.count ?? 0) + 1, lastAt: now, expiresAt: now + ttlMs })
    })
    if (this.counters.size > 10_000) {
      for (const [key, c] of this.counters) if (c.expiresAt <= now) this.counters.delete(key)
    }
    return { taken: true, before }
  }

  async giveBack(taken: readonly GiveBack[], takenAt: number) {
    for (const { key, before, forget } of taken) {
      const current = this.counters.get(key)
      if (!current) continue
      if (forget) this.counters.delete(key)
      else if (current.count === (before?.count ?? 0) + 1 && current.lastAt === takenAt) {
        if (before) this.counters.set(key, { ...before })
        else this.counters.delete(key)
      } else if (current.count <= 1) this.counters.delete(key)
      else this.counters.set(key, { ...current, count: current.count - 1 })
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

/** Expired rows are deleted on every this many takes this process makes. */
const SWEEP_EVERY = 200

/** A time of the caller's clock as a timestamptz parameter. */
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`
const msOf = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`

/** A take still finds a row missing after this many rounds (each round creates the missing ones). */
const TAKE_ROUNDS = 5

type SeenRow = {
  key: string
  live: boolean | null
  count: number | null
  last_at: number | null
  expires_at: number | null
  complete: boolean
  allowed: boolean
}

/** The take of DatabaseThrottleStore: one row per limit, each with the verdict of all (see take). */
function takeStatement(limits: readonly Limit[], now: number): SQL {
  const input = sql.join(
    limits.map(
      (l) =>
        sql`(${rowKey(l.key)}::varchar, ${l.ttlMs}::bigint, ${l.max}::int, ${l.delay?.free ?? null}::int, ${l.delay?.firstMs ?? null}::float8, ${l.delay?.maxMs ?? null}::float8)`,
    ),
    sql`, `,
  )
  const current = at(now)
  // limitWait, in SQL: at the ceiling until expiry, or within the delay after the latest take.
  const delay = sql`least(s.max_delay_ms, s.first_ms * power(2::float8, least(s.count - s.free, 40)))`
  const holds = sql`s.live and (
    (s.max is not null and s.count >= s.max)
    or (s.free is not null and s.count >= s.free and s.last_at + ${delay} * interval '1 millisecond' > ${current})
  )`
  return sql`
    with input (key, ttl_ms, max, free, first_ms, max_delay_ms) as (values ${input}),
    locked as materialized (
      select key, count, last_at, expires_at from throttle_counters
      where key in (select key from input) order by key for update
    ),
    seen as materialized (
      select i.*, l.key is not null as present, l.expires_at > ${current} as live, l.count, l.last_at, l.expires_at
      from input i left join locked l on l.key = i.key
    ),
    verdict as materialized (
      select bool_and(s.present) as complete, not coalesce(bool_or(${holds}), false) as allowed from seen s
    ),
    created as (
      insert into throttle_counters (key, count, last_at, expires_at)
      select key, 0, 'epoch', 'epoch' from seen where not present order by key
      on conflict (key) do nothing
    ),
    counted as (
      update throttle_counters c set
        count = case when s.live then s.count + 1 else 1 end,
        last_at = ${current},
        expires_at = ${current} + s.ttl_ms * interval '1 millisecond'
      from seen s, verdict v
      where c.key = s.key and v.complete and v.allowed
    )
    select s.key, s.live, s.count, ${msOf(sql`s.last_at`)} as last_at, ${msOf(sql`s.expires_at`)} as expires_at,
      v.complete, v.allowed
    from seen s, verdict v`
}

export class DatabaseThrottleStore implements ThrottleStore {
  readonly kind = 'database'
  private takes = 0

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

  /*
   * One statement locks the keys' rows (in key order, so two takes never wait on each other in a
   * circle), reads them as they stand after any take that held them before (FOR UPDATE reads the
   * latest version), decides, and counts. A row FOR UPDATE cannot lock is one that did not exist when
   * the statement began: it cannot be decided on, so the statement inserts it (count 0, expired, which
   * every reader takes for no counter), counts nothing, and the take runs again, now over rows that
   * exist. A take that finds every row again (the usual case) is that one statement.
   */
  async take(limits: readonly Limit[], now: number): Promise<Take> {
    if (limits.length === 0) return { taken: true, before: [] }
    this.takes += 1
    if (this.takes % SWEEP_EVERY === 0) await this.sweep(now)
    for (let round = 0; round < TAKE_ROUNDS; round++) {
      const { rows } = (await this.db.execute(takeStatement(limits, now))) as unknown as { rows: SeenRow[] }
      const byKey = new Map(rows.map((r) => [r.key, r]))
      const first = rows[0]
      if (!first?.complete) continue
      const before = limits.map((l) => {
        const r = byKey.get(rowKey(l.key))
        return r?.live
          ? { count: Number(r.count), lastAt: Number(r.last_at), expiresAt: Number(r.expires_at) }
          : null
      })
      return { taken: first.allowed, before }
    }
    throw new Error('throttle counters: a take kept finding its rows missing')
  }

  async giveBack(taken: readonly GiveBack[], takenAt: number) {
    if (taken.length === 0) return
    const input = sql.join(
      taken.map(
        ({ key, before, forget }) =>
          sql`(${rowKey(key)}::varchar, ${before?.count ?? 0}::int, ${before ? at(before.lastAt) : sql`null::timestamptz`}, ${before ? at(before.expiresAt) : sql`null::timestamptz`}, ${Boolean(forget)}::boolean)`,
      ),
      sql`, `,
    )
    const epoch = sql`'epoch'::timestamptz`
    // Locked in key order first, as a take locks them. "As before" when the take was the last thing
    // counted; a counter given back to nothing is left expired (count 0), as a forgotten one.
    const untouched = sql`(c.count = g.before_count + 1 and c.last_at = ${at(takenAt)})`
    const gone = sql`(g.forget or c.count <= 1 or (${untouched} and g.before_last is null))`
    await this.db.execute(sql`
      with given (key, before_count, before_last, before_expires, forget) as (values ${input}),
      locked as materialized (
        select key from throttle_counters where key in (select key from given) order by key for update
      )
      update throttle_counters c set
        count = case when ${gone} then 0 when ${untouched} then g.before_count else c.count - 1 end,
        last_at = case when ${gone} then ${epoch} when ${untouched} then g.before_last else c.last_at end,
        expires_at = case when ${gone} then ${epoch} when ${untouched} then g.before_expires else c.expires_at end
      from given g
      where c.key = g.key and c.key in (select key from locked)`)
  }

  /** Deletes expired rows, skipping any a take holds (never waiting, so never in a deadlock). */
  private async sweep(now: number) {
    await this.db.execute(sql`
      delete from throttle_counters where key in (
        select key from throttle_counters where expires_at < ${at(now)} for update skip locked
      )`)
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
 *
 * A take (ThrottleStore.take): Redis runs a script alone, so the decision and the counts are one step.
 * ARGV: now, then per key ttl, max, free, first, maxDelay (-1: no ceiling, no delay). Answers
 * taken (1/0), then per key the counter before: count, last, exp (-1, -1, -1: none).
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local before = {}
local held = false
for i, key in ipairs(KEYS) do
  local a = 1 + (i - 1) * 5
  local max, free = tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3])
  local first, maxDelay = tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5])
  local v = redis.call('HMGET', key, 'count', 'last', 'exp')
  local count, last, exp = tonumber(v[1]), tonumber(v[2]), tonumber(v[3])
  if count and last and exp and exp > now then
    before[i] = {count, last, exp}
    if max >= 0 and count >= max then held = true end
    if free >= 0 and count >= free then
      local delay = math.min(maxDelay, first * 2 ^ math.min(count - free, 40))
      if last + delay > now then held = true end
    end
  else
    before[i] = false
  end
end
local answer = {held and 0 or 1}
for i, key in ipairs(KEYS) do
  local b = before[i]
  if not held then
    local ttl = tonumber(ARGV[1 + (i - 1) * 5 + 1])
    redis.call('HSET', key, 'count', (b and b[1] or 0) + 1, 'last', now, 'exp', now + ttl)
    redis.call('PEXPIRE', key, ttl + 60000)
  end
  if b then
    table.insert(answer, b[1]); table.insert(answer, b[2]); table.insert(answer, b[3])
  else
    table.insert(answer, -1); table.insert(answer, -1); table.insert(answer, -1)
  end
end
return answer
`

/**
 * A give-back (ThrottleStore.giveBack). ARGV: takenAt, then per key the counter before (count, last,
 * exp; -1 for none) and forget (1/0).
 */
const GIVE_BACK_SCRIPT = `
local takenAt = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local a = 1 + (i - 1) * 4
  local bCount, bLast, bExp = tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2]), tonumber(ARGV[a + 3])
  local forget = ARGV[a + 4] == '1'
  local v = redis.call('HMGET', key, 'count', 'last')
  local count, last = tonumber(v[1]), tonumber(v[2])
  if count then
    local untouched = count == math.max(bCount, 0) + 1 and last == takenAt
    if forget or count <= 1 or (untouched and bCount < 0) then
      redis.call('DEL', key)
    elseif untouched then
      redis.call('HSET', key, 'count', bCount, 'last', bLast, 'exp', bExp)
    else
      redis.call('HINCRBY', key, 'count', -1)
    end
  end
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

  async take(limits: readonly Limit[], now: number): Promise<Take> {
    if (limits.length === 0) return { taken: true, before: [] }
    const args = limits.flatMap((l) => [
      l.ttlMs,
      l.max ?? -1,
      l.delay?.free ?? -1,
      l.delay?.firstMs ?? -1,
      l.delay?.maxMs ?? -1,
    ])
    const answer = (await this.redis.eval(
      TAKE_SCRIPT,
      limits.length,
      ...limits.map((l) => this.prefix + l.key),
      String(now),
      ...args.map(String),
    )) as number[]
    const before = limits.map((_, i) => {
      const [count, lastAt, expiresAt] = answer.slice(1 + i * 3, 4 + i * 3).map(Number)
      return count === undefined || count < 0 ? null : { count, lastAt: lastAt!, expiresAt: expiresAt! }
    })
    return { taken: answer[0] === 1, before }
  }

  async giveBack(taken: readonly GiveBack[], takenAt: number) {
    if (taken.length === 0) return
    await this.redis.eval(
      GIVE_BACK_SCRIPT,
      taken.length,
      ...taken.map((t) => this.prefix + t.key),
      String(takenAt),
      ...taken.flatMap(({ before, forget }) =>
        [before?.count ?? -1, before?.lastAt ?? -1, before?.expiresAt ?? -1, forget ? 1 : 0].map(String),
      ),
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
