import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { connectRedis, isRedisUnavailable, quitRedis } from './redis'

/** A port on this machine where nothing listens: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('a Redis that cannot be reached', () => {
  it('fails a command soon, with an error the error handler answers 503', async () => {
    const redis = connectRedis(`redis://127.0.0.1:${await closedPort()}`, 'toptan-test')
    redis.on('error', () => {})
    const started = Date.now()
    const error = await redis.get('any').then(
      () => null,
      (err: unknown) => err,
    )
    expect(error).toBeInstanceOf(Error)
    expect(isRedisUnavailable(error)).toBe(true)
    // One retry, not a queue that waits for Redis for ever.
    expect(Date.now() - started).toBeLessThan(5_000)
    // Let go: no further attempt to reach it (a dangling reconnect timer would keep a process alive).
    await quitRedis(redis)
    let attempts = 0
    redis.on('reconnecting', () => attempts++)
    redis.on('connecting', () => attempts++)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(attempts).toBe(0)
  })

  it('does not take other errors for an outage', () => {
    expect(isRedisUnavailable(new Error('ERR wrong number of arguments'))).toBe(false)
    expect(isRedisUnavailable(new TypeError('x is undefined'))).toBe(false)
    expect(isRedisUnavailable('Connection is closed.')).toBe(false)
  })
})
