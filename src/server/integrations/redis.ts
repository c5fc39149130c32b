import { Redis } from 'ioredis'
import { assertOutsideTransaction } from '../db/transaction-context'

/**
 * A Redis connection as every part of the app opens one (presence, live events, cache invalidation,
 * throttle counters): named, so `CLIENT LIST` tells them apart, and failing a command after one retry
 * while Redis is away instead of queueing it for ever (the request then answers 503, see
 * isRedisUnavailable).
 */
export function connectRedis(url: string, connectionName: string): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectionName })
  // Every command (pipelines and subscriptions too) passes sendCommand: none may run inside a
  // database transaction, which would hold its locks while Redis answers.
  const send = redis.sendCommand.bind(redis)
  redis.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    assertOutsideTransaction('Redis')
    return send(...args)
  }) as Redis['sendCommand']
  return redis
}

/** QUIT, or a hard disconnect when Redis is not reachable (QUIT would wait for a reconnect). */
export async function quitRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return
  if (redis.status !== 'ready') {
    redis.disconnect()
    return
  }
  try {
    await redis.quit()
  } catch {
    redis.disconnect()
  }
}

/** What ioredis says when a command could not reach Redis (connectRedis's one retry used up, or closed). */
const UNAVAILABLE_MESSAGES = [/^Reached the max retries per request limit/, /^Connection is closed\.?$/]

/** Whether an error means "Redis cannot be reached right now": answered 503 like a database outage. */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'MaxRetriesPerRequestError') return true
  return UNAVAILABLE_MESSAGES.some((re) => re.test(error.message))
}
