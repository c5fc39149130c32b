import { randomBytes } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiKeyIssued } from '../../contracts/api-keys'
import type { Order } from '../../contracts/orders'
import { addDays, ledgerDay } from '../../domain/ledger'
import type { StaffRole } from '../../domain/staff-access'
import { queryRows } from '../test/db-helpers'
import { addOverdueInvoice, createCustomer, loggedInUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { addToCart, cardProduct } from '../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../test/test-app'

/*
 * The exports besides the orders' and offers' (their own tests): customers, card payments, bank
 * transfers, products and the statement, from the staff area, the dealer's page and the integration
 * API. Each file is read back (XLSX with ExcelJS, CSV with csv-parse).
 */

let t: TestApp
let owner: TestClient
const staff = {} as Record<StaffRole, TestClient>

beforeAll(async () => {
  t = await createTestApp({ env: { INTEGRATION_RATE_LIMIT: '1000' } })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null)
  for (const role of ['sales', 'catalogue', 'accounting', 'readonly'] as const) {
    staff[role] = await loggedInUser(t, null, { staffRole: role })
  }
}, 60_000)
afterAll(() => t.close())

const tag = () => randomBytes(4).toString('hex')
const today = () => ledgerDay(new Date())
const HOSTILE = '=HYPERLINK("http://kotu.example","Tıkla")'

const get = (client: TestClient, url: string) => client.send({ method: 'GET', url })

async function xlsxRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]!
  const rows: unknown[][] = []
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { name: sheet.name, rows }
}

const csvRows = (body: Buffer) =>
  parse(body, { bom: true, delimiter: ';', relax_column_count: true }) as string[][]

async function xlsxOf(client: TestClient, url: string) {
  const res = await get(client, url)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  )
  expect(res.headers['cache-control']).toBe('private, no-store')
  return { ...(await xlsxRows(res.rawPayload)), disposition: String(res.headers['content-disposition']) }
}

async function csvOf(client: TestClient, url: string) {
  const res = await get(client, url)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
  return csvRows(res.rawPayload)
}

describe('GET /yonetim/customers/export', () => {
  it('gives the filtered companies as XLSX with their terms, a formula-like name as text', async () => {
    const mark = tag()
    const company = await createCustomer(t.database.db, {
      name: `${HOSTILE} ${mark}`,
      taxNumber: '1234567890',
      city: 'İzmir',
      phone: '+90 232 000 00 00',
      riskLimit: '15000.50',
      paymentTermDays: 45,
    })
    await createCustomer(t.database.db, { name: `Başka ${tag()}` })
    const { name, rows, disposition } = await xlsxOf(owner, `/yonetim/customers/export?q=${mark}`)
    expect(disposition).toMatch(/^attachment; filename="musteriler-\d{8}-\d{4}\.xlsx"$/)
    expect(name).toBe('Müşteriler')
    expect(rows[0]).toEqual([
      'Bayi Kodu',
      'Bayi',
      'Vergi Dairesi',
      'Vergi No',
      'İl',
      'İlçe',
      'Adres',
      'Telefon',
      'E-posta',
      'Satış Temsilcisi',
      'Risk Limiti',
      'Fiyat Farkı %',
      'Vade (gün)',
      'Aktif',
    ])
    expect(rows).toHaveLength(2)
    const row = rows[1]!
    expect(row[0]).toBe(company.code)
    expect(row[1]).toBe(`'${HOSTILE} ${mark}`)
    expect(row[3]).toBe('1234567890')
    expect(row[4]).toBe('İzmir')
    // A phone number starting with + is text a spreadsheet would read as a formula too.
    expect(row[7]).toBe("'+90 232 000 00 00")
    expect(row[10]).toBe(15000.5)
    expect(row[12]).toBe(45)
    expect(row[13]).toBe('Evet')
  })

  it('gives CSV in English, filtered by active, every page in the sort asked for', async () => {
    const mark = tag()
    // More companies than one page of the export's reads, three names among them: the keyset on
    // (name, id) must neither skip nor repeat one at a page's edge.
    await t.database.db.execute(sql`
      insert into customers (code, name, is_active)
      select ${`K${mark}-`} || lpad(g::text, 5, '0'), ${`Firma ${mark} `} || (g % 3), g % 10 <> 0
      from generate_series(1, 1205) g`)
    const records = await csvOf(
      owner,
      `/yonetim/customers/export?q=${mark}&active=true&sort=name&dir=desc&format=csv&lang=en`,
    )
    expect(records[0]!.slice(0, 3)).toEqual(['Dealer Code', 'Dealer', 'Tax Office'])
    const body = records.slice(1)
    expect(body).toHaveLength(1205 - 120)
    expect(new Set(body.map((r) => r[0])).size).toBe(body.length)
    expect(body.every((r) => r[13] === 'Yes')).toBe(true)
    // Names descending; within a name, newest id first (codes were numbered with the ids).
    expect(body[0]![1]).toBe(`Firma ${mark} 2`)
    expect(body.at(-1)![1]).toBe(`Firma ${mark} 0`)
    const sorted = [...body].sort((a, b) =>
      a[1] === b[1] ? b[0]!.localeCompare(a[0]!) : b[1]!.localeCompare(a[1]!),
    )
    expect(body.map((r) => r[0])).toEqual(sorted.map((r) => r[0]))
  })

  it('is for staff who read the customers area', async () => {
    expect((await get(staff.catalogue, '/yonetim/customers/export')).statusCode).toBe(403)
    expect((await get(staff.accounting, '/yonetim/customers/export?q=zzz-none')).statusCode).toBe(200)
    const dealer = await loggedInUser(t, (await createCustomer(t.database.db)).id)
    expect([403, 404]).toContain((await get(dealer, '/yonetim/customers/export')).statusCode)
  })
})

