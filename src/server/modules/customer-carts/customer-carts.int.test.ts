import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Cart } from '../../../contracts/cart'
import {
  CUSTOMER_CART_LINES_LIMIT,
  type CustomerCarts,
  customerCartsSchema,
} from '../../../contracts/staff-live'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
let admin: TestClient

type TestProduct = { id: number; code: string; name: string; seo: string; units: Record<string, number> }

async function product(opts: { price?: string; currencyId?: number } = {}): Promise<TestProduct> {
  const code = `K-${Math.random().toString(36).slice(2, 10)}`
  const name = `Sepet ürünü ${code}`
  const seo = code.toLowerCase()
  const price = opts.price ?? '10'
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${name}, ${seo}, ${opts.currencyId ?? fx.currencies.try.id}, ${price}, 20, 1000,
          ${turkishSortKey(name)}) returning id`,
  )
  const units: Record<string, number> = {}
  for (const [i, [value, multiplier, unitPrice]] of [
    ['Adet', 1, price],
    ['Koli', 12, String(Number(price) * 11)],
  ].entries()) {
    const [u] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
          values (${row!.id}, ${value}, ${multiplier}, ${unitPrice}, ${i === 0}, ${i}) returning id`,
    )
    units[value as string] = u!.id
  }
  return { id: row!.id, code, name, seo, units }
}

const add = (client: TestClient, p: TestProduct, quantity: number, unit = 'Adet') =>
  client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=${quantity}&productValue=${p.units[unit]}`,
  })

const ownCart = async (client: TestClient): Promise<Cart> =>
  (await client.send({ method: 'GET', url: '/api/catalog/cart' })).json()

async function staffView(): Promise<CustomerCarts> {
  const res = await admin.send({ method: 'GET', url: '/yonetim/customer-carts' })
  expect(res.statusCode).toBe(200)
  return customerCartsSchema.parse(res.json())
}

/** Carts touched later than the rest, in the order of the test's own users. */
const cartOf = (view: CustomerCarts, userId: number) => view.carts.find((c) => c.userId === userId)

beforeAll(async () => {
  t = await createTestApp()
  fx = await seedAccounts(t.database.db)
  admin = await loggedInUser(t, null)
})
afterAll(() => t.close())

describe('GET /yonetim/customer-carts', () => {
  it('is for administrators only: a guest gets 401 and a dealer 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/yonetim/customer-carts' })).statusCode).toBe(401)
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    const refused = await dealer.send({ method: 'GET', url: '/yonetim/customer-carts' })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ error: { code: 'forbidden' } })
  })

  it("lists each cart with its user, company, lines and its dealer's own total, newest change first", async () => {
    const first = await loggedInUser(t, fx.customers.c1.id, { name: 'Ali Veli' })
    const second = await loggedInUser(t, fx.customers.c2.id, { name: 'Berna Su' })
    const [a, b] = [
      await product({ price: '12.50' }),
      await product({ price: '3', currencyId: fx.currencies.usd.id }),
    ]
    await add(first, a, 2)
    await add(first, b, 1, 'Koli')
    await add(second, b, 5)

    const view = await staffView()
    expect(view.limit).toBe(50)
    expect(view.lineLimit).toBe(CUSTOMER_CART_LINES_LIMIT)
    const ids = view.carts.map((c) => c.userId)
    // The second dealer changed their cart last: their cart comes first.
    expect(ids.indexOf(second.user.id)).toBeLessThan(ids.indexOf(first.user.id))

    const firstCart = cartOf(view, first.user.id)!
    expect(firstCart).toMatchObject({
      userName: 'Ali Veli',
      companyName: fx.customers.c1.name,
      lineCount: 2,
      items: [
        {
          productName: a.name,
          productCode: a.code,
          productQuantity: 2,
          unit: 'Adet',
          link: `/${a.seo}-p-${a.id}`,
        },
        {
          productName: b.name,
          productCode: b.code,
          productQuantity: 1,
          unit: 'Koli',
          link: `/${b.seo}-p-${b.id}`,
        },
      ],
    })
    expect(Date.parse(firstCart.updatedAt)).toBeLessThanOrEqual(Date.now())
    // The total is the one each dealer's own cart page shows (their currency, their company's price).
    expect(firstCart.total).toEqual((await ownCart(first)).totals.total)
    expect(cartOf(view, second.user.id)?.total).toEqual((await ownCart(second)).totals.total)
    // C2 has a -5% price adjustment: the same product costs the two companies differently.
    expect(cartOf(view, second.user.id)?.companyName).toBe(fx.customers.c2.name)
  })

  it('prices a cart in the currency its dealer chose', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'defaultCurrency', value: fx.currencies.eur.id },
    })
    await add(dealer, await product({ price: '100' }), 1)
    const total = cartOf(await staffView(), dealer.user.id)?.total
    expect(total?.currency).toBe('EUR')
    expect(total).toEqual((await ownCart(dealer)).totals.total)
  })

  it('leaves out carts that were emptied or ordered', async () => {
    const dealer = await loggedInUser(t, fx.customers.c2.id)
    const p = await product()
    await add(dealer, p, 1)
    expect(cartOf(await staffView(), dealer.user.id)).toBeDefined()
    await dealer.send({ method: 'DELETE', url: '/api/catalog/cart' })
    expect(cartOf(await staffView(), dealer.user.id)).toBeUndefined()
    await add(dealer, p, 1)
    const order = await dealer.send({
      method: 'POST',
      url: '/api/catalog/cart',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'description=test',
    })
    expect(order.statusCode).toBe(200)
    expect(cartOf(await staffView(), dealer.user.id)).toBeUndefined()
  })

  it('shows the first lines of a very large cart and says how many it has', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    const p = await product()
    const [cart] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into carts (user_id, version) values (${dealer.user.id}, 1) returning id`,
    )
    // Lines of many products at once: a product per line, as a huge real cart would have.
    await queryRows(
      t.database.db,
      sql`with made as (
            insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
            select 'BIG-' || n || '-' || ${cart!.id}, 'Büyük ' || n, 'buyuk-' || n, ${fx.currencies.try.id}, '1', 20, 10, 'buyuk ' || n
            from generate_series(1, ${CUSTOMER_CART_LINES_LIMIT + 4}) n returning id),
          units as (
            insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
            select id, 'Adet', 1, '1', true, 0 from made returning id, product_id)
          insert into cart_items (cart_id, product_id, unit_id, quantity)
          select ${cart!.id}, product_id, id, 1 from units`,
    )
    await add(dealer, p, 1)
    const big = cartOf(await staffView(), dealer.user.id)!
    expect(big.lineCount).toBe(CUSTOMER_CART_LINES_LIMIT + 5)
    expect(big.items).toHaveLength(CUSTOMER_CART_LINES_LIMIT)
    // The first lines in the order they were added; the last add is beyond the limit.
    expect(big.items.some((i) => i.productCode === p.code)).toBe(false)
  })

  it('reads everything in a fixed number of queries, whatever the number of carts', async () => {
    const count = async () => {
      const before = t.database.queries.count
      await staffView()
      return t.database.queries.count - before
    }
    // One cart first, so the lines query runs in both counts (with no cart at all it is skipped).
    const first = await loggedInUser(t, fx.customers.c1.id)
    await add(first, await product(), 1)
    const few = await count()
    for (let i = 0; i < 3; i++) {
      const dealer = await loggedInUser(t, fx.customers.c1.id)
      await add(dealer, await product(), 1)
    }
    // session, settings, currencies, the carts, their lines (caches are off in tests)
    expect(await count()).toBe(few)
    expect(few).toBeLessThanOrEqual(5)
  })
})
