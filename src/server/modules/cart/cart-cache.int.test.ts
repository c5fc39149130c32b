import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AddToCartResponse, Cart } from '../../../contracts/cart'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

// The cart's cached paths: a read served under the cart's version, and an add answered from the
// view before it plus the add. Both must give exactly what a fresh read of the database gives.
let t: TestApp
let customerId: number
let products: Array<{ id: number; unit: number }>
// A user of its own for every test, so every test starts from an empty cart of its own.
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp({ demo: true, cacheSeconds: 60 })
  products = await queryRows<{ id: number; unit: number }>(
    t.database.db,
    sql`select p.id, u.id as unit from products p join product_units u on u.product_id = p.id and u.is_default
        where p.parent_id is null and p.variant_dimensions is null and p.quantity > 100 and p.sale_price > 0
        order by p.id limit 5`,
  )
  const [demoDealer] = await queryRows<{ customer_id: number }>(
    t.database.db,
    sql`select customer_id from users where email = 'bayi@toptan.test'`,
  )
  customerId = demoDealer!.customer_id
})
beforeEach(async () => {
  dealer = await loggedInUser(t, customerId)
})
afterAll(() => t.close())

const add = async (
  p: { id: number; unit: number },
  quantity: number,
  client = dealer,
): Promise<AddToCartResponse> =>
  (
    await client.send({
      method: 'POST',
      url: `/api/catalog/cart/${p.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `quantity=${quantity}&productValue=${p.unit}`,
    })
  ).json()

const fresh = async (client = dealer, app = t): Promise<Cart> => {
  app.deps.caches.list.clear()
  return (await client.send({ method: 'GET', url: '/api/catalog/cart' })).json()
}

describe('the cart with caching on', () => {
  it('answers adds built on the previous view exactly as a fresh read would', async () => {
    await dealer.send({ method: 'GET', url: '/api/catalog/cart' }) // cache the empty cart
    let last: AddToCartResponse | undefined
    for (const [i, quantity] of [
      [0, 2],
      [1, 1],
      [0, 3],
      [2, 5],
      [1, 1],
    ] as const) {
      last = await add(products[i]!, quantity)
    }
    const { items, ...summary } = await fresh()
    expect(items.map((l) => l.quantity)).toEqual([5, 2, 5])
    expect(last!.cart).toEqual(summary)
    expect(last!.item).toEqual(items[1])
  })

  it("shows a new price at the end of the first view's window, however many adds follow", async () => {
    // An app of its own on the same database, with a short cache window (and caches of its own).
    const short = await createTestApp({ database: t.database, cacheSeconds: 0.4 })
    const client = await loggedInUser(short, customerId)
    try {
      const p = products[3]!
      await add(p, 1, client)
      await client.send({ method: 'GET', url: '/api/catalog/cart' }) // the view every add below builds on
      await t.database.db.execute(
        sql`update product_units set default_price = default_price + 1 where id = ${p.unit}`,
      )
      let last: AddToCartResponse | undefined
      const started = Date.now()
      while (Date.now() - started < 1000) {
        last = await add(p, 1, client)
        await new Promise((r) => setTimeout(r, 50))
      }
      const { items } = await fresh(client, short)
      expect(last!.item.unitPrice).toEqual(items[0]!.unitPrice)
    } finally {
      await short.close()
      await t.database.db.execute(
        sql`update product_units set default_price = default_price - 1 where id = ${products[3]!.unit}`,
      )
    }
  })

  it('shows a product row changed behind its back in the very next view and add, not after the cache window', async () => {
    const p = products[2]!
    const [before] = await queryRows<{ name: string; quantity: string }>(
      t.database.db,
      sql`select name, quantity from products where id = ${p.id}`,
    )
    await add(p, 1)
    const cached: Cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
    expect(cached.items[0]!.product.name).toBe(before!.name)
    try {
      // Any write to the product row moves the products' change number (a trigger), so the cart
      // remembered under the old number is not served again.
      await t.database.db.execute(
        sql`update products set name = ${`${before!.name} (yeni)`}, quantity = quantity - 1 where id = ${p.id}`,
      )
      const view: Cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
      expect(view.items[0]!.product.name).toBe(`${before!.name} (yeni)`)
      const added = await add(p, 1)
      expect(added.item.product.name).toBe(`${before!.name} (yeni)`)
      const { items } = await fresh()
      expect(added.item).toEqual(items[0])
    } finally {
      await t.database.db.execute(
        sql`update products set name = ${before!.name}, quantity = ${before!.quantity} where id = ${p.id}`,
      )
    }
  })

  it('sees a change made elsewhere (another process) through the version', async () => {
    await add(products[4]!, 1)
    const before: Cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
    const lineId = before.items[0]!.id
    await t.database.db.execute(sql`update cart_items set quantity = 9 where id = ${lineId}`)
    await t.database.db.execute(
      sql`update carts set version = version + 1 where id = (select cart_id from cart_items where id = ${lineId})`,
    )
    const after: Cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
    expect(after.items[0]!.quantity).toBe(9)
  })

  it('reflects removing a line and clearing at once', async () => {
    await add(products[0]!, 1)
    await add(products[4]!, 2)
    const cart: Cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
    const removed: Cart = (
      await dealer.send({ method: 'DELETE', url: `/api/catalog/cart/${cart.items[0]!.id}` })
    ).json()
    expect(removed.count).toBe(cart.count - 1)
    expect((await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json().count).toBe(cart.count - 1)
    await dealer.send({ method: 'DELETE', url: '/api/catalog/cart' })
    expect((await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json().count).toBe(0)
  })
})
