import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'

const onCi = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI ?? '')

/**
 * The Redis the shared-presence tests use: TEST_REDIS_URL, else the machine's own
 * (redis://127.0.0.1:6379). null when it does not answer — the caller skips, after a loud message —
 * except under CI=true, where a missing Redis fails the run instead of shrinking it.
 */
export async function reachableRedis(): Promise<string | null> {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  })
  probe.on('error', () => {})
  try {
    await probe.connect()
    await probe.ping()
    return url
  } catch (err) {
    const why = `Redis at ${url} does not answer (${err instanceof Error ? err.message : err})`
    if (onCi) throw new Error(`CI=true but ${why}: the shared-presence tests must run. Set TEST_REDIS_URL.`)
    console.warn(
      `\n⚠⚠⚠ ${why}: the tests of presence shared through Redis are SKIPPED. ` +
        'Start Redis or set TEST_REDIS_URL to run them.\n',
    )
    return null
  } finally {
    probe.disconnect()
  }
}

/** A key prefix of its own for one test file, so runs sharing a Redis never see each other's keys. */
export const testKeyPrefix = () => `toptan-test:${randomBytes(6).toString('hex')}:`

/** Deletes every key under `prefix` (what a test wrote). */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  try {
    let cursor = '0'
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500)
      if (keys.length > 0) await redis.del(...keys)
      cursor = next
    } while (cursor !== '0')
  } finally {
    redis.disconnect()
  }
}
