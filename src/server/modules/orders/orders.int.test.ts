import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { CheckoutInfo, Order, OrderList } from '../../../contracts/orders'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { addOverdueInvoice, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { testPasswordHash } from '../../test/passwords'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
// A user of company C1 of its own in every test: its own cart and preferences.
let dealer: TestClient
let warehouses: number[]

/** A product with stock spread over the warehouses ([w1, w2, w3] base units) and Adet/Koli(12) units. */
async function product(stock: number[], price = '10') {
  const code = `O-${Math.random().toString(36).slice(2, 10)}`
  const total = stock.reduce((a, b) => a + b, 0)
  const [p] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, advence_price1, tax_rate, quantity, name_sort)
        values (${code}, ${`Ürün ${code}`}, ${code.toLowerCase()}, ${fx.currencies.try.id}, ${price},
          ${String(Number(price) * 1.1)}, 20, ${total}, ${turkishSortKey(code)}) returning id`,
  )
  const units = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${p!.id}, 'Adet', 1, ${price}, true, 0), (${p!.id}, 'Koli', 12, ${String(Number(price) * 11)}, false, 1)
        returning id`,
  )
  for (const [i, quantity] of stock.entries()) {
    await t.database.db.execute(
      sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${p!.id}, ${warehouses[i]!}, ${quantity})`,
    )
  }
  return { id: p!.id, adet: units[0]!.id, koli: units[1]!.id }
}

const addToCart = (client: TestClient, p: { id: number; adet: number }, quantity: number, unit = p.adet) =>
  client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=${quantity}&productValue=${unit}`,
  })

const order = (client: TestClient, form = '', key?: string) =>
  client.send({
    method: 'POST',
    url: '/api/catalog/cart',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: form,
  })

const stockOf = async (id: number) =>
  queryRows<{ quantity: number }>(
    t.database.db,
    sql`select quantity from product_stocks where product_id = ${id} order by warehouse_id`,
  ).then((rows) => rows.map((r) => r.quantity))

const clearCart = (client: TestClient) => client.send({ method: 'DELETE', url: '/api/catalog/cart' })

/** Another dealer company with one user, logged in. */
async function newDealer(riskLimit = '0', overdue = '0') {
  const code = `C-${Math.random().toString(36).slice(2, 8)}`
  const [c] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into customers (code, name, risk_limit) values (${code}, ${code}, ${riskLimit}) returning id`,
  )
  if (Number(overdue) > 0) await addOverdueInvoice(t.database.db, c!.id, overdue, 10)
  const email = `${code.toLowerCase()}@toptan.test`
  await t.database.db.execute(
    sql`insert into users (customer_id, email, name, password_hash, role)
        values (${c!.id}, ${email}, ${code}, ${await testPasswordHash('Bayi1234!')}, 'dealer')`,
  )
  const client = new TestClient(t.app)
  await client.login(email, 'Bayi1234!')
  return client
}

beforeAll(async () => {
  t = await createTestApp()
  fx = await seedAccounts(t.database.db)
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into warehouses (code, name, sort_order) values ('W1','Merkez',0), ('W2','Ankara',1), ('W3','İzmir',2) returning id`,
  )
  warehouses = rows.map((r) => r.id)
})
beforeEach(async () => {
  dealer = await loggedInUser(t, fx.customers.c1.id, { name: 'Ahmet Yılmaz' })
})
afterAll(() => t.close())

