import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkAnswer } from '../../../contracts/integration-sync'
import { addDays, ledgerDay } from '../../../domain/ledger'
import { issueApiKey } from '../../test/api-keys'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, createUser, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { recordCredit } from '../ledger/ledger.service'

let t: TestApp
let erp: Awaited<ReturnType<typeof issueApiKey>>

beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerIp: 10_000 }, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  await seedAccounts(t.database.db)
  erp = await issueApiKey(
    t,
    ['customers:write', 'ledger:write', 'serials:write', 'campaigns:write', 'catalogue:write'],
    'Logo Tiger',
  )
})
afterAll(() => t.close())

const tag = () => randomBytes(3).toString('hex').toUpperCase()
const post = async (resource: string, items: unknown[]) => {
  const res = await erp.call('POST', resource, { items })
  expect(res.statusCode, res.body).toBeLessThan(500)
  return { res, body: res.json() as BulkAnswer }
}
const statuses = (body: BulkAnswer) => body.results.map((r) => r.status)
const errorsOf = (body: BulkAnswer, at: number) => body.results[at]!.errors?.map((e) => [e.field, e.code])
const rowsOf = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query)
const TODAY = ledgerDay(new Date())

describe('customers', () => {
  it('creates a company with branches, answers unchanged on a repeat, updates terms and branches by code', async () => {
    const code = `CR-${tag()}`
    const row = {
      code,
      name: 'Deniz Yapı Ltd.',
      taxOffice: 'Kadıköy',
      taxNumber: '1234567890',
      email: 'muhasebe@deniz.test',
      phone: '0216 555 00 00',
      address: 'Moda Cad. 1',
      town: 'Kadıköy',
      city: 'İstanbul',
      profitPercent: -5,
      riskLimit: '25000.50',
      paymentTermDays: 30,
      branches: [
        { code: 'MRK', name: 'Merkez', address: 'Moda' },
        { code: 'ANK', name: 'Ankara' },
      ],
    }
    const first = await post('customers', [row])
    expect(first.body).toMatchObject({ committed: true, results: [{ code, status: 'created' }] })
    const [company] = await rowsOf<Record<string, unknown>>(
      sql`select id, name, tax_number, profit_percent::text as p, risk_limit::text as r, payment_term_days, is_active
        from customers where code = ${code}`,
    )
    expect(company).toMatchObject({ p: '-5.00', r: '25000.50', payment_term_days: 30, is_active: true })
    expect(statuses((await post('customers', [row])).body)).toEqual(['unchanged'])

    // A branch not listed stays; isActive: false closes one; a new code adds one.
    const next = await post('customers', [
      { code, name: row.name, riskLimit: 1, branches: [{ code: 'ANK', name: 'Ankara', isActive: false }] },
    ])
    expect(statuses(next.body)).toEqual(['updated'])
    const branches = await rowsOf<{ code: string; is_active: boolean }>(
      sql`select code, is_active from branches where customer_id = ${company!.id} order by code`,
    )
    expect(branches).toEqual([
      { code: 'ANK', is_active: false },
      { code: 'MRK', is_active: true },
    ])
    // Fields left out kept, the sent one written; and it is in the staff's audit trail.
    const [after] = await rowsOf<Record<string, unknown>>(
      sql`select tax_number, risk_limit::text as r, payment_term_days from customers where id = ${company!.id}`,
    )
    expect(after).toEqual({ tax_number: '1234567890', r: '1.00', payment_term_days: 30 })
    const audit = await rowsOf<{ entity: string; action: string; actor_api_key_id: number | null }>(
      sql`select entity, action, actor_api_key_id from audit_log
        where (entity = 'customer' and entity_id = ${String(company!.id)}) order by id`,
    )
    expect(audit.map((a) => a.action)).toEqual(['create', 'update'])
    expect(audit[0]!.actor_api_key_id).toBe(erp.id)
  })

  it('rejects bad values by field and a branch code twice in one row', async () => {
    const { body } = await post('customers', [
      { code: `CR-${tag()}`, name: 'A', paymentTermDays: 400, profitPercent: 1000 },
      {
        code: `CR-${tag()}`,
        name: 'B',
        branches: [
          { code: 'X', name: 'X1' },
          { code: 'X', name: 'X2' },
        ],
      },
    ])
    expect(statuses(body)).toEqual(['rejected', 'rejected'])
    expect(errorsOf(body, 0)).toEqual([
      ['profitPercent', 'invalid'],
      ['paymentTermDays', 'invalid'],
    ])
    expect(errorsOf(body, 1)).toEqual([['branches.1.code', 'duplicate_in_batch']])
  })
})

