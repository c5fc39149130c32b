import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BankTransferList,
  BankTransferResponse,
  BankTransferReversalResponse,
} from '../../../contracts/bank-transfers'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { Statement } from '../../../contracts/ledger'
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
const reverse = (
  client: TestClient,
  id: number,
  payload: Record<string, unknown> = { reason: 'Yanlış bayi' },
) => client.send({ method: 'POST', url: `/yonetim/bank-transfers/${id}/reversal`, payload })

const receipt = () => `DEK-${randomBytes(4).toString('hex')}`
const entriesOf = (customerId: number) =>
  queryRows<{ kind: string; debit: string; credit: string; open: string; due: string | null }>(
    t.database.db,
    sql`select kind, debit::text, credit::text, open_amount::text as open, due_date::text as due
        from ledger_entries where customer_id = ${customerId} order by id`,
  )

describe('who may use the bank transfers', () => {
  const calls = [
    { method: 'GET' as const, url: '/yonetim/bank-transfers' },
    { method: 'POST' as const, url: '/yonetim/bank-transfers', payload: {} },
    { method: 'POST' as const, url: '/yonetim/bank-transfers/1/reversal', payload: { reason: 'x' } },
  ]
  it.each(calls)('$method $url: a guest 401, a dealer 403', async (call) => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect((await guest.send(call)).statusCode).toBe(401)
    expect((await dealer.send(call)).statusCode).toBe(403)
  })

  it('lets sales read the list but neither enter nor reverse a transfer; accounting does both', async () => {
    const company = await createCustomer(t.database.db)
    const sales = await loggedInUser(t, null, { staffRole: 'sales' })
    const accounting = await loggedInUser(t, null, { staffRole: 'accounting' })
    const payload = { customerId: company.id, amount: '100', date: TODAY, documentNo: receipt() }
    expect((await transfer(sales, payload)).statusCode).toBe(403)
    const entered = await transfer(accounting, payload)
    expect(entered.statusCode, entered.body).toBe(200)
    const id = (entered.json() as BankTransferResponse).entryId
    expect(
      (await sales.send({ method: 'GET', url: `/yonetim/bank-transfers?customerId=${company.id}` }))
        .statusCode,
    ).toBe(200)
    expect((await reverse(sales, id)).statusCode).toBe(403)
    expect((await reverse(accounting, id)).statusCode).toBe(200)
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
    expect(await entriesOf(company.id)).toEqual([])
  })

  it('refuses a receipt already entered for the dealer, naming the first entry, in either letter case', async () => {
    const company = await createCustomer(t.database.db)
    const no = receipt()
    const first = await transfer(admin, {
      customerId: company.id,
      amount: '1250,50',
      date: '2026-03-14',
      documentNo: no,
    })
    expect(first.statusCode, first.body).toBe(200)
    const again = await transfer(admin, {
      customerId: company.id,
      amount: '99',
      date: TODAY,
      documentNo: no.toLowerCase(),
    })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      error: {
        code: 'duplicate_receipt',
        messages: {
          type: 'Bu dekont numarası bu bayi için zaten girildi: 14.03.2026 tarihli 1.250,50 TL tutarındaki havale. Aynı havale iki kez kaydedilemez.',
        },
        fields: { documentNo: expect.stringContaining('14.03.2026') },
      },
    })
    expect(await entriesOf(company.id)).toHaveLength(1)
    // The same receipt number at another dealer is another bank's or another day's receipt.
    const other = await createCustomer(t.database.db)
    expect(
      (await transfer(admin, { customerId: other.id, amount: '10', date: TODAY, documentNo: no })).statusCode,
    ).toBe(200)
  })

  it('books one of two entries of the same receipt sent at once', async () => {
    const company = await createCustomer(t.database.db)
    const payload = { customerId: company.id, amount: '300', date: TODAY, documentNo: receipt() }
    const answers = await Promise.all([
      transfer(admin, payload),
      transfer(admin, payload),
      transfer(admin, payload),
    ])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409])
    expect(await entriesOf(company.id)).toHaveLength(1)
  })
})