/** A card payment of `customerId` as a state would leave it. */
async function insertIntent(customerId: number, status: string, minutesAgo: number) {
  const id = randomBytes(16).toString('hex')
  await t.database.db.execute(sql`insert into payment_intents
      (id, customer_id, payment_type, status, gateway, amount, installment, total_amount, card_masked,
       card_holder, card_expiry, created_at, expires_at, failure_message, gateway_ref)
    values (${id}, ${customerId}, 'pay', ${status}, 'sandbox', 1000, 3, 1030.50, '454360******4363',
      ${'-AHMET YILMAZ'}, '12/30', ${new Date(Date.now() - minutesAgo * 60_000)},
      ${new Date(Date.now() + 15 * 60_000)}, ${status === 'failed' ? 'Yetersiz bakiye' : null},
      ${`sbx-${id.slice(0, 8)}`})`)
  return id
}

describe('GET /yonetim/payments/export', () => {
  it('gives the card payments of a status, newest first, with the dealer and amounts', async () => {
    const company = await createCustomer(t.database.db, { name: `Kartlı ${tag()}` })
    const older = await insertIntent(company.id, 'succeeded', 30)
    const newer = await insertIntent(company.id, 'succeeded', 5)
    await insertIntent(company.id, 'failed', 10)
    const { rows } = await xlsxOf(staff.sales, '/yonetim/payments/export?status=succeeded')
    expect(rows[0]).toEqual([
      'Tarih',
      'Durum',
      'Bayi Kodu',
      'Bayi',
      'Tür',
      'Sipariş No',
      'Kart',
      'Kart Sahibi',
      'Taksit',
      'Tutar (TL)',
      'Karttan Çekilen (TL)',
      'Banka Referansı',
      'Açıklama',
      'Son Durum Değişikliği',
    ])
    const own = rows.filter((r) => r[2] === company.code)
    expect(own.map((r) => r[11])).toEqual([`sbx-${newer.slice(0, 8)}`, `sbx-${older.slice(0, 8)}`])
    expect(own[0]).toMatchObject({
      1: 'Başarılı',
      3: company.name,
      4: 'Cari ödeme',
      6: '454360******4363',
      7: "'-AHMET YILMAZ",
      8: 3,
      9: 1000,
      10: 1030.5,
    })
    expect(own[0]![0]).toBeInstanceOf(Date)
  })

  it('gives CSV, and is for staff who read the payments area', async () => {
    const company = await createCustomer(t.database.db)
    await insertIntent(company.id, 'failed', 1)
    const records = await csvOf(staff.accounting, '/yonetim/payments/export?status=failed&format=csv&lang=en')
    const own = records.find((r) => r[2] === company.code)!
    expect(own.slice(1, 2)).toEqual(['Failed'])
    expect(own[9]).toBe('1000,00')
    expect(own[12]).toBe('Yetersiz bakiye')
    expect((await get(staff.catalogue, '/yonetim/payments/export')).statusCode).toBe(403)
  })
})