describe('POST /api/catalog/cart (place the order)', () => {
  it('orders the cart: number, snapshot, totals, stock taken in warehouse order, cart emptied', async () => {
    await clearCart(dealer)
    const p = await product([5, 20, 10])
    await addToCart(dealer, p, 1, p.koli) // 12 base units
    await addToCart(dealer, p, 3)
    const res = await order(dealer, 'description=Acil+teslim')
    expect(res.statusCode).toBe(200)
    const body: Order = res.json()
    expect(body.orderNo).toMatch(/^S\d{4}-\d{6}$/)
    expect(body).toMatchObject({
      description: 'Acil teslim',
      status: 'new',
      cancellable: true,
      creator: 'Ahmet Yılmaz',
    })
    expect(body.orderItems.map((i) => [i.unit, i.quantity, i.price.value])).toEqual([
      ['Koli', 1, 110],
      ['Adet', 3, 10],
    ])
    expect(body.subtotal.value).toBe(140)
    expect(body.tax.value).toBe(28)
    expect(body.total.value).toBe(168)
    // 15 base units: 5 from the first warehouse, 10 from the second.
    expect(await stockOf(p.id)).toEqual([0, 10, 10])
    const [row] = await queryRows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from products where id = ${p.id}`,
    )
    expect(row?.quantity).toBe(20)
    expect((await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json().count).toBe(0)
  })

  it('keeps the snapshot when the catalogue changes later', async () => {
    await clearCart(dealer)
    const p = await product([50, 0, 0])
    await addToCart(dealer, p, 2)
    const placed: Order = (await order(dealer)).json()
    await t.database.db.execute(sql`update product_units set default_price = 999 where product_id = ${p.id}`)
    await t.database.db.execute(sql`update products set name = 'Yeni ad' where id = ${p.id}`)
    const list: OrderList = (await dealer.send({ method: 'GET', url: '/api/catalog/orders' })).json()
    const again = list.items.find((o) => o.id === placed.id)!
    expect(again.orderItems[0]).toMatchObject({ name: placed.orderItems[0]!.name, price: { value: 10 } })
    expect(again.description).toBe('Sipariş notu yok')
  })

  it('prices the lines in the chosen payment plan', async () => {
    await setStoreSetting(t.database.db, 'showPaymentPlanPrice', true)
    await t.database.db.execute(
      sql`insert into payment_plans (name, price_name, sort_order) values ('30 Gün Vadeli', 'advencePrice1', 5)`,
    )
    await clearCart(dealer)
    const p = await product([50, 0, 0], '100')
    await addToCart(dealer, p, 1, p.koli)
    const body: Order = (await order(dealer, 'advencePrice=advencePrice1')).json()
    expect(body.paymentPlan).toBe('30 Gün Vadeli')
    expect(body.orderItems[0]!.price.value).toBe(1210) // Koli 1100 × 110/100
    await clearCart(dealer)
    await addToCart(dealer, p, 1)
    const virtual = await order(dealer, 'advencePrice=advencePrice3')
    expect(virtual.statusCode).toBe(400)
    expect(virtual.json().error.code).toBe('card_payment_plan')
    expect((await order(dealer, 'advencePrice=nope')).statusCode).toBe(400)
    await setStoreSetting(t.database.db, 'showPaymentPlanPrice', false)
    await clearCart(dealer)
  })

  it('prices in sale prices when plans are not offered, and in the default plan, never a card plan, when none is sent', async () => {
    const [plan] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into payment_plans (name, price_name, sort_order) values ('60 Gün Vadeli', 'advencePrice1', 6) returning id`,
    )
    await t.database.db.execute(sql`update payment_plans set is_default = (id = ${plan!.id})`)
    try {
      await clearCart(dealer)
      const p = await product([50, 0, 0], '100')
      await addToCart(dealer, p, 1)
      // Plans not offered: the cart shows sale prices, so the order has them, whatever the default plan.
      const plain: Order = (await order(dealer)).json()
      expect(plain.orderItems[0]!.price.value).toBe(100)
      await setStoreSetting(t.database.db, 'showPaymentPlanPrice', true)
      await addToCart(dealer, p, 1)
      const byDefault: Order = (await order(dealer)).json()
      expect([byDefault.paymentPlan, byDefault.orderItems[0]!.price.value]).toEqual(['60 Gün Vadeli', 110])
      await t.database.db.execute(sql`update payment_plans set is_virtual = true where id = ${plan!.id}`)
      await addToCart(dealer, p, 1)
      const card = await order(dealer)
      expect(card.statusCode).toBe(400)
      expect(card.json().error.code).toBe('card_payment_plan')
    } finally {
      await setStoreSetting(t.database.db, 'showPaymentPlanPrice', false)
      await t.database.db.execute(sql`delete from payment_plans where id = ${plan!.id}`)
      await t.database.db.execute(
        sql`update payment_plans set is_default = (sort_order = (select min(sort_order) from payment_plans))`,
      )
      await clearCart(dealer)
    }
  })

  it('tells the cart page what the cart costs in each plan: the very totals the order then has', async () => {
    await setStoreSetting(t.database.db, 'showPaymentPlanPrice', true)
    const [plan] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into payment_plans (name, price_name, sort_order) values ('90 Gün Vadeli', 'advencePrice1', 8) returning id`,
    )
    try {
      await clearCart(dealer)
      const p = await product([50, 0, 0], '33.33')
      await addToCart(dealer, p, 3)
      await addToCart(dealer, p, 1, p.koli)
      const info: CheckoutInfo = (
        await dealer.send({ method: 'GET', url: '/api/catalog/cart/checkout' })
      ).json()
      const [cash] = await queryRows<{ id: number }>(
        t.database.db,
        sql`select id from payment_plans where price_name = 'salePrice'`,
      )
      const sale = info.plans.find((x) => x.id === cash!.id)!
      const later = info.plans.find((x) => x.id === plan!.id)!
      // Sale prices: 3 × 33,33 + 1 × 366,63 = 466,62 + 20 % = 559,94; the plan is 110 % of them.
      expect([sale.subtotal.value, sale.total.value]).toEqual([466.62, 559.94])
      expect(later.total.value).toBeGreaterThan(sale.total.value)
      const placed: Order = (await order(dealer, `advencePrice=${plan!.id}`)).json()
      expect([placed.subtotal.value, placed.tax.value, placed.total.value]).toEqual([
        later.subtotal.value,
        later.tax.value,
        later.total.value,
      ])
    } finally {
      await setStoreSetting(t.database.db, 'showPaymentPlanPrice', false)
      await t.database.db.execute(sql`delete from payment_plans where id = ${plan!.id}`)
      await clearCart(dealer)
    }
  })

  it('refuses a line whose plan price is 0, naming it, and keeps the cart', async () => {
    await setStoreSetting(t.database.db, 'showPaymentPlanPrice', true)
    await t.database.db.execute(
      sql`insert into payment_plans (name, price_name, sort_order) values ('45 Gün Vadeli', 'advencePrice2', 7)`,
    )
    try {
      await clearCart(dealer)
      const p = await product([50, 0, 0], '100')
      await t.database.db.execute(sql`update products set advence_price2 = 0 where id = ${p.id}`)
      await addToCart(dealer, p, 2)
      const res = await order(dealer, 'advencePrice=advencePrice2')
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('no_price')
      expect(res.json().error.messages.type).toMatch(/^Ürün O-\w+ için fiyat bulunmuyor/)
      const cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
      expect(cart.count).toBe(1)
      expect(await stockOf(p.id)).toEqual([50, 0, 0])
    } finally {
      await setStoreSetting(t.database.db, 'showPaymentPlanPrice', false)
      await t.database.db.execute(sql`delete from payment_plans where price_name = 'advencePrice2'`)
      await clearCart(dealer)
    }
  })

  it('records the branch the cart page shows: the chosen one, else the first of the company', async () => {
    await clearCart(dealer)
    const p = await product([50, 0, 0])
    await addToCart(dealer, p, 1)
    const first: Order = (await order(dealer)).json()
    expect(first.branch).toBe(fx.branches[0]!.name)
    const second = fx.branches[1]!
    const chose = await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'branch', value: second.id },
    })
    expect(chose.statusCode).toBeLessThan(300)
    await addToCart(dealer, p, 1)
    const chosen: Order = (await order(dealer)).json()
    expect(chosen.branch).toBe(second.name)
  })

  it('refuses an empty cart', async () => {
    await clearCart(dealer)
    const res = await order(dealer)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.messages.type).toBe('Sepetiniz boş; sipariş verilemez.')
  })

  it('makes one order of a double submit with the same Idempotency-Key', async () => {
    await clearCart(dealer)
    const p = await product([10, 0, 0])
    await addToCart(dealer, p, 4)
    const key = 'order-key-12345678'
    const [a, b] = await Promise.all([order(dealer, '', key), order(dealer, '', key)])
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().id).toBe(b.json().id)
    expect(await stockOf(p.id)).toEqual([6, 0, 0])
    const again = await order(dealer, '', key)
    expect(again.json().id).toBe(a.json().id)
  })

  it('makes one order of a double click without a key (the second finds the cart empty)', async () => {
    await clearCart(dealer)
    const p = await product([10, 0, 0])
    await addToCart(dealer, p, 1)
    const results = await Promise.all([order(dealer), order(dealer)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400])
    expect(await stockOf(p.id)).toEqual([9, 0, 0])
  })

  it('never oversells when dealers race for the last units', async () => {
    const p = await product([2, 1, 0]) // 3 units
    const racers = await Promise.all(Array.from({ length: 6 }, () => newDealer()))
    for (const racer of racers) expect((await addToCart(racer, p, 1)).statusCode).toBe(200)
    const results = await Promise.all(racers.map((r) => order(r)))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3)
    const refused = results.filter((r) => r.statusCode !== 200)
    expect(refused.every((r) => r.statusCode === 409 && r.json().error.code === 'insufficient_stock')).toBe(
      true,
    )
    expect(await stockOf(p.id)).toEqual([0, 0, 0])
  })

  it('leaves no half-written order and no lost cart when something fails in the middle', async () => {
    await clearCart(dealer)
    const p = await product([10, 0, 0])
    await addToCart(dealer, p, 2)
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`)
    await t.database.db.execute(sql`
      create or replace function fail_stock_move() returns trigger language plpgsql as $$
      begin raise exception 'injected fault'; end $$`)
    await t.database.db.execute(
      sql`create trigger fail_stock_move before insert on order_stock_moves for each row execute function fail_stock_move()`,
    )
    const res = await order(dealer)
    await t.database.db.execute(sql`drop trigger fail_stock_move on order_stock_moves`)
    expect(res.statusCode).toBe(500)
    expect(await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`)).toEqual(
      before,
    )
    expect(await stockOf(p.id)).toEqual([10, 0, 0])
    expect((await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json().items[0].quantity).toBe(2)
    expect((await order(dealer)).statusCode).toBe(200)
  })
})

describe('the risk limit', () => {
  it.each([
    // limit, overdue, cart total (net 100 → 120 with tax) → status, message
    ['1', '0', 409, /izin vermiyor/],
    ['10000', '10000', 409, /^Sipariş tutarı risk limitinizi 120,00 TL aşıyor\. En fazla 0,00 TL/],
    ['1120.01', '1000', 200, null], // available 120.01, total 120.00: one kuruş under
    ['1120', '1000', 200, null], // exactly available
    ['1119.99', '1000', 409, /0,01 TL aşıyor. En fazla 119,99 TL/], // one kuruş over
  ])('limit %s, overdue %s → %i', async (limit, overdue, status, message) => {
    await setStoreSetting(t.database.db, 'b2b_risk_limit_islem', true)
    const client = await newDealer(limit, overdue)
    const p = await product([100, 0, 0], '100')
    await addToCart(client, p, 1)
    const res = await order(client)
    expect(res.statusCode).toBe(status)
    if (message) expect(res.json().error.messages.type).toMatch(message)
    await setStoreSetting(t.database.db, 'b2b_risk_limit_islem', false)
  })

  it('writes the amounts of the message in the language asked for', async () => {
    await setStoreSetting(t.database.db, 'b2b_risk_limit_islem', true)
    try {
      const client = await newDealer('5000', '4000') // available 1.000
      const p = await product([100, 0, 0], '1000')
      await addToCart(client, p, 2) // 2.400 with tax
      const res = await client.send({
        method: 'POST',
        url: '/api/catalog/cart',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
        payload: '',
      })
      expect(res.json().error.messages.type).toBe(
        'The order exceeds your risk limit by 1,400.00 TL. You can order at most 1,000.00 TL.',
      )
    } finally {
      await setStoreSetting(t.database.db, 'b2b_risk_limit_islem', false)
    }
  })

  it('counts open orders, so parallel orders cannot pass the limit together', async () => {
    await setStoreSetting(t.database.db, 'b2b_risk_limit_islem', true)
    const p = await product([100, 0, 0], '100')
    const limit = '250' // room for two orders of 120, not three
    const [c] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into customers (code, name, risk_limit) values ('RISK', 'Risk A.Ş.', ${limit}) returning id`,
    )
    const clients: TestClient[] = []
    for (const i of [1, 2, 3]) {
      const email = `risk${i}@toptan.test`
      await t.database.db.execute(
        sql`insert into users (customer_id, email, name, password_hash, role)
            values (${c!.id}, ${email}, ${`Risk ${i}`}, ${await testPasswordHash('Bayi1234!')}, 'dealer')`,
      )
      const client = new TestClient(t.app)
      await client.login(email, 'Bayi1234!')
      await addToCart(client, p, 1)
      clients.push(client)
    }
    const results = await Promise.all(clients.map((client) => order(client)))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409])
    // The cart page is told what the limit has left: 250 − two open orders of 120.
    const info = await clients[0]!.send({ method: 'GET', url: '/api/catalog/cart/checkout' })
    expect(info.json()).toEqual({ risk: { enforced: true, limit: 250, used: 240 }, plans: [] })
    await setStoreSetting(t.database.db, 'b2b_risk_limit_islem', false)
  })
})

