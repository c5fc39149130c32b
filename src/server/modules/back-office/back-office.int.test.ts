import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  AdminPaymentLinkList,
  BankTransferResponse,
  CustomerSearch,
} from '../../../contracts/back-office'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { addDays } from '../../../domain/ledger'
import { queryRows } from '../../test/db-helpers'
import { addOverdueInvoice, createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

const NOW = new Date('2026-03-18T09:00:00Z')
const TODAY = '2026-03-18'
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

const transfer = (client: TestClient, payload: Record<string, unknown>) =>
  client.send({ method: 'POST', url: '/yonetim/bank-transfers', payload })

describe('who may use the back office', () => {
  const calls = [
    { method: 'GET' as const, url: '/yonetim/payment-links' },
    { method: 'GET' as const, url: '/yonetim/customers?q=a' },
    { method: 'POST' as const, url: '/yonetim/bank-transfers', payload: {} },
  ]
  it.each(calls)('$method $url: a guest 401, a dealer 403, nothing read or written', async (call) => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect((await guest.send(call)).statusCode).toBe(401)
    expect((await dealer.send(call)).statusCode).toBe(403)
  })
})

describe('POST /yonetim/bank-transfers', () => {
  it("credits the dealer's ledger, settles the oldest items and lowers the overdue figure", async () => {
    const company = await createCustomer(t.database.db)
    await addOverdueInvoice(t.database.db, company.id, '1000.00', 45, TODAY)
    await addOverdueInvoice(t.database.db, company.id, '700.00', 10, TODAY)
    const dealer = await loggedInUser(t, company.id)
    const overdueSeen = async () => (await get<Bootstrap>(dealer, '/api/bootstrap')).user?.customer
    expect(await overdueSeen()).toMatchObject({ overdueBalance: 1700, overdueDays: 45 })

    const res = await transfer(admin, {
      customerId: company.id,
      amount: '1200,50',
      date: addDays(TODAY, -1),
      documentNo: 'EFT-778',
      description: 'Garanti BBVA havale',
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as BankTransferResponse
    expect(body).toMatchObject({
      dealer: { id: company.id, code: company.code },
      overdue: { balance: 499.5, days: 10 },
    })
    expect(await overdueSeen()).toMatchObject({ overdueBalance: 499.5, overdueDays: 10 })
    const [entry] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select kind, document_no, description, entry_date::text as day, credit::text, open_amount::text,
          created_by_user_id from ledger_entries where id = ${body.entryId}`,
    )
    expect(entry).toEqual({
      kind: 'bank_transfer',
      document_no: 'EFT-778',
      description: 'Garanti BBVA havale',
      day: '2026-03-17',
      credit: '1200.50',
      open_amount: '0.00',
      created_by_user_id: admin.user.id,
    })
  })

  it.each([
    ['1.234,56', '1234.56'],
    ['2.500,5', '2500.50'],
    ['1234.56', '1234.56'],
  ])('reads the typed amount %s by the grammar of every amount field: %s', async (amount, credit) => {
    const company = await createCustomer(t.database.db)
    const res = await transfer(admin, { customerId: company.id, amount, date: TODAY, documentNo: 'EFT-2' })
    expect(res.statusCode, res.body).toBe(200)
    const [entry] = await queryRows<{ credit: string }>(
      t.database.db,
      sql`select credit::text from ledger_entries where id = ${(res.json() as BankTransferResponse).entryId}`,
    )
    expect(entry!.credit).toBe(credit)
  })

  it.each([
    ['a zero amount', { amount: '0' }, 400],
    ['three decimals', { amount: '10.001' }, 400],
    ['an ambiguous amount', { amount: '1.234' }, 400],
    ['a negative amount', { amount: '-5' }, 400],
    ['a day after today', { date: addDays(TODAY, 1) }, 400],
    ['a day that does not exist', { date: '2026-02-30' }, 400],
    ['no document number', { documentNo: ' ' }, 400],
    ['an unknown field', { extra: 1 }, 400],
    ['a dealer that does not exist', { customerId: 2_000_000_000 }, 404],
  ])('refuses %s', async (_name, change, status) => {
    const company = await createCustomer(t.database.db)
    const res = await transfer(admin, {
      customerId: company.id,
      amount: '100',
      date: TODAY,
      documentNo: 'EFT-1',
      ...change,
    })
    expect(res.statusCode, res.body).toBe(status)
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_entries where customer_id = ${company.id}`,
    )
    expect(row!.n).toBe(0)
  })
})

describe('GET /yonetim/customers', () => {
  it('finds dealers by code or name with Turkish letters folded, at most 20', async () => {
    const tag = randomBytes(3).toString('hex')
    const named = await createCustomer(t.database.db, { code: `X-${tag}`, name: `Işıklar Çelik ${tag}` })
    const byName = await get<CustomerSearch>(
      admin,
      `/yonetim/customers?q=${encodeURIComponent(`ISIKLAR celik ${tag}`)}`,
    )
    expect(byName.items).toEqual([{ id: named.id, code: `X-${tag}`, name: `Işıklar Çelik ${tag}` }])
    const byCode = await get<CustomerSearch>(admin, `/yonetim/customers?q=x-${tag}`)
    expect(byCode.items.map((c) => c.id)).toEqual([named.id])
    // '%' is a letter here, not a wildcard.
    expect((await get<CustomerSearch>(admin, '/yonetim/customers?q=%25%25')).items).toEqual([])
    for (let i = 0; i < 21; i++) await createCustomer(t.database.db, { code: `Y-${tag}-${i}` })
    expect((await get<CustomerSearch>(admin, `/yonetim/customers?q=y-${tag}`)).items).toHaveLength(20)
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