describe('GET /yonetim/bank-transfers/export', () => {
  it("gives a dealer's transfers, newest day first, a reversed one with its reversal", async () => {
    const company = await createCustomer(t.database.db)
    const entered: number[] = []
    for (const [days, documentNo] of [
      [3, `DEK-${tag()}`],
      [1, `@DEK-${tag()}`],
    ] as const) {
      const res = await owner.send({
        method: 'POST',
        url: '/yonetim/bank-transfers',
        payload: { customerId: company.id, amount: '1.250,75', date: addDays(today(), -days), documentNo },
      })
      expect(res.statusCode, res.body).toBe(200)
      entered.push(res.json().entryId)
    }
    const reversal = await owner.send({
      method: 'POST',
      url: `/yonetim/bank-transfers/${entered[0]}/reversal`,
      payload: { reason: 'Yanlış bayi' },
    })
    expect(reversal.statusCode, reversal.body).toBe(200)
    const { rows } = await xlsxOf(staff.accounting, `/yonetim/bank-transfers/export?customerId=${company.id}`)
    expect(rows[0]).toEqual([
      'Tarih',
      'Bayi Kodu',
      'Bayi',
      'Dekont No',
      'Tutar (TL)',
      'Açıklama',
      'Giren',
      'Giriş Zamanı',
      'Ters Kayıt Tarihi',
      'Ters Kayıt Nedeni',
      'Ters Kaydı Giren',
    ])
    expect(rows).toHaveLength(3)
    expect((rows[1]![0] as Date).toISOString().slice(0, 10)).toBe(addDays(today(), -1))
    expect(rows[1]![3]).toMatch(/^'@DEK-/)
    expect(rows[1]![4]).toBe(1250.75)
    expect(rows[1]![9]).toBeUndefined()
    expect(rows[2]![9]).toBe('Yanlış bayi')
    const records = await csvOf(owner, `/yonetim/bank-transfers/export?customerId=${company.id}&format=csv`)
    const day = addDays(today(), -3)
    expect(records[2]![0]).toBe(`${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`)
    expect(records[2]![4]).toBe('1250,75')
    expect((await get(staff.catalogue, '/yonetim/bank-transfers/export')).statusCode).toBe(403)
  })
})

/** A product of a category and brand made for the test. */
async function insertProduct(values: {
  code: string
  name: string
  categoryId: number | null
  brandId: number | null
  active?: boolean
}) {
  await t.database.db.execute(sql`
    insert into products (code, name, seo, currency_id, sale_price, list_price, tax_rate, quantity,
      category_id, brand_id, is_active)
    values (${values.code}, ${values.name}, ${values.code.toLowerCase()},
      (select id from currencies where code = 'USD'), 12.5, 15, 20, 7, ${values.categoryId}, ${values.brandId},
      ${values.active ?? true})`)
}

async function catalogueOfItsOwn() {
  const mark = tag()
  const [top] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into categories (code, name, slug, path) values (${`boya-${mark}`}, ${`Boya ${mark}`}, ${`boya-${mark}`}, ${`boya-${mark}`}) returning id`,
  )
  const [sub] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into categories (code, parent_id, name, slug, path, depth)
        values (${`ic-${mark}`}, ${top!.id}, ${`İç Cephe ${mark}`}, ${`ic-${mark}`}, ${`boya-${mark}/ic-${mark}`}, 1) returning id`,
  )
  const [brand] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into brands (code, name, slug) values (${`B${mark}`}, ${`Marka ${mark}`}, ${`marka-${mark}`}) returning id`,
  )
  await insertProduct({
    code: `PX-${mark}-1`,
    name: `-Beyaz ${mark}`,
    categoryId: top!.id,
    brandId: brand!.id,
  })
  await insertProduct({ code: `PX-${mark}-2`, name: `Krem ${mark}`, categoryId: sub!.id, brandId: null })
  await insertProduct({
    code: `PX-${mark}-3`,
    name: `Eski ${mark}`,
    categoryId: sub!.id,
    brandId: brand!.id,
    active: false,
  })
  return { mark, top: top!.id, sub: sub!.id, brand: brand!.id }
}

describe('GET /yonetim/products/export', () => {
  it('gives a category with its subcategories by code, with prices, currency, tax and stock', async () => {
    const c = await catalogueOfItsOwn()
    const { rows, disposition } = await xlsxOf(
      staff.catalogue,
      `/yonetim/products/export?categoryId=${c.top}`,
    )
    expect(disposition).toMatch(/filename="urunler-\d{8}-\d{4}\.xlsx"/)
    expect(rows[0]).toEqual([
      'Ürün Kodu',
      'Ürün Adı',
      'Barkod',
      'Ana Ürün Kodu',
      'Kategori',
      'Marka',
      'Satış Fiyatı',
      'Liste Fiyatı',
      'Para Birimi',
      'KDV %',
      'Stok',
      'Aktif',
    ])
    expect(rows.slice(1).map((r) => r[0])).toEqual([`PX-${c.mark}-1`, `PX-${c.mark}-2`, `PX-${c.mark}-3`])
    expect(rows[1]).toMatchObject({
      1: `'-Beyaz ${c.mark}`,
      4: `Boya ${c.mark}`,
      5: `Marka ${c.mark}`,
      6: 12.5,
      7: 15,
      8: 'USD',
      9: 20,
      10: 7,
      11: 'Evet',
    })
    expect(rows[3]![11]).toBe('Hayır')
  })

  it('filters by brand and active, in CSV', async () => {
    const c = await catalogueOfItsOwn()
    const records = await csvOf(
      owner,
      `/yonetim/products/export?categoryId=${c.sub}&brandId=${c.brand}&active=false&format=csv`,
    )
    expect(records.slice(1).map((r) => r[0])).toEqual([`PX-${c.mark}-3`])
    expect(records[1]![6]).toBe('12,50')
    const active = await csvOf(owner, `/yonetim/products/export?categoryId=${c.sub}&active=true&format=csv`)
    expect(active.slice(1).map((r) => r[0])).toEqual([`PX-${c.mark}-2`])
  })

  it('is for staff who read the catalogue area', async () => {
    expect((await get(staff.sales, '/yonetim/products/export')).statusCode).toBe(403)
    expect((await get(staff.accounting, '/yonetim/products/export')).statusCode).toBe(403)
    expect((await get(staff.readonly, '/yonetim/products/export?brandId=999999999')).statusCode).toBe(200)
  })
})

