import { randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkAnswer } from '../../../contracts/integration-sync'
import type { InvoiceList } from '../../../contracts/invoices'
import { issueApiKey } from '../../test/api-keys'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { createTestApp, type TestApp } from '../../test/test-app'

let t: TestApp
let erp: Awaited<ReturnType<typeof issueApiKey>>

beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerIp: 10_000 }, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  erp = await issueApiKey(t, ['invoices:write'], 'Logo Tiger')
})
afterAll(() => t.close())

const tag = () => randomBytes(4).toString('hex').toUpperCase()
const post = async (items: unknown[], query = '') => {
  const res = await erp.call('POST', `invoices${query}`, { items })
  return { res, body: res.json() as BulkAnswer }
}
const statuses = (body: BulkAnswer) => body.results.map((r) => r.status)
const pdfBytes = (text = tag()) => Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`)
const upload = (number: string, body: Buffer, contentType = 'application/pdf', key = erp.key) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/integration/v1/invoices/${encodeURIComponent(number)}/pdf`,
    headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
    payload: body,
  })

const stored = async (number: string) =>
  (
    await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select i.customer_id, i.date::text as date, i.due_date::text as due_date, i.ettn::text as ettn,
        i.amount::text as amount, i.tax_amount::text as tax_amount, i.currency, i.pdf_url, i.pdf_fetch_state,
        i.pdf_fetch_attempts, p.size as pdf_size, p.sha256, p.source
      from erp_invoices i left join erp_invoice_pdfs p on p.invoice_id = i.id where i.number = ${number}`,
    )
  )[0]

async function company() {
  const customer = await createCustomer(t.database.db)
  const dealer = await loggedInUser(t, customer.id)
  return { customer, dealer }
}

const invoiceRow = (customerCode: string, extra: Record<string, unknown> = {}) => ({
  number: `FTR${tag()}`,
  customerCode,
  date: '2026-03-02',
  dueDate: '2026-04-01',
  ettn: randomUUID(),
  amount: '1200.50',
  taxAmount: 200.08,
  currency: 'TRY',
  ...extra,
})

describe('the invoices bulk upsert', () => {
  it('creates, answers the same rows unchanged, and updates a changed one', async () => {
    const { customer } = await company()
    const a = invoiceRow(customer.code)
    const b = invoiceRow(customer.code, { currency: 'usd', dueDate: null, ettn: null, taxAmount: null })
    const first = await post([a, b])
    expect(first.res.statusCode, first.res.body).toBe(200)
    expect(statuses(first.body)).toEqual(['created', 'created'])
    expect(await stored(a.number)).toMatchObject({
      customer_id: customer.id,
      date: '2026-03-02',
      due_date: '2026-04-01',
      ettn: a.ettn,
      amount: '1200.5000',
      tax_amount: '200.0800',
      currency: 'TRY',
      pdf_url: null,
      pdf_fetch_state: null,
      pdf_size: null,
    })
    expect(await stored(b.number)).toMatchObject({ currency: 'USD', due_date: null, ettn: null })

    // 1200.5 is 1200.50; an upper-case ETTN is the same ETTN.
    const again = await post([{ ...a, amount: 1200.5, ettn: a.ettn.toUpperCase() }, b])
    expect(statuses(again.body)).toEqual(['unchanged', 'unchanged'])

    const changed = await post([
      { ...a, amount: '1300' },
      { number: b.number, customerCode: customer.code, date: '2026-03-02', amount: '10', currency: 'USD' },
    ])
    expect(statuses(changed.body)).toEqual(['updated', 'updated'])
    expect(await stored(a.number)).toMatchObject({ amount: '1300.0000', ettn: a.ettn })
    expect(await stored(b.number)).toMatchObject({ amount: '10.0000' })
  })

  it('keeps fields left out and clears fields sent as null', async () => {
    const { customer } = await company()
    const a = invoiceRow(customer.code)
    await post([a])
    const { dueDate, ettn, taxAmount, ...bare } = a
    expect(statuses((await post([bare])).body)).toEqual(['unchanged'])
    expect(statuses((await post([{ ...bare, dueDate: null, taxAmount: null }])).body)).toEqual(['updated'])
    expect(await stored(a.number)).toMatchObject({ due_date: null, tax_amount: null, ettn })
  })

  it("rejects an unknown company's row alone, by its field", async () => {
    const { customer } = await company()
    const good = invoiceRow(customer.code)
    const unknown = invoiceRow(`YOK-${tag()}`)
    const { res, body } = await post([unknown, good])
    expect(res.statusCode).toBe(200)
    expect(body.counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 1 })
    expect(body.results[0]).toMatchObject({
      code: unknown.number,
      status: 'rejected',
      errors: [{ field: 'customerCode', code: 'unknown_reference' }],
    })
    expect(await stored(unknown.number)).toBeUndefined()
  })

  it('rejects bad rows by field: a due day before the invoice day, a malformed ETTN, an ETTN another invoice holds, a file address', async () => {
    const { customer } = await company()
    const holder = invoiceRow(customer.code)
    await post([holder])
    const { body } = await post([
      invoiceRow(customer.code, { dueDate: '2026-03-01' }),
      invoiceRow(customer.code, { ettn: 'not-a-uuid' }),
      invoiceRow(customer.code, { ettn: holder.ettn }),
      invoiceRow(customer.code, { pdfUrl: 'file:///etc/passwd' }),
      invoiceRow(customer.code, { date: '2026-02-30' }),
      invoiceRow(customer.code, { amount: -5 }),
    ])
    expect(body.results.map((r) => [r.status, r.errors?.[0]?.field, r.errors?.[0]?.code])).toEqual([
      ['rejected', 'dueDate', 'invalid'],
      ['rejected', 'ettn', 'invalid'],
      ['rejected', 'ettn', 'conflict'],
      ['rejected', 'pdfUrl', 'invalid'],
      ['rejected', 'date', 'invalid'],
      ['rejected', 'amount', 'invalid'],
    ])
  })

  it('queues the download of a new pdfUrl, not of the same one again, and again of a changed one', async () => {
    const { customer } = await company()
    const a = invoiceRow(customer.code, { pdfUrl: 'https://erp.example.com/f/1.pdf' })
    await post([a])
    expect(await stored(a.number)).toMatchObject({ pdf_fetch_state: 'pending', pdf_fetch_attempts: 0 })
    await t.database.db.execute(
      sql`update erp_invoices set pdf_fetch_state = 'fetched', pdf_fetch_attempts = 1 where number = ${a.number}`,
    )
    expect(statuses((await post([a])).body)).toEqual(['unchanged'])
    expect(await stored(a.number)).toMatchObject({ pdf_fetch_state: 'fetched' })
    await post([{ ...a, pdfUrl: 'https://erp.example.com/f/2.pdf' }])
    expect(await stored(a.number)).toMatchObject({ pdf_fetch_state: 'pending', pdf_fetch_attempts: 0 })
    await post([{ ...a, pdfUrl: null }])
    expect(await stored(a.number)).toMatchObject({ pdf_url: null, pdf_fetch_state: null })
  })

  it('needs the invoices:write scope', async () => {
    const other = await issueApiKey(t, ['catalogue:write'])
    const res = await other.call('POST', 'invoices', { items: [invoiceRow('X')] })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('api_key_scope')
  })
})

describe('the PDF upload', () => {
  it('stores the file with its size and hash, answers the same file unchanged, and audits the key', async () => {
    const { customer } = await company()
    const a = invoiceRow(customer.code, { pdfUrl: 'https://erp.example.com/f/9.pdf' })
    await post([a])
    const file = pdfBytes()
    const res = await upload(a.number, file)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ number: a.number, status: 'created', size: file.length })
    // The upload calls off the download still to come.
    expect(await stored(a.number)).toMatchObject({
      pdf_size: file.length,
      sha256: res.json().sha256,
      source: 'upload',
      pdf_fetch_state: null,
    })
    expect((await upload(a.number, file)).json().status).toBe('unchanged')
    expect((await upload(a.number, pdfBytes())).json().status).toBe('updated')
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from erp_invoices where number = ${a.number}`,
    )
    const trail = await auditTrail(t.database.db, 'invoice', row!.id)
    expect(trail.map((r) => [r.action, r.actorName])).toEqual([
      ['pdf', 'Logo Tiger'],
      ['pdf', 'Logo Tiger'],
    ])
  })

  it('refuses a file that is not a PDF, an unknown invoice, another content type and a file over 10 MB', async () => {
    const { customer } = await company()
    const a = invoiceRow(customer.code)
    await post([a])
    const notPdf = await upload(a.number, Buffer.from('<html>hi</html>'))
    expect(notPdf.statusCode).toBe(400)
    expect(notPdf.json().error.code).toBe('not_a_pdf')
    const unknown = await upload(`YOK${tag()}`, pdfBytes())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error.code).toBe('invoice_not_found')
    expect((await upload(a.number, pdfBytes(), 'application/octet-stream')).statusCode).toBe(415)
    const huge = Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024)])
    expect((await upload(a.number, huge)).statusCode).toBe(413)
    expect(await stored(a.number)).toMatchObject({ pdf_size: null })
  })
})

