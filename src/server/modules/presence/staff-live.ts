import type { Redis } from 'ioredis'
import { LRUCache } from 'lru-cache'
import { type ListedUser, PRESENCE_TOUCH_MS } from '../../../domain/presence'
import type { Config } from '../../config'
import { connectRedis } from '../../integrations/redis'
import { MemoryChannel, MemoryPresence } from './memory-presence'
import type { LiveChannel, LiveEvent, LiveLog, PresenceStore } from './presence-store'
import { RedisChannel, RedisPresence } from './redis-presence'

/** Sessions whose last write is remembered; beyond this the least recently seen are forgotten. */
const MAX_TOUCHED_SESSIONS = 50_000

/**
 * What the live staff screens stand on, one per app (app-deps.ts): the presence store, the channel
 * that tells every process's staff sockets about changes, and the throttle that keeps a busy dealer
 * from writing presence on every request.
 */
export class StaffLive {
  /** Sessions written within PRESENCE_TOUCH_MS: their next requests write nothing. */
  private readonly touched = new LRUCache<string, true>({
    max: MAX_TOUCHED_SESSIONS,
    ttl: PRESENCE_TOUCH_MS,
    ttlAutopurge: false,
  })
  private log: LiveLog = { warn: (details, message) => console.warn(message, details) }

  constructor(
    readonly backend: 'memory' | 'redis',
    private readonly store: PresenceStore,
    readonly channel: LiveChannel,
  ) {}

  /** Where failures of the shared backend are reported (the app's logger, once there is one). */
  reportTo(log: LiveLog) {
    this.log = log
  }

  get logger(): LiveLog {
    return this.log
  }

  /**
   * A logged-in dealer's page view or API call. Written at most once per PRESENCE_TOUCH_MS per session;
   * when it turns the dealer online, every staff socket hears of it at once.
   */
  async dealerSeen(sessionToken: string, user: { id: number; name: string }, at: Date): Promise<void> {
    if (this.touched.has(sessionToken)) return
    this.touched.set(sessionToken, true)
    if (await this.store.seen(user, at.getTime())) this.channel.publish('presence')
  }

  /** The dealer logged out: shown offline at once. */
  async dealerLoggedOut(sessionToken: string, userId: number, at: Date): Promise<void> {
    this.touched.delete(sessionToken)
    if (await this.store.loggedOut(userId, at.getTime())) this.channel.publish('presence')
  }

  /** A dealer's cart changed (committed): the customer carts screens read the carts again. */
  cartsChanged(): void {
    this.channel.publish('carts')
  }

  listen(listener: (event: LiveEvent) => void): () => void {
    return this.channel.listen(listener)
  }

  list(at: Date): Promise<ListedUser[]> {
    return this.store.list(at.getTime())
  }

  async close(): Promise<void> {
    this.touched.clear()
    await Promise.allSettled([this.channel.close(), this.store.close()])
  }
}

/**
 * In memory without REDIS_URL; with it, presence and events in Redis (two connections: commands, and
 * one subscribed to the channel). Connecting does not hold up the start: commands wait in ioredis's
 * queue until Redis answers, and fail after one retry while it is away (presence is then not written,
 * the request itself never fails).
 */
export function createStaffLive(config: Partial<Pick<Config, 'redisUrl' | 'redisKeyPrefix'>>): StaffLive {
  if (!config.redisUrl) return new StaffLive('memory', new MemoryPresence(), new MemoryChannel())
  const prefix = config.redisKeyPrefix ?? 'toptan:'
  const commands = connectRedis(config.redisUrl, 'toptan-presence')
  const subscriber = commands.duplicate({ connectionName: 'toptan-live-events' })
  const live: StaffLive = new StaffLive(
    'redis',
    new RedisPresence(commands, prefix),
    new RedisChannel(commands, subscriber, `${prefix}live`, () => live.logger),
  )
  reportErrors(commands, 'commands', () => live.logger)
  reportErrors(subscriber, 'events', () => live.logger)
  return live
}

/** One line when a connection fails, not one per reconnect attempt; again after it came back. */
function reportErrors(redis: Redis, role: string, log: () => LiveLog) {
  let reported = false
  redis.on('error', (err: unknown) => {
    if (reported) return
    reported = true
    log().warn({ err, role }, 'redis connection failed; presence is not shared until it is back')
  })
  redis.on('ready', () => {
    reported = false
  })
}
