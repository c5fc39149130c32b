import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Cart } from '../../../contracts/cart'
import type { QuickOrderAdded, QuickOrderLine, QuickOrderPreview } from '../../../contracts/quick-order'
import { turkishSortKey } from '../../../domain/turkish-text'
import { issueApiKey } from '../../test/api-keys'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { multipartFile, xlsxOf } from '../../test/spreadsheets'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
// Every test has a dealer of its own, so its cart starts empty and nobody else touches it.
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp()
  fx = await seedAccounts(t.database.db)
})
beforeEach(async () => {
  dealer = await loggedInUser(t, fx.customers.c1.id)
})
afterAll(() => t.close())

const tag = () => randomBytes(4).toString('hex').toUpperCase()

type Made = { id: number; code: string; units: Record<string, number> }

/** A product with its units ({Adet: 1, Koli: 12} unless told), made straight in the database. */
async function product(
  opts: {
    code?: string
    stock?: number
    price?: string
    barcode?: string
    equivalentCodes?: string[]
    active?: boolean
    variantParent?: boolean
    units?: Array<[name: string, multiplier: number, barcode?: string]>
  } = {},
): Promise<Made> {
  const code = opts.code ?? `QO-${tag()}`
  const price = opts.price ?? '10'
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort,
          barcode, equivalent_codes, is_active, variant_dimensions)
        values (${code}, ${`Ürün ${code}`}, ${`urun-${tag().toLowerCase()}`}, ${fx.currencies.try.id}, ${price}, 20,
          ${opts.stock ?? 100}, ${turkishSortKey(`Ürün ${code}`)}, ${opts.barcode ?? null},
          ${sql.param(opts.equivalentCodes ?? [])}::text[],
          ${opts.active ?? true}, ${opts.variantParent ? sql`array['Renk']` : sql`null`})
        returning id`,
  )
  const units: Record<string, number> = {}
  const list = opts.units ?? [
    ['Adet', 1],
    ['Koli', 12],
  ]
  for (const [i, [name, multiplier, barcode]] of list.entries()) {
    const [u] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into product_units (product_id, value, multiplier, barcode, default_price, is_default, sort_order)
          values (${row!.id}, ${name}, ${multiplier}, ${barcode ?? null}, ${String(Number(price) * multiplier)},
            ${i === 0}, ${i}) returning id`,
    )
    units[name] = u!.id
  }
  return { id: row!.id, code, units }
}

