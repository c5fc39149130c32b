import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Offer } from '../../contracts/offers'
import type { Order } from '../../contracts/orders'
import { turkishSortKey } from '../../domain/turkish-text'
import { queryRows } from './db-helpers'
import { cardForm, enableCardPlans, startPayment } from './payments'
import type { TestApp, TestClient } from './test-app'

export type Product = { id: number; unitId: number }

/** A product of 1000 units in one warehouse, priced 10 TL (its Adet unit). */
export async function stockedProduct(t: TestApp): Promise<Product> {
  const db = t.database.db
  const [w] = await queryRows<{ id: number }>(
    db,
    sql`insert into warehouses (code, name, sort_order) values ('OW', 'Ana Depo', 0)
        on conflict (code) do update set name = excluded.name returning id`,
  )
  const code = `R-${randomBytes(4).toString('hex')}`
  const [p] = await queryRows<{ id: number }>(
    db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${`Ürün ${code}`}, ${code.toLowerCase()}, (select id from currencies where code = 'TRY'),
          '10', 20, 1000, ${turkishSortKey(code)}) returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${p!.id}, 'Adet', 1, '10', true, 0) returning id`,
  )
  await db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${p!.id}, ${w!.id}, 1000)`,
  )
  return { id: p!.id, unitId: unit!.id }
}

export const addLine = (client: TestClient, p: Product, quantity = 1) =>
  client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    payload: { quantity, productValue: p.unitId },
  })

/** Places an order of one line of `p`, from whatever else the cart holds too. */
export async function placeOrder(client: TestClient, p: Product): Promise<Order> {
  const added = await addLine(client, p)
  if (added.statusCode !== 200) throw new Error(`add to cart ${added.statusCode}: ${added.body}`)
  const res = await client.send({ method: 'POST', url: '/api/catalog/cart', payload: {} })
  if (res.statusCode !== 200) throw new Error(`order ${res.statusCode}: ${res.body}`)
  return res.json()
}

/** An offer of one line of `p` for a customer with an e-mail address, so it can be mailed. */
export async function makeOffer(client: TestClient, p: Product): Promise<Offer> {
  await client.send({ method: 'DELETE', url: '/api/catalog/cart' })
  await addLine(client, p)
  const res = await client.send({ method: 'POST', url: '/api/catalog/cart/offer', payload: {} })
  if (res.statusCode !== 200) throw new Error(`offer ${res.statusCode}: ${res.body}`)
  const offer: Offer = res.json()
  const customer = await client.send({
    method: 'PATCH',
    url: '/api/catalog/offer/update/customer',
    payload: {
      [offer.orderNo]: {
        customerName: 'Veli Kaya',
        customerCompanyName: 'Kaya Ltd.',
        customerEmail: 'veli@kaya.test',
        customerPhone: '',
      },
    },
  })
  if (customer.statusCode !== 200) throw new Error(`offer customer ${customer.statusCode}: ${customer.body}`)
  await client.send({ method: 'DELETE', url: '/api/catalog/cart' })
  return offer
}

/** A fault report of the client's company, with a photo (written straight into the table). */
export async function faultReport(t: TestApp, customerId: number, userId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into fault_reports (report_no, customer_id, user_id, product_code, description, contact_phone,
          photo, photo_type)
        values (${`AR-T-${randomBytes(3).toString('hex')}`}, ${customerId}, ${userId}, 'X-1', 'Çalışmıyor.',
          '+90 532 123 45 67', ${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])}, 'image/jpeg')
        returning id`,
  )
  return row!.id
}

/** A card payment the client started (pending, on the sandbox POS): its intent id. */
export async function startedPayment(t: TestApp, client: TestClient): Promise<string> {
  await enableCardPlans(t)
  const res = await startPayment(client, cardForm({ amount: '100.00' }))
  if (res.statusCode !== 200) throw new Error(`payment ${res.statusCode}: ${res.body}`)
  return res.json().intentId
}
