import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Product, ProductList } from '../../../contracts/catalog'
import type { Job } from '../../../contracts/integration-jobs'
import type { StaffProduct, StaffProductList } from '../../../contracts/staff-products'
import { issueApiKey } from '../../test/api-keys'
import { auditTrail } from '../../test/audit'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'
import { runOneJob } from '../integration-sync/jobs.service'

let t: TestApp
let erp: Awaited<ReturnType<typeof issueApiKey>>
let owner: TestClient
let catalogue: TestClient
let readonly: TestClient
let sales: TestClient
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerIp: 10_000 }, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  await seedAccounts(t.database.db)
  erp = await issueApiKey(t, ['catalogue:write', 'stock:write'])
  owner = await loggedInUser(t, null, { staffRole: 'owner', name: 'Selin Sahip' })
  catalogue = await loggedInUser(t, null, { staffRole: 'catalogue', name: 'Kemal Katalog' })
  readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
  sales = await loggedInUser(t, null, { staffRole: 'sales' })
  dealer = await loggedInUser(t, (await createCustomer(t.database.db)).id)
})
afterAll(() => t.close())

const tag = () => randomBytes(3).toString('hex').toUpperCase()

async function category(parentCode: string | null = null) {
  const code = `K-${tag()}`
  await erp.call('POST', 'categories', { items: [{ code, name: `Kategori ${code}`, parentCode }] })
  return code
}
async function warehouse() {
  const code = `D-${tag()}`
  await erp.call('POST', 'warehouses', { items: [{ code, name: `Depo ${code}` }] })
  return code
}
async function brand() {
  const code = `M-${tag()}`
  await erp.call('POST', 'brands', { items: [{ code, name: `Marka ${code}` }] })
  return code
}

const create = (client: TestClient, body: object) =>
  client.send({ method: 'POST', url: '/yonetim/products', payload: body })
const patch = (client: TestClient, id: number, body: object) =>
  client.send({ method: 'PATCH', url: `/yonetim/products/${id}`, payload: body })
