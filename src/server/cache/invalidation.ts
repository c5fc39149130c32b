import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import pg from 'pg'
import { connectRedis, quitRedis } from '../integrations/redis'

/**
 * What a write made wrong: one entry of a cache, a session, every session of a user, or everything
 * (a process that may have missed changes while its channel was down).
 */
export type CacheChange =
  | { list: string }
  | { reference: string }
  | { session: string }
  | { userSessions: number }
  | { all: true }

/** Where a process hears of other processes' changes and tells them of its own. */
export interface InvalidationChannel {
  readonly kind: 'local' | 'postgres' | 'redis'
  publish(message: string): void
  /** `onMessage` for every message from the others; `onGap` when messages may have been missed. */
  start(onMessage: (message: string) => void, onGap: () => void): void
  close(): Promise<void>
}

export type InvalidationLog = { warn: (details: object, message: string) => void }

/**
 * The one way a write forgets cached entries: applied at once to this process's memory and sent to
 * every other process, which applies it on receipt (docs/decisions.md "Cache invalidation across
 * processes"). Forget after the commit, never inside the transaction: a process that heard of the
 * change must not read the old row back. The caches' TTL stays as the safety net for a lost message.
 */
export class Invalidation {
  private readonly targets = new Set<(change: CacheChange) => void>()
  /** Tells this process's own messages from the others' (a channel may echo them back). */
  private readonly origin = randomUUID()
  private log: InvalidationLog = { warn: (details, message) => console.warn(message, details) }
  /** Changes heard from other processes (tests read it). */
  received = 0

  constructor(readonly channel: InvalidationChannel) {
    channel.start(
      (message) => this.receive(message),
      () => this.apply([{ all: true }]),
    )
  }

  reportTo(log: InvalidationLog) {
    this.log = log
  }

  get logger(): InvalidationLog {
    return this.log
  }

  /**
   * A cache (or the session cache, or the staff sockets) that applies changes to itself. Answers a
   * function that stops it hearing them.
   */
  target(apply: (change: CacheChange) => void): () => void {
    this.targets.add(apply)
    return () => this.targets.delete(apply)
  }

  forget(...changes: CacheChange[]) {
    if (changes.length === 0) return
    this.apply(changes)
    if (this.channel.kind === 'local') return
    let message = JSON.stringify({ from: this.origin, changes })
    // NOTIFY carries at most 8000 bytes: a batch too large to send tells the others to forget it all.
    if (Buffer.byteLength(message) > MAX_MESSAGE_BYTES)
      message = JSON.stringify({ from: this.origin, changes: [{ all: true }] })
    try {
      this.channel.publish(message)
    } catch (err) {
      this.log.warn({ err }, 'cache invalidation not sent; other processes catch up within the TTL')
    }
  }

  close(): Promise<void> {
    this.targets.clear()
    return this.channel.close()
  }

  private apply(changes: CacheChange[]) {
    for (const change of changes) for (const apply of this.targets) apply(change)
  }

  private receive(message: string) {
    let parsed: { from?: unknown; changes?: unknown }
    try {
      parsed = JSON.parse(message)
    } catch {
      return
    }
    if (parsed.from === this.origin || !Array.isArray(parsed.changes)) return
    const changes = parsed.changes.filter(isChange)
    this.received += changes.length
    this.apply(changes)
  }
}

const MAX_MESSAGE_BYTES = 7_500

function isChange(value: unknown): value is CacheChange {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.list === 'string' ||
    typeof v.reference === 'string' ||
    typeof v.session === 'string' ||
    typeof v.userSessions === 'number' ||
    v.all === true
  )
}

/** One process on the embedded database (PGlite serves one process only): nothing to tell. */
export class LocalChannel implements InvalidationChannel {
  readonly kind = 'local'
  publish() {}
  start() {}
  async close() {}
}

/**
 * PostgreSQL LISTEN/NOTIFY on a connection of its own (a pooled one would stop listening when it is
 * handed back). NOTIFY goes out on the same connection. When it drops, it is opened again after a
 * second (then up to 10 s apart) and this process forgets everything once, since it may have missed
 * changes meanwhile; what is published while it is down is lost (the others' TTL covers it).
 */
