import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { addToCart, cardProduct } from '../../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

/** Staff export the offers the list's filters match as XLSX or CSV, one row per offer line. */
let t: TestApp
let sales: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  sales = await loggedInUser(t, null, { staffRole: 'sales' })
})
afterAll(() => t.close())

/** A company (named `name`) whose dealer asked an offer of 2 × 100 TL and 1 × 40,50 TL (20 % tax). */
async function companyWithOffer(name: string) {
  const company = await createCustomer(t.database.db, { name })
  const dealer = await loggedInUser(t, company.id)
  for (const [price, quantity] of [
    ['100', 2],
    ['40.5', 1],
  ] as const) {
    const product = await cardProduct(t, { price, cardPrice: price, stock: 50 })
    expect((await addToCart(dealer, product, quantity)).statusCode).toBe(200)
  }
  const res = await dealer.send({
    method: 'POST',
    url: '/api/catalog/cart/offer',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  })
  expect(res.statusCode, res.body).toBe(200)
  const [offer] = await queryRows<{ offerNo: string }>(
    t.database.db,
    sql`select offer_no as "offerNo" from offers where customer_id = ${company.id}`,
  )
  return { company, offer: offer! }
}

const exportOf = (client: TestClient, query: string) =>
  client.send({ method: 'GET', url: `/yonetim/offers/export?${query}` })

describe('GET /yonetim/offers/export', () => {
  it('gives the filtered offers as XLSX, a row per line at the quoted prices', async () => {
    const a = await companyWithOffer('Teklif Yapı Ltd.')
    await companyWithOffer('Başka Bayi A.Ş.')
    const res = await exportOf(sales, `customerId=${a.company.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="teklifler-\d{8}-\d{4}\.xlsx"$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Teklifler')!
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    expect(rows[0]!.slice(0, 3)).toEqual(['Teklif No', 'Tarih', 'Durum'])
    expect(rows).toHaveLength(3)
    const lines = rows.slice(1)
    for (const line of lines) {
      expect(line[0]).toBe(a.offer.offerNo)
      expect(line[2]).toBe('Açık')
      expect(line[3]).toBe(a.company.code)
      expect(line[4]).toBe('Teklif Yapı Ltd.')
      // 240 + 48.60 with 20 % tax.
      expect(line[15]).toBe(288.6)
    }
    expect(lines.map((line) => [line[10], line[11], line[12]]).sort()).toEqual([
      [1, 40.5, 40.5],
      [2, 100, 200],
    ])
  })

  it('gives CSV in English, with formula-like text neutralised', async () => {
    const a = await companyWithOffer('@SUM(1+1)')
    const res = await exportOf(sales, `customerId=${a.company.id}&format=csv&lang=en`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/filename="offers-\d{8}-\d{4}\.csv"/)
    const records = parse(res.rawPayload, { bom: true, delimiter: ';' }) as string[][]
    expect(records[0]!.slice(0, 3)).toEqual(['Offer No', 'Date', 'Status'])
    expect(records[1]![2]).toBe('Open')
    expect(records[1]![4]).toBe("'@SUM(1+1)")
    expect(
      records
        .slice(1)
        .map((r) => r[12])
        .sort(),
    ).toEqual(['200,00', '40,50'])
  })

  it('is for staff who read the sales area', async () => {
    const catalogue = await loggedInUser(t, null, { staffRole: 'catalogue' })
    expect((await exportOf(catalogue, 'format=csv')).statusCode).toBe(403)
    const company = await createCustomer(t.database.db)
    const readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
    const empty = await exportOf(readonly, `format=csv&customerId=${company.id}`)
    expect(empty.statusCode).toBe(200)
    expect(parse(empty.rawPayload, { bom: true, delimiter: ';' })).toHaveLength(1)
  })
})
