import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ImportPreview, ImportUpload } from '../../../contracts/imports'
import { users } from '../../db/schema/accounts'
import { queryRows } from '../../test/db-helpers'
import { createCustomer } from '../../test/dealers'
import { ADMIN, seedAccounts } from '../../test/fixtures'
import { testPasswordHash } from '../../test/passwords'
import { multipartFile, xlsxOf } from '../../test/spreadsheets'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { runBulk } from '../integration-sync/integration-sync.service'
import { runOneJob } from '../integration-sync/jobs.service'

let t: TestApp
let admin: TestClient
let catalogueStaff: TestClient
let accountingStaff: TestClient
let salesStaff: TestClient
let adminId: number

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  const passwordHash = await testPasswordHash('Personel1234!')
  const made = await t.database.db
    .insert(users)
    .values(
      (['catalogue', 'accounting', 'sales'] as const).map((staffRole) => ({
        email: `aktar-${staffRole}@toptan.test`,
        name: `Aktarıcı ${staffRole}`,
        passwordHash,
        role: 'admin' as const,
        staffRole,
        customerId: null,
      })),
    )
    .returning({ id: users.id })
  expect(made).toHaveLength(3)
  admin = new TestClient(t.app)
  expect((await admin.login(ADMIN.email, ADMIN.password)).statusCode).toBe(200)
  adminId = (await admin.send({ method: 'GET', url: '/api/bootstrap' })).json().user.id
  catalogueStaff = new TestClient(t.app)
  expect((await catalogueStaff.login('aktar-catalogue@toptan.test', 'Personel1234!')).statusCode).toBe(200)
  accountingStaff = new TestClient(t.app)
  expect((await accountingStaff.login('aktar-accounting@toptan.test', 'Personel1234!')).statusCode).toBe(200)
  salesStaff = new TestClient(t.app)
  expect((await salesStaff.login('aktar-sales@toptan.test', 'Personel1234!')).statusCode).toBe(200)
}, 60_000)
afterAll(() => t.close())

const tag = () => randomBytes(3).toString('hex').toUpperCase()

async function upload(
  client: TestClient,
  resource: string,
  bytes: Buffer,
  name = 'urunler.csv',
  area = 'catalogue',
) {
  const res = await client.send({
    method: 'POST',
    url: `/yonetim/import/${area}/uploads`,
    ...multipartFile({ resource, fileName: name }, { bytes, name }),
  })
  return res
}