describe('POST /yonetim/bank-transfers/{id}/reversal', () => {
  it('books a reversing debit under the same receipt: the balance and the overdue debt come back, both lines on the statement', async () => {
    const company = await createCustomer(t.database.db)
    await addOverdueInvoice(t.database.db, company.id, '1000.00', 45, TODAY)
    const no = receipt()
    const entered = await transfer(admin, {
      customerId: company.id,
      amount: '1000',
      date: addDays(TODAY, -2),
      documentNo: no,
    })
    const id = (entered.json() as BankTransferResponse).entryId
    expect((entered.json() as BankTransferResponse).overdue).toEqual({ balance: 0, days: 0 })

    const res = await reverse(admin, id, { reason: 'Başka bayinin havalesi' })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as BankTransferReversalResponse
    // Due when the invoice it had paid fell due: 45 days overdue again.
    expect(body.overdue).toEqual({ balance: 1000, days: 45 })
    expect(body.transfer).toMatchObject({
      id,
      documentNo: no,
      reversal: { date: TODAY, reason: 'Başka bayinin havalesi', by: admin.user.name },
    })
    expect(await entriesOf(company.id)).toEqual([
      { kind: 'invoice', debit: '1000.00', credit: '0.00', open: '0.00', due: addDays(TODAY, -45) },
      { kind: 'bank_transfer', debit: '0.00', credit: '1000.00', open: '0.00', due: null },
      {
        kind: 'transfer_reversal',
        debit: '1000.00',
        credit: '0.00',
        open: '1000.00',
        due: addDays(TODAY, -45),
      },
    ])

    const dealer = await loggedInUser(t, company.id)
    const statement = await get<Statement>(
      dealer,
      `/api/account/statement?from=${addDays(TODAY, -90)}&to=${TODAY}`,
    )
    expect(statement.entries.slice(-2)).toMatchObject([
      { kind: 'bank_transfer', documentNo: no, credit: 1000, balance: 0 },
      {
        kind: 'transfer_reversal',
        documentNo: no,
        debit: 1000,
        balance: 1000,
        description: `Havale / EFT ters kaydı (${no}): Başka bayinin havalesi`,
      },
    ])
    expect(statement.closingBalance).toBe(1000)
  })

  it('takes up the part of the transfer that had settled nothing, and answers a second reversal 409', async () => {
    const company = await createCustomer(t.database.db)
    await addOverdueInvoice(t.database.db, company.id, '400.00', 5, TODAY)
    const entered = await transfer(admin, {
      customerId: company.id,
      amount: '1000',
      date: TODAY,
      documentNo: receipt(),
    })
    const id = (entered.json() as BankTransferResponse).entryId
    expect((await reverse(admin, id)).statusCode).toBe(200)
    const rows = await entriesOf(company.id)
    // 600 sat unapplied on the transfer: its reversal is settled by the transfer itself; the 400 it
    // paid of the invoice is owed again, due when the invoice was.
    expect(rows.map((r) => [r.kind, r.debit, r.open, r.due])).toEqual([
      ['invoice', '400.00', '0.00', addDays(TODAY, -5)],
      ['bank_transfer', '0.00', '0.00', null],
      ['transfer_reversal', '600.00', '0.00', TODAY],
      ['transfer_reversal', '400.00', '400.00', addDays(TODAY, -5)],
    ])
    const again = await reverse(admin, id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      error: { code: 'already_reversed', messages: { type: 'Bu havale zaten geri alındı.' } },
    })
    expect(await entriesOf(company.id)).toHaveLength(4)
  })

  it('owes each debt it had paid again on its own due day: one overdue, one not due yet', async () => {
    const company = await createCustomer(t.database.db)
    await addOverdueInvoice(t.database.db, company.id, '100.00', 30, TODAY)
    // Due in 20 days: not overdue.
    await addOverdueInvoice(t.database.db, company.id, '900.00', -20, TODAY)
    const entered = await transfer(admin, {
      customerId: company.id,
      amount: '1000',
      date: TODAY,
      documentNo: receipt(),
    })
    const res = await reverse(admin, (entered.json() as BankTransferResponse).entryId)
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as BankTransferReversalResponse).overdue).toEqual({ balance: 100, days: 30 })
    const reversals = (await entriesOf(company.id)).filter((r) => r.kind === 'transfer_reversal')
    expect(reversals.map((r) => [r.debit, r.due])).toEqual([
      ['100.00', addDays(TODAY, -30)],
      ['900.00', addDays(TODAY, 20)],
    ])
  })

  it('lets the receipt of a reversed transfer be entered again, corrected', async () => {
    const company = await createCustomer(t.database.db)
    const no = receipt()
    const wrong = await transfer(admin, {
      customerId: company.id,
      amount: '1500',
      date: TODAY,
      documentNo: no,
    })
    expect((await reverse(admin, (wrong.json() as BankTransferResponse).entryId)).statusCode).toBe(200)
    const right = await transfer(admin, {
      customerId: company.id,
      amount: '150',
      date: TODAY,
      documentNo: no,
    })
    expect(right.statusCode, right.body).toBe(200)
    // Standing again: a third entry is refused, naming the corrected one.
    const third = await transfer(admin, { customerId: company.id, amount: '1', date: TODAY, documentNo: no })
    expect(third.statusCode).toBe(409)
    expect(third.json().error.messages.type).toContain('150,00 TL')
  })

  it('reverses once when two staff take the same transfer back at once', async () => {
    const company = await createCustomer(t.database.db)
    const entered = await transfer(admin, {
      customerId: company.id,
      amount: '250',
      date: TODAY,
      documentNo: receipt(),
    })
    const id = (entered.json() as BankTransferResponse).entryId
    const answers = await Promise.all([reverse(admin, id), reverse(admin, id)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect((await entriesOf(company.id)).filter((r) => r.kind === 'transfer_reversal')).toHaveLength(1)
  })

  it.each([
    ['no reason', { reason: '  ' }, 400],
    ['an unknown field', { reason: 'x', extra: 1 }, 400],
  ])('refuses %s, writing nothing', async (_name, payload, status) => {
    const company = await createCustomer(t.database.db)
    const entered = await transfer(admin, {
      customerId: company.id,
      amount: '50',
      date: TODAY,
      documentNo: receipt(),
    })
    const res = await reverse(admin, (entered.json() as BankTransferResponse).entryId, payload)
    expect(res.statusCode, res.body).toBe(status)
    expect(await entriesOf(company.id)).toHaveLength(1)
  })

  it('answers 404 for an entry that is not a bank transfer, or none', async () => {
    const company = await createCustomer(t.database.db)
    const invoice = await addOverdueInvoice(t.database.db, company.id, '10.00', 1, TODAY)
    expect((await reverse(admin, invoice)).statusCode).toBe(404)
    expect((await reverse(admin, 2_000_000_000)).statusCode).toBe(404)
    expect(await entriesOf(company.id)).toHaveLength(1)
  })
})