describe('orders list and cancel', () => {
  it("lists the company's orders newest first with their lines, a bounded page at a time", async () => {
    const placed: string[] = []
    for (let i = 1; i <= 4; i++) {
      await addToCart(dealer, await product([10, 0, 0]), i)
      placed.push(((await order(dealer)).json() as Order).orderNo)
    }
    const list: OrderList = (await dealer.send({ method: 'GET', url: '/api/catalog/orders?page=1' })).json()
    expect(list.total).toBeGreaterThanOrEqual(4)
    expect(list.customer).toBe('Yıldız Yapı Market Ltd. Şti.')
    expect(list.items.slice(0, 4).map((o) => o.orderNo)).toEqual([...placed].reverse())
    const dates = list.items.map((o) => o.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(list.items[0]!.orderItems.map((l) => l.quantity)).toEqual([4])
    const other = await newDealer()
    expect(
      ((await other.send({ method: 'GET', url: '/api/catalog/orders' })).json() as OrderList).total,
    ).toBe(0)
  })

  it('pages through 45 orders: 20, 20, 5, lines with each, a page past the end clamped, constant queries', async () => {
    const client = await newDealer()
    const me = (await client.send({ method: 'GET', url: '/api/bootstrap' })).json().user
    // 45 orders with (i % 3) + 1 lines each, one minute apart, straight into the tables.
    await t.database.db.execute(sql`
      insert into orders (order_no, user_id, customer_id, description, payment_plan_name, price_name,
        currency_code, currency_rate, subtotal, tax, total, base_total, created_at)
      select 'P-' || ${me.customer.id} || '-' || g, ${me.id}, ${me.customer.id}, 'not ' || g, 'Peşin', 'salePrice',
        'TRY', 1, g, 0, g, g, timestamp '2026-01-01' + g * interval '1 minute'
      from generate_series(1, 45) g`)
    await t.database.db.execute(sql`
      insert into order_items (order_id, code, name, unit_name, multiplier, quantity, price, price_currency,
        price_rate, tax_rate, unit_price, amount, tax)
      select o.id, 'K' || n, 'Kalem ' || n, 'Adet', 1, n, 1, 'TRY', 1, 20, 1, n, 0
      from orders o cross join generate_series(1, 3) n
      where o.customer_id = ${me.customer.id}
        and n <= (substring(o.order_no from '[0-9]+$')::int % 3) + 1`)
    const pageOf = async (n: number) => {
      const before = t.database.queries.count
      const res = await client.send({ method: 'GET', url: `/api/catalog/orders?page=${n}` })
      return { list: res.json() as OrderList, queries: t.database.queries.count - before }
    }
    const first = await pageOf(1)
    expect(first.list).toMatchObject({ total: 45, pages: 3, page: 1, limit: 20 })
    expect(first.list.items.map((o) => o.description)).toEqual(
      Array.from({ length: 20 }, (_, i) => `not ${45 - i}`),
    )
    // Order 45: 45 % 3 + 1 = 1 line; order 44: 3 lines, in line order.
    expect(first.list.items[1]!.orderItems.map((i) => [i.code, i.quantity, i.amount.value])).toEqual([
      ['K1', 1, 1],
      ['K2', 2, 2],
      ['K3', 3, 3],
    ])
    const third = await pageOf(3)
    expect(third.list.items.map((o) => o.description)).toEqual(['not 5', 'not 4', 'not 3', 'not 2', 'not 1'])
    expect(third.queries).toBe(first.queries)
    expect((await pageOf(99)).list.page).toBe(3)
  })

  it("cancels a new order once, putting its stock back; a second cancel fails with the spec's text", async () => {
    await clearCart(dealer)
    const p = await product([3, 3, 0])
    await addToCart(dealer, p, 5)
    const placed: Order = (await order(dealer)).json()
    expect(await stockOf(p.id)).toEqual([0, 1, 0])
    const cancel = () =>
      dealer.send({ method: 'PATCH', url: `/api/catalog/order/${placed.id}`, payload: { cancel: true } })
    const first = await cancel()
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ isCancel: true, cancellable: false, status: 'cancelled' })
    expect(await stockOf(p.id)).toEqual([3, 3, 0])
    const second = await cancel()
    expect(second.statusCode).toBe(409)
    expect(second.json().error.messages.type).toBe(
      'Sipariş iptal edilemedi. Lütfen bizimle iletişime geçiniz.',
    )
    expect(await stockOf(p.id)).toEqual([3, 3, 0])
  })

  it('does not cancel an order the distributor has taken up', async () => {
    await clearCart(dealer)
    const p = await product([3, 0, 0])
    await addToCart(dealer, p, 1)
    const placed: Order = (await order(dealer)).json()
    await t.database.db.execute(sql`update orders set status = 'processing' where id = ${placed.id}`)
    const res = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/order/${placed.id}`,
      payload: { cancel: true },
    })
    expect(res.statusCode).toBe(409)
  })

  it('answers 404 to another company and 403 to an administrator, for every order verb', async () => {
    await clearCart(dealer)
    const p = await product([3, 0, 0])
    await addToCart(dealer, p, 1)
    const placed: Order = (await order(dealer)).json()
    const other = await newDealer()
    const steal = await other.send({
      method: 'PATCH',
      url: `/api/catalog/order/${placed.id}`,
      payload: { cancel: true },
    })
    expect(steal.statusCode).toBe(404)
    expect((await other.send({ method: 'GET', url: `/api/catalog/order/${placed.id}` })).statusCode).toBe(404)
    const mine = await dealer.send({ method: 'GET', url: `/api/catalog/order/${placed.id}` })
    expect(mine.json()).toMatchObject({ id: placed.id, orderNo: placed.orderNo })
    const admin = new TestClient(t.app)
    await admin.login('yonetici@toptan.test', 'Yonetici1234!')
    for (const res of [
      await order(admin),
      await admin.send({ method: 'GET', url: '/api/catalog/orders' }),
      await admin.send({ method: 'GET', url: `/api/catalog/order/${placed.id}` }),
      await admin.send({ method: 'GET', url: '/api/catalog/cart/checkout' }),
      await admin.send({
        method: 'PATCH',
        url: `/api/catalog/order/${placed.id}`,
        payload: { cancel: true },
      }),
      // Who may call is decided before the body is read.
      await admin.send({ method: 'PATCH', url: `/api/catalog/order/${placed.id}`, payload: { cancel: 'x' } }),
    ]) {
      expect(res.statusCode).toBe(403)
    }
    const guest = new TestClient(t.app)
    await guest.openPage()
    for (const res of [
      await guest.send({
        method: 'POST',
        url: '/api/catalog/cart',
        payload: { description: 'x'.repeat(5000) },
      }),
      await guest.send({ method: 'GET', url: '/api/catalog/orders' }),
      await guest.send({ method: 'PATCH', url: `/api/catalog/order/${placed.id}`, payload: { cancel: 'x' } }),
    ]) {
      expect(res.statusCode).toBe(401)
    }
    const bad = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/order/${placed.id}`,
      payload: { cancel: false },
    })
    expect(bad.statusCode).toBe(400)
  })
})