const table = async (query: string, client = owner) => {
  const res = await client.send({ method: 'GET', url: `/yonetim/products?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as StaffProductList
}
const dealerProduct = async (id: number, locale = 'tr') =>
  (
    await dealer.send({
      method: 'GET',
      url: `/api/catalog/product/${id}`,
      headers: { 'accept-language': locale, 'x-requested-with': 'XMLHttpRequest' },
    })
  ).json() as Product
const dealerSearch = async (q: string) =>
  (
    await dealer.send({ method: 'GET', url: `/api/catalog/products?q=${encodeURIComponent(q)}` })
  ).json() as ProductList

async function minimal(categoryCode: string, extra: object = {}) {
  const code = `U-${tag()}`
  const res = await create(owner, {
    code,
    name: `Vida ${code}`,
    categoryCode,
    salePrice: '12.50',
    currency: 'TRY',
    taxRate: 20,
    ...extra,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as StaffProduct
}

describe('creating a product', () => {
  it("takes the integration API's minimal product and shows it to dealers in the catalogue and search", async () => {
    const cat = await category()
    const made = await minimal(cat)
    expect(made).toMatchObject({ categoryCode: cat, salePrice: '12.5', currency: 'TRY', isActive: true })
    expect(made.units).toEqual([expect.objectContaining({ name: 'Adet', multiplier: 1, isDefault: true })])

    const seen = await dealerProduct(made.id)
    expect(seen.name).toBe(made.name)
    expect(seen.salePrice!.value).toBeGreaterThan(0)
    const found = await dealerSearch(made.code)
    expect(found.items.map((p) => p.id)).toContain(made.id)

    const trail = await auditTrail(t.database.db, 'product', made.id)
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({ action: 'create', actorName: 'Selin Sahip' })
  })

  it('keeps two units, a variant family, barcodes, equivalent codes, stock per warehouse and an English name', async () => {
    const cat = await category()
    const [w1, w2] = [await warehouse(), await warehouse()]
    const parent = await minimal(cat, {
      variantDimensions: ['Renk'],
      units: [
        { name: 'Adet', multiplier: 1, barcode: `869${tag()}` },
        { name: 'Koli', multiplier: 12, isDefault: true },
      ],
      equivalentCodes: ['ESD-1', 'ESD-2'],
      nameEn: 'Screw',
      stock: [
        { warehouseCode: w1, quantity: 5 },
        { warehouseCode: w2, quantity: 7 },
      ],
    })
    expect(parent.units.map((u) => [u.name, u.multiplier, u.price, u.isDefault])).toEqual([
      ['Adet', 1, '12.5', false],
      ['Koli', 12, '150', true],
    ])
    const stockIn = (code: string | undefined) => parent.stock.find((s) => s.warehouseCode === code)?.quantity
    expect([stockIn(w1), stockIn(w2)]).toEqual([5, 7])
    expect(parent.nameEn).toBe('Screw')
    expect(parent.equivalentCodes).toEqual(['ESD-1', 'ESD-2'])

    const child = await minimal(cat, { parentCode: parent.code, variantValues: ['Kırmızı'] })
    expect(child.parentCode).toBe(parent.code)
    const reread = (
      await owner.send({ method: 'GET', url: `/yonetim/products/${parent.id}` })
    ).json() as StaffProduct
    expect(reread.variants).toEqual([{ id: child.id, code: child.code, values: ['Kırmızı'], active: true }])

    const english = await dealerProduct(parent.id, 'en')
    expect(english.name).toBe('Screw')
    expect((await dealerProduct(parent.id, 'tr')).name).toBe(parent.name)
    expect(english.quantity).toBe(12)
    expect((await dealerSearch('ESD-2')).items.map((p) => p.id)).toContain(parent.id)
  })

  it('refuses a taken code (409), an unknown category with a field message, and a missing field', async () => {
    const cat = await category()
    const made = await minimal(cat)
    const taken = await create(owner, {
      ...{ code: made.code, name: 'X', categoryCode: cat },
      salePrice: 1,
      currency: 'TRY',
      taxRate: 20,
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().error.fields.code).toContain(made.code)

    const unknown = await create(owner, {
      code: `U-${tag()}`,
      name: 'X',
      categoryCode: 'YOK',
      salePrice: 1,
      currency: 'TRY',
      taxRate: 20,
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.fields.categoryCode).toBe('"categoryCode": "YOK" koduyla bir kayıt yok.')

    const missing = await create(owner, {
      code: `U-${tag()}`,
      name: 'X',
      categoryCode: cat,
      currency: 'TRY',
      taxRate: 20,
    })
    expect(missing.statusCode).toBe(400)
    expect(Object.keys(missing.json().error.fields ?? {})).toContain('salePrice')
  })

  it('is the catalogue role’s and the owner’s: read-only and sales staff read the table but cannot write', async () => {
    const cat = await category()
    const body = {
      code: `U-${tag()}`,
      name: 'Rol',
      categoryCode: cat,
      salePrice: 1,
      currency: 'TRY',
      taxRate: 20,
    }
    expect((await create(readonly, body)).statusCode).toBe(403)
    expect((await create(sales, body)).statusCode).toBe(403)
    expect((await create(catalogue, body)).statusCode).toBe(201)
    expect((await table(`q=${body.code}`, readonly)).items).toHaveLength(1)
    expect((await dealer.send({ method: 'GET', url: '/yonetim/products' })).statusCode).toBe(403)
  })
})

describe('editing a product', () => {
  it('changes the fields sent and keeps the rest; a dealer sees it on the next request; audited', async () => {
    const cat = await category()
    const made = await minimal(cat, { description: '<p>Eski</p>', listPrice: '20' })
    const priceBefore = (await dealerProduct(made.id)).salePrice!.value
    const res = await patch(catalogue, made.id, { name: `${made.name} Yeni`, salePrice: '25' })
    expect(res.statusCode, res.body).toBe(200)
    const after = res.json() as StaffProduct
    expect(after).toMatchObject({
      name: `${made.name} Yeni`,
      salePrice: '25',
      listPrice: '20',
      description: '<p>Eski</p>',
    })
    const seen = await dealerProduct(made.id)
    expect(seen.name).toBe(`${made.name} Yeni`)
    expect(seen.salePrice!.value).toBeCloseTo(priceBefore * 2, 2)

    const change = (await auditTrail(t.database.db, 'product', made.id)).at(-1)
    expect(change).toMatchObject({ action: 'update', actorName: 'Kemal Katalog' })
    expect(change!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: made.name, new: `${made.name} Yeni` },
        { field: 'salePrice', old: '12.5', new: '25' },
      ]),
    )
  })

  it("keeps a unit's own price through an edit that leaves the units out, and moves the following ones", async () => {
    const cat = await category()
    const made = await minimal(cat, {
      salePrice: '10',
      units: [
        { name: 'Adet', multiplier: 1 },
        { name: 'Kutu', multiplier: 50, price: '450' },
        { name: 'Koli', multiplier: 100 },
      ],
    })
    const res = await patch(owner, made.id, { specialCode: 'X1', salePrice: '11' })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as StaffProduct).units.map((u) => [u.name, u.price])).toEqual([
      ['Adet', '11'],
      ['Kutu', '450'],
      ['Koli', '1100'],
    ])
  })

  it('renames a code when the new one is free, refuses a taken one, deactivates and hides it from dealers', async () => {
    const cat = await category()
    const [a, b] = [await minimal(cat), await minimal(cat)]
    expect((await patch(owner, a.id, { code: b.code })).statusCode).toBe(409)
    const renamed = await patch(owner, a.id, { code: `${a.code}-R` })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await table(`q=${a.code}-R`)).items.map((p) => p.id)).toEqual([a.id])
    expect((await patch(owner, a.id, { isActive: false })).statusCode).toBe(200)
    expect((await dealerSearch(`${a.code}-R`)).items.map((p) => p.id)).not.toContain(a.id)
    expect((await patch(owner, 999_999, { name: 'Yok' })).statusCode).toBe(404)
  })

  it('keeps both of two edits made at once to different fields', async () => {
    const cat = await category()
    const made = await minimal(cat)
    const [one, two] = await Promise.all([
      patch(owner, made.id, { name: 'Aynı anda ad' }),
      patch(catalogue, made.id, { salePrice: '99.90' }),
    ])
    expect([one.statusCode, two.statusCode]).toEqual([200, 200])
    const now = (
      await owner.send({ method: 'GET', url: `/yonetim/products/${made.id}` })
    ).json() as StaffProduct
    expect(now).toMatchObject({ name: 'Aynı anda ad', salePrice: '99.9' })
  })
})

describe('the product table', () => {
  it('filters by text, category with its subcategories, brand and active; sorts; pages', async () => {
    const top = await category()
    const sub = await category(top)
    const br = await brand()
    const word = `Fener${tag()}`
    const made = [
      await minimal(top, { name: `${word} Bir`, salePrice: '30' }),
      await minimal(sub, { name: `${word} İki`, salePrice: '10', brandCode: br }),
      await minimal(sub, { name: `${word} Üç`, salePrice: '20', isActive: false }),
    ]
    const ids = (list: StaffProductList) => list.items.map((p) => p.id)
    const q = encodeURIComponent(word.toLocaleLowerCase('tr'))
    expect((await table(`q=${q}`)).total).toBe(3)
    const byCategory = await table(
      `q=${q}&categoryId=${made[0]!.id && (await table(`q=${q}`)).items.find((p) => p.id === made[0]!.id)!.category!.id}`,
    )
    expect(byCategory.total).toBe(3)
    expect(
      ids(
        await table(
          `q=${q}&brandId=${(await table(`q=${q}`)).items.find((p) => p.id === made[1]!.id)!.brand!.id}`,
        ),
      ),
    ).toEqual([made[1]!.id])
    expect(ids(await table(`q=${q}&active=false`))).toEqual([made[2]!.id])
    expect(ids(await table(`q=${q}&sort=price&dir=desc`))).toEqual([made[0]!.id, made[2]!.id, made[1]!.id])
    expect(ids(await table(`q=${q}&sort=name`))).toEqual([made[0]!.id, made[1]!.id, made[2]!.id])
    const row = (await table(`q=${q}&sort=price`)).items[0]!
    expect(row).toMatchObject({
      salePrice: '10',
      currency: 'TRY',
      taxRate: '20',
      active: true,
      parentCode: null,
    })
    const paged = await table('page=2')
    expect(paged.page).toBe(Math.min(2, paged.pages))
    expect((await table('categoryId=abc&sort=nope')).items.length).toBeGreaterThan(0)
  })
})

describe('the product table: pages and the rows they show', () => {
  it("answers a page past a filter's last with the last page, and shows a variant's parent code", async () => {
    const cat = await category()
    const word = `Kandil${tag()}`
    const parent = await minimal(cat, { name: `${word} Ana`, variantDimensions: ['Renk'] })
    const child = await minimal(cat, {
      name: `${word} Kırmızı`,
      parentCode: parent.code,
      variantValues: ['Kırmızı'],
    })
    const q = encodeURIComponent(word.toLocaleLowerCase('tr'))
    const far = await table(`q=${q}&sort=name&page=7`)
    expect([far.page, far.pages, far.total, far.capped]).toEqual([1, 1, 2, false])
    expect(far.items.map((p) => [p.id, p.parentCode])).toEqual([
      [parent.id, null],
      [child.id, parent.code],
    ])
    const categoryId = far.items[0]!.category!.id
    const byCategory = await table(`categoryId=${categoryId}&page=3&sort=name&dir=desc`)
    expect(byCategory.items.map((p) => p.id)).toEqual([child.id, parent.id])
    expect(byCategory.page).toBe(1)
  })

  it('pages the whole table by each sort either way, walking its index', async () => {
    const cat = await category()
    await Promise.all(Array.from({ length: 3 }, () => minimal(cat)))
    type Row = StaffProductList['items'][number]
    const keys: Record<string, (p: Row) => string | number> = {
      code: (p) => p.code,
      price: (p) => Number(p.salePrice),
      stock: (p) => p.quantity,
      updated: (p) => p.updatedAt,
    }
    for (const [sort, key] of Object.entries(keys)) {
      for (const dir of ['asc', 'desc'] as const) {
        const list = await table(`sort=${sort}&dir=${dir}&page=1`)
        expect(list.items.length).toBe(Math.min(list.total, list.limit))
        const seen = list.items.map(key)
        const sorted = [...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
        expect(seen, `${sort} ${dir}`).toEqual(dir === 'asc' ? sorted : sorted.reverse())
      }
    }
  })

  it('finds the inactive products, and a two-letter word by walking the index', async () => {
    const cat = await category()
    const off = await minimal(cat, { isActive: false })
    const inactive = await table('active=false&sort=updated&dir=desc')
    expect(inactive.items.map((p) => p.id)).toContain(off.id)
    expect(inactive.items.every((p) => !p.active)).toBe(true)
    const short = await minimal(cat, { name: 'Qz Aparat' })
    expect((await table('q=qz&sort=updated&dir=desc')).items.map((p) => p.id)).toContain(short.id)
  })
})

describe('bulk actions', () => {
  const drain = async () => {
    while (
      await runOneJob(
        { db: t.database.db, now: () => new Date(), log: { error: () => {}, info: () => {} } },
        { pollMs: 0, pauseMs: 0 },
      )
    ) {}
  }
  const start = (client: TestClient, body: object) =>
    client.send({ method: 'POST', url: '/yonetim/products/bulk', payload: body })
  const job = async (id: number) =>
    (await owner.send({ method: 'GET', url: `/yonetim/products/bulk/${id}` })).json() as Job

  it('changes prices by percent on a filter as a job with progress, and the dealer sees the new prices', async () => {
    const cat = await category()
    const made = [
      await minimal(cat, { salePrice: '100', listPrice: '120' }),
      await minimal(cat, { salePrice: '19.99' }),
    ]
    const categoryId = (await table(`q=${made[0]!.code}`)).items[0]!.category!.id
    const res = await start(catalogue, {
      filter: { categoryId },
      action: { kind: 'changePrice', percent: 10 },
    })
    expect(res.statusCode, res.body).toBe(202)
    const { jobId } = res.json() as { jobId: number }
    expect(await job(jobId)).toMatchObject({ source: 'bulk', resource: 'prices', total: 2 })
    await drain()
    expect(await job(jobId)).toMatchObject({ status: 'done', done: 2, counts: { updated: 2, rejected: 0 } })
    const prices = (await table(`categoryId=${categoryId}&sort=price`)).items.map((p) => p.salePrice)
    expect(prices).toEqual(['21.99', '110'])
    const detail = (
      await owner.send({ method: 'GET', url: `/yonetim/products/${made[0]!.id}` })
    ).json() as StaffProduct
    expect(detail.listPrice).toBe('132')
  })

  it('deactivates, activates and moves a filter’s products; refuses an empty filter and read-only staff', async () => {
    const [from, to] = [await category(), await category()]
    const made = [await minimal(from), await minimal(from)]
    const categoryId = (await table(`q=${made[0]!.code}`)).items[0]!.category!.id
    const run = async (action: object) => {
      const res = await start(owner, { filter: { categoryId }, action })
      expect(res.statusCode, res.body).toBe(202)
      await drain()
      return job((res.json() as { jobId: number }).jobId)
    }
    expect(await run({ kind: 'deactivate' })).toMatchObject({ status: 'done', counts: { updated: 2 } })
    expect((await table(`categoryId=${categoryId}&active=true`)).total).toBe(0)
    expect(await run({ kind: 'activate' })).toMatchObject({ counts: { updated: 2 } })
    expect(await run({ kind: 'moveCategory', categoryCode: to })).toMatchObject({ counts: { updated: 2 } })
    expect((await table(`categoryId=${categoryId}`)).total).toBe(0)
    expect((await table(`q=${made[1]!.code}`)).items[0]!.category!.name).toBe(`Kategori ${to}`)

    const none = await start(owner, { filter: { q: 'hiçbir-şeye-uymaz' }, action: { kind: 'activate' } })
    expect(none.statusCode).toBe(400)
    expect(none.json().error.messages.type).toBe('Bu filtreye uyan ürün yok; toplu işlem başlatılmadı.')
    expect((await start(readonly, { filter: {}, action: { kind: 'activate' } })).statusCode).toBe(403)
    expect((await owner.send({ method: 'GET', url: '/yonetim/products/bulk/999999' })).statusCode).toBe(404)
  })
})
