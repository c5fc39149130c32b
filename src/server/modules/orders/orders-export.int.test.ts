import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Order } from '../../../contracts/orders'
import { STAFF_ORDERS_EXPORT_CAP } from '../../../contracts/staff-orders'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { addToCart, cardProduct } from '../../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

/** Staff export the orders the list's filters match as XLSX or CSV, one row per order line. */
let t: TestApp
let sales: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  sales = await loggedInUser(t, null, { staffRole: 'sales' })
})
afterAll(() => t.close())

/** A company (named `name`) whose dealer ordered two products: 2 × 100 TL and 1 × 40,50 TL. */
async function companyWithOrder(name: string) {
  const company = await createCustomer(t.database.db, { name })
  const dealer = await loggedInUser(t, company.id)
  for (const [price, quantity] of [
    ['100', 2],
    ['40.5', 1],
  ] as const) {
    const product = await cardProduct(t, { price, cardPrice: price, stock: 50 })
    expect((await addToCart(dealer, product, quantity)).statusCode).toBe(200)
  }
  const res = await dealer.send({ method: 'POST', url: '/api/catalog/cart', payload: {} })
  expect(res.statusCode, res.body).toBe(200)
  return { company, dealer, order: res.json() as Order }
}

const exportOf = (client: TestClient, query: string) =>
  client.send({ method: 'GET', url: `/yonetim/orders/export?${query}` })

async function xlsxRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { name: sheet.name, rows }
}

describe('GET /yonetim/orders/export', () => {
  it('gives the filtered orders as XLSX, a row per line, with the dealer, status and typed amounts', async () => {
    const a = await companyWithOrder('Export Yapı Ltd.')
    await companyWithOrder('Başka Bayi A.Ş.')
    const res = await exportOf(sales, `customerId=${a.company.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="siparisler-\d{8}-\d{4}\.xlsx"$/,
    )
    expect(res.headers['cache-control']).toBe('private, no-store')
    const { name, rows } = await xlsxRows(res.rawPayload)
    expect(name).toBe('Siparişler')
    expect(rows[0]).toEqual([
      'Sipariş No',
      'Tarih',
      'Durum',
      'Bayi Kodu',
      'Bayi',
      'Şube',
      'Oluşturan',
      'Ödeme Planı',
      'Kartla Ödendi',
      'ERP Belge No',
      'Ürün Kodu',
      'Ürün Adı',
      'Birim',
      'Miktar',
      'Birim Fiyat',
      'Tutar',
      'KDV',
      'Para Birimi',
      'Sipariş Toplamı',
    ])
    expect(rows).toHaveLength(3)
    const lines = rows.slice(1)
    for (const line of lines) {
      expect(line[0]).toBe(a.order.orderNo)
      expect(line[1]).toBeInstanceOf(Date)
      expect(line[2]).toBe('Yeni')
      expect(line[3]).toBe(a.company.code)
      expect(line[4]).toBe('Export Yapı Ltd.')
      expect(line[8]).toBe('Hayır')
      expect(line[18]).toBe(a.order.total.value)
    }
    expect(lines.map((line) => [line[13], line[15]]).sort()).toEqual([
      [1, 40.5],
      [2, 200],
    ])
  })

  it('gives CSV in English when asked, dates in the store time and amounts with a decimal comma', async () => {
    const a = await companyWithOrder('CSV Ticaret')
    const res = await exportOf(sales, `customerId=${a.company.id}&format=csv&lang=en`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/filename="orders-\d{8}-\d{4}\.csv"/)
    const records = parse(res.rawPayload, { bom: true, delimiter: ';' }) as string[][]
    expect(records[0]!.slice(0, 3)).toEqual(['Order No', 'Date', 'Status'])
    expect(records).toHaveLength(3)
    expect(records[1]![2]).toBe('New')
    expect(records[1]![1]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)
    expect(
      records
        .slice(1)
        .map((r) => r[15])
        .sort(),
    ).toEqual(['200,00', '40,50'])
  })

  it('neutralises a company name a spreadsheet would run as a formula, in both formats', async () => {
    const a = await companyWithOrder('=HYPERLINK("http://kotu.example","Tıkla")')
    const csv = parse((await exportOf(sales, `customerId=${a.company.id}&format=csv`)).rawPayload, {
      bom: true,
      delimiter: ';',
    }) as string[][]
    expect(csv[1]![4]).toBe(`'=HYPERLINK("http://kotu.example","Tıkla")`)
    const { rows } = await xlsxRows((await exportOf(sales, `customerId=${a.company.id}`)).rawPayload)
    expect(rows[1]![4]).toBe(`'=HYPERLINK("http://kotu.example","Tıkla")`)
  })

  it('holds only the header row when nothing matches', async () => {
    const company = await createCustomer(t.database.db)
    const { rows } = await xlsxRows((await exportOf(sales, `customerId=${company.id}`)).rawPayload)
    expect(rows).toHaveLength(1)
  })

  it('refuses more orders than one file holds, before reading them, and asks to narrow the filter', async () => {
    const a = await companyWithOrder('Büyük Bayi')
    // Copies of the order, numbered apart, up to one past the cap (every column but its keys copied).
    const copied = (
      await queryRows<{ name: string }>(
        t.database.db,
        sql`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = 'orders'
              and column_name not in ('id', 'order_no', 'idempotency_key', 'payment_intent_id')`,
      )
    )
      .map((column) => `"${column.name}"`)
      .join(', ')
    await t.database.db.execute(sql`
      insert into orders (order_no, ${sql.raw(copied)})
      select 'X' || g, ${sql.raw(copied)}
      from orders, generate_series(1, ${STAFF_ORDERS_EXPORT_CAP}) g where orders.id = ${a.order.id}`)
    const res = await exportOf(sales, `customerId=${a.company.id}`)
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({ code: 'export_too_large' })
    expect(JSON.stringify(res.json())).toContain('20.000')
  })

  it('is for staff who read the sales area', async () => {
    const catalogue = await loggedInUser(t, null, { staffRole: 'catalogue' })
    expect((await exportOf(catalogue, 'format=csv')).statusCode).toBe(403)
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    expect([403, 404]).toContain((await exportOf(dealer, 'format=csv')).statusCode)
    const readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
    expect((await exportOf(readonly, `format=csv&customerId=${company.id}`)).statusCode).toBe(200)
  })
})
