import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkAnswer } from '../../../contracts/integration-sync'
import { issueApiKey } from '../../test/api-keys'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/test-app'
import { runBulk } from './integration-sync.service'

let t: TestApp
let erp: Awaited<ReturnType<typeof issueApiKey>>
let dealer: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerIp: 10_000 }, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  const { customers } = await seedAccounts(t.database.db)
  erp = await issueApiKey(t, ['catalogue:write', 'stock:write'], 'Logo Tiger')
  dealer = await loggedInUser(t, customers.c1.id)
})
afterAll(() => t.close())

const tag = () => randomBytes(3).toString('hex').toUpperCase()
const post = async (resource: string, items: unknown[], query = '', headers: Record<string, string> = {}) => {
  const res = await erp.call('POST', `${resource}${query}`, { items }, headers)
  return { res, body: res.json() as BulkAnswer }
}
const statuses = (body: BulkAnswer) => body.results.map((r) => r.status)

async function category(code = `K-${tag()}`, parentCode: string | null = null, name = `Kategori ${code}`) {
  const { body } = await post('categories', [{ code, name, parentCode }])
  expect(statuses(body)).toEqual(['created'])
  return code
}

const product = async (code: string) =>
  (
    await queryRows<Record<string, string | number | null>>(
      t.database.db,
      sql`select p.id, p.name, p.sale_price::text as sale_price, p.sale_price_base::text as base, p.quantity,
        p.is_active, c.code as category, p.search_text, p.advence_price2::text as plan2
      from products p left join categories c on c.id = p.category_id where p.code = ${code}`,
    )
  )[0]