describe("the dealer's invoices", () => {
  it("lists the company's invoices newest first, paged and by date range, never another company's", async () => {
    const { customer, dealer } = await company()
    const other = await company()
    const rows = Array.from({ length: 23 }, (_, i) =>
      invoiceRow(customer.code, { date: `2026-01-${String(i + 1).padStart(2, '0')}`, dueDate: null }),
    )
    await post([...rows, invoiceRow(other.customer.code)])
    const page1 = (await dealer.send({ method: 'GET', url: '/api/account/invoices' })).json() as InvoiceList
    expect(page1).toMatchObject({ total: 23, page: 1, pages: 2, pageSize: 20 })
    expect(page1.items[0]).toMatchObject({ number: rows[22]!.number, date: '2026-01-23', hasPdf: false })
    expect(page1.items[0]!.amount).toBe('1200.5000')
    const page2 = (await dealer.send({ method: 'GET', url: '/api/account/invoices?page=2' })).json()
    expect(page2.items.map((i: { number: string }) => i.number)).toEqual(
      [rows[2], rows[1], rows[0]].map((r) => r!.number),
    )
    const ranged = (
      await dealer.send({ method: 'GET', url: '/api/account/invoices?from=2026-01-05&to=2026-01-07' })
    ).json() as InvoiceList
    expect(ranged.items.map((i) => i.date)).toEqual(['2026-01-07', '2026-01-06', '2026-01-05'])
    const reversed = await dealer.send({
      method: 'GET',
      url: '/api/account/invoices?from=2026-01-07&to=2026-01-05',
    })
    expect(reversed.statusCode).toBe(400)
    const empty = (
      await other.dealer.send({ method: 'GET', url: '/api/account/invoices?to=2020-01-01' })
    ).json()
    expect(empty).toMatchObject({ items: [], total: 0, page: 1, pages: 0 })
  })

  it("downloads the company's PDF, and tells another company's dealer there is none", async () => {
    const { customer, dealer } = await company()
    const other = await company()
    const a = invoiceRow(customer.code)
    await post([a])
    const file = pdfBytes()
    await upload(a.number, file)
    const list = (await dealer.send({ method: 'GET', url: '/api/account/invoices' })).json() as InvoiceList
    const invoice = list.items[0]!
    expect(invoice.hasPdf).toBe(true)
    const res = await dealer.send({ method: 'GET', url: `/api/account/invoices/${invoice.id}/pdf` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${a.number}.pdf"`)
    expect(res.rawPayload.equals(file)).toBe(true)
    const foreign = await other.dealer.send({ method: 'GET', url: `/api/account/invoices/${invoice.id}/pdf` })
    expect(foreign.statusCode).toBe(404)

    const staff = await loggedInUser(t, null)
    const staffList = await staff.send({ method: 'GET', url: `/yonetim/customers/${customer.id}/invoices` })
    expect(staffList.json().items.map((i: { number: string }) => i.number)).toEqual([a.number])
    const staffPdf = await staff.send({
      method: 'GET',
      url: `/yonetim/customers/${customer.id}/invoices/${invoice.id}/pdf`,
    })
    expect(staffPdf.rawPayload.equals(file)).toBe(true)
    const wrongCompany = await staff.send({
      method: 'GET',
      url: `/yonetim/customers/${other.customer.id}/invoices/${invoice.id}/pdf`,
    })
    expect(wrongCompany.statusCode).toBe(404)
  })

  it('answers 404 for an invoice without its PDF', async () => {
    const { customer, dealer } = await company()
    await post([invoiceRow(customer.code)])
    const list = (await dealer.send({ method: 'GET', url: '/api/account/invoices' })).json() as InvoiceList
    const res = await dealer.send({ method: 'GET', url: `/api/account/invoices/${list.items[0]!.id}/pdf` })
    expect(res.statusCode).toBe(404)
  })
})
