import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { StoreNotifications } from '../../../contracts/store-notifications'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { makeOffer, placeOrder, stockedProduct } from '../../test/owned-records'
import { addToCart, cardForm, cardProduct, enableCardPlans, paySandbox } from '../../test/payments'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

let t: TestApp
let owner: TestClient

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null, { staffRole: 'owner' })
})
afterAll(() => t.close())

/** Each test starts with no addresses set and the store's own address given. */
beforeEach(async () => {
  await t.database.db.execute(sql`delete from store_settings where key = 'storeMailRecipients'`)
  await setStoreEmail('info@magaza.test')
})

async function setStoreEmail(email: string | null) {
  await t.database.db.execute(
    sql`insert into store_info (id, name, email) values (1, 'Toptan', ${email})
        on conflict (id) do update set email = excluded.email`,
  )
}

const setRecipients = (client: TestClient, recipients: unknown) =>
  client.send({ method: 'PUT', url: '/yonetim/settings/notifications', payload: { recipients } })

type Mail = {
  kind: string
  recipient: string
  subject: string
  text: string
  order_id: number | null
  offer_id: number | null
}
const storeMails = (column: 'order_id' | 'offer_id', id: number) =>
  queryRows<Mail>(
    t.database.db,
    column === 'order_id'
      ? sql`select kind, recipient, subject, text, order_id, offer_id from mail_outbox
            where order_id = ${id} and kind like 'store_%' order by recipient`
      : sql`select kind, recipient, subject, text, order_id, offer_id from mail_outbox
            where offer_id = ${id} and kind like 'store_%' order by recipient`,
  )

async function dealer() {
  const company = await createCustomer(t.database.db, { name: 'Kaya Hırdavat Ltd.' })
  return { company, client: await loggedInUser(t, company.id, { name: 'Ayşe Kaya' }) }
}

describe('the store notification addresses', () => {
  it('are set by the owner, lower-cased, and read back with the store address they stand in for', async () => {
    const res = await setRecipients(owner, [' Satis@Magaza.test', 'depo@magaza.test'])
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      recipients: ['satis@magaza.test', 'depo@magaza.test'],
      storeEmail: 'info@magaza.test',
    } satisfies StoreNotifications)
    const read = await owner.send({ method: 'GET', url: '/yonetim/settings/notifications' })
    expect(read.json()).toEqual(res.json())
  })

  it.each([
    ['an address that is not one', ['satis@magaza.test', 'satis']],
    ['the same address twice', ['satis@magaza.test', 'SATIS@magaza.test']],
    ['more than ten', Array.from({ length: 11 }, (_, i) => `s${i}@magaza.test`)],
    ['no list', 'satis@magaza.test'],
  ])('refuses %s and keeps what was set', async (_name, recipients) => {
    expect((await setRecipients(owner, ['eski@magaza.test'])).statusCode).toBe(200)
    expect((await setRecipients(owner, recipients)).statusCode).toBe(400)
    const read = await owner.send({ method: 'GET', url: '/yonetim/settings/notifications' })
    expect((read.json() as StoreNotifications).recipients).toEqual(['eski@magaza.test'])
  })

  it('lets a read-only user look but not change them; sales and accounting neither', async () => {
    const readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
    expect((await readonly.send({ method: 'GET', url: '/yonetim/settings/notifications' })).statusCode).toBe(
      200,
    )
    expect((await setRecipients(readonly, [])).statusCode).toBe(403)
    for (const staffRole of ['sales', 'accounting'] as const) {
      const staff = await loggedInUser(t, null, { staffRole })
      expect((await staff.send({ method: 'GET', url: '/yonetim/settings/notifications' })).statusCode).toBe(
        403,
      )
    }
  })
})

describe("the store's mail of a new order", () => {
  it('goes to every address set, with the dealer, who ordered, the total, the lines and a link to the staff list', async () => {
    await setRecipients(owner, ['satis@magaza.test', 'depo@magaza.test'])
    const { company, client } = await dealer()
    const order = await placeOrder(client, await stockedProduct(t))
    const mails = await storeMails('order_id', order.id)
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['store_order', 'depo@magaza.test'],
      ['store_order', 'satis@magaza.test'],
    ])
    const [mail] = mails
    expect(mail!.subject).toMatch(new RegExp(`^Yeni sipariş ${order.orderNo}: Kaya Hırdavat Ltd\\. — `))
    expect(mail!.text).toContain(`Bayi: Kaya Hırdavat Ltd. (${company.code})`)
    expect(mail!.text).toContain('Oluşturan: Ayşe Kaya <')
    expect(mail!.text).toContain(`Genel toplam: `)
    expect(mail!.text).toContain(order.orderItems[0]!.code)
    expect(mail!.text).toContain(
      `${t.deps.config.publicUrl}/yonetim/siparisler?q=${encodeURIComponent(order.orderNo)}`,
    )
    expect(mail!.text).not.toContain('kredi kartıyla')
  })

  it("goes to the store's own address while none is set, and nowhere without one", async () => {
    const { client } = await dealer()
    const product = await stockedProduct(t)
    const first = await placeOrder(client, product)
    expect((await storeMails('order_id', first.id)).map((m) => m.recipient)).toEqual(['info@magaza.test'])
    await setStoreEmail(null)
    const second = await placeOrder(client, product)
    expect(await storeMails('order_id', second.id)).toEqual([])
  })

  it('is queued once for an order whose request was sent twice', async () => {
    const { client } = await dealer()
    const product = await stockedProduct(t)
    await client.send({
      method: 'POST',
      url: `/api/catalog/cart/${product.id}`,
      payload: { quantity: 1, productValue: product.unitId },
    })
    const send = () =>
      client.send({
        method: 'POST',
        url: '/api/catalog/cart',
        payload: {},
        headers: { 'idempotency-key': 'store-notice-1' },
      })
    const [a, b] = [await send(), await send()]
    expect(a.statusCode).toBe(200)
    expect(b.json().id).toBe(a.json().id)
    expect(await storeMails('order_id', a.json().id)).toHaveLength(1)
  })

  it('says an order paid by card was paid by card', async () => {
    const planId = await enableCardPlans(t)
    const { client } = await dealer()
    await addToCart(client, await cardProduct(t, { price: '100', cardPrice: '110', stock: 5 }), 1)
    const { callback } = await paySandbox(
      t,
      client,
      cardForm({ paymentType: 'order', advencePrice: String(planId) }),
    )
    expect(callback?.statusCode).toBe(200)
    const [order] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select o.id from orders o join users u on u.id = o.user_id where u.email = ${client.user.email}`,
    )
    const mails = await storeMails('order_id', order!.id)
    expect(mails.map((m) => m.recipient)).toEqual(['info@magaza.test'])
    expect(mails[0]!.text).toContain('Ödeme: kredi kartıyla ödendi')
  })
})

describe("the store's mail of a new offer", () => {
  it('goes to every address with the offer, its lines and total, and no link yet', async () => {
    await setRecipients(owner, ['teklif@magaza.test'])
    const { client } = await dealer()
    const offer = await makeOffer(client, await stockedProduct(t))
    const mails = await storeMails('offer_id', offer.id)
    expect(mails.map((m) => [m.kind, m.recipient])).toEqual([['store_offer', 'teklif@magaza.test']])
    expect(mails[0]!.subject).toMatch(new RegExp(`^Yeni teklif ${offer.orderNo}: Kaya Hırdavat Ltd\\. — `))
    expect(mails[0]!.text).toContain(offer.offerItems[0]!.code)
    expect(mails[0]!.text).not.toContain('/yonetim')
  })
})
