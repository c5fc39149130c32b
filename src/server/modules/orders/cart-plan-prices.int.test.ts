import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutInfo, Order } from '../../../contracts/orders'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { cardForm, startPayment } from '../../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

/*
 * What the cart page shows in a payment plan is what the order (or the card) is charged: the
 * checkout figures price every line in the plan by the rule the order uses, and the order and the
 * card payment then come to exactly those numbers.
 */

let t: TestApp
let plans: { cash: number; days30: number; card: number }

/** A TRY product with a 30-day price (advencePrice1) and a card price (advencePrice3), Adet and Koli(6). */
async function product(sale: string, days30: string, card: string) {
  const code = `PP-${Math.random().toString(36).slice(2, 10)}`
  const db = t.database.db
  const [p] = await queryRows<{ id: number }>(
    db,
    sql`insert into products (code, name, seo, currency_id, sale_price, advence_price1, advence_price3, tax_rate, quantity, name_sort)
        values (${code}, ${`Ürün ${code}`}, ${code.toLowerCase()}, (select id from currencies where code = 'TRY'),
          ${sale}, ${days30}, ${card}, 20, 500, ${turkishSortKey(code)}) returning id`,
  )
  const units = await queryRows<{ id: number }>(
    db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${p!.id}, 'Adet', 1, ${sale}, true, 0), (${p!.id}, 'Koli', 6, ${String(Number(sale) * 5.5)}, false, 1)
        returning id`,
  )
  const [w] = await queryRows<{ id: number }>(
    db,
    sql`insert into warehouses (code, name, sort_order) values ('PPW', 'Plan Depo', 0)
        on conflict (code) do update set name = excluded.name returning id`,
  )
  await db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${p!.id}, ${w!.id}, 500)`,
  )
  return { id: p!.id, adet: units[0]!.id, koli: units[1]!.id }
}

const add = (client: TestClient, p: { id: number }, unit: number, quantity: number) =>
  client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=${quantity}&productValue=${unit}`,
  })

/** A dealer of a company of its own with a cart of three lines of two products. */
async function dealerWithCart() {
  const company = await createCustomer(t.database.db)
  const dealer = await loggedInUser(t, company.id)
  const a = await product('1000', '1030', '1070.15')
  const b = await product('33.33', '34.33', '35.99')
  expect((await add(dealer, a, a.adet, 3)).statusCode).toBe(200)
  expect((await add(dealer, b, b.adet, 7)).statusCode).toBe(200)
  expect((await add(dealer, b, b.koli, 2)).statusCode).toBe(200)
  return dealer
}

const checkoutOf = async (dealer: TestClient): Promise<CheckoutInfo> =>
  (await dealer.send({ method: 'GET', url: '/api/catalog/cart/checkout' })).json()

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  await setStoreSetting(t.database.db, 'showPaymentPlanPrice', true)
  await t.database.db.execute(
    sql`insert into payment_plans (name, price_name, sort_order) values ('30 Gün Vadeli', 'advencePrice1', 1)`,
  )
  const rows = await queryRows<{ id: number; price_name: string }>(
    t.database.db,
    sql`select id, price_name from payment_plans`,
  )
  const idOf = (name: string) => rows.find((r) => r.price_name === name)!.id
  plans = { cash: idOf('salePrice'), days30: idOf('advencePrice1'), card: idOf('advencePrice3') }
})
afterAll(() => t.close())

describe('the cart in a payment plan', () => {
  it('prices every line in the plan: the lines add up to the totals shown for it', async () => {
    const dealer = await dealerWithCart()
    const cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
    const info = await checkoutOf(dealer)
    const days30 = info.plans.find((p) => p.id === plans.days30)!
    // One figure per cart line, in the cart's order, for its unit and quantity.
    expect(days30.lines.map((l) => [l.id, l.unitId, l.quantity])).toEqual(
      cart.items.map((l: { id: number; productUnit: { id: number }; quantity: number }) => [
        l.id,
        l.productUnit.id,
        l.quantity,
      ]),
    )
    // 1030 × 3; 34,33 × 7; Koli: 33,33 × 5,5 = 183,315 scaled by 34,33/33,33 = 188,815 → 188,82 × 2
    expect(days30.lines.map((l) => [l.unitPrice.value, l.amount.value, l.priced])).toEqual([
      [1030, 3090, true],
      [34.33, 240.31, true],
      [188.82, 377.64, true],
    ])
    const sum = days30.lines.reduce((s, l) => s + l.amount.value, 0)
    expect(days30.subtotal.value).toBeCloseTo(sum, 2)
    expect(days30.baseTotals.total.value).toBe(days30.baseTotal)
    // The cash plan's figures are the cart's own.
    const cash = info.plans.find((p) => p.id === plans.cash)!
    expect(cash.lines.map((l) => l.amount.value)).toEqual(
      cart.items.map((l: { amount: { value: number } }) => l.amount.value),
    )
    expect(cash.total).toEqual(cart.totals.total)
  })

  it('orders in the 30-day plan at exactly the lines and total the cart showed for it', async () => {
    const dealer = await dealerWithCart()
    const shown = (await checkoutOf(dealer)).plans.find((p) => p.id === plans.days30)!
    const res = await dealer.send({
      method: 'POST',
      url: '/api/catalog/cart',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `advencePrice=${plans.days30}`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const order: Order = res.json()
    expect(order.paymentPlan).toBe('30 Gün Vadeli')
    expect([order.subtotal, order.tax, order.total]).toEqual([shown.subtotal, shown.tax, shown.total])
    expect(order.orderItems.map((i) => i.price.value)).toEqual(shown.lines.map((l) => l.unitPrice.value))
    expect(order.orderItems.map((i) => i.amount.value)).toEqual(shown.lines.map((l) => l.amount.value))
  })

  it("charges the card the card plan's total the cart showed", async () => {
    const dealer = await dealerWithCart()
    const shown = (await checkoutOf(dealer)).plans.find((p) => p.id === plans.card)!
    const res = await startPayment(
      dealer,
      cardForm({ paymentType: 'order', advencePrice: String(plans.card), amount: '1.00' }),
    )
    expect(res.statusCode, res.body).toBe(200)
    const [intent] = await queryRows<{ amount: string }>(
      t.database.db,
      sql`select amount from payment_intents where id = ${res.json().intentId}`,
    )
    expect(Number(intent!.amount)).toBe(shown.baseTotal)
    expect(Number(intent!.amount)).toBe(shown.total.value)
  })

  it('marks a line without a price in the plan, which the order then refuses', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const p = await product('100', '0', '110')
    await add(dealer, p, p.adet, 2)
    const days30 = (await checkoutOf(dealer)).plans.find((x) => x.id === plans.days30)!
    expect(days30.lines.map((l) => [l.priced, l.amount.value])).toEqual([[false, 0]])
    const res = await dealer.send({
      method: 'POST',
      url: '/api/catalog/cart',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `advencePrice=${plans.days30}`,
    })
    expect(res.json().error.code).toBe('no_price')
  })
})