async function preview(text: string, client = dealer, locale = 'tr') {
  const res = await client.send({
    method: 'POST',
    url: '/api/catalog/quick-order/preview',
    headers: { 'accept-language': locale },
    payload: { text },
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as QuickOrderPreview).lines
}

const place = (lines: { productId: number; unitId: number; quantity: number }[], client = dealer) =>
  client.send({ method: 'POST', url: '/api/catalog/quick-order', payload: { lines } })

const cart = async (client = dealer) =>
  (await client.send({ method: 'GET', url: '/api/catalog/cart' })).json() as Cart

/** A line as the table shows it: status, product, unit, quantity and the problems' codes. */
const brief = (l: QuickOrderLine) => ({
  line: l.line,
  status: l.status,
  productId: l.productId ?? null,
  unitId: l.unitId ?? null,
  quantity: l.quantity ?? null,
  problems: l.problems.map((p) => p.code),
})

describe('the quick order preview', () => {
  it('finds products by code in any case and with Turkish letters, barcode, unit barcode and equivalent code', async () => {
    const plain = await product({ code: `KBL-I${tag()}` })
    const dotted = plain.code.replace('KBL-I', 'kbl-ı')
    const barcoded = await product({ barcode: `869${tag()}` })
    const boxed = await product({
      units: [
        ['Adet', 1],
        ['Koli', 12, `868${tag()}`],
      ],
    })
    const equivalent = `ESD-${tag()}`
    const aliased = await product({ equivalentCodes: [equivalent] })
    const unitBarcode = (
      await queryRows<{ barcode: string }>(
        t.database.db,
        sql`select barcode from product_units where id = ${boxed.units.Koli!}`,
      )
    )[0]!.barcode
    const barcode = (
      await queryRows<{ barcode: string }>(
        t.database.db,
        sql`select barcode from products where id = ${barcoded.id}`,
      )
    )[0]!.barcode
    const lines = await preview(
      [
        'Ürün Kodu;Miktar;Birim',
        `${dotted};3;koli`,
        `${barcode}\t5`,
        `${unitBarcode} 2`,
        `${equivalent.toLowerCase()}, 4, 12`,
      ].join('\n'),
    )
    expect(lines.map(brief)).toEqual([
      { line: 2, status: 'ok', productId: plain.id, unitId: plain.units.Koli, quantity: 3, problems: [] },
      {
        line: 3,
        status: 'ok',
        productId: barcoded.id,
        unitId: barcoded.units.Adet,
        quantity: 5,
        problems: [],
      },
      { line: 4, status: 'ok', productId: boxed.id, unitId: boxed.units.Koli, quantity: 2, problems: [] },
      { line: 5, status: 'ok', productId: aliased.id, unitId: aliased.units.Koli, quantity: 4, problems: [] },
    ])
    // The product comes as the dealer sees it: priced, with its units.
    expect(lines[0]!.product).toMatchObject({
      id: plain.id,
      code: plain.code,
      salePrice: { value: 10, currency: 'TRY' },
    })
    expect(lines[0]!.product!.units.map((u) => u.value)).toEqual(['Adet', 'Koli'])
  })

  it('says what is wrong with each line, in the dealer’s language', async () => {
    const known = await product({ code: `VIDA-${tag()}` })
    const twinCode = `TWIN-${tag()}`
    const [twinA, twinB] = [
      await product({ equivalentCodes: [twinCode] }),
      await product({ equivalentCodes: [twinCode] }),
    ]
    const gone = await product({ active: false })
    const family = await product({ variantParent: true })
    const scarce = await product({ stock: 5 })
    const lines = await preview(
      [
        `${known.code}X 2`,
        `${twinCode} 1`,
        `${gone.code} 1`,
        `${family.code} 1`,
        `${scarce.code} 6`,
        `${known.code} 1,5`,
        `${known.code} 2 kasa`,
        known.code,
      ].join('\n'),
    )
    expect(lines.map((l) => [l.line, l.status, l.problems.map((p) => p.code)])).toEqual([
      [1, 'problem', ['unknown_code']],
      [2, 'problem', ['ambiguous_code']],
      [3, 'problem', ['not_orderable']],
      [4, 'problem', ['variant_required']],
      [5, 'problem', ['over_stock']],
      [6, 'problem', ['bad_quantity']],
      [7, 'problem', ['unknown_unit']],
      [8, 'problem', ['no_quantity']],
    ])
    expect(lines[0]!.problems[0]!.message).toBe(`"${known.code}X" kodlu bir ürün bulunamadı.`)
    expect(lines[1]!.suggestions?.map((s) => s.productId).sort()).toEqual([twinA.id, twinB.id].sort())
    expect(lines[4]!.problems[0]!.message).toBe('Stokta 6 adet yok.')
    // The line keeps its product, so the table can offer the fix (another unit, another quantity).
    expect(lines[6]).toMatchObject({ productId: known.id, quantity: 2 })

    const english = await preview(`${known.code}X 2`, dealer, 'en')
    expect(english[0]!.problems[0]!.message).toBe(`No product has the code "${known.code}X".`)
  })

  it('offers the nearest products for an unknown code', async () => {
    // Through the ERP's door, which writes the search document the suggestions are found by.
    const erp = await issueApiKey(t, ['catalogue:write'])
    const [categoryCode, code] = [`K-${tag()}`, `SOMUN-${tag()}`]
    await erp.call('POST', 'categories', {
      items: [{ code: categoryCode, name: `Kategori ${categoryCode}` }],
    })
    const res = await erp.call('POST', 'products', {
      items: [{ code, name: 'Somun M8', categoryCode, salePrice: '3', currency: 'TRY', taxRate: 20 }],
    })
    expect(res.statusCode, res.body).toBe(200)
    const [line] = await preview(`${code.slice(0, -1)} 3`)
    expect(line!.problems.map((p) => p.code)).toEqual(['unknown_code'])
    expect(line!.suggestions?.map((s) => s.code)).toContain(code)
  })

  it('counts what the cart holds and the lines before, and turns pieces into boxes', async () => {
    const scarce = await product({ stock: 10 })
    expect(
      (await place([{ productId: scarce.id, unitId: scarce.units.Adet!, quantity: 4 }])).statusCode,
    ).toBe(200)
    const boxOnly = await product({ units: [['Koli', 12]], stock: 1000 })
    const lines = await preview(
      [`${scarce.code} 5`, `${scarce.code} 2`, `${boxOnly.code} 24 adet`, `${boxOnly.code} 25 adet`].join(
        '\n',
      ),
    )
    expect(lines.map(brief)).toEqual([
      { line: 1, status: 'ok', productId: scarce.id, unitId: scarce.units.Adet, quantity: 5, problems: [] },
      {
        line: 2,
        status: 'problem',
        productId: scarce.id,
        unitId: scarce.units.Adet,
        quantity: 2,
        problems: ['over_stock'],
      },
      { line: 3, status: 'ok', productId: boxOnly.id, unitId: boxOnly.units.Koli, quantity: 2, problems: [] },
      {
        line: 4,
        status: 'problem',
        productId: boxOnly.id,
        unitId: boxOnly.units.Koli,
        quantity: 3,
        problems: ['not_multiple'],
      },
    ])
  })

  it('refuses more than 1,000 lines, a guest and a staff member', async () => {
    const res = await dealer.send({
      method: 'POST',
      url: '/api/catalog/quick-order/preview',
      payload: { text: Array.from({ length: 1001 }, (_, i) => `A-${i} 1`).join('\n') },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('too_many_lines')
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect(
      (
        await guest.send({
          method: 'POST',
          url: '/api/catalog/quick-order/preview',
          payload: { text: 'A 1' },
        })
      ).statusCode,
    ).toBe(401)
    const staff = await loggedInUser(t, null, { staffRole: 'owner' })
    expect(
      (
        await staff.send({
          method: 'POST',
          url: '/api/catalog/quick-order/preview',
          payload: { text: 'A 1' },
        })
      ).statusCode,
    ).toBe(403)
  })
})

describe('a file of lines', () => {
  const upload = (bytes: Buffer, name: string) =>
    dealer.send({
      method: 'POST',
      url: '/api/catalog/quick-order/preview-file',
      ...multipartFile({}, { bytes, name }),
    })

  it('reads an XLSX with a header row and a Windows-1254 CSV without one, as pasted lines', async () => {
    const [a, b] = [await product(), await product()]
    const xlsx = await upload(
      await xlsxOf([
        ['Stok Kodu', 'Miktar', 'Birim'],
        [a.code, 3, 'Koli'],
        [b.code, 7, null],
      ]),
      'siparis.xlsx',
    )
    expect(xlsx.statusCode, xlsx.body).toBe(200)
    expect((xlsx.json() as QuickOrderPreview).lines.map(brief)).toEqual([
      { line: 2, status: 'ok', productId: a.id, unitId: a.units.Koli, quantity: 3, problems: [] },
      { line: 3, status: 'ok', productId: b.id, unitId: b.units.Adet, quantity: 7, problems: [] },
    ])
    // 'Ş' and 'ı' in Windows-1254, as Excel on a Turkish Windows saves a CSV.
    const csv = Buffer.from(`${a.code};2;koli\r\n${b.code};1;ADET\r\nŞIŞE-YOK;1\r\n`, 'latin1')
    csv[csv.indexOf(Buffer.from('ŞIŞE', 'latin1'))] = 0xde
    const read = await upload(csv, 'siparis.csv')
    expect(read.statusCode, read.body).toBe(200)
    expect(
      (read.json() as QuickOrderPreview).lines.map((l) => [l.line, l.status, l.productId ?? null]),
    ).toEqual([
      [1, 'ok', a.id],
      [2, 'ok', b.id],
      [3, 'problem', null],
    ])
  })

  it('refuses an empty file, an unreadable one and one over 5 MB with a message', async () => {
    const empty = await upload(Buffer.alloc(0), 'bos.csv')
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'file_empty'])
    const broken = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'bozuk.xlsx')
    expect([broken.statusCode, broken.json().error.code]).toEqual([400, 'unreadable'])
    const large = await upload(Buffer.alloc(5 * 1024 * 1024 + 10, 0x41), 'buyuk.csv')
    expect([large.statusCode, large.json().error.code]).toEqual([400, 'file_too_large'])
  })
})