async function uploaded(resource: string, bytes: Buffer, name?: string): Promise<ImportUpload> {
  const res = await upload(admin, resource, bytes, name)
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

async function preview(uploadId: string, mapping: (string | null)[], extra: Record<string, unknown> = {}) {
  const res = await admin.send({
    method: 'POST',
    url: `/yonetim/import/catalogue/uploads/${uploadId}/preview`,
    payload: { mapping, ...extra },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ImportPreview
}

async function category() {
  const code = `K-${tag()}`
  const answer = await runBulk(t.database.db, {
    resource: 'categories',
    items: [{ code, name: `Kategori ${code}` }],
    policy: 'rejectFailedRows',
    actor: { id: adminId, name: 'Yönetici', ip: '127.0.0.1' },
    locale: 'tr',
    now: new Date(),
  })
  expect(answer.counts.created).toBe(1)
  return code
}

const csv = (lines: string[]) => lines.join('\r\n')

describe('upload: files as distributors send them', () => {
  const rows = (code: string) => [
    'Stok Kodu;Ürün Adı;Kategori Kodu;Fiyat;Döviz;KDV',
    `${code};Işıklı Çağrı Düğmesi;K-1;1.234,56;TL;20`,
  ]

  it.each([
    [
      'UTF-8 with a BOM',
      (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    ],
    ['UTF-8 without a BOM', (text: string) => Buffer.from(text)],
    ['Windows-1254', (text: string) => iconv.encode(text, 'win1254')],
  ])('reads the Turkish headers and letters of %s, and suggests the mapping', async (_name, encode) => {
    const code = `İŞ-${tag()}`
    const file = await uploaded('products', encode(csv(rows(code))))
    expect(file).toMatchObject({
      format: 'csv',
      headers: ['Stok Kodu', 'Ürün Adı', 'Kategori Kodu', 'Fiyat', 'Döviz', 'KDV'],
      sample: [[code, 'Işıklı Çağrı Düğmesi', 'K-1', '1.234,56', 'TL', '20']],
      rowCount: 1,
      // Suggested, or remembered from another test's file of these headers: the same mapping either way
      mapping: ['code', 'name', 'categoryCode', 'salePrice', 'currency', 'taxRate'],
    })
  })

  it('reads an XLSX file', async () => {
    const file = await uploaded(
      'stock',
      await xlsxOf([
        ['Ürün Kodu', 'Depo Kodu', 'Miktar'],
        ['A-1', 'D1', 12],
      ]),
      'stok.xlsx',
    )
    expect(file).toMatchObject({
      format: 'xlsx',
      sample: [['A-1', 'D1', '12']],
      mapping: ['productCode', 'warehouseCode', 'quantity'],
    })
  })

  it.each([
    ['an empty file', Buffer.alloc(0), 'file_empty'],
    ['headers alone', Buffer.from('Stok Kodu;Fiyat\r\n'), 'file_empty'],
    ['a broken XLSX', Buffer.from([0x50, 0x4b, 0x03, 0x04, 9, 9, 9]), 'unreadable'],
  ])('refuses %s', async (_name, bytes, code) => {
    const res = await upload(admin, 'products', bytes)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe(code)
  })
})

describe('mapping memory', () => {
  it('opens a second file of the same layout with the mapping last used, whatever its rows', async () => {
    const headers = `Kod ${tag()};Ad;Kat;Tutar;PB;Vergi`
    const first = await uploaded('products', Buffer.from(csv([headers, 'A;B;C;1;TRY;20'])))
    expect(first.remembered).toBe(false)
    expect(first.mapping).toEqual([null, null, null, null, null, null])
    const mapping = ['code', 'name', 'categoryCode', 'salePrice', 'currency', 'taxRate']
    await preview(first.uploadId, mapping)

    // Another file, the same headers in another case: the same layout
    const second = await uploaded(
      'products',
      Buffer.from(csv([headers.toLocaleUpperCase('tr'), 'X;Y;Z;2;TRY;10'])),
    )
    expect(second).toMatchObject({ remembered: true, mapping })
    // … for this resource only
    const stock = await uploaded('stock', Buffer.from(csv([headers, 'A;B;C;1;TRY;20'])))
    expect(stock.remembered).toBe(false)
  })
})

describe('preview: a dry run, row by row', () => {
  it('says what would be created, updated and rejected and why, in the file’s column names, and writes nothing', async () => {
    const cat = await category()
    const existing = `URN-${tag()}`
    await runBulk(t.database.db, {
      resource: 'products',
      items: [
        { code: existing, name: 'Eski', categoryCode: cat, salePrice: '10', currency: 'TRY', taxRate: '20' },
      ],
      policy: 'rejectFailedRows',
      actor: { id: adminId, name: 'Yönetici', ip: '127.0.0.1' },
      locale: 'tr',
      now: new Date(),
    })
    const fresh = `URN-${tag()}`
    const file = await uploaded(
      'products',
      Buffer.from(
        csv([
          'Stok Kodu;Ürün Adı;Kategori Kodu;Fiyat;Döviz;KDV',
          `${fresh};Yeni Ürün;${cat};1.234,56;TL;20`,
          `${existing};Eski Ürün Yeni Adı;${cat};10;TRY;20`,
          `URN-BAD;Kötü Fiyat;${cat};on iki;TRY;20`,
          `URN-NOCAT;Kategorisiz;YOK-${tag()};5;TRY;20`,
        ]),
      ),
    )
    const answer = await preview(file.uploadId, file.mapping)
    expect(answer).toMatchObject({
      counts: { created: 1, updated: 1, unchanged: 0, rejected: 2 },
      previewed: 4,
      rowCount: 4,
      matching: 4,
      rows: [
        { row: 1, code: fresh, status: 'created', reasons: [] },
        { row: 2, code: existing, status: 'updated', reasons: [] },
        { row: 3, code: 'URN-BAD', status: 'rejected', reasons: ['"Fiyat" alanının değeri geçersiz.'] },
        { row: 4, code: 'URN-NOCAT', status: 'rejected' },
      ],
    })
    expect(answer.rows[3]!.reasons[0]).toContain('"Kategori Kodu"')

    // Only the rejected ones, a page of one
    const rejected = await preview(file.uploadId, file.mapping, { status: 'rejected', pageSize: 25, page: 2 })
    expect(rejected).toMatchObject({ matching: 2, page: 2, rows: [] })

    // Nothing was written
    const found = await admin.send({ method: 'GET', url: `/api/catalog/products?q=${fresh}` })
    expect(found.json().total).toBe(0)
  })

  it('answers in English to an English request', async () => {
    const file = await uploaded(
      'stock',
      Buffer.from(csv(['Product Code;Warehouse Code;Quantity', 'P-1;D-1;x'])),
    )
    const res = await admin.send({
      method: 'POST',
      url: `/yonetim/import/catalogue/uploads/${file.uploadId}/preview`,
      headers: { 'accept-language': 'en' },
      payload: { mapping: file.mapping },
    })
    expect(res.json().rows[0].reasons).toEqual(['The value of "Quantity" is not valid.'])
  })

  it('refuses a mapping that does not fit the file, and an upload that is not the user’s', async () => {
    const file = await uploaded('stock', Buffer.from(csv(['Ürün Kodu;Depo Kodu;Miktar', 'P;D;1'])))
    for (const mapping of [
      ['productCode', 'productCode', 'quantity'],
      ['productCode', 'warehouseCode'],
      ['x', null, null],
    ]) {
      const res = await admin.send({
        method: 'POST',
        url: `/yonetim/import/catalogue/uploads/${file.uploadId}/preview`,
        payload: { mapping },
      })
      expect(res.statusCode, JSON.stringify(mapping)).toBe(400)
    }
    const other = await catalogueStaff.send({
      method: 'POST',
      url: `/yonetim/import/catalogue/uploads/${file.uploadId}/preview`,
      payload: { mapping: file.mapping },
    })
    expect(other.statusCode).toBe(404)
    expect(other.json().error.code).toBe('upload_gone')
  })
})

describe('roles', () => {
  it('lets the catalogue team import products, and refuses accounting before reading the file', async () => {
    const bytes = Buffer.from(csv(['Ürün Kodu;Depo Kodu;Miktar', 'P;D;1']))
    expect((await upload(catalogueStaff, 'stock', bytes)).statusCode).toBe(200)
    const refused = await upload(accountingStaff, 'stock', bytes)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('staff_role')
  })

  it('refuses a catalogue resource at accounting’s door, even to the owner', async () => {
    const bytes = Buffer.from(csv(['Ürün Kodu;Depo Kodu;Miktar', 'P;D;1']))
    const res = await upload(admin, 'stock', bytes, 'stok.csv', 'payments')
    expect(res.statusCode).toBe(403)
  })
})

const runJobs = async () => {
  const log = { error: () => {}, info: () => {} }
  while (await runOneJob({ db: t.database.db, now: () => new Date(), log }, { pollMs: 0, pauseMs: 0 })) {}
}

async function start(uploadId: string, mapping: (string | null)[], client = admin) {
  const res = await client.send({
    method: 'POST',
    url: `/yonetim/import/catalogue/uploads/${uploadId}/start`,
    payload: { mapping },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().jobId as number
}

describe('import: customers and the current account', () => {
  /** Uploads, previews and imports a file at an area's door as `client`; answers the dry run and the job. */
  async function importThrough(
    client: TestClient,
    area: string,
    resource: string,
    bytes: Buffer,
    name: string,
  ) {
    const res = await upload(client, resource, bytes, name, area)
    expect(res.statusCode, res.body).toBe(200)
    const file = res.json() as ImportUpload
    const base = `/yonetim/import/${area}/uploads/${file.uploadId}`
    const dry = await client.send({
      method: 'POST',
      url: `${base}/preview`,
      payload: { mapping: file.mapping },
    })
    expect(dry.statusCode, dry.body).toBe(200)
    const started = await client.send({
      method: 'POST',
      url: `${base}/start`,
      payload: { mapping: file.mapping },
    })
    expect(started.statusCode, started.body).toBe(200)
    await runJobs()
    const job = await client.send({
      method: 'GET',
      url: `/yonetim/import/${area}/jobs/${started.json().jobId}`,
    })
    return { file, dry: dry.json() as ImportPreview, job: job.json() }
  }

  it('lets sales import companies with their terms from a Turkish sheet, and refuses accounting there', async () => {
    const code = `120.${tag()}`
    const bytes = Buffer.from(
      csv([
        'Cari Kodu;Ünvan;Vergi Dairesi;Vergi No;İl;Risk Limiti;Vade Günü;Kâr Oranı',
        `${code};Deniz Yapı Ltd. Şti.;Konak;1234567890;İzmir;250.000,00;45;-5`,
        `${code}-X;;Konak;;İzmir;abc;30;0`,
      ]),
    )
    expect((await upload(accountingStaff, 'customers', bytes, 'cariler.csv', 'customers')).statusCode).toBe(
      403,
    )
    const { file, dry, job } = await importThrough(salesStaff, 'customers', 'customers', bytes, 'cariler.csv')
    expect(file.mapping).toEqual([
      'code',
      'name',
      'taxOffice',
      'taxNumber',
      'city',
      'riskLimit',
      'paymentTermDays',
      'profitPercent',
    ])
    expect(dry.counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 1 })
    expect(dry.rows[1]!.reasons.join(' ')).toMatch(/Ünvan|Risk Limiti/)
    expect(job).toMatchObject({ status: 'done', counts: { created: 1, rejected: 1 } })
    const [company] = await queryRows<{ name: string; risk_limit: string; payment_term_days: number }>(
      t.database.db,
      sql`select name, risk_limit::text, payment_term_days from customers where code = ${code}`,
    )
    expect(company).toEqual({ name: 'Deniz Yapı Ltd. Şti.', risk_limit: '250000.00', payment_term_days: 45 })
  })

  it('lets accounting import the current account in its own words (Fatura, Tahsilat), and refuses sales there', async () => {
    const company = await createCustomer(t.database.db)
    const doc = `FTR-${tag()}`
    const bytes = Buffer.from(
      csv([
        'Cari Kodu;Belge No;Hareket Türü;Tarih;Vade Tarihi;Tutar;Açıklama',
        `${company.code};${doc};Fatura;02.03.2026;01.04.2026;9.850,40;Satış faturası`,
        `${company.code};TAH-${tag()};Tahsilat;20.03.2026;;7.000,00;`,
        `${company.code};X-${tag()};Hediye;20.03.2026;;10;`,
        `YOK-${tag()};Y-${tag()};Fatura;20.03.2026;;10;`,
      ]),
    )
    expect((await upload(salesStaff, 'ledger-entries', bytes, 'cari.csv', 'payments')).statusCode).toBe(403)
    const { dry, job } = await importThrough(accountingStaff, 'payments', 'ledger-entries', bytes, 'cari.csv')
    expect(dry.rows.map((r) => r.status)).toEqual(['created', 'created', 'rejected', 'rejected'])
    expect(job).toMatchObject({ status: 'done', counts: { created: 2, rejected: 2 } })
    const entries = await queryRows<{ kind: string; debit: string; credit: string; due_date: string | null }>(
      t.database.db,
      sql`select kind, debit::text, credit::text, due_date::text from ledger_entries
          where customer_id = ${company.id} order by id`,
    )
    expect(entries).toEqual([
      { kind: 'invoice', debit: '9850.40', credit: '0.00', due_date: '2026-04-01' },
      { kind: 'erp_payment', debit: '0.00', credit: '7000.00', due_date: null },
    ])
  })
})

describe('import: the file between its requests', () => {
  it('is read again by another app process on the same database, and imported once of two starts at a time', async () => {
    const cat = await category()
    const code = `URN-${tag()}`
    const file = await uploaded(
      'products',
      await xlsxOf([
        ['Stok Kodu', 'Ürün Adı', 'Kategori Kodu', 'Fiyat', 'Döviz', 'KDV'],
        [code, 'Başka süreçte', cat, 12.5, 'TRY', 20],
      ]),
      'baska.xlsx',
    )
    // A second process: its own app and memory, the same database and session.
    const second = await createTestApp({ database: t.database })
    try {
      const there = new TestClient(second.app)
      there.cookie = admin.cookie
      there.csrf = admin.csrf
      const res = await there.send({
        method: 'POST',
        url: `/yonetim/import/catalogue/uploads/${file.uploadId}/preview`,
        payload: { mapping: file.mapping },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect((res.json() as ImportPreview).counts).toEqual({
        created: 1,
        updated: 0,
        unchanged: 0,
        rejected: 0,
      })

      const starts = await Promise.all(
        [admin, there].map((client) =>
          client.send({
            method: 'POST',
            url: `/yonetim/import/catalogue/uploads/${file.uploadId}/start`,
            payload: { mapping: file.mapping },
          }),
        ),
      )
      expect(starts.map((r) => r.statusCode).sort()).toEqual([200, 404])
      expect(starts.find((r) => r.statusCode === 404)?.json().error.code).toBe('upload_gone')
      const jobs = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from integration_jobs where file_name = 'baska.xlsx'`,
      )
      expect(jobs[0]?.n).toBe(1)
      // Neither process has it any more.
      const gone = await there.send({
        method: 'POST',
        url: `/yonetim/import/catalogue/uploads/${file.uploadId}/preview`,
        payload: { mapping: file.mapping },
      })
      expect(gone.statusCode).toBe(404)
    } finally {
      await second.close()
    }
  })
})

describe('import: the job', () => {
  it('does what the preview said, row by row: the rows it called created are created, the rejected ones are not', async () => {
    const cat = await category()
    const existing = `URN-${tag()}`
    await runBulk(t.database.db, {
      resource: 'products',
      items: [
        { code: existing, name: 'Eski', categoryCode: cat, salePrice: '10', currency: 'TRY', taxRate: '20' },
      ],
      policy: 'rejectFailedRows',
      actor: { id: adminId, name: 'Yönetici', ip: '127.0.0.1' },
      locale: 'tr',
      now: new Date(),
    })
    const codes = Array.from({ length: 6 }, () => `URN-${tag()}`)
    const file = await uploaded(
      'products',
      await xlsxOf([
        ['Stok Kodu', 'Ürün Adı', 'Kategori Kodu', 'Fiyat', 'Döviz', 'KDV'],
        [codes[0], 'Bir', cat, 1234.56, 'TL', 20],
        [existing, 'Eski, yeni adıyla', cat, 10, 'TRY', 20],
        [codes[1], 'Fiyatsız', cat, 'yok', 'TRY', 20],
        [codes[2], 'İki', cat, '1.250,50', 'TRY', 20],
        [codes[3], 'Kategorisi yok', `YOK-${tag()}`, 5, 'TRY', 20],
        [codes[2], 'İki yine', cat, 7, 'TRY', 20],
        [codes[4], 'Üç', cat, 3, 'USD', 10],
      ]),
      'urunler.xlsx',
    )
    const dry = await preview(file.uploadId, file.mapping, { pageSize: 100 })
    const jobId = await start(file.uploadId, file.mapping)
    await runJobs()
    const job = (await admin.send({ method: 'GET', url: `/yonetim/import/catalogue/jobs/${jobId}` })).json()
    expect(job).toMatchObject({
      status: 'done',
      source: 'import',
      fileName: 'urunler.xlsx',
      total: 7,
      done: 7,
    })
    expect(job.counts).toEqual(dry.counts)
    expect(dry.counts).toEqual({ created: 3, updated: 1, unchanged: 0, rejected: 3 })

    // Each row the preview called created is in the catalogue now, at the file's price; no rejected one is
    const rows = await queryRows<{ code: string; sale_price: string }>(
      t.database.db,
      sql`select code, sale_price::text as sale_price from products where code = any(${sql.param(codes)}::text[])`,
    )
    const created = dry.rows.filter((r) => r.status === 'created').map((r) => r.code)
    expect(rows.map((r) => r.code).sort()).toEqual([...created].sort())
    expect(rows.find((r) => r.code === codes[2])?.sale_price).toBe('1250.5000')

    // The upload was let go
    const again = await admin.send({
      method: 'POST',
      url: `/yonetim/import/catalogue/uploads/${file.uploadId}/start`,
      payload: { mapping: file.mapping },
    })
    expect(again.statusCode).toBe(404)

    // Listed among the area's recent imports, not at the other door
    const recent = (await admin.send({ method: 'GET', url: '/yonetim/import/catalogue/jobs' })).json()
    expect(recent.items.map((j: { id: number }) => j.id)).toContain(jobId)
    expect(
      (await admin.send({ method: 'GET', url: `/yonetim/import/payments/jobs/${jobId}` })).statusCode,
    ).toBe(404)
    const other = (await admin.send({ method: 'GET', url: '/yonetim/import/payments/jobs' })).json()
    expect(other.items.map((j: { id: number }) => j.id)).not.toContain(jobId)
  })

  it('refuses to start with a required field unmapped', async () => {
    const file = await uploaded('stock', Buffer.from(csv(['Ürün Kodu;Depo Kodu;Miktar', 'P;D;1'])))
    const res = await admin.send({
      method: 'POST',
      url: `/yonetim/import/catalogue/uploads/${file.uploadId}/start`,
      payload: { mapping: ['productCode', 'warehouseCode', null] },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('missing_fields')
  })

  it('gives the rejected rows as CSV with their reasons, every formula-like cell neutralised', async () => {
    const cat = await category()
    const file = await uploaded(
      'products',
      Buffer.from(
        csv([
          'Stok Kodu;Ürün Adı;Kategori Kodu;Fiyat;Döviz;KDV',
          `=${tag()};=HYPERLINK("http://kötü.example";"tıkla");${cat};on;TRY;20`,
          `@${tag()};+SUM(A1:A9);${cat};-;TRY;20`,
          `URN-${tag()};İyi Ürün;${cat};12,5;TRY;20`,
        ]),
      ),
    )
    const jobId = await start(file.uploadId, file.mapping)
    await runJobs()
    const job = (await admin.send({ method: 'GET', url: `/yonetim/import/catalogue/jobs/${jobId}` })).json()
    expect(job.counts).toMatchObject({ created: 1, rejected: 2 })
    expect(job.rejectedRowsUrl).toBe(`/yonetim/import/catalogue/jobs/${jobId}/rejected`)
    const res = await admin.send({ method: 'GET', url: job.rejectedRowsUrl })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    expect(res.headers['content-disposition']).toContain('attachment')
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(3)
    const cells = lines.slice(1).flatMap((line) => line.split(';'))
    // No cell of the file starts a formula: each such text begins with an apostrophe
    for (const cell of cells) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/)
    expect(res.body).toContain(`'=HYPERLINK`)
    expect(res.body).toContain(`'+SUM(A1:A9)`)
    expect(res.body).toContain('geçersiz')
  })

  it('shows another area’s role none of the catalogue’s jobs', async () => {
    expect(
      (await accountingStaff.send({ method: 'GET', url: '/yonetim/import/catalogue/jobs' })).statusCode,
    ).toBe(403)
    expect(
      (await catalogueStaff.send({ method: 'GET', url: '/yonetim/import/catalogue/jobs' })).statusCode,
    ).toBe(200)
  })
})