describe('products', () => {
  it('creates the smallest row, finds it in the dealer catalogue at its price, and answers the same body unchanged', async () => {
    const cat = await category()
    const code = `URN-${tag()}`
    const row = {
      code,
      name: 'Sarı Kablo 2,5 mm',
      categoryCode: cat,
      salePrice: 125.5,
      currency: 'TRY',
      taxRate: 20,
    }
    const first = await post('products', [row])
    expect(first.res.statusCode, first.res.body).toBe(200)
    expect(first.body).toMatchObject({
      committed: true,
      counts: { created: 1 },
      results: [{ code, status: 'created' }],
    })
    expect(await product(code)).toMatchObject({
      sale_price: '125.5000',
      category: cat,
      quantity: 0,
      is_active: true,
    })

    const again = await post('products', [row])
    expect(statuses(again.body)).toEqual(['unchanged'])

    const found = await dealer.send({
      method: 'GET',
      url: `/api/catalog/products?q=${encodeURIComponent(code)}`,
    })
    expect(found.statusCode).toBe(200)
    const item = found.json().items.find((p: { code: string }) => p.code === code)
    expect(item, found.body).toBeDefined()
    expect(JSON.stringify(item)).toContain('125.5')
  })

  it('updates what changed and keeps what a row leaves out; a currency converts the base price', async () => {
    const cat = await category()
    const code = `URN-${tag()}`
    const base = { code, name: 'Matkap', categoryCode: cat, salePrice: '10', currency: 'USD', taxRate: '20' }
    await post('products', [{ ...base, planPrices: [null, '9.5'], description: 'Darbeli', isActive: true }])
    const res = await post('products', [{ ...base, salePrice: '11' }])
    expect(statuses(res.body)).toEqual(['updated'])
    expect(await product(code)).toMatchObject({ sale_price: '11.0000', base: '465.8500', plan2: '9.5000' })
  })

  it('rejects a row that names an unknown category, with the field, and writes the others', async () => {
    const cat = await category()
    const good = `URN-${tag()}`
    const { res, body } = await post('products', [
      { code: good, name: 'İyi', categoryCode: cat, salePrice: 1, currency: 'TRY', taxRate: 20 },
      {
        code: `URN-${tag()}`,
        name: 'Kötü',
        categoryCode: 'YOK-BOYLE',
        salePrice: 1,
        currency: 'TRY',
        taxRate: 20,
      },
      { code: `URN-${tag()}`, name: 'Eksik', salePrice: -3, currency: 'TRY', taxRate: 'yirmi' },
    ])
    expect(res.statusCode, res.body).toBe(200)
    expect(statuses(body)).toEqual(['created', 'rejected', 'rejected'])
    expect(body.results[1]!.errors).toEqual([
      {
        field: 'categoryCode',
        code: 'unknown_reference',
        message: '"categoryCode": "YOK-BOYLE" koduyla bir kayıt yok.',
      },
    ])
    expect(body.results[2]!.errors!.map((e) => [e.field, e.code])).toEqual([
      ['categoryCode', 'required'],
      ['salePrice', 'invalid'],
      ['taxRate', 'invalid'],
    ])
    expect(body.counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 2 })
  })

  it('rejectEverything writes nothing when one row fails, and answers 422', async () => {
    const cat = await category()
    const codes = [`URN-${tag()}`, `URN-${tag()}`]
    const { res, body } = await post(
      'products',
      [
        { code: codes[0], name: 'A', categoryCode: cat, salePrice: 1, currency: 'TRY', taxRate: 20 },
        { code: codes[1], name: 'B', categoryCode: cat, salePrice: 1, currency: 'XXX', taxRate: 20 },
      ],
      '?errorPolicy=rejectEverything',
    )
    expect(res.statusCode).toBe(422)
    expect(body.committed).toBe(false)
    expect(statuses(body)).toEqual(['unchanged', 'rejected'])
    expect(await product(codes[0]!)).toBeUndefined()
  })

  it('a dry run answers what would happen, row by row, and keeps nothing', async () => {
    const cat = await category()
    const [kept, fresh] = [`URN-${tag()}`, `URN-${tag()}`]
    const row = (code: string, salePrice: number) => ({
      code,
      name: 'A',
      categoryCode: cat,
      salePrice,
      currency: 'TRY',
      taxRate: 20,
    })
    await post('products', [row(kept, 1)])
    const writes = async () =>
      (
        await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from integration_writes`)
      )[0]!.n
    const logged = await writes()
    const preview = await runBulk(t.database.db, {
      resource: 'products',
      items: [row(kept, 1), row(kept.replace('URN', 'X'), 2), row(fresh, 3), { code: 'EKSIK' }],
      policy: 'rejectFailedRows',
      actor: { id: 1, name: 'Önizleme', ip: '127.0.0.1' },
      locale: 'tr',
      now: new Date(),
      dryRun: true,
    })
    expect(preview.committed).toBe(false)
    expect(statuses(preview)).toEqual(['unchanged', 'created', 'created', 'rejected'])
    expect(await product(fresh)).toBeUndefined()
    expect(await writes()).toBe(logged)
  })

  it('rejects a code repeated in one call after its first row', async () => {
    const cat = await category()
    const code = `URN-${tag()}`
    const row = { code, name: 'A', categoryCode: cat, salePrice: 1, currency: 'TRY', taxRate: 20 }
    const { body } = await post('products', [row, { ...row, salePrice: 2 }])
    expect(statuses(body)).toEqual(['created', 'rejected'])
    expect(body.results[1]!.errors![0]).toMatchObject({ field: 'code', code: 'duplicate_in_batch' })
  })

  it('writes units (a dealer cart line on a kept unit stays), variants under a parent in the same call', async () => {
    const cat = await category()
    const parent = `AILE-${tag()}`
    const child = `${parent}-K`
    const { body } = await post('products', [
      {
        code: child,
        name: 'Tişört Kırmızı',
        categoryCode: cat,
        salePrice: 5,
        currency: 'TRY',
        taxRate: 10,
        parentCode: parent,
        variantValues: ['Kırmızı'],
      },
      {
        code: parent,
        name: 'Tişört',
        categoryCode: cat,
        salePrice: 5,
        currency: 'TRY',
        taxRate: 10,
        variantDimensions: ['Renk'],
        units: [
          { name: 'Adet', multiplier: 1 },
          { name: 'Koli', multiplier: 12, price: '55', isDefault: true },
        ],
      },
    ])
    expect(statuses(body)).toEqual(['created', 'created'])
    const units = await queryRows<{ value: string; default_price: string; is_default: boolean }>(
      t.database.db,
      sql`select value, default_price::text, is_default from product_units
        where product_id = (select id from products where code = ${parent}) order by sort_order`,
    )
    expect(units).toEqual([
      { value: 'Adet', default_price: '5.0000', is_default: false },
      { value: 'Koli', default_price: '55.0000', is_default: true },
    ])
    const [link] = await queryRows<{ parent: string }>(
      t.database.db,
      sql`select p.code as parent from products c join products p on p.id = c.parent_id where c.code = ${child}`,
    )
    expect(link?.parent).toBe(parent)
    const unitIds = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from product_units where product_id = (select id from products where code = ${parent}) order by sort_order`,
    )
    // The price changes, the units are not sent: they stay (same rows) and follow by multiplier.
    const again = await post('products', [
      { code: parent, name: 'Tişört', categoryCode: cat, salePrice: 6, currency: 'TRY', taxRate: 10 },
    ])
    expect(statuses(again.body)).toEqual(['updated'])
    const after = await queryRows<{ id: number; default_price: string }>(
      t.database.db,
      sql`select id, default_price::text from product_units
        where product_id = (select id from products where code = ${parent}) order by sort_order`,
    )
    expect(after).toEqual([
      { id: unitIds[0]!.id, default_price: '6.0000' },
      { id: unitIds[1]!.id, default_price: '72.0000' },
    ])
  })

  it('needs the catalogue:write scope', async () => {
    const stockOnly = await issueApiKey(t, ['stock:write'])
    const res = await stockOnly.call('POST', 'products', { items: [{ code: 'X' }] })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('api_key_scope')
  })
})