describe('GET /yonetim/bank-transfers', () => {
  it('lists the transfers newest day first, by dealer and days, each with who entered it and its reversal', async () => {
    const company = await createCustomer(t.database.db)
    const other = await createCustomer(t.database.db)
    const enter = async (customerId: number, date: string) =>
      (
        (
          await transfer(admin, { customerId, amount: '10', date, documentNo: receipt(), description: 'EFT' })
        ).json() as BankTransferResponse
      ).entryId
    const old = await enter(company.id, '2026-03-01')
    const mid = await enter(company.id, '2026-03-10')
    const recent = await enter(company.id, '2026-03-17')
    await enter(other.id, '2026-03-10')
    await reverse(admin, mid, { reason: 'Mükerrer' })

    const mine = await get<BankTransferList>(admin, `/yonetim/bank-transfers?customerId=${company.id}`)
    expect(mine.total).toBe(3)
    expect(mine.items.map((i) => i.id)).toEqual([recent, mid, old])
    expect(mine.items[1]).toMatchObject({
      dealer: { id: company.id, code: company.code },
      amount: 10,
      date: '2026-03-10',
      enteredBy: admin.user.name,
      reversal: { date: TODAY, reason: 'Mükerrer', by: admin.user.name },
    })
    expect(mine.items[0]!.reversal).toBeNull()
    const days = await get<BankTransferList>(
      admin,
      `/yonetim/bank-transfers?customerId=${company.id}&from=2026-03-05&to=2026-03-10`,
    )
    expect(days.items.map((i) => i.id)).toEqual([mid])
    // A filter value that is not one is ignored, never a 400.
    const lenient = await get<BankTransferList>(
      admin,
      `/yonetim/bank-transfers?customerId=${company.id}&from=dün&page=x`,
    )
    expect(lenient.total).toBe(3)
  })
})