export class PostgresChannel implements InvalidationChannel {
  readonly kind = 'postgres'
  private client: pg.Client | null = null
  private closed = false
  private retryMs = 1_000
  private timer: NodeJS.Timeout | null = null
  private everConnected = false

  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly log: () => InvalidationLog,
  ) {}

  start(onMessage: (message: string) => void, onGap: () => void) {
    const connect = async () => {
      this.timer = null
      const client = new pg.Client({ connectionString: this.url, application_name: 'toptan-cache-events' })
      client.on('notification', (n) => {
        if (n.channel === this.name && n.payload) onMessage(n.payload)
      })
      const lost = (err?: Error) => {
        if (this.client !== client) return
        this.client = null
        client.removeAllListeners('notification')
        client.end().catch(() => {})
        if (this.closed) return
        this.log().warn({ err }, 'cache invalidation channel lost; reconnecting')
        this.timer = setTimeout(connect, this.retryMs)
        this.retryMs = Math.min(this.retryMs * 2, 10_000)
      }
      client.on('error', lost)
      client.on('end', () => lost())
      try {
        await client.connect()
        await client.query(`listen ${pg.escapeIdentifier(this.name)}`)
      } catch (err) {
        client.removeAllListeners()
        client.on('error', () => {})
        client.end().catch(() => {})
        if (this.closed) return
        this.log().warn({ err }, 'cache invalidation channel not connected; retrying')
        this.timer = setTimeout(connect, this.retryMs)
        this.retryMs = Math.min(this.retryMs * 2, 10_000)
        return
      }
      if (this.closed) {
        await client.end().catch(() => {})
        return
      }
      this.client = client
      this.retryMs = 1_000
      if (this.everConnected) onGap()
      this.everConnected = true
    }
    void connect()
  }

  publish(message: string) {
    const client = this.client
    if (!client) throw new Error('not connected')
    client.query('select pg_notify($1, $2)', [this.name, message]).catch((err: unknown) => {
      this.log().warn({ err }, 'cache invalidation not sent; other processes catch up within the TTL')
    })
  }

  async close() {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    const client = this.client
    this.client = null
    await client?.end().catch(() => {})
  }
}

/** Redis pub/sub: one connection subscribed, one that publishes. A resubscription after a drop is a gap. */
export class RedisChannel implements InvalidationChannel {
  readonly kind = 'redis'
  private readonly publisher: Redis
  private readonly subscriber: Redis
  private closed = false

  constructor(
    url: string,
    private readonly name: string,
    private readonly log: () => InvalidationLog,
  ) {
    this.publisher = connectRedis(url, 'toptan-cache-publish')
    this.subscriber = this.publisher.duplicate({ connectionName: 'toptan-cache-events' })
    let reported = false
    for (const redis of [this.publisher, this.subscriber]) {
      redis.on('error', (err: unknown) => {
        if (reported) return
        reported = true
        this.log().warn({ err }, 'redis connection failed; cache invalidation is not shared until it is back')
      })
      redis.on('ready', () => {
        reported = false
      })
    }
  }

  start(onMessage: (message: string) => void, onGap: () => void) {
    let readyBefore = false
    this.subscriber.on('ready', () => {
      if (readyBefore) onGap()
      readyBefore = true
    })
    this.subscriber.on('message', (from: string, message: string) => {
      if (from === this.name) onMessage(message)
    })
    this.subscriber.subscribe(this.name).catch((err: unknown) => {
      // Closed before the subscription was made (an app that stopped at once): nothing was missed.
      if (!this.closed) this.log().warn({ err }, 'redis subscribe failed; cache invalidation is not heard')
    })
  }

  publish(message: string) {
    this.publisher.publish(this.name, message).catch((err: unknown) => {
      this.log().warn({ err }, 'cache invalidation not sent; other processes catch up within the TTL')
    })
  }

  async close() {
    this.closed = true
    await Promise.allSettled([quitRedis(this.subscriber), quitRedis(this.publisher)])
  }
}

/** The channel every process of this site shares: the PostgreSQL channel's name. */
export const POSTGRES_CHANNEL = 'toptan_cache'

/**
 * Redis pub/sub when REDIS_URL is set; else LISTEN/NOTIFY on a real PostgreSQL (DATABASE_URL); else
 * (the embedded database, one process by construction) this process only.
 */
export function createInvalidation(config: {
  redisUrl?: string | undefined
  redisKeyPrefix?: string | undefined
  databaseUrl?: string | undefined
}): Invalidation {
  let invalidation: Invalidation
  const log = () => invalidation.logger
  const channel: InvalidationChannel = config.redisUrl
    ? new RedisChannel(config.redisUrl, `${config.redisKeyPrefix ?? 'toptan:'}cache`, log)
    : config.databaseUrl
      ? new PostgresChannel(config.databaseUrl, POSTGRES_CHANNEL, log)
      : new LocalChannel()
  invalidation = new Invalidation(channel)
  return invalidation
}