/** A company with an invoice due in the past and a transfer that paid part of it. */
async function companyWithLedger() {
  const company = await createCustomer(t.database.db, { name: `Ekstre ${tag()}` })
  await addOverdueInvoice(t.database.db, company.id, '1000', 10)
  const res = await owner.send({
    method: 'POST',
    url: '/yonetim/bank-transfers',
    payload: { customerId: company.id, amount: '400', date: today(), documentNo: `DEK-${tag()}` },
  })
  expect(res.statusCode, res.body).toBe(200)
  return company
}

describe('the statement as XLSX', () => {
  it("staff get a company's statement with the opening, each entry with its balance, and the totals", async () => {
    const company = await companyWithLedger()
    const { name, rows, disposition } = await xlsxOf(
      staff.accounting,
      `/yonetim/customers/${company.id}/statement/export?format=xlsx`,
    )
    expect(disposition).toMatch(/filename="ekstre-\d{8}-\d{8}\.xlsx"/)
    expect(name).toBe('Ekstre')
    expect(rows[0]).toEqual([
      'Tarih',
      'Belge No',
      'Tür',
      'Açıklama',
      'Vade Tarihi',
      'Borç',
      'Alacak',
      'Bakiye',
      'Kalan',
      'Vadesi Geçmiş',
    ])
    expect(rows).toHaveLength(5)
    expect(rows[1]![3]).toBe('Devir bakiyesi')
    expect(rows[2]).toMatchObject({ 2: 'Fatura', 5: 1000, 7: 1000, 8: 600, 9: 'Evet' })
    expect(rows[2]![0]).toBeInstanceOf(Date)
    expect(rows[3]).toMatchObject({ 2: 'Havale / EFT', 6: 400, 7: 600 })
    expect(rows[4]).toMatchObject({ 3: 'Toplam / Kapanış bakiyesi', 5: 1000, 6: 400, 7: 600 })
    expect((await get(staff.catalogue, `/yonetim/customers/${company.id}/statement/export`)).statusCode).toBe(
      403,
    )
    expect((await get(owner, '/yonetim/customers/999999999/statement/export')).statusCode).toBe(404)
  })

  it('the dealer gets their own, and its CSV is the statement.csv file', async () => {
    const company = await companyWithLedger()
    const dealer = await loggedInUser(t, company.id)
    const { rows } = await xlsxOf(dealer, '/api/account/statement/export?lang=en')
    expect(rows[0]![0]).toBe('Date')
    expect(rows[2]![2]).toBe('Invoice')
    const csv = await get(dealer, '/api/account/statement/export?format=csv&lang=en')
    expect(csv.headers['content-disposition']).toMatch(/filename="ekstre-\d{8}-\d{8}\.csv"/)
    expect(csv.body).toBe((await get(dealer, '/api/account/statement.csv?lang=en')).body)
    expect((await get(staff.sales, '/api/account/statement/export')).statusCode).toBe(403)
  })
})

