import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Offer } from '../../../contracts/offers'
import type { StaffOfferDetail, StaffOfferList, StaffOfferOrdered } from '../../../contracts/staff-offers'
import { DEFAULT_TIME_ZONE, dayIn } from '../../../domain/date-format'
import { auditTrail } from '../../test/audit'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { addToCart, cardProduct } from '../../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let sales: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null)
  sales = await loggedInUser(t, null, { staffRole: 'sales' })
  // The store's own address: it gets the store's notice of each new order.
  await t.database.db.execute(
    sql`insert into store_info (id, name, email) values (1, 'Toptan', 'info@magaza.test')
        on conflict (id) do update set email = excluded.email`,
  )
})
afterAll(() => t.close())

type Product = { id: number; unitId: number }

/** An offer of these lines ([product, quantity]) made by the dealer from its cart. */
async function offerOf(dealer: TestClient, lines: Array<[Product, number]>, form = '') {
  for (const [product, quantity] of lines)
    expect((await addToCart(dealer, product, quantity)).statusCode).toBe(200)
  const res = await dealer.send({
    method: 'POST',
    url: '/api/catalog/cart/offer',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as Offer
}

/** A company with a dealer user who made one offer of one product (price 100 + 20 % tax, stock 50). */
async function dealerWithOffer(opts: { price?: string; quantity?: number; stock?: number } = {}) {
  const { price = '100', quantity = 2, stock = 50 } = opts
  const company = await createCustomer(t.database.db)
  const dealer = await loggedInUser(t, company.id)
  const product = await cardProduct(t, { price, cardPrice: price, stock })
  const offer = await offerOf(dealer, [[product, quantity]])
  return { company, dealer, product, offer }
}

const list = async (client: TestClient, query: string) => {
  const res = await client.send({ method: 'GET', url: `/yonetim/offers?${query}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as StaffOfferList
}

const detail = async (client: TestClient, id: number) => {
  const res = await client.send({ method: 'GET', url: `/yonetim/offers/${id}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as StaffOfferDetail
}

const convert = (client: TestClient, id: number, locale?: 'en') =>
  client.send({
    method: 'POST',
    url: `/yonetim/offers/${id}/order`,
    ...(locale ? { headers: { 'accept-language': locale, 'x-requested-with': 'XMLHttpRequest' } } : {}),
  })

const stockOf = async (productId: number) =>
  (
    await queryRows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from products where id = ${productId}`,
    )
  )[0]!.quantity

const ordersOfCompany = (customerId: number) =>
  queryRows<{ id: number; order_no: string; user_id: number; total: string; currency_code: string }>(
    t.database.db,
    sql`select id, order_no, user_id, total::text, currency_code from orders where customer_id = ${customerId}`,
  )

describe('GET /yonetim/offers', () => {
  it("lists every dealer's offers with the dealer, filtered by dealer, status, number and day", async () => {
    const a = await dealerWithOffer({ price: '100' })
    const b = await dealerWithOffer({ price: '300', quantity: 1 })
    const byNo = await list(owner, `q=${a.offer.orderNo.slice(-6).toLowerCase()}`)
    expect(byNo.items.map((row) => row.offerNo)).toContain(a.offer.orderNo)

    const ofA = await list(sales, `customerId=${a.company.id}`)
    expect(ofA).toMatchObject({ total: 1, page: 1, pages: 1, limit: 50 })
    expect(ofA.items[0]).toEqual({
      id: a.offer.id,
      offerNo: a.offer.orderNo,
      date: a.offer.date,
      dealer: { id: a.company.id, code: a.company.code, name: a.company.name },
      creator: a.dealer.user.name,
      status: 'open',
      total: { value: 240, currency: 'TRY' },
      customerName: null,
    })

    // The filter's days are the store's (Istanbul): at 21:00 UTC its day is already the next one.
    const today = dayIn(b.offer.date, DEFAULT_TIME_ZONE)
    expect((await list(owner, `customerId=${b.company.id}&from=${today}&to=${today}`)).total).toBe(1)
    expect((await list(owner, `customerId=${b.company.id}&from=2020-01-01&to=2020-01-02`)).total).toBe(0)
    expect((await list(owner, `customerId=${b.company.id}&status=ordered`)).total).toBe(0)
    expect((await list(owner, `customerId=${b.company.id}&status=open`)).total).toBe(1)
  })

  it('shows the offer’s own customer, pages 50 at a time newest first, and ignores a nonsense filter', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const product = await cardProduct(t, { price: '10', cardPrice: '10', stock: 1000 })
    const first = await offerOf(dealer, [[product, 1]])
    await dealer.send({
      method: 'PATCH',
      url: '/api/catalog/offer/update/customer',
      payload: { [first.orderNo]: { customerName: 'Ayşe Yılmaz' } },
    })
    // The rest straight in the table: 51 offers make two pages.
    await t.database.db.execute(
      sql`insert into offers (offer_no, user_id, customer_id, description, currency_code, currency_rate, created_at)
          select 'T1999-' || lpad(g::text, 6, '0') || ${String(company.id).slice(-2)}, ${dealer.user.id}, ${company.id}, 'x', 'TRY', 1,
            now() - interval '1 day' - g * interval '1 minute'
          from generate_series(1, 50) g`,
    )
    const page1 = await list(owner, `customerId=${company.id}`)
    expect(page1).toMatchObject({ total: 51, pages: 2, page: 1 })
    expect(page1.items).toHaveLength(50)
    expect(page1.items[0]).toMatchObject({ id: first.id, customerName: 'Ayşe Yılmaz' })
    const page2 = await list(owner, `customerId=${company.id}&page=2`)
    expect(page2.items).toHaveLength(1)
    expect(page2.items[0]!.date < page1.items[49]!.date).toBe(true)
    const junk = await list(owner, `customerId=${company.id}&status=lost&from=yesterday&to=x&page=-3`)
    expect(junk).toMatchObject({ total: 51, page: 1 })
    // A page past the end reads as the last.
    expect((await list(owner, `customerId=${company.id}&page=99`)).page).toBe(2)
  })

  it('is not for dealers', async () => {
    const { dealer } = await dealerWithOffer()
    expect((await dealer.send({ method: 'GET', url: '/yonetim/offers' })).statusCode).toBe(403)
  })
})

describe('GET /yonetim/offers/{id}', () => {
  it('answers the offer with its lines and totals as quoted, convertible while open', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const p1 = await cardProduct(t, { price: '12.5', cardPrice: '12.5', stock: 100 })
    const p2 = await cardProduct(t, { price: '40', cardPrice: '40', stock: 100 })
    const offer = await offerOf(dealer, [
      [p1, 4],
      [p2, 1],
    ])
    // The dealer's mark-up for its customer is not what the distributor charges: not in staff's figures.
    await dealer.send({
      method: 'PATCH',
      url: '/api/catalog/offer/update/profit',
      payload: { [offer.orderNo]: { [offer.offerItems[0]!.id]: 50 } },
    })
    const answer = await detail(sales, offer.id)
    expect(answer).toMatchObject({
      id: offer.id,
      offerNo: offer.orderNo,
      dealer: { id: company.id, code: company.code, name: company.name },
      creator: dealer.user.name,
      status: 'open',
      subtotal: { value: 90, currency: 'TRY' },
      tax: { value: 18, currency: 'TRY' },
      total: { value: 108, currency: 'TRY' },
      order: null,
      convertible: true,
    })
    expect(answer.lines.map((l) => [l.code, l.quantity, l.unit, l.price.value, l.lineTotal.value])).toEqual([
      [offer.offerItems[0]!.code, 4, 'Adet', 12.5, 50],
      [offer.offerItems[1]!.code, 1, 'Adet', 40, 40],
    ])
    expect((await sales.send({ method: 'GET', url: '/yonetim/offers/999999999' })).statusCode).toBe(404)
  })
})

describe('POST /yonetim/offers/{id}/order', () => {
  it("writes the dealer user's order at the offer's prices, takes the stock, mails, and records who did it", async () => {
    const { company, dealer, product, offer } = await dealerWithOffer({ price: '100', quantity: 3 })
    // The catalogue price rose since the offer: the order keeps the quoted price.
    await t.database.db.execute(
      sql`update product_units set default_price = 150 where product_id = ${product.id}`,
    )
    await t.database.db.execute(sql`update products set sale_price = 150 where id = ${product.id}`)
    const res = await convert(sales, offer.id)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json() as StaffOfferOrdered
    expect(answer.order.orderNo).toMatch(/^S\d{4}-\d{6}$/)
    expect(answer.offer).toMatchObject({
      status: 'ordered',
      convertible: false,
      order: { id: answer.order.id, orderNo: answer.order.orderNo },
    })

    const [order] = await ordersOfCompany(company.id)
    expect(order).toMatchObject({ id: answer.order.id, user_id: dealer.user.id, currency_code: 'TRY' })
    expect(Number(order!.total)).toBe(360)
    const lines = await queryRows<{
      product_id: number
      quantity: number
      unit_price: string
      amount: string
    }>(
      t.database.db,
      sql`select product_id, quantity, unit_price::text, amount::text from order_items where order_id = ${order!.id}`,
    )
    expect(lines.map((l) => [l.product_id, l.quantity, Number(l.unit_price), Number(l.amount)])).toEqual([
      [product.id, 3, 100, 300],
    ])
    expect(await stockOf(product.id)).toBe(47)

    // The dealer sees it among its orders.
    const own = (await dealer.send({ method: 'GET', url: '/api/catalog/orders' })).json()
    expect(own.items.map((o: { orderNo: string }) => o.orderNo)).toContain(answer.order.orderNo)

    const mails = await queryRows<{ kind: string; recipient: string }>(
      t.database.db,
      sql`select kind, recipient from mail_outbox where order_id = ${order!.id} order by id`,
    )
    expect(mails).toContainEqual({ kind: 'order_confirmation', recipient: dealer.user.email })
    // The store's notice of a new order, as for an order the dealer placed.
    expect(mails).toContainEqual({ kind: 'store_order', recipient: 'info@magaza.test' })

    expect(await auditTrail(t.database.db, 'offer', offer.id)).toEqual([
      expect.objectContaining({
        actorUserId: sales.user.id,
        actorName: sales.user.name,
        action: 'order',
        changes: expect.arrayContaining([
          { field: 'status', old: 'open', new: 'ordered' },
          { field: 'orderNo', old: null, new: answer.order.orderNo },
        ]),
      }),
    ])
    expect((await list(owner, `customerId=${company.id}&status=ordered`)).total).toBe(1)
  })

  it('refuses an offer already ordered or cancelled with 409 and a message, in English too', async () => {
    const { dealer, offer } = await dealerWithOffer()
    expect((await convert(owner, offer.id)).statusCode).toBe(200)
    const again = await convert(owner, offer.id)
    expect(again.statusCode).toBe(409)
    expect(again.json().error.messages.type).toMatch(/^Bu teklif zaten S\d{4}-\d{6} numaralı siparişe/)
    // The dealer can no longer cancel an offer that became an order.
    const cancel = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/offer/${offer.id}`,
      payload: { cancel: true },
    })
    expect(cancel.statusCode).toBe(409)

    const other = await dealerWithOffer()
    await other.dealer.send({
      method: 'PATCH',
      url: `/api/catalog/offer/${other.offer.id}`,
      payload: { cancel: true },
    })
    const cancelled = await convert(owner, other.offer.id, 'en')
    expect(cancelled.statusCode).toBe(409)
    expect(cancelled.json().error.messages.type).toBe('A cancelled offer cannot be converted into an order.')
    expect(await ordersOfCompany(other.company.id)).toEqual([])
    expect(await auditTrail(t.database.db, 'offer', other.offer.id)).toEqual([])
  })

  it('refuses an offer whose stock is no longer there, takes nothing and leaves it open', async () => {
    const { company, product, offer } = await dealerWithOffer({ quantity: 5, stock: 10 })
    await t.database.db.execute(sql`update products set quantity = 3 where id = ${product.id}`)
    await t.database.db.execute(sql`update product_stocks set quantity = 3 where product_id = ${product.id}`)
    const res = await convert(sales, offer.id)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.code).toBe('insufficient_stock')
    expect(res.json().error.messages.type).toContain('ürününden 5 adet bulunmamaktadır')
    expect(await stockOf(product.id)).toBe(3)
    expect(await ordersOfCompany(company.id)).toEqual([])
    expect((await detail(sales, offer.id)).convertible).toBe(true)
  })

  it('refuses a product no longer sold, a dealer switched off and a blocked risk limit, as a dealer order is', async () => {
    const gone = await dealerWithOffer()
    await t.database.db.execute(sql`update products set is_active = false where id = ${gone.product.id}`)
    const refusedGone = await convert(sales, gone.offer.id)
    expect([refusedGone.statusCode, refusedGone.json().error.code]).toEqual([409, 'unavailable'])
    expect(refusedGone.json().error.messages.type).toContain('artık satışta değil')

    const inactive = await dealerWithOffer()
    await t.database.db.execute(sql`update users set is_active = false where id = ${inactive.dealer.user.id}`)
    const refusedInactive = await convert(sales, inactive.offer.id)
    expect([refusedInactive.statusCode, refusedInactive.json().error.code]).toEqual([409, 'dealer_inactive'])

    const blocked = await dealerWithOffer()
    await t.database.db.execute(sql`update customers set risk_limit = 1 where id = ${blocked.company.id}`)
    await setStoreSetting(t.database.db, 'b2b_risk_limit_islem', true)
    try {
      const refusedRisk = await convert(sales, blocked.offer.id)
      expect([refusedRisk.statusCode, refusedRisk.json().error.code]).toEqual([409, 'risk_limit'])
    } finally {
      await setStoreSetting(t.database.db, 'b2b_risk_limit_islem', false)
    }
    for (const { company, product } of [gone, inactive, blocked]) {
      expect(await ordersOfCompany(company.id)).toEqual([])
      expect(await stockOf(product.id)).toBe(50)
    }
  })

  it('makes one order when two staff convert the same offer at once', async () => {
    const { company, product, offer } = await dealerWithOffer({ quantity: 2, stock: 50 })
    const answers = await Promise.all([convert(sales, offer.id), convert(owner, offer.id)])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await ordersOfCompany(company.id)).toHaveLength(1)
    expect(await stockOf(product.id)).toBe(48)
    expect(await auditTrail(t.database.db, 'offer', offer.id)).toHaveLength(1)
  })

  it('is for sales and the owner only', async () => {
    const { offer } = await dealerWithOffer()
    for (const staffRole of ['accounting', 'readonly', 'catalogue'] as const) {
      const client = await loggedInUser(t, null, { staffRole })
      const res = await convert(client, offer.id)
      expect([staffRole, res.statusCode, res.json().error?.code]).toEqual([staffRole, 403, 'staff_role'])
    }
    const reader = await loggedInUser(t, null, { staffRole: 'accounting' })
    expect((await reader.send({ method: 'GET', url: `/yonetim/offers/${offer.id}` })).statusCode).toBe(200)
    expect((await convert(sales, offer.id)).statusCode).toBe(200)
  })
})
