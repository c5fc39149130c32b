import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer } from '../integrations/mail/mailer'
import { createPaymentGateway } from '../integrations/payments'
import { connectRedis, quitRedis } from '../integrations/redis'
import { createTestDatabase } from '../test/test-database'
import { reachableRedis } from '../test/test-redis'
import type { Database } from './client'
import { insideTransaction, NetworkInTransactionError } from './transaction-context'

/**
 * No network call inside a database transaction: the transaction helper marks its asynchronous
 * context, and the gateway, the mailer and Redis refuse to run there (and run outside it).
 */
describe('network adapters refuse to run inside a database transaction', () => {
  let database: Database
  let redisUrl: string | null
  beforeAll(async () => {
    database = await createTestDatabase()
    redisUrl = await reachableRedis()
  })
  afterAll(() => database.close())

  const gateway = () =>
    createPaymentGateway(
      { paymentGateway: 'sandbox', iyzico: null, sessionSecret: 'x'.repeat(40) },
      () => new Date(),
      database.db,
    )
  const mailer = createMailer({
    smtpUrl: undefined,
    dataDir: mkdtempSync(path.join(tmpdir(), 'toptan-txguard-')),
    from: 'Test <t@test.local>',
  })
  const mail = { to: 'a@test.local', subject: 's', html: '<p>h</p>', text: 'h' }

  it('marks the transaction’s context, nested awaits included, and nothing outside it', async () => {
    expect(insideTransaction()).toBe(false)
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      const nested = await Promise.resolve().then(() => insideTransaction())
      const later = await new Promise<boolean>((resolve) => setTimeout(() => resolve(insideTransaction()), 5))
      return { nested, later }
    })
    expect(seen).toEqual({ nested: true, later: true })
    expect(insideTransaction()).toBe(false)
  })

  it('the payment gateway throws inside and rolls the transaction back; outside it answers', async () => {
    const attempt = database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table if not exists guard_probe (n int)`)
      await gateway().binInfo('40902100', '10.00')
    })
    await expect(attempt).rejects.toBeInstanceOf(NetworkInTransactionError)
    await expect(attempt).rejects.toThrow(/payment gateway sandbox\.binInfo/)
    await expect(gateway().binInfo('40902100', '10.00')).resolves.toBeNull()
  })

  it('complete, retrieve and refund — the calls about money — are refused inside a transaction', async () => {
    const calls: Array<() => Promise<unknown>> = [
      () => gateway().retrieve({ intentId: 'x', gatewayRef: null }),
      () => gateway().refund({ intentId: 'x', gatewayRef: null, totalAmount: '1.00', ip: '127.0.0.1' }),
    ]
    for (const call of calls) {
      await expect(database.db.transaction(call)).rejects.toBeInstanceOf(NetworkInTransactionError)
    }
    const attempt = database.db.transaction(() =>
      gateway().complete({ intentId: 'x', totalAmount: '1.00', callbackData: {} }),
    )
    await expect(attempt).rejects.toBeInstanceOf(NetworkInTransactionError)
  })

  it('the mailer throws inside a transaction and sends outside', async () => {
    await expect(database.db.transaction(() => mailer.send(mail))).rejects.toBeInstanceOf(
      NetworkInTransactionError,
    )
    await expect(mailer.send(mail)).resolves.toBeUndefined()
  })

  it('Redis commands throw inside a transaction and run outside', async ({ skip }) => {
    if (!redisUrl) return skip()
    const redis = connectRedis(redisUrl, 'toptan-test-txguard')
    try {
      await expect(database.db.transaction(() => redis.ping())).rejects.toBeInstanceOf(
        NetworkInTransactionError,
      )
      await expect(redis.ping()).resolves.toBe('PONG')
    } finally {
      await quitRedis(redis)
    }
  })
})
