import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Statement } from '../../../contracts/ledger'
import { addDays } from '../../../domain/ledger'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { recordCredit, recordDebit } from './ledger.service'

// 12:00 in Istanbul on 2026-03-18: "today" for every figure below.
const NOW = new Date('2026-03-18T09:00:00Z')
const TODAY = '2026-03-18'
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW })
  await seedAccounts(t.database.db)
})
afterAll(() => t.close())

const day = (offset: number) => addDays(TODAY, offset)

const debit = (customerId: number, amount: string, booked: number, due: number, no: string) =>
  t.database.db.transaction((tx) =>
    recordDebit(tx, {
      customerId,
      kind: 'invoice',
      amount,
      documentNo: no,
      description: 'Satış faturası',
      entryDate: day(booked),
      dueDate: day(due),
    }),
  )

const credit = (customerId: number, amount: string, booked: number, no: string, settle: number[] = []) =>
  t.database.db.transaction((tx) =>
    recordCredit(tx, {
      customerId,
      kind: 'bank_transfer',
      amount,
      documentNo: no,
      description: 'Havale',
      entryDate: day(booked),
      settleEntryIds: settle,
    }),
  )

/** A company with a year of history, and a dealer of it logged in. */
async function companyWithLedger() {
  const company = await createCustomer(t.database.db)
  const old = await debit(company.id, '1000.00', -400, -370, 'F-OLD') // before a default range
  const a = await debit(company.id, '2000.00', -60, -45, 'F-A')
  const b = await debit(company.id, '500.50', -40, -10, 'F-B')
  await credit(company.id, '1500.00', -30, 'EFT-1') // settles F-OLD (1000) and 500 of F-A
  const c = await debit(company.id, '800.00', -5, 25, 'F-C')
  const client = await loggedInUser(t, company.id)
  return { company, client, ids: { old: old.entryId, a: a.entryId, b: b.entryId, c: c.entryId } }
}

const statementOf = async (client: TestClient, query = '') => {
  const res = await client.send({ method: 'GET', url: `/api/account/statement${query}` })
  expect(res.statusCode).toBe(200)
  return res.json() as Statement
}