describe('GET /api/integration/v1/exports/<kind>', () => {
  async function key(scopes: string[]): Promise<string> {
    const res = await owner.send({
      method: 'POST',
      url: '/yonetim/api-keys',
      payload: { name: `Rapor ${tag()}`, scopes },
    })
    expect(res.statusCode, res.body).toBe(200)
    return (res.json() as ApiKeyIssued).key
  }
  const call = (apiKey: string, path: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/integration/v1/exports/${path}`,
      headers: { authorization: `Bearer ${apiKey}`, ...headers },
    })

  const KINDS = [
    ['orders', 'orders:read'],
    ['offers', 'offers:read'],
    ['payments', 'payments:read'],
    ['bank-transfers', 'payments:read'],
    ['customers', 'customers:read'],
    ['products', 'catalogue:read'],
    ['statement?customerCode=X', 'ledger:read'],
  ] as const

  it.each(KINDS)('%s needs %s: a key without it gets 403', async (path, scope) => {
    const others = await key(['catalogue:write', 'orders:read', 'customers:write'].filter((s) => s !== scope))
    const refused = await call(others, path)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toMatchObject({ code: 'api_key_scope' })
    expect(JSON.stringify(refused.json())).toContain(scope)
    const allowed = await call(await key([scope]), `${path}${path.includes('?') ? '&' : '?'}format=csv`)
    expect([200, 404]).toContain(allowed.statusCode)
  })

  it('gives the orders as the staff export does, and logs the rows written', async () => {
    const company = await createCustomer(t.database.db, { name: `API Bayi ${tag()}` })
    const dealer = await loggedInUser(t, company.id)
    const product = await cardProduct(t, { price: '100', cardPrice: '100', stock: 50 })
    expect((await addToCart(dealer, product, 2)).statusCode).toBe(200)
    const placed = await dealer.send({ method: 'POST', url: '/api/catalog/cart', payload: {} })
    expect(placed.statusCode, placed.body).toBe(200)
    const order = placed.json() as Order
    const apiKey = await key(['orders:read'])
    const res = await call(apiKey, `orders?customerId=${company.id}`, { 'accept-language': 'en' })
    expect(res.statusCode, res.body).toBe(200)
    const { rows } = await xlsxRows(res.rawPayload)
    expect(rows[0]!.slice(0, 3)).toEqual(['Order No', 'Date', 'Status'])
    expect(rows).toHaveLength(2)
    expect(rows[1]![0]).toBe(order.orderNo)
    const [logged] = await queryRows<{ route: string; rows: number }>(
      t.database.db,
      sql`select route, rows from integration_calls c join api_keys k on k.id = c.key_id
          where ${apiKey} like 'tpk_' || k.prefix || '_%' order by c.id desc limit 1`,
    )
    expect(logged).toEqual({ route: '/api/integration/v1/exports/orders', rows: 1 })
  })

  it('gives the customers, products, payments and transfers streamed, with the rows counted', async () => {
    const mark = tag()
    const company = await createCustomer(t.database.db, { name: `${HOSTILE} ${mark}` })
    const apiKey = await key(['customers:read', 'catalogue:read', 'payments:read'])
    const customers = await call(apiKey, `customers?q=${mark}`)
    expect(customers.statusCode, customers.body).toBe(200)
    const { rows } = await xlsxRows(customers.rawPayload)
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([[company.code, `'${HOSTILE} ${mark}`]])
    const c = await catalogueOfItsOwn()
    const products = csvRows((await call(apiKey, `products?categoryId=${c.top}&format=csv`)).rawPayload)
    expect(products.slice(1).map((r) => r[0])).toEqual([`PX-${c.mark}-1`, `PX-${c.mark}-2`, `PX-${c.mark}-3`])
    await insertIntent(company.id, 'succeeded', 2)
    const payments = csvRows((await call(apiKey, 'payments?status=succeeded&format=csv')).rawPayload)
    expect(payments.filter((r) => r[2] === company.code)).toHaveLength(1)
    const transfers = await call(apiKey, `bank-transfers?customerId=${company.id}`)
    expect((await xlsxRows(transfers.rawPayload)).rows).toHaveLength(1)
    const logged = await queryRows<{ route: string; rows: number }>(
      t.database.db,
      sql`select route, rows from integration_calls c join api_keys k on k.id = c.key_id
          where ${apiKey} like 'tpk_' || k.prefix || '_%' order by c.id`,
    )
    expect(logged).toEqual([
      { route: '/api/integration/v1/exports/customers', rows: 1 },
      { route: '/api/integration/v1/exports/products', rows: 3 },
      { route: '/api/integration/v1/exports/payments', rows: payments.length - 1 },
      { route: '/api/integration/v1/exports/bank-transfers', rows: 0 },
    ])
  })

  it("gives a dealer's statement by its code; an unknown code is 404", async () => {
    const company = await companyWithLedger()
    const apiKey = await key(['ledger:read'])
    const from = addDays(today(), -60)
    const res = await call(apiKey, `statement?customerCode=${company.code}&from=${from}&format=csv&lang=tr`)
    expect(res.statusCode, res.body).toBe(200)
    const records = csvRows(res.rawPayload)
    expect(records.map((r) => r[2])).toEqual(['Tür', '', 'Fatura', 'Havale / EFT', ''])
    const unknown = await call(apiKey, 'statement?customerCode=YOK-BOYLE-BIR-KOD')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toMatchObject({ code: 'unknown_customer' })
    const missing = await call(apiKey, 'statement')
    expect(missing.statusCode).toBe(400)
  })
})
