import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffPaymentList } from '../../../contracts/payments-staff'
import { type IntentStatus, intentStatusAt, intentStatuses } from '../../../domain/payment-intent'
import { intentReadsAs, intentStatusSql } from '../../../domain/payment-intent.sql'
import { paymentIntents } from '../../db/schema/payments'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

const NOW = new Date('2026-03-18T09:00:00Z')
let t: TestApp
let admin: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW })
  await seedAccounts(t.database.db)
  admin = await loggedInUser(t, null)
})
afterAll(() => t.close())

const get = async <T>(client: TestClient, url: string) => {
  const res = await client.send({ method: 'GET', url })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}

/** An intent written as a state would leave it: `minutesAgo` old, expiring `expiresInMin` from NOW. */
async function insertIntent(
  customerId: number,
  status: IntentStatus,
  minutesAgo: number,
  expiresInMin = 15,
): Promise<string> {
  const id = randomBytes(16).toString('hex')
  await t.database.db.execute(sql`insert into payment_intents
      (id, customer_id, payment_type, status, gateway, amount, installment, total_amount, card_masked,
       card_holder, card_expiry, created_at, expires_at, failure_message, gateway_ref)
    values (${id}, ${customerId}, 'pay', ${status}, 'sandbox', 1000, 3, 1030.50, '454360******4363',
      'AHMET YILMAZ', '12/30', ${new Date(NOW.getTime() - minutesAgo * 60_000)},
      ${new Date(NOW.getTime() + expiresInMin * 60_000)}, ${status === 'failed' ? 'Yetersiz bakiye' : null},
      ${`sbx-${id.slice(0, 8)}`})`)
  return id
}

describe('who may see and decide card payments', () => {
  const calls = [
    { method: 'GET' as const, url: '/yonetim/payments' },
    { method: 'GET' as const, url: '/yonetim/payments/summary' },
    { method: 'GET' as const, url: `/yonetim/payments/${'a'.repeat(32)}` },
    { method: 'POST' as const, url: `/yonetim/payments/${'a'.repeat(32)}/book`, payload: { reason: 'abc' } },
    {
      method: 'POST' as const,
      url: `/yonetim/payments/${'a'.repeat(32)}/refund`,
      payload: { reason: 'abc' },
    },
  ]
  it.each(calls)('$method $url: a guest 401, a dealer 403', async (call) => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect((await guest.send(call)).statusCode).toBe(401)
    expect((await dealer.send(call)).statusCode).toBe(403)
  })

  it('an unknown payment is 404 to staff', async () => {
    expect((await admin.send({ method: 'GET', url: `/yonetim/payments/${'f'.repeat(32)}` })).statusCode).toBe(
      404,
    )
    const book = await admin.send({
      method: 'POST',
      url: `/yonetim/payments/${'f'.repeat(32)}/book`,
      payload: { reason: 'abc' },
    })
    expect(book.statusCode).toBe(404)
  })
})

describe('GET /yonetim/payments', () => {
  it('lists card payments newest first with the masked card and the gateway reference, filtered by status', async () => {
    const company = await createCustomer(t.database.db)
    const ok = await insertIntent(company.id, 'succeeded', 1)
    const failed = await insertIntent(company.id, 'failed', 0.5)
    const all = await get<StaffPaymentList>(admin, '/yonetim/payments')
    // Other tests of this file write intents of their own companies at the same moments.
    const ours = all.items.filter((p) => p.dealer.id === company.id)
    expect(ours.map((p) => p.id)).toEqual([failed, ok])
    expect(ours[1]).toMatchObject({
      status: 'succeeded',
      cardMasked: '454360******4363',
      amount: 1000,
      totalAmount: 1030.5,
      installment: 3,
      dealer: { id: company.id, code: company.code },
      order: null,
      gatewayRef: `sbx-${ok.slice(0, 8)}`,
    })
    expect(all.limit).toBe(50)
    const onlyFailed = await get<StaffPaymentList>(admin, '/yonetim/payments?status=failed')
    expect(onlyFailed.items.every((p) => p.status === 'failed')).toBe(true)
    expect(onlyFailed.items.find((p) => p.id === failed)).toMatchObject({ failureMessage: 'Yetersiz bakiye' })
    expect((await admin.send({ method: 'GET', url: '/yonetim/payments?status=paid' })).statusCode).toBe(400)
  })

  it('pages by 50', async () => {
    const company = await createCustomer(t.database.db)
    for (let i = 0; i < 51; i++) await insertIntent(company.id, 'pending', 1 + i / 100)
    const first = await get<StaffPaymentList>(admin, '/yonetim/payments?status=pending')
    expect(first.items).toHaveLength(50)
    expect(first.pages).toBeGreaterThanOrEqual(2)
    const second = await get<StaffPaymentList>(admin, '/yonetim/payments?status=pending&page=2')
    expect(second.page).toBe(2)
    expect(new Set([...first.items, ...second.items].map((p) => p.id)).size).toBe(
      first.items.length + second.items.length,
    )
  })

  it("reads a pending intent past its time as expired, in the list, the filter and the detail, as the dealer's page does", async () => {
    const company = await createCustomer(t.database.db)
    const late = await insertIntent(company.id, 'pending', 30, -1)
    const inTime = await insertIntent(company.id, 'pending', 1, 14)
    const expired = await get<StaffPaymentList>(admin, '/yonetim/payments?status=expired')
    expect(expired.items.map((p) => p.id)).toContain(late)
    expect(expired.items.map((p) => p.id)).not.toContain(inTime)
    const pending = await get<StaffPaymentList>(admin, '/yonetim/payments?status=pending')
    expect(pending.items.map((p) => p.id)).toContain(inTime)
    expect(pending.items.map((p) => p.id)).not.toContain(late)
    expect(await get<{ status: string }>(admin, `/yonetim/payments/${late}`)).toMatchObject({
      status: 'expired',
    })
  })
})