describe('users', () => {
  it('invites a new dealer user by mail in the outbox, and the invitation sets a password', async () => {
    const company = await createCustomer(t.database.db)
    const email = `yeni-${tag().toLowerCase()}@deniz.test`
    const { body } = await post('users', [
      { customerCode: company.code, email: email.toUpperCase(), name: 'Ayşe' },
    ])
    expect(statuses(body)).toEqual(['created'])
    const [user] = await rowsOf<{ id: number; customer_id: number; role: string; is_active: boolean }>(
      sql`select id, customer_id, role, is_active from users where email = ${email}`,
    )
    expect(user).toMatchObject({ customer_id: company.id, role: 'dealer', is_active: true })
    const mail = await rowsOf<{ kind: string; text: string }>(
      sql`select kind, text from mail_outbox where recipient = ${email}`,
    )
    expect(mail.map((m) => m.kind)).toEqual(['user_invite'])
    const token = /sifre-belirle\?token=([A-Za-z0-9_-]{43})/.exec(mail[0]!.text)
    expect(token, mail[0]!.text).not.toBeNull()
    const guest = new TestClient(t.app)
    await guest.openPage('/sifre-belirle')
    const set = await guest.send({
      method: 'POST',
      url: '/api/account/password-set',
      payload: { token: token![1]!, password: 'Yeni12345!', passwordAgain: 'Yeni12345!' },
    })
    expect(set.statusCode, set.body).toBe(200)
    const login = await new TestClient(t.app).login(email, 'Yeni12345!')
    expect(login.statusCode, login.body).toBe(200)

    expect(
      statuses((await post('users', [{ customerCode: company.code, email, name: 'Ayşe' }])).body),
    ).toEqual(['unchanged'])
    const off = await post('users', [
      { customerCode: company.code, email, name: 'Ayşe Kaya', isActive: false },
    ])
    expect(statuses(off.body)).toEqual(['updated'])
    expect(
      (
        await rowsOf<{ name: string; is_active: boolean }>(
          sql`select name, is_active from users where id = ${user!.id}`,
        )
      )[0],
    ).toEqual({ name: 'Ayşe Kaya', is_active: false })
  })

  it("refuses another company's dealer and a staff user (conflict), and an unknown company", async () => {
    const [mine, other] = [await createCustomer(t.database.db), await createCustomer(t.database.db)]
    const theirs = await createUser(t.database.db, other.id)
    const staff = await createUser(t.database.db, null, { staffRole: 'sales' })
    const { body } = await post('users', [
      { customerCode: mine.code, email: theirs.email, name: 'X' },
      { customerCode: mine.code, email: staff.email, name: 'Y' },
      { customerCode: 'YOK-BOYLE', email: `z-${tag()}@x.test`, name: 'Z' },
    ])
    expect(statuses(body)).toEqual(['rejected', 'rejected', 'rejected'])
    expect([errorsOf(body, 0), errorsOf(body, 1), errorsOf(body, 2)]).toEqual([
      [['email', 'conflict']],
      [['email', 'conflict']],
      [['customerCode', 'unknown_reference']],
    ])
    const [kept] = await rowsOf<{ customer_id: number | null; name: string }>(
      sql`select customer_id, name from users where id = ${staff.id}`,
    )
    expect(kept!.customer_id).toBeNull()
  })
})