describe('categories, brands, warehouses', () => {
  it('builds a tree by parent code in any row order, moves a branch with its paths, and refuses a cycle', async () => {
    const [a, b, c] = [`A-${tag()}`, `B-${tag()}`, `C-${tag()}`]
    const { body } = await post('categories', [
      { code: c, name: `Alt ${c}`, parentCode: b },
      { code: b, name: `Orta ${b}`, parentCode: a },
      { code: a, name: `Üst ${a}` },
    ])
    expect(statuses(body)).toEqual(['created', 'created', 'created'])
    const paths = async () =>
      Object.fromEntries(
        (
          await queryRows<{ code: string; path: string; depth: number }>(
            t.database.db,
            sql`select code, path, depth from categories where code in (${a}, ${b}, ${c})`,
          )
        ).map((r) => [r.code, `${r.depth}:${r.path}`]),
      )
    const before = await paths()
    expect(before[c]).toMatch(/^2:.+\/.+\/.+$/)
    const moved = await post('categories', [{ code: b, name: `Orta ${b}`, parentCode: null }])
    expect(statuses(moved.body)).toEqual(['updated'])
    const after = await paths()
    expect(after[b]).toMatch(/^0:[^/]+$/)
    expect(after[c]).toMatch(/^1:[^/]+\/[^/]+$/)
    const cycle = await post('categories', [{ code: b, name: `Orta ${b}`, parentCode: c }])
    expect(cycle.body.results[0]).toMatchObject({
      status: 'rejected',
      errors: [{ field: 'parentCode', code: 'cycle' }],
    })
  })

  it('upserts brands with models and warehouses, unchanged on a repeat', async () => {
    const brand = `MRK-${tag()}`
    const rows = [{ code: brand, name: `Marka ${brand}`, models: [{ code: 'M1', name: 'Model Bir' }] }]
    expect(statuses((await post('brands', rows)).body)).toEqual(['created'])
    expect(statuses((await post('brands', rows)).body)).toEqual(['unchanged'])
    const renamed = [
      {
        ...rows[0]!,
        models: [
          { code: 'M1', name: 'Model 1' },
          { code: 'M2', name: 'Model 2' },
        ],
      },
    ]
    expect(statuses((await post('brands', renamed)).body)).toEqual(['updated'])
    const wh = `DEP-${tag()}`
    expect(statuses((await post('warehouses', [{ code: wh, name: 'Ana Depo' }])).body)).toEqual(['created'])
    expect(statuses((await post('warehouses', [{ code: wh, name: 'Ana Depo' }])).body)).toEqual(['unchanged'])
  })
})

