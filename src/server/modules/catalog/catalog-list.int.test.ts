import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductList } from '../../../contracts/catalog'
import { PAGE_SIZE } from '../../../domain/listing'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
let dealer: TestClient
let guest: TestClient
let listedCount = 0

beforeAll(async () => {
  t = await createTestApp({ demo: true })
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from products where parent_id is null and is_active`,
  )
  listedCount = row!.n
  dealer = new TestClient(t.app)
  await dealer.login('bayi@toptan.test', 'Bayi1234!')
  guest = new TestClient(t.app)
})
afterAll(() => t.close())

const list = async (client: TestClient, url: string): Promise<ProductList> => {
  const res = await client.send({ method: 'GET', url })
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200)
  return res.json()
}

/**
 * Every sort of the whole list, the busiest category and that category with its busiest brand, at the
 * first, middle and last page, against the order and count plain SQL gives.
 */
async function expectListsLikeSql() {
  const db = t.database.db
  const brands = await queryRows<{ id: number; name: string }>(db, sql`select id, name from brands`)
  const brandOrder = brands
    .map((b) => ({ id: b.id, key: turkishSortKey(b.name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((b) => b.id)
  const orders = {
    name: sql`name_sort, id`,
    '-name': sql`name_sort desc, id desc`,
    price: sql`sale_price_base, id`,
    '-price': sql`sale_price_base desc, id desc`,
    quantity: sql`quantity, id`,
    '-quantity': sql`quantity desc, id desc`,
    brand: sql`coalesce(array_position(${sql.raw(`ARRAY[${brandOrder.join(',')}]::int[]`)}, brand_id), 2147483647), name_sort, id`,
    '-brand': sql`coalesce(array_position(${sql.raw(`ARRAY[${brandOrder.join(',')}]::int[]`)}, brand_id), 2147483647) desc, name_sort, id`,
  }
  const [busiest] = await queryRows<{ id: number; slug: string; brand_id: number; brand_slug: string }>(
    db,
    sql`select c.id, c.slug, p.brand_id, b.slug as brand_slug from products p
          join categories c on c.id = p.category_id join brands b on b.id = p.brand_id
        where p.parent_id is null and p.is_active group by c.id, c.slug, p.brand_id, b.slug
        order by count(*) desc, c.id limit 1`,
  )
  const places = [
    { path: '/api/catalog/products', where: sql`true` },
    { path: `/api/catalog/products/${busiest!.slug}`, where: sql`category_id = ${busiest!.id}` },
    {
      path: `/api/catalog/products/${busiest!.brand_slug}/${busiest!.slug}`,
      where: sql`category_id = ${busiest!.id} and brand_id = ${busiest!.brand_id}`,
    },
  ]
  for (const place of places) {
    const where = sql`parent_id is null and is_active and ${place.where}`
    const [count] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products where ${where}`,
    )
    const pages = Math.max(1, Math.ceil(count!.n / PAGE_SIZE))
    for (const [sort, order] of Object.entries(orders)) {
      for (const page of [...new Set([1, Math.ceil(pages / 2), pages])]) {
        const expected = await queryRows<{ id: number }>(
          db,
          sql`select id from products where ${where} order by ${order}
              limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
        )
        const body = await list(dealer, `${place.path}?sort=${sort}&page=${page}`)
        const label = `${place.path} ${sort} page ${page}`
        expect(body.total, label).toBe(count!.n)
        expect(
          body.items.map((p) => p.id),
          label,
        ).toEqual(expected.map((r) => r.id))
      }
    }
  }
  return busiest!
}

describe('GET /api/catalog/products', () => {
  it('lists every listed product, a fixed page size at a time', async () => {
    const body = await list(dealer, '/api/catalog/products')
    expect(body.total).toBe(listedCount)
    expect(body.limit).toBe(PAGE_SIZE)
    expect(body.items).toHaveLength(PAGE_SIZE)
    expect(body.pages).toBe(Math.ceil(listedCount / PAGE_SIZE))
    expect(body.items.every((p) => p.parentId === null)).toBe(true)
    expect(body.sort).toBe('name')
  })

  it('filters by category path including subcategories, with breadcrumbs', async () => {
    const [root] = await queryRows<{ id: number; slug: string }>(
      t.database.db,
      sql`select id, slug from categories where parent_id is null order by id limit 1`,
    )
    const [expected] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products p join categories c on c.id = p.category_id
          where p.parent_id is null and p.is_active and (c.id = ${root!.id} or c.parent_id = ${root!.id})`,
    )
    const body = await list(dealer, `/api/catalog/products/${root!.slug}`)
    expect(body.total).toBe(expected!.n)
    expect(body.category?.slug).toBe(root!.slug)
    expect(body.breadcrumbs.map((b) => b.slug)).toEqual([root!.slug])

    const [leaf] = await queryRows<{ slug: string; parent: string }>(
      t.database.db,
      sql`select c.slug, p.slug as parent from categories c join categories p on p.id = c.parent_id limit 1`,
    )
    const sub = await list(dealer, `/api/catalog/products/${leaf!.slug}`)
    expect(sub.breadcrumbs.map((b) => b.slug)).toEqual([leaf!.parent, leaf!.slug])
    expect(sub.items.every((p) => p.category?.slug === leaf!.slug)).toBe(true)
  })

  it('filters by brand first in the path, by brand query and by model', async () => {
    const [pair] = await queryRows<{ brand: string; category: string; model: number; brandId: number }>(
      t.database.db,
      sql`select b.slug as brand, c.slug as category, p.model_id as model, b.id as "brandId"
          from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
          where p.parent_id is null and p.model_id is not null limit 1`,
    )
    const both = await list(dealer, `/api/catalog/products/${pair!.brand}/${pair!.category}`)
    expect(both.total).toBeGreaterThan(0)
    expect(
      both.items.every((p) => p.brand?.slug === pair!.brand && p.category?.slug === pair!.category),
    ).toBe(true)

    const brandOnly = await list(dealer, `/api/catalog/products/${pair!.brand}`)
    expect(brandOnly.brand?.slug).toBe(pair!.brand)
    expect(brandOnly.items.every((p) => p.brand?.slug === pair!.brand)).toBe(true)
    const byQuery = await list(dealer, `/api/catalog/products?brand=${pair!.brandId}`)
    expect(byQuery.total).toBe(brandOnly.total)

    const byModel = await list(dealer, `/api/catalog/products?filters=model:${pair!.model}`)
    expect(byModel.total).toBeGreaterThan(0)
    expect(byModel.model?.id).toBe(pair!.model)
    expect(byModel.items.every((p) => p.model?.id === pair!.model)).toBe(true)
  })

  it('answers the English path prefix like the Turkish one', async () => {
    const [cat] = await queryRows<{ slug: string }>(t.database.db, sql`select slug from categories limit 1`)
    const tr = await list(dealer, `/api/catalog/products/${cat!.slug}`)
    const en = await list(dealer, `/api/catalog/products/en/${cat!.slug}`)
    expect(en.total).toBe(tr.total)
  })

  it.each([
    ['/api/catalog/products/no-such-category', 404],
    ['/api/catalog/products/no-such-brand/no-such-category', 404],
    ['/api/catalog/products/a/b/c', 404],
    ['/api/catalog/products?brand=no-such-brand', 404],
    ['/api/catalog/products?filters=brand:1', 400],
    ['/api/catalog/products?filters=model:abc', 400],
  ])('%s → %i', async (url, status) => {
    const res = await dealer.send({ method: 'GET', url })
    expect(res.statusCode).toBe(status)
    expect(res.json().error.messages.type).toBeTruthy()
  })

  const keyOf: Record<string, (p: ProductList['items'][number]) => string | number> = {
    name: (p) => turkishSortKey(p.name),
    price: (p) => p.salePrice!.value,
    brand: (p) => turkishSortKey(p.brand?.name ?? '~'),
    quantity: (p) => p.quantity!,
  }

  it.each(['name', '-name', 'price', '-price', 'brand', '-brand', 'quantity', '-quantity'])(
    'sorts by %s',
    async (sort) => {
      // One currency and no discount, so converted prices keep the stored order.
      const body = await list(dealer, `/api/catalog/products?sort=${sort}&page=3`)
      expect(body.sort).toBe(sort)
      const key = keyOf[sort.replace('-', '')]!
      const values = body.items.map(key)
      const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      if (sort.startsWith('-')) sorted.reverse()
      expect(values).toEqual(sorted)
    },
  )

  it('sorts by price converted to the default currency, not by the raw number', async () => {
    const body = await list(dealer, '/api/catalog/products?sort=price&page=20')
    const currencies = new Set(body.items.map((p) => p.currency))
    expect(currencies.size).toBeGreaterThan(1)
    const prices = body.items.map((p) => p.salePrice!.value)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
  })

  it("falls back to the store's default sort for anything not on the list", async () => {
    await setStoreSetting(t.database.db, 'defaultSort', '-price')
    const body = await list(dealer, '/api/catalog/products?sort=id;drop')
    expect(body.sort).toBe('-price')
    await setStoreSetting(t.database.db, 'defaultSort', 'name')
  })

  it.each([
    ['0', 1],
    ['-3', 1],
    ['abc', 1],
    ['2.7', 2],
    ['99999999', 'last'],
    ['1e30', 'last'],
  ])('page=%s → page %s', async (page, expected) => {
    const body = await list(dealer, `/api/catalog/products?page=${page}`)
    expect(body.page).toBe(expected === 'last' ? body.pages : expected)
    expect(body.items.length).toBeGreaterThan(0)
  })

  it('serves a deep page (sought from an anchor row) exactly as OFFSET would', async () => {
    const page = 50 // offset 1176: past the first anchor at row 1000
    for (const [sort, order] of [
      ['name', sql`name_sort, id`],
      ['-price', sql`sale_price_base desc, id desc`],
      ['quantity', sql`quantity, id`],
    ] as const) {
      const expected = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from products where parent_id is null and is_active order by ${order}
            limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`,
      )
      const body = await list(dealer, `/api/catalog/products?sort=${sort}&page=${page}`)
      expect(
        body.items.map((p) => p.id),
        sort,
      ).toEqual(expected.map((r) => r.id))
    }
  })

  it('answers every sort, filter and page in the order and counts plain SQL gives (lists come from the index)', async () => {
    const db = t.database.db
    const busiest = await expectListsLikeSql()
    // The category page's facets: brands counted without the brand filter, categories with it.
    const facets = (await list(dealer, `/api/catalog/products/${busiest.brand_slug}/${busiest.slug}`)).facets!
    const brandCounts = await queryRows<{ id: number; n: number }>(
      db,
      sql`select brand_id as id, count(*)::int as n from products
          where parent_id is null and is_active and category_id = ${busiest.id} and brand_id is not null
          group by brand_id`,
    )
    expect(Object.fromEntries(facets.brands.map((b) => [b.id, b.count]))).toEqual(
      Object.fromEntries(brandCounts.map((b) => [b.id, b.n])),
    )
    expect(facets.categories.map((c) => [c.id, c.count])).toEqual([
      [busiest.id, facets.brands.find((b) => b.id === busiest.brand_id)!.count],
    ])
  })

  it('keeps every sort right when prices, stock, brands and categories change and a product is delisted, without sorting the catalogue again', async () => {
    const db = t.database.db
    const busiest = await expectListsLikeSql()
    const before = await t.deps.searchIndex.current(db)
    const [ordinalSlots, dead] = [before.ordinalSlots, before.dead]
    const changed = await queryRows<{
      id: number
      sale_price: string
      sale_price_base: string
      quantity: string
      brand_id: number | null
      category_id: number | null
    }>(
      db,
      sql`select id, sale_price, sale_price_base, quantity, brand_id, category_id from products
          where parent_id is null and is_active order by md5(id::text) limit 30`,
    )
    const [otherBrand] = await queryRows<{ id: number }>(
      db,
      sql`select id from brands order by id desc limit 1`,
    )
    try {
      for (const [i, p] of changed.entries()) {
        // Equal prices and stocks among the changed ones too: the id breaks those ties.
        await db.execute(
          sql`update products set sale_price = ${String(1 + (i % 7))}, sale_price_base = ${String(1 + (i % 7))}, quantity = ${(i * 37) % 11},
                brand_id = ${i % 5 === 0 ? otherBrand!.id : p.brand_id},
                category_id = ${i % 6 === 0 ? busiest.id : p.category_id} where id = ${p.id}`,
        )
      }
      await expectListsLikeSql()
      const after = await t.deps.searchIndex.current(db)
      // Texts unchanged: the products kept their slots and the (name, id) order was not computed again.
      expect(after.ordinalSlots).toBe(ordinalSlots)
      expect(after.dead).toBe(dead)

      await db.execute(sql`update products set is_active = false where id = ${changed[1]!.id}`)
      await db.execute(
        sql`update products set sale_price = '3', sale_price_base = '3', quantity = 4 where id = ${changed[2]!.id}`,
      )
      await expectListsLikeSql()
    } finally {
      for (const p of changed) {
        await db.execute(
          sql`update products set sale_price = ${p.sale_price}, sale_price_base = ${p.sale_price_base}, quantity = ${p.quantity}, brand_id = ${p.brand_id},
                category_id = ${p.category_id}, is_active = true where id = ${p.id}`,
        )
      }
    }
    await expectListsLikeSql()
  })

  it("honours the stock-only preference and the store's notInStock switch", async () => {
    const all = await list(dealer, '/api/catalog/products')
    await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'showNotInStocks', value: '0' },
    })
    const inStock = await list(dealer, '/api/catalog/products?sort=quantity')
    expect(inStock.showNotInStocks).toBe('0')
    expect(inStock.total).toBeLessThan(all.total)
    expect(inStock.items.every((p) => (p.quantity ?? 0) > 0)).toBe(true)
    await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'showNotInStocks', value: '1' },
    })

    await setStoreSetting(t.database.db, 'notInStock', false)
    const storeHides = await list(dealer, '/api/catalog/products')
    expect(storeHides.total).toBe(inStock.total)
    await setStoreSetting(t.database.db, 'notInStock', true)
  })

  it('answers the stored view unless the query names one', async () => {
    await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'productListView', value: 'list' },
    })
    expect((await list(dealer, '/api/catalog/products')).view).toBe('list')
    expect((await list(dealer, '/api/catalog/products?view=grid')).view).toBe('grid')
    expect((await list(dealer, '/api/catalog/products?view=table')).view).toBe('list')
  })

  it('makes a constant number of queries per page, whatever the products on it (no N+1)', async () => {
    const counts: number[] = []
    // Reference data (settings, currencies, categories, brands) stays loaded until it changes: read
    // once here, so every counted request pays only for its own page whichever test ran before.
    await list(dealer, '/api/catalog/products/is-guvenligi')
    for (const url of [
      '/api/catalog/products',
      '/api/catalog/products?page=5&sort=-price',
      '/api/catalog/products/is-guvenligi',
    ]) {
      const before = t.database.queries.count
      await list(dealer, url)
      counts.push(t.database.queries.count - before)
    }
    // session, the data's version, count, page (units, stock and variants inside it)
    expect(Math.max(...counts)).toBeLessThanOrEqual(4)
    expect(new Set(counts).size).toBe(1)
  })
})

describe('guests and dealers see different things', () => {
  it('hides prices and stock from guests by default', async () => {
    const body = await list(guest, '/api/catalog/products')
    expect(body.items[0]!.salePrice).toBeNull()
    expect(body.items[0]!.units[0]!.defaultPrice).toBeNull()
    expect(body.items[0]!.quantity).toBeNull()
    expect(body.items[0]!.inventory).toBeNull()
    expect(body.items[0]!.stock).toBeNull()
  })

  it("shows guests store prices and stock only when the settings allow it, never a dealer's discount", async () => {
    await setStoreSetting(t.database.db, 'showPriceStatus', true)
    await setStoreSetting(t.database.db, 'showStokInfo', true)
    const url = '/api/catalog/products?sort=name&page=2'
    const asGuest = (await list(guest, url)).items[0]!
    const dealer2 = new TestClient(t.app)
    await dealer2.login('bayi2@toptan.test', 'Bayi1234!')
    const asDealer2 = (await list(dealer2, url)).items[0]! // company with a 5 % discount
    expect(asGuest.salePrice?.currency).toBe('TRY')
    expect(asGuest.quantity).not.toBeNull()
    expect(asDealer2.salePrice!.value).toBeCloseTo(asGuest.salePrice!.value * 0.95, 1)
    await setStoreSetting(t.database.db, 'showPriceStatus', false)
    await setStoreSetting(t.database.db, 'showStokInfo', false)
  })

  it("converts prices into the dealer's chosen currency", async () => {
    const [usd] = await queryRows<{ id: number; rate: string }>(
      t.database.db,
      sql`select id, exchange_rate as rate from currencies where code = 'USD'`,
    )
    const url = '/api/catalog/products?sort=name&page=4'
    const inTry = (await list(dealer, url)).items[0]!
    await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'defaultCurrency', value: usd!.id },
    })
    const inUsd = (await list(dealer, url)).items[0]!
    expect(inUsd.salePrice?.currency).toBe('USD')
    expect(inUsd.salePrice!.value).toBeCloseTo(inTry.salePrice!.value / Number(usd!.rate), 1)
    const [tryCur] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from currencies where code = 'TRY'`,
    )
    await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'defaultCurrency', value: tryCur!.id },
    })
  })

  it('adds tax to prices when productsWithKdv is on', async () => {
    const url = '/api/catalog/products?sort=name&page=6'
    const net = (await list(dealer, url)).items[0]!
    await setStoreSetting(t.database.db, 'productsWithKdv', true)
    const gross = (await list(dealer, url)).items[0]!
    await setStoreSetting(t.database.db, 'productsWithKdv', false)
    expect(gross.salePrice!.value).toBeCloseTo(net.salePrice!.value * (1 + net.taxRate / 100), 1)
  })
})

describe('stock display by stockInfoStatus', () => {
  it.each([
    [0, 12, { kind: 'exact', quantity: 12 }],
    [1, 12, { kind: 'hidden' }],
    [2, 12, { kind: 'available' }],
    [9, 5, { kind: 'outOfStock' }],
    [3, 0, { kind: 'available' }],
    [15, 6, { kind: 'moreThan', threshold: 5 }],
    [16, 0, { kind: 'outOfStock' }],
  ])('mode %i with stock %i', async (mode, quantity, expected) => {
    const [p] = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from products where parent_id is null and variant_dimensions is null order by id limit 1`,
    )
    await t.database.db.execute(sql`update products set quantity = ${quantity} where id = ${p!.id}`)
    await setStoreSetting(t.database.db, 'stockInfoStatus', mode)
    const res = await dealer.send({ method: 'GET', url: `/api/catalog/product/${p!.id}` })
    expect(res.json().stock).toEqual(expected)
    await setStoreSetting(t.database.db, 'stockInfoStatus', 0)
  })
})