describe('GET /api/account/statement', () => {
  it('lists the last 365 days with the balance before, the running balance and the overdue figure', async () => {
    const { client, ids } = await companyWithLedger()
    const s = await statementOf(client)
    expect(s).toMatchObject({
      from: day(-365),
      to: TODAY,
      currency: 'TRY',
      openingBalance: 1000,
      totals: { debit: 3300.5, credit: 1500 },
      closingBalance: 2800.5,
      overdue: { balance: 2000.5, days: 45 },
      truncated: false,
    })
    expect(
      s.entries.map((e) => [e.documentNo, e.kind, e.date, e.debit, e.credit, e.balance, e.open, e.overdue]),
    ).toEqual([
      ['F-A', 'invoice', day(-60), 2000, 0, 3000, 1500, true],
      ['F-B', 'invoice', day(-40), 500.5, 0, 3500.5, 500.5, true],
      ['EFT-1', 'bank_transfer', day(-30), 0, 1500, 2000.5, 0, false],
      ['F-C', 'invoice', day(-5), 800, 0, 2800.5, 800, false],
    ])
    expect(s.entries.map((e) => e.id)).toEqual([ids.a, ids.b, expect.any(Number), ids.c])
    expect(s.entries[0]!.dueDate).toBe(day(-45))
  })

  it('takes a range: the opening balance sums everything before it', async () => {
    const { client } = await companyWithLedger()
    const s = await statementOf(client, `?from=${day(-35)}&to=${day(-10)}`)
    expect(s.openingBalance).toBe(3500.5)
    expect(s.entries.map((e) => e.documentNo)).toEqual(['EFT-1'])
    expect(s.closingBalance).toBe(2000.5)
    // Only `from`: up to today.
    const since = await statementOf(client, `?from=${day(-10)}`)
    expect([since.from, since.to, since.entries.map((e) => e.documentNo)]).toEqual([day(-10), TODAY, ['F-C']])
  })

  it.each([
    ['from after to', `?from=${TODAY}&to=${day(-1)}`, 'bad_range'],
    ['over two years', `?from=${day(-732)}&to=${TODAY}`, 'range_too_long'],
    ['a day that does not exist', '?from=2026-02-30', 'validation'],
    ['not a date', '?to=18.03.2026', 'validation'],
  ])('refuses %s with a 400', async (_name, query, code) => {
    const { client } = await companyWithLedger()
    const res = await client.send({ method: 'GET', url: `/api/account/statement${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe(code)
  })

  it('accepts exactly two years', async () => {
    const { client } = await companyWithLedger()
    const s = await statementOf(client, `?from=${day(-731)}&to=${TODAY}`)
    expect(s.entries.map((e) => e.documentNo)).toEqual(['F-OLD', 'F-A', 'F-B', 'EFT-1', 'F-C'])
    expect(s.openingBalance).toBe(0)
  })

  it('lists at most 2,000 entries and says so, with the sums of the whole range', async () => {
    const company = await createCustomer(t.database.db)
    await t.database.db.execute(sql`insert into ledger_entries
        (customer_id, kind, document_no, entry_date, due_date, debit, open_amount)
      select ${company.id}, 'invoice', 'F-' || n, ${day(-100)}::date + (n % 90), ${TODAY}::date + 30, 1, 1
      from generate_series(1, 2005) n`)
    const client = await loggedInUser(t, company.id)
    const s = await statementOf(client)
    expect(s.entries).toHaveLength(2000)
    expect(s).toMatchObject({ truncated: true, totals: { debit: 2005 }, closingBalance: 2005 })
    expect(s.limits).toEqual({ maxDays: 731, maxRows: 2000 })
    expect(s.entries.at(-1)!.balance).toBe(2000)
  })

  it("never shows another company's entries", async () => {
    const { company } = await companyWithLedger()
    const stranger = await loggedInUser(t, (await createCustomer(t.database.db)).id)
    const s = await statementOf(stranger, `?from=${day(-731)}`)
    expect(s.entries).toEqual([])
    expect(s).toMatchObject({ openingBalance: 0, closingBalance: 0, overdue: { balance: 0, days: 0 } })
    const mine = await loggedInUser(t, company.id)
    expect((await statementOf(mine)).entries).toHaveLength(4)
  })

  it('is for dealers: a guest gets 401, an administrator 403', async () => {
    const guest = new TestClient(t.app)
    const admin = await loggedInUser(t, null)
    for (const url of ['/api/account/statement', '/api/account/statement.csv']) {
      expect((await guest.send({ method: 'GET', url })).statusCode).toBe(401)
      expect((await admin.send({ method: 'GET', url })).statusCode).toBe(403)
    }
  })
})

describe('GET /api/account/statement.csv', () => {
  it('is a Turkish CSV file: BOM, ";" between fields, decimal comma, dd.mm.yyyy, an attachment', async () => {
    const { client } = await companyWithLedger()
    const res = await client.send({
      method: 'GET',
      url: `/api/account/statement.csv?from=${day(-45)}&to=${TODAY}`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="ekstre-${day(-45).replaceAll('-', '')}-20260318.csv"`,
    )
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe('Tarih;Belge No;Tür;Açıklama;Vade Tarihi;Borç;Alacak;Bakiye;Kalan;Vadesi Geçmiş')
    const [y, m, d] = day(-45).split('-')
    expect(lines[1]).toBe(`${d}.${m}.${y};;;Devir bakiyesi;;;;3000,00;;`)
    expect(lines[2]).toMatch(
      /^\d{2}\.\d{2}\.2026;F-B;Fatura;Satış faturası;\d{2}\.\d{2}\.2026;500,50;;3500,50;500,50;Evet$/,
    )
    expect(lines[3]).toMatch(/;EFT-1;Havale \/ EFT;Havale;;;1500,00;2000,50;0,00;$/)
    expect(lines[5]).toBe('18.03.2026;;;Toplam / Kapanış bakiyesi;;1300,50;1500,00;2800,50;;')
    expect(lines[6]).toBe('')
  })

  it('writes the header in the language asked for', async () => {
    const { client } = await companyWithLedger()
    const res = await client.send({ method: 'GET', url: '/api/account/statement.csv?lang=en' })
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Date;Document No;Type;Description;Due Date;Debit;Credit;Balance;Open;Overdue',
    )
  })
})