describe('ledger-entries', () => {
  const statementOf = async (client: TestClient) => {
    const res = await client.send({
      method: 'GET',
      url: `/api/account/statement?from=${addDays(TODAY, -200)}&to=${TODAY}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as {
      entries: { documentNo: string; kind: string; open: number }[]
      closingBalance: number
      overdue: { balance: number; days: number }
    }
  }

  it('books invoices and payments the dealer reads on the statement and the overdue banner', async () => {
    const company = await createCustomer(t.database.db, { paymentTermDays: 30 })
    const dealer = await loggedInUser(t, company.id)
    const rows = [
      {
        customerCode: company.code,
        kind: 'opening',
        documentNo: 'DEVIR',
        date: addDays(TODAY, -100),
        amount: 500,
      },
      {
        customerCode: company.code,
        kind: 'invoice',
        documentNo: 'F-1',
        date: addDays(TODAY, -60),
        amount: '1000.00',
      },
      // Due after the company's 30 days: 10 days from now.
      {
        customerCode: company.code,
        kind: 'invoice',
        documentNo: 'F-2',
        date: addDays(TODAY, -20),
        amount: 300,
      },
      {
        customerCode: company.code,
        kind: 'payment',
        documentNo: 'T-1',
        date: addDays(TODAY, -5),
        amount: 700,
      },
    ]
    const first = await post('ledger-entries', rows)
    expect(statuses(first.body)).toEqual(['created', 'created', 'created', 'created'])
    expect(statuses((await post('ledger-entries', rows)).body)).toEqual([
      'unchanged',
      'unchanged',
      'unchanged',
      'unchanged',
    ])
    const statement = await statementOf(dealer)
    expect(statement.closingBalance).toBe(1100)
    // The payment settles the opening (due first), then 200 of F-1: 800 of F-1 overdue since 30 days.
    expect(statement.overdue).toEqual({ balance: 800, days: 30 })
    expect(statement.entries.map((e) => [e.documentNo, e.kind, e.open])).toEqual([
      ['DEVIR', 'opening', 0],
      ['F-1', 'invoice', 800],
      ['F-2', 'invoice', 300],
      ['T-1', 'erp_payment', 0],
    ])
    const me = (await dealer.send({ method: 'GET', url: '/api/bootstrap' })).json().user.customer
    expect(me).toMatchObject({ overdueBalance: 800, overdueDays: 30 })
  })

  it('a smaller payment reopens what it had settled; a return pays it again', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const invoice = {
      customerCode: company.code,
      kind: 'invoice',
      documentNo: 'F-9',
      date: addDays(TODAY, -40),
      dueDate: addDays(TODAY, -10),
      amount: 1000,
    }
    const payment = {
      customerCode: company.code,
      kind: 'payment',
      documentNo: 'T-9',
      date: addDays(TODAY, -5),
    }
    await post('ledger-entries', [invoice, { ...payment, amount: 1000 }])
    expect((await statementOf(dealer)).overdue).toEqual({ balance: 0, days: 0 })

    expect(statuses((await post('ledger-entries', [{ ...payment, amount: 400 }])).body)).toEqual(['updated'])
    let statement = await statementOf(dealer)
    expect(statement.overdue).toEqual({ balance: 600, days: 10 })
    expect(statement.closingBalance).toBe(600)
    const settled = await rowsOf<{ amount: string }>(
      sql`select s.amount::text as amount from ledger_settlements s join ledger_entries e on e.id = s.debit_entry_id
        where e.customer_id = ${company.id}`,
    )
    expect(settled).toEqual([{ amount: '400.00' }])

    await post('ledger-entries', [
      { customerCode: company.code, kind: 'return', documentNo: 'IADE-1', date: TODAY, amount: 650 },
    ])
    statement = await statementOf(dealer)
    expect(statement.overdue).toEqual({ balance: 0, days: 0 })
    expect(statement.closingBalance).toBe(-50)
    expect(statement.entries.at(-1)).toMatchObject({ kind: 'erp_return', open: 50 })
  })

  it('never touches entries the portal wrote, and rejects unknown companies and bad rows by field', async () => {
    const company = await createCustomer(t.database.db)
    // A bank transfer the portal booked under the number the ERP uses for its payment.
    await t.database.db.transaction((tx) =>
      recordCredit(tx, {
        customerId: company.id,
        kind: 'bank_transfer',
        amount: '100.00',
        documentNo: 'T-5',
        description: 'Havale',
        entryDate: TODAY,
        settleEntryIds: [],
      }),
    )
    const { body } = await post('ledger-entries', [
      { customerCode: company.code, kind: 'payment', documentNo: 'T-5', date: TODAY, amount: 250 },
      { customerCode: 'YOK-BOYLE', kind: 'invoice', documentNo: 'F-1', date: TODAY, amount: 1 },
      {
        customerCode: company.code,
        kind: 'payment',
        documentNo: 'T-6',
        date: TODAY,
        dueDate: TODAY,
        amount: 1,
      },
      { customerCode: company.code, kind: 'invoice', documentNo: 'F-7', date: TODAY, amount: '1.234' },
      { customerCode: company.code, kind: 'invoice', documentNo: 'F-8', date: '2026-02-30', amount: 1 },
    ])
    expect(statuses(body)).toEqual(['created', 'rejected', 'rejected', 'rejected', 'rejected'])
    expect(body.results.slice(1).map((r) => r.errors!.map((e) => [e.field, e.code]))).toEqual([
      [['customerCode', 'unknown_reference']],
      [['dueDate', 'invalid']],
      [['amount', 'invalid']],
      [['date', 'invalid']],
    ])
    const entries = await rowsOf<{ kind: string; credit: string; open: string }>(
      sql`select kind, credit::text as credit, open_amount::text as open from ledger_entries
        where customer_id = ${company.id} order by id`,
    )
    expect(entries).toEqual([
      { kind: 'bank_transfer', credit: '100.00', open: '100.00' },
      { kind: 'erp_payment', credit: '250.00', open: '250.00' },
    ])
  })
})

describe('serials', () => {
  it('registers a sold serial the warranty inquiry answers, and replaces its movements', async () => {
    await post('categories', [{ code: 'K-SERI', name: 'Seri kategorisi' }])
    const productCode = `SR-${tag()}`
    await post('products', [
      {
        code: productCode,
        name: 'Matkap',
        categoryCode: 'K-SERI',
        salePrice: 1,
        currency: 'TRY',
        taxRate: 20,
      },
    ])
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const serialNumber = `sn-${tag()}`
    const row = {
      serialNumber: ` ${serialNumber} `,
      productCode,
      customerCode: company.code,
      saleDate: addDays(TODAY, -10),
      warrantyMonths: 24,
      movements: [{ date: addDays(TODAY, -10), status: 'SATIŞ', documentNo: 'FTR-77' }],
    }
    expect(statuses((await post('serials', [row])).body)).toEqual(['created'])
    expect(statuses((await post('serials', [row])).body)).toEqual(['unchanged'])
    const ask = async () => {
      const boundary = '----b'
      const res = await dealer.send({
        method: 'POST',
        url: '/api/catalog/WarrantyInquiry',
        payload: `--${boundary}\r\ncontent-disposition: form-data; name="serialNumber"\r\n\r\n${serialNumber}\r\n--${boundary}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data
    }
    expect(await ask()).toMatchObject({
      seriNo: serialNumber.toUpperCase(),
      hareket: { durum: 'SATIŞ', belgeNo: 'FTR-77' },
      urun: { code: productCode },
    })
    const moved = await post('serials', [
      {
        ...row,
        movements: [
          ...row.movements,
          { date: addDays(TODAY, -2), status: 'SERVİS GİRİŞ', documentNo: 'SRV-1' },
        ],
      },
    ])
    expect(statuses(moved.body)).toEqual(['updated'])
    expect((await ask()).hareket).toHaveLength(2)
  })

  it('rejects an unknown product or company by field', async () => {
    const { body } = await post('serials', [
      { serialNumber: `S-${tag()}`, productCode: 'YOK-BOYLE' },
      { serialNumber: 'ÇOK KÖTÜ!', productCode: 'YOK-BOYLE' },
    ])
    expect([errorsOf(body, 0), errorsOf(body, 1)]).toEqual([
      [['productCode', 'unknown_reference']],
      [['serialNumber', 'invalid']],
    ])
  })
})

