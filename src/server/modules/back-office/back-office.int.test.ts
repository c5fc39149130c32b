import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdminPaymentLinkList } from '../../../contracts/back-office'
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

describe('who may use the back office', () => {
  const calls = [{ method: 'GET' as const, url: '/yonetim/payment-links' }]
  it.each(calls)('$method $url: a guest 401, a dealer 403, nothing read or written', async (call) => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect((await guest.send(call)).statusCode).toBe(401)
    expect((await dealer.send(call)).statusCode).toBe(403)
  })
})

describe('GET /yonetim/payment-links', () => {
  it('lists links with their status: open, paid or expired', async () => {
    const company = await createCustomer(t.database.db)
    const link = async (values: { expiresInH: number; paid: boolean; email: string | null }) => {
      const [row] = await queryRows<{ id: number }>(
        t.database.db,
        sql`insert into payment_links (token_hash, customer_id, amount, email, created_at, expires_at, paid_at)
          values (${randomBytes(32).toString('hex')}, ${company.id}, 250.75, ${values.email},
            ${new Date(NOW.getTime() - 60_000)}, ${new Date(NOW.getTime() + values.expiresInH * 3_600_000)},
            ${values.paid ? NOW : null})
          returning id`,
      )
      return row!.id
    }
    const open = await link({ expiresInH: 24, paid: false, email: 'muhasebe@bayi.test' })
    const expired = await link({ expiresInH: -1, paid: false, email: null })
    const paid = await link({ expiresInH: -1, paid: true, email: null })
    const all = await get<AdminPaymentLinkList>(admin, '/yonetim/payment-links')
    const mine = new Map(all.items.filter((l) => l.dealer.id === company.id).map((l) => [l.id, l]))
    expect(mine.get(open)).toMatchObject({ status: 'open', amount: 250.75, email: 'muhasebe@bayi.test' })
    expect(mine.get(expired)?.status).toBe('expired')
    expect(mine.get(paid)?.status).toBe('paid')
    for (const status of ['open', 'paid', 'expired'] as const) {
      const list = await get<AdminPaymentLinkList>(admin, `/yonetim/payment-links?status=${status}`)
      expect(list.items.every((l) => l.status === status)).toBe(true)
      expect(list.items.some((l) => l.id === { open, paid, expired }[status])).toBe(true)
    }
  })
})