describe('the overdue figure of the logged-in dealer', () => {
  it('comes from the ledger and drops at once when a payment settles the overdue items', async () => {
    const company = await createCustomer(t.database.db, { riskLimit: '10000' })
    await debit(company.id, '1200.00', -30, -17, 'F-1')
    await debit(company.id, '300.00', -20, 5, 'F-2')
    const client = await loggedInUser(t, company.id)
    const me = async () => (await client.send({ method: 'GET', url: '/api/bootstrap' })).json().user.customer
    expect(await me()).toMatchObject({ overdueBalance: 1200, overdueDays: 17, overdueCurrency: 'TL' })
    const risk = async () =>
      (await client.send({ method: 'GET', url: '/api/catalog/cart/checkout' })).json().risk.used
    expect(await risk()).toBe(1200)

    await credit(company.id, '1000.00', 0, 'KK-1')
    expect(await me()).toMatchObject({ overdueBalance: 200, overdueDays: 17 })
    expect(await risk()).toBe(200)
  })
})

describe("the system's own entries in the reader's language", () => {
  it('a card payment and its order read in Turkish on the Turkish statement and CSV, in English on the English ones', async () => {
    const company = await createCustomer(t.database.db)
    await t.database.db.transaction(async (tx) => {
      await recordDebit(tx, {
        customerId: company.id,
        kind: 'order',
        amount: '100.00',
        documentNo: 'S2026-000777',
        description: { key: 'card_order' },
        entryDate: TODAY,
        dueDate: TODAY,
      })
      await recordCredit(tx, {
        customerId: company.id,
        kind: 'card_payment',
        amount: '100.00',
        documentNo: 'KK-1',
        description: {
          key: 'card_payment',
          card: '409021******0016',
          installments: 3,
          orderNo: 'S2026-000777',
          viaLink: false,
        },
        entryDate: TODAY,
        settleEntryIds: [],
      })
    })
    const dealer = await loggedInUser(t, company.id)
    const read = async (lang: string) =>
      (
        await dealer.send({
          method: 'GET',
          url: `/api/account/statement?from=${TODAY}&to=${TODAY}`,
          headers: { 'accept-language': lang },
        })
      ).json() as Statement
    expect((await read('tr')).entries.map((e) => e.description)).toEqual([
      'Kartla ödenen sipariş',
      'Kredi kartı ödemesi 409021******0016 · 3 taksit · S2026-000777',
    ])
    expect((await read('en')).entries.map((e) => e.description)).toEqual([
      'Order paid by card',
      'Card payment 409021******0016 · 3 installments · S2026-000777',
    ])
    const csv = await dealer.send({
      method: 'GET',
      url: `/api/account/statement.csv?from=${TODAY}&to=${TODAY}&lang=en`,
    })
    expect(csv.body).toContain('Card payment 409021******0016 · 3 installments · S2026-000777')
    // The table keeps the Turkish words too, for whoever reads it directly.
    const [row] = await queryRows<{ description: string }>(
      t.database.db,
      sql`select description from ledger_entries where customer_id = ${company.id} and kind = 'card_payment'`,
    )
    expect(row!.description).toBe('Kredi kartı ödemesi 409021******0016 · 3 taksit · S2026-000777')
  })
})