describe('intentStatusSql and intentReadsAs, the SQL twins of domain intentStatusAt', () => {
  it('reads every state, in time and late, as the domain rule does, and the filter picks the same rows', async () => {
    const company = await createCustomer(t.database.db)
    const rows: Array<{ id: string; status: IntentStatus; expiresAt: Date }> = []
    for (const status of intentStatuses) {
      for (const expiresInMin of [-1, 0, 1]) {
        const id = await insertIntent(company.id, status, 2, expiresInMin)
        rows.push({ id, status, expiresAt: new Date(NOW.getTime() + expiresInMin * 60_000) })
      }
    }
    const read = await t.database.db
      .select({ id: paymentIntents.id, status: intentStatusSql(paymentIntents, NOW) })
      .from(paymentIntents)
      .where(eq(paymentIntents.customerId, company.id))
    const bySql = new Map(read.map((r) => [r.id, r.status]))
    for (const row of rows) {
      expect(bySql.get(row.id), `${row.status} expiring ${row.expiresAt.toISOString()}`).toBe(
        intentStatusAt(row.status, row.expiresAt, NOW),
      )
    }
    for (const status of intentStatuses) {
      const picked = await t.database.db
        .select({ id: paymentIntents.id })
        .from(paymentIntents)
        .where(and(eq(paymentIntents.customerId, company.id), intentReadsAs(status, paymentIntents, NOW)))
      const expected = rows
        .filter((r) => intentStatusAt(r.status, r.expiresAt, NOW) === status)
        .map((r) => r.id)
      expect(picked.map((p) => p.id).sort(), status).toEqual(expected.sort())
    }
  })
})

describe('GET /yonetim/payments/{id}', () => {
  it('shows the payment with its trail', async () => {
    const company = await createCustomer(t.database.db)
    const id = await insertIntent(company.id, 'failed', 3)
    await t.database.db.execute(sql`insert into payment_intent_events (intent_id, from_status, to_status, actor, ip, reason, at)
      values (${id}, null, 'pending', 'payer', '203.0.113.9', null, ${new Date(NOW.getTime() - 180_000)}),
             (${id}, 'pending', 'failed', 'gateway', null, 'three_ds_failed', ${new Date(NOW.getTime() - 170_000)})`)
    const detail = await get<{ events: unknown[]; refundRef: string | null }>(
      admin,
      `/yonetim/payments/${id}`,
    )
    expect(detail).toMatchObject({ id, status: 'failed', refundRef: null })
    expect(detail.events).toEqual([
      {
        from: null,
        to: 'pending',
        actor: 'payer',
        user: null,
        ip: '203.0.113.9',
        reason: null,
        at: expect.any(String),
      },
      {
        from: 'pending',
        to: 'failed',
        actor: 'gateway',
        user: null,
        ip: null,
        reason: 'three_ds_failed',
        at: expect.any(String),
      },
    ])
  })
})

describe('GET /yonetim/payments/summary', () => {
  it('counts refused payment starts per rule over the last 24 hours only', async () => {
    const hour = (h: number) => new Date(Math.floor(NOW.getTime() / 3_600_000) * 3_600_000 - h * 3_600_000)
    const before = await get<{ refusals: Array<{ rule: string; count: number }> }>(
      admin,
      '/yonetim/payments/summary',
    )
    const count = (list: typeof before, rule: string) =>
      list.refusals.find((r) => r.rule === rule)?.count ?? 0
    await t.database.db.execute(sql`insert into payment_start_refusals (hour, rule, count)
      values (${hour(0)}, 'bin', 4), (${hour(23)}, 'bin', 2), (${hour(30)}, 'bin', 100)
      on conflict (hour, rule) do update set count = payment_start_refusals.count + excluded.count`)
    const after = await get<typeof before>(admin, '/yonetim/payments/summary')
    expect(count(after, 'bin') - count(before, 'bin')).toBe(6)
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payment_start_refusals`,
    )
    expect(row!.n).toBeGreaterThan(0)
  })
})