describe('campaigns', () => {
  it('creates a campaign the home page shows with its products in order, then replaces its list', async () => {
    await post('categories', [{ code: 'K-KMP', name: 'Kampanya kategorisi' }])
    const codes = [`KP-${tag()}`, `KP-${tag()}`]
    await post(
      'products',
      codes.map((code) => ({
        code,
        name: `Ürün ${code}`,
        categoryCode: 'K-KMP',
        salePrice: 5,
        currency: 'TRY',
        taxRate: 20,
      })),
    )
    await t.database.db.execute(
      sql`update products set quantity = 5 where code = any(${sql.param(codes)}::text[])`,
    )
    const code = `KMP-${tag()}`
    const row = { code, name: `Kampanya ${code}`, rowCount: 2, productCodes: [codes[1], codes[0]] }
    expect(statuses((await post('campaigns', [row])).body)).toEqual(['created'])
    expect(statuses((await post('campaigns', [row])).body)).toEqual(['unchanged'])
    const home = async () =>
      (
        (await new TestClient(t.app).send({ method: 'GET', url: '/api/catalog/campaigns' })).json() as {
          campaigns: { name: string; rowCount: number; products: { code: string }[] }[]
        }
      ).campaigns.find((c) => c.name === row.name)
    expect(await home()).toMatchObject({ rowCount: 2, products: [{ code: codes[1] }, { code: codes[0] }] })

    expect(statuses((await post('campaigns', [{ ...row, productCodes: [codes[0]] }])).body)).toEqual([
      'updated',
    ])
    expect((await home())!.products.map((p) => p.code)).toEqual([codes[0]])
    await post('campaigns', [{ ...row, isActive: false }])
    expect(await home()).toBeUndefined()

    const { body } = await post('campaigns', [
      { code: `KMP-${tag()}`, name: 'X', productCodes: [codes[0], 'YOK'] },
    ])
    expect(errorsOf(body, 0)).toEqual([['productCodes.1', 'unknown_reference']])
  })
})
