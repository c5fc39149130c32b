import type { Redis } from 'ioredis'
import {
  comesOnline,
  type ListedUser,
  PRESENCE_LIST_LIMIT,
  PRESENCE_LISTED_MS,
  type PresenceEntry,
  presenceList,
  presenceStatus,
} from '../../../domain/presence'
import { quitRedis } from '../../integrations/redis'
import {
  type LiveChannel,
  type LiveEvent,
  type LiveLog,
  liveEvents,
  type PresenceStore,
} from './presence-store'

/**
 * Presence in Redis, shared by every app process. Three keys under the site's prefix, in one hash slot
 * (the `{presence}` tag) so the scripts below may touch them together on a Redis Cluster too:
 * - `seen`: a sorted set, user id → when last seen (ms), for "who was seen since" in one range read;
 * - `names`: a hash, user id → name;
 * - `out`: a set of the users who logged out since they were last seen.
 * Each operation is one script, so it is atomic and one round trip. The rules (online window, order)
 * stay in domain/presence.ts: the scripts only read and write.
 */
export function presenceKeys(prefix: string) {
  const base = `${prefix}{presence}`
  return [`${base}:seen`, `${base}:names`, `${base}:out`] as const
}

/** Seen: answers the previous time seen ('' for none) and whether the user had logged out. */
const SEEN_SCRIPT = `
local previous = redis.call('ZSCORE', KEYS[1], ARGV[1])
local wasOut = redis.call('SREM', KEYS[3], ARGV[1])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
return { previous or '', wasOut }`

/** Logged out: answers the time last seen ('' when never seen, then nothing is written). */
const LOGGED_OUT_SCRIPT = `
local previous = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not previous then return { '', 0 } end
local added = redis.call('SADD', KEYS[3], ARGV[1])
return { previous, added }`

/**
 * List: drops up to 1000 users not seen since ARGV[1] (a day ago), then answers the ARGV[2] most
 * recently seen as flat [id, seenAt, name, loggedOut, …].
 */
const LIST_SCRIPT = `
local old = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 1000)
if #old > 0 then
  redis.call('ZREM', KEYS[1], unpack(old))
  redis.call('HDEL', KEYS[2], unpack(old))
  redis.call('SREM', KEYS[3], unpack(old))
end
local recent = redis.call('ZREVRANGEBYSCORE', KEYS[1], '+inf', '(' .. ARGV[1], 'WITHSCORES', 'LIMIT', 0, ARGV[2])
local out = {}
for i = 1, #recent, 2 do
  local id = recent[i]
  out[#out + 1] = id
  out[#out + 1] = recent[i + 1]
  out[#out + 1] = redis.call('HGET', KEYS[2], id) or ''
  out[#out + 1] = redis.call('SISMEMBER', KEYS[3], id)
end
return out`

/**
 * Read twice the screen's limit by time: users who logged out lately may stand between online ones, and
 * the online-first order is decided after reading.
 */
const LIST_READ = PRESENCE_LIST_LIMIT * 2

export class RedisPresence implements PresenceStore {
  private readonly keys: readonly [string, string, string]

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.keys = presenceKeys(prefix)
  }

  async seen(user: { id: number; name: string }, at: number): Promise<boolean> {
    const [previous, wasOut] = (await this.redis.eval(
      SEEN_SCRIPT,
      3,
      ...this.keys,
      user.id,
      at,
      user.name,
    )) as [string, number]
    return comesOnline(
      previous === '' ? undefined : { seenAt: Number(previous), loggedOut: wasOut === 1 },
      at,
    )
  }

  async loggedOut(userId: number, at: number): Promise<boolean> {
    const [previous, added] = (await this.redis.eval(LOGGED_OUT_SCRIPT, 3, ...this.keys, userId)) as [
      string,
      number,
    ]
    // Already out (added 0): they were shown offline before this.
    if (previous === '' || added === 0) return false
    return presenceStatus({ seenAt: Number(previous), loggedOut: false }, at) === 'online'
  }

  async list(at: number): Promise<ListedUser[]> {
    const flat = (await this.redis.eval(
      LIST_SCRIPT,
      3,
      ...this.keys,
      at - PRESENCE_LISTED_MS,
      LIST_READ,
    )) as Array<string | number>
    const entries: PresenceEntry[] = []
    for (let i = 0; i + 3 < flat.length; i += 4) {
      entries.push({
        id: Number(flat[i]),
        seenAt: Number(flat[i + 1]),
        name: String(flat[i + 2]),
        loggedOut: flat[i + 3] === 1,
      })
    }
    return presenceList(entries, at)
  }

  async close(): Promise<void> {
    await quitRedis(this.redis)
  }
}

/**
 * Events over Redis pub/sub on one channel: published with the command connection, heard on a
 * connection of its own (a subscribed connection can do nothing else). ioredis subscribes again after
 * a reconnect; events lost meanwhile are made up by the staff screens' poll every 10 s.
 */
export class RedisChannel implements LiveChannel {
  private readonly listeners = new Set<(event: LiveEvent) => void>()
  private closed = false

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    private readonly log: () => LiveLog,
  ) {
    subscriber.on('message', (from: string, message: string) => {
      if (from !== channel) return
      const event = liveEvents.find((e) => e === message)
      if (event) for (const listener of this.listeners) listener(event)
    })
    subscriber.subscribe(channel).catch((err: unknown) => {
      // Closed before the subscription was made (an app that stopped at once): nothing was missed.
      if (!this.closed) this.log().warn({ err }, 'redis subscribe failed')
    })
  }

  publish(event: LiveEvent): void {
    this.publisher.publish(this.channel, event).catch((err: unknown) => {
      this.log().warn({ err, event }, 'redis publish failed')
    })
  }

  listen(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.closed = true
    this.listeners.clear()
    await quitRedis(this.subscriber)
  }
}
