import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

/**
 * A cancel and an order of the same product at the same moment (PostgreSQL: PGlite runs one
 * transaction at a time). Found by the crash test (src/server/fault/crash.int.test.ts) as a cancel
 * answered 500: the cancel locked a product's stock row before the product's row, an order the other
 * way round, and PostgreSQL broke the deadlock by failing one of them.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
let warehouseId: number

beforeAll(async () => {
  t = await createTestApp()
  fx = await seedAccounts(t.database.db)
  const [w] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into warehouses (code, name, sort_order) values ('L1', 'Kilit', 0) returning id`,
  )
  warehouseId = w!.id
})
afterAll(() => t.close())

async function product() {
  const code = `L-${Math.random().toString(36).slice(2, 10)}`
  const [p] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${`Ürün ${code}`}, ${code.toLowerCase()}, ${fx.currencies.try.id}, '10', 20, 100,
          ${turkishSortKey(code)}) returning id`,
  )
  const [u] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${p!.id}, 'Adet', 1, '10', true, 0) returning id`,
  )
  await t.database.db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${p!.id}, ${warehouseId}, 100)`,
  )
  return { id: p!.id, unitId: u!.id }
}

const addToCart = (client: TestClient, p: { id: number; unitId: number }) =>
  client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=1&productValue=${p.unitId}`,
  })
const order = (client: TestClient) => client.send({ method: 'POST', url: '/api/catalog/cart', payload: {} })

/** Until `n` backends of this database wait for a row lock (the requests are where the test wants them). */
async function lockWaiters(n: number) {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )
    if (row!.n >= n) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error(`${n} requests never waited for a lock`)
}

it.skipIf(!onPostgres)(
  'cancels an order while another order takes the same product, without a deadlock',
  async () => {
    const [p1, p2] = [await product(), await product()]
    const first = await loggedInUser(t, fx.customers.c1.id)
    const second = await loggedInUser(t, fx.customers.c1.id)
    await addToCart(first, p1)
    await addToCart(first, p2)
    const placed = await order(first)
    expect(placed.statusCode, placed.body).toBe(200)
    await addToCart(second, p2)

    // p2's stock row held by a third transaction: the cancel stops there, with p1 done; the order
    // takes p2's product row and stops there too. Then the stock row is let go.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let holding = () => {}
    const held = new Promise<void>((resolve) => {
      holding = resolve
    })
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from product_stocks where product_id = ${p2.id} for update`)
      holding()
      await released
    })
    await held
    const cancel = first.send({
      method: 'PATCH',
      url: `/api/catalog/order/${placed.json().id}`,
      payload: { cancel: true },
    })
    await lockWaiters(1)
    const second_order = order(second)
    await lockWaiters(2)
    release()
    await holder
    const [cancelled, ordered] = await Promise.all([cancel, second_order])
    expect([cancelled.statusCode, ordered.statusCode], `${cancelled.body} ${ordered.body}`).toEqual([
      200, 200,
    ])
    const stock = await queryRows<{ product_id: number; quantity: number }>(
      t.database.db,
      sql`select product_id, quantity from product_stocks where product_id in (${p1.id}, ${p2.id}) order by product_id`,
    )
    expect(stock.map((s) => s.quantity)).toEqual([100, 99])
  },
)