describe('prices', () => {
  it('updates the prices of an existing product and its units by multiplier; an unknown code is rejected', async () => {
    const cat = await category()
    const code = `FYT-${tag()}`
    await post('products', [
      {
        code,
        name: 'Boya',
        categoryCode: cat,
        salePrice: 10,
        currency: 'TRY',
        taxRate: 20,
        units: [
          { name: 'Adet', multiplier: 1 },
          { name: 'Koli', multiplier: 6 },
        ],
      },
    ])
    const { body } = await post('prices', [
      { productCode: code, salePrice: '12,5'.replace(',', '.'), planPrices: [null, null, '11'] },
      { productCode: 'YOK', salePrice: 1 },
      { productCode: `${code}` },
    ])
    expect(statuses(body)).toEqual(['updated', 'rejected', 'rejected'])
    expect(body.results[2]!.errors![0]).toMatchObject({ field: 'salePrice', code: 'invalid' })
    const units = await queryRows<{ default_price: string }>(
      t.database.db,
      sql`select default_price::text from product_units where product_id = (select id from products where code = ${code})
        order by sort_order`,
    )
    expect(units.map((u) => u.default_price)).toEqual(['12.5000', '75.0000'])
    expect(statuses((await post('prices', [{ productCode: code, salePrice: 12.5 }])).body)).toEqual([
      'unchanged',
    ])
  })
})

describe('stock', () => {
  it('sets stock per warehouse and the product total; an unknown product rejects its row only', async () => {
    const cat = await category()
    const code = `STK-${tag()}`
    await post('products', [
      { code, name: 'Vida', categoryCode: cat, salePrice: 1, currency: 'TRY', taxRate: 20 },
    ])
    const [w1, w2] = [`W-${tag()}`, `W-${tag()}`]
    await post('warehouses', [
      { code: w1, name: 'Bir' },
      { code: w2, name: 'İki' },
    ])
    const { body } = await post('stock', [
      { productCode: code, warehouseCode: w1, quantity: 7 },
      { productCode: code, warehouseCode: w2, quantity: 5 },
      { productCode: 'YOK', warehouseCode: w1, quantity: 1 },
    ])
    expect(body.results.map((r) => [r.code, r.status])).toEqual([
      [`${code}/${w1}`, 'created'],
      [`${code}/${w2}`, 'created'],
      [`YOK/${w1}`, 'rejected'],
    ])
    expect((await product(code))?.quantity).toBe(12)
    const again = await post('stock', [
      { productCode: code, warehouseCode: w1, quantity: 7 },
      { productCode: code, warehouseCode: w2, quantity: 0 },
    ])
    expect(statuses(again.body)).toEqual(['unchanged', 'updated'])
    expect((await product(code))?.quantity).toBe(7)
  })
})

describe('idempotency, the write log and the audit trail', () => {
  it('replays the stored answer for the same key and body, refuses another body under the key', async () => {
    const cat = await category()
    const code = `IDM-${tag()}`
    const items = [{ code, name: 'Bir', categoryCode: cat, salePrice: 3, currency: 'TRY', taxRate: 20 }]
    const key = { 'idempotency-key': `k-${tag()}` }
    const first = await post('products', items, '', key)
    expect(first.res.headers['idempotent-replayed']).toBeUndefined()
    expect(statuses(first.body)).toEqual(['created'])
    const second = await post('products', items, '', key)
    expect(second.res.headers['idempotent-replayed']).toBe('true')
    expect(second.body).toEqual(first.body)
    const other = await post('products', [{ ...items[0], salePrice: 4 }], '', key)
    expect(other.res.statusCode).toBe(422)
    expect((other.body as unknown as { error: { code: string } }).error.code).toBe('idempotency_key_reused')
    expect((await product(code))?.sale_price).toBe('3.0000')
  })

  it('logs each call in the write log and names the key in the audit trail', async () => {
    const cat = await category()
    const code = `LOG-${tag()}`
    await post('products', [
      { code, name: 'Bir', categoryCode: cat, salePrice: 3, currency: 'TRY', taxRate: 20 },
      { code: `${code}-X`, name: 'İki', categoryCode: 'YOK', salePrice: 3, currency: 'TRY', taxRate: 20 },
    ])
    const [log] = await queryRows<{ created: number; rejected: number; errors: { code: string }[] }>(
      t.database.db,
      sql`select created, rejected, errors from integration_writes where resource = 'products' and key_id = ${erp.id}
        order by id desc limit 1`,
    )
    expect(log).toMatchObject({ created: 1, rejected: 1, errors: [{ code: `${code}-X` }] })
    const trail = await auditTrail(t.database.db, 'sync', 'products')
    const mine = trail.find((r) => JSON.stringify(r.changes).includes(code))
    expect(mine).toMatchObject({ actorName: 'Logo Tiger', action: 'upsert' })
  })
})