describe('adding the lines to the cart', () => {
  it('adds every good line in one request and says why a refused one was left out', async () => {
    const products = await Promise.all(Array.from({ length: 30 }, () => product({ stock: 50 })))
    const scarce = await product({ stock: 3 })
    const lines = [
      ...products.map((p, i) => ({ productId: p.id, unitId: p.units.Adet!, quantity: 1 + (i % 3) })),
      { productId: scarce.id, unitId: scarce.units.Adet!, quantity: 4 },
    ]
    const res = await place(lines)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json() as QuickOrderAdded
    expect(answer.added).toBe(30)
    expect(answer.refused).toEqual([{ productId: scarce.id, message: 'Bu üründen 4 adet bulunmamaktadır!' }])
    const after = await cart()
    expect(after.items.length).toBe(30)
    expect(after.items.reduce((n, l) => n + l.quantity, 0)).toBe(
      lines.slice(0, 30).reduce((n, l) => n + l.quantity, 0),
    )
  })

  it('adds to a line already in the cart, and changes nothing when every line is refused', async () => {
    const p = await product({ stock: 10 })
    await place([{ productId: p.id, unitId: p.units.Adet!, quantity: 2 }])
    expect((await place([{ productId: p.id, unitId: p.units.Adet!, quantity: 3 }])).json()).toEqual({
      added: 1,
      refused: [],
    })
    expect((await cart()).items.map((l) => [l.product.id, l.quantity])).toEqual([[p.id, 5]])
    const refused = (
      await place([{ productId: p.id, unitId: p.units.Adet!, quantity: 6 }])
    ).json() as QuickOrderAdded
    expect(refused.added).toBe(0)
    expect(refused.refused.map((r) => r.productId)).toEqual([p.id])
    expect((await cart()).items.map((l) => l.quantity)).toEqual([5])
  })

  it('holds the stock limit when two quick orders of one dealer arrive at once', async () => {
    const p = await product({ stock: 10 })
    const line = [{ productId: p.id, unitId: p.units.Adet!, quantity: 6 }]
    const answers = (await Promise.all([place(line), place(line)])).map((r) => r.json() as QuickOrderAdded)
    expect(answers.map((a) => a.added).sort()).toEqual([0, 1])
    expect((await cart()).items.map((l) => l.quantity)).toEqual([6])
  })

  it('refuses a unit of another product, a bad body and a missing CSRF token', async () => {
    const [a, b] = [await product(), await product()]
    const wrongUnit = (
      await place([{ productId: a.id, unitId: b.units.Adet!, quantity: 1 }])
    ).json() as QuickOrderAdded
    expect(wrongUnit).toEqual({
      added: 0,
      refused: [{ productId: a.id, message: 'Seçilen birim bu ürüne ait değil.' }],
    })
    expect((await place([])).statusCode).toBe(400)
    expect((await place([{ productId: a.id, unitId: a.units.Adet!, quantity: 0 }])).statusCode).toBe(400)
    const noToken = await dealer.send({
      method: 'POST',
      url: '/api/catalog/quick-order',
      payload: { lines: [{ productId: a.id, unitId: a.units.Adet!, quantity: 1 }] },
      csrf: false,
    })
    expect(noToken.statusCode).toBe(403)
    expect((await cart()).items).toEqual([])
  })
})
