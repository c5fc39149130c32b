import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Cart } from '../../../contracts/cart'
import type { Offer, OfferEditResult, OfferList } from '../../../contracts/offers'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
// A dealer of company C1 of its own in every test: its own cart, and offers no other test made.
let dealer: TestClient
const year = new Date().getFullYear()

type Product = { id: number; adet: number; koli: number; name: string }

/** A product with Adet and Koli (12 × the Adet price) units. */
async function product(opts: { price?: string; tax?: number; stock?: number; currencyId?: number } = {}) {
  const { price = '10', tax = 20, stock = 1000 } = opts
  const code = `F-${Math.random().toString(36).slice(2, 10)}`
  const name = `Ürün ${code}`
  const [p] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${name}, ${code.toLowerCase()}, ${opts.currencyId ?? fx.currencies.try.id}, ${price},
          ${tax}, ${stock}, ${turkishSortKey(code)}) returning id`,
  )
  const units = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${p!.id}, 'Adet', 1, ${price}, true, 0), (${p!.id}, 'Koli', 12, ${String(Number(price) * 12)}, false, 1)
        returning id`,
  )
  return { id: p!.id, adet: units[0]!.id, koli: units[1]!.id, name } satisfies Product
}

const addToCart = (client: TestClient, p: Product, quantity: number, unit = p.adet) =>
  client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=${quantity}&productValue=${unit}`,
  })

const makeOffer = (client: TestClient, form = '') =>
  client.send({
    method: 'POST',
    url: '/api/catalog/cart/offer',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  })

const getCart = async (client: TestClient): Promise<Cart> =>
  (await client.send({ method: 'GET', url: '/api/catalog/cart' })).json()
const clearCart = (client: TestClient) => client.send({ method: 'DELETE', url: '/api/catalog/cart' })
const list = async (client: TestClient, page = 1): Promise<OfferList> =>
  (await client.send({ method: 'GET', url: `/api/catalog/offers?page=${page}` })).json()
const findOffer = async (client: TestClient, id: number) => {
  for (let page = 1; ; page++) {
    const res = await list(client, page)
    const found = res.items.find((o) => o.id === id)
    if (found || page >= res.pages) return found
  }
}
const patch = (client: TestClient, url: string, payload?: object) =>
  client.send({ method: 'PATCH', url, ...(payload ? { payload } : {}) })

/** An offer of these lines ([product, quantity, unit?]) made by the client from an emptied cart. */
async function offerOf(client: TestClient, lines: Array<[Product, number, number?]>, form = '') {
  await clearCart(client)
  for (const [p, quantity, unit] of lines)
    expect((await addToCart(client, p, quantity, unit)).statusCode).toBe(200)
  const res = await makeOffer(client, form)
  expect(res.statusCode).toBe(200)
  return res.json() as Offer
}

/** Another dealer company (with a seller address) and one logged-in user of it. */
async function newDealer() {
  const company = await createCustomer(t.database.db, {
    address: 'Sanayi Cd. 12',
    town: 'Bornova',
    city: 'İzmir',
    phone: '0232 111 22 33',
    email: 'satis@firma.test',
  })
  return { customerId: company.id, client: await loggedInUser(t, company.id) }
}

/** The offer number after this one (offers of all companies share one counter per year). */
const nextNumber = (orderNo: string) =>
  orderNo.replace(/\d{6}$/, (n) => String(Number(n) + 1).padStart(6, '0'))

beforeAll(async () => {
  t = await createTestApp()
  fx = await seedAccounts(t.database.db)
})
beforeEach(async () => {
  dealer = await loggedInUser(t, fx.customers.c1.id, { name: 'Ahmet Yılmaz' })
})
afterAll(() => t.close())

describe('POST /api/catalog/cart/offer (make an offer of the cart)', () => {
  it('snapshots the lines at the prices the cart shows, numbers the offer and empties the cart', async () => {
    const a = await product({ price: '10', tax: 20, stock: 100 })
    const b = await product({ price: '7.5', tax: 10, stock: 100 })
    await clearCart(dealer)
    await addToCart(dealer, a, 1, a.koli)
    await addToCart(dealer, b, 3)
    const cart = await getCart(dealer)
    const res = await makeOffer(dealer)
    expect(res.statusCode).toBe(200)
    const offer: Offer = res.json()
    expect(offer.orderNo).toMatch(new RegExp(`^T${year}-\\d{6}$`))
    expect(offer).toMatchObject({
      isCancel: false,
      description: 'Sipariş notu yok',
      creator: 'Ahmet Yılmaz',
      customerName: null,
      customerEmail: null,
    })
    expect(
      offer.offerItems.map((i) => [i.name, i.unit, i.quantity, i.price.value, i.taxRate, i.profit, i.order]),
    ).toEqual([
      [a.name, 'Koli', 1, 120, 20, 0, 0],
      [b.name, 'Adet', 3, 7.5, 10, 0, 1],
    ])
    // Exactly what the cart page showed, line by line and in total.
    expect(offer.offerItems.map((i) => i.unitPrice.value)).toEqual(cart.items.map((l) => l.unitPrice.value))
    expect([offer.subtotal.value, offer.tax.value, offer.total.value]).toEqual([142.5, 26.25, 168.75])
    expect(offer.total).toEqual(cart.totals.total)
    expect((await getCart(dealer)).count).toBe(0)
    const [row] = await queryRows<{ multiplier: number; unit_id: number; quantity: number }>(
      t.database.db,
      sql`select multiplier, unit_id, quantity from offer_items where offer_id = ${offer.id} order by sort_order limit 1`,
    )
    expect(row).toEqual({ multiplier: 12, unit_id: a.koli, quantity: 1 })
    // No stock is taken by an offer.
    const stock = await queryRows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from products where id in (${a.id}, ${b.id}) order by id`,
    )
    expect(stock.map((s) => s.quantity)).toEqual([100, 100])
  })

  it("prices in the dealer's currency with the company's discount, and numbers the next offer", async () => {
    const dealer2 = await loggedInUser(t, fx.customers.c2.id) // Ege Hırdavat: profit −5 %
    const usd = await product({ price: '10', tax: 20, currencyId: fx.currencies.usd.id })
    const tl = await product({ price: '10', tax: 20 })
    const previous = await offerOf(dealer, [[tl, 1]])
    const offer = await offerOf(dealer2, [
      [usd, 1],
      [tl, 2],
    ])
    expect(offer.orderNo).toBe(nextNumber(previous.orderNo))
    // 10 USD × 0.95 × 42.35 = 402.325 → 402.33 TL; 10 TL × 0.95 = 9.50.
    expect(offer.offerItems.map((i) => i.price)).toEqual([
      { value: 402.33, currency: 'TRY' },
      { value: 9.5, currency: 'TRY' },
    ])
    expect([offer.subtotal.value, offer.tax.value, offer.total.value]).toEqual([421.33, 84.27, 505.6])
    // Shown in USD: the unit prices are the cart's USD prices (10 × 0.95 = 9.50; 9.50 TL ÷ 42.35 = 0.22).
    const setting = await dealer2.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'defaultCurrency', value: String(fx.currencies.usd.id) },
    })
    expect(setting.statusCode).toBe(200)
    const inUsd = await offerOf(dealer2, [
      [usd, 1],
      [tl, 2],
    ])
    expect(inUsd.offerItems.map((i) => i.price)).toEqual([
      { value: 9.5, currency: 'USD' },
      { value: 0.22, currency: 'USD' },
    ])
    const [row] = await queryRows<{ currency_code: string; currency_rate: string }>(
      t.database.db,
      sql`select currency_code, currency_rate::text from offers where id = ${inUsd.id}`,
    )
    expect(row).toEqual({ currency_code: 'USD', currency_rate: '42.350000' })
  })

  it('takes the description from urlencoded, multipart and JSON form data', async () => {
    const p = await product()
    const url = await offerOf(dealer, [[p, 1]], 'description=Fiyatlar+7+g%C3%BCn+ge%C3%A7erlidir')
    expect(url.description).toBe('Fiyatlar 7 gün geçerlidir')
    await addToCart(dealer, p, 1)
    const boundary = '----offer'
    const multipart = await dealer.send({
      method: 'POST',
      url: '/api/catalog/cart/offer',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nÇok acil\r\n--${boundary}--\r\n`,
    })
    expect(multipart.statusCode).toBe(200)
    expect(multipart.json().description).toBe('Çok acil')
    await addToCart(dealer, p, 1)
    const json = await dealer.send({
      method: 'POST',
      url: '/api/catalog/cart/offer',
      payload: { description: '  ' },
    })
    expect(json.json().description).toBe('Sipariş notu yok')
  })

  it('refuses an empty cart, and an offer while the store has offers turned off', async () => {
    await clearCart(dealer)
    const empty = await makeOffer(dealer)
    expect(empty.statusCode).toBe(400)
    expect(empty.json().error).toMatchObject({
      code: 'empty_cart',
      messages: { type: 'Sepetiniz boş; teklif oluşturulamaz.' },
    })
    const p = await product()
    await addToCart(dealer, p, 2)
    await setStoreSetting(t.database.db, 'b2b_teklif_ver_durum', false)
    const off = await makeOffer(dealer).finally(() =>
      setStoreSetting(t.database.db, 'b2b_teklif_ver_durum', true),
    )
    expect(off.statusCode).toBe(403)
    expect(off.json().error).toMatchObject({
      code: 'offers_disabled',
      messages: { type: 'Teklif verme şu anda kapalıdır.' },
    })
    expect((await getCart(dealer)).items.map((l) => l.quantity)).toEqual([2])
  })

  it('makes one offer of a double click (the second finds the cart empty)', async () => {
    const p = await product()
    await clearCart(dealer)
    await addToCart(dealer, p, 1)
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from offers`)
    const results = await Promise.all([makeOffer(dealer), makeOffer(dealer)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400])
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from offers`)).toEqual([
      { n: before[0]!.n + 1 },
    ])
  })

  it('refuses a cart holding a product that is no longer sold, keeping the cart', async () => {
    const p = await product()
    const gone = await product()
    await clearCart(dealer)
    await addToCart(dealer, p, 1)
    await addToCart(dealer, gone, 1)
    await t.database.db.execute(sql`update products set is_active = false where id = ${gone.id}`)
    const before = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from offers`)
    const res = await makeOffer(dealer)
    expect(res.statusCode).toBe(409)
    expect(res.json().error.messages.type).toBe(
      `${gone.name} artık satışta değil; lütfen sepetinizden çıkarın.`,
    )
    expect(await queryRows(t.database.db, sql`select count(*)::int as n from offers`)).toEqual(before)
    expect((await getCart(dealer)).count).toBe(2)
  })
})

describe('GET /api/catalog/offers', () => {
  it('lists the company’s offers newest first, 20 a page, with their own lines, the seller and no distributor logo', async () => {
    const { client, customerId } = await newDealer()
    const colleague = await loggedInUser(t, customerId)
    const p = await product()
    const made: Offer[] = []
    for (let i = 1; i <= 22; i++) made.push(await offerOf(i % 2 ? client : colleague, [[p, i]]))
    const first = await list(client)
    // The dealer is the seller on its own quote: the distributor's logo (the store has one) is not
    // printed above it, and a dealer has no logo of its own stored.
    expect(first).toMatchObject({ page: 1, pages: 2, limit: 20, total: 22, logo: null })
    expect(first.seller).toEqual({
      name: expect.stringMatching(/ Ticaret$/),
      address: 'Sanayi Cd. 12',
      town: 'Bornova',
      city: 'İzmir',
      phone: '0232 111 22 33',
      email: 'satis@firma.test',
    })
    expect(first.items).toHaveLength(20)
    const newestFirst = [...made].reverse()
    expect(first.items.map((o) => o.orderNo)).toEqual(newestFirst.slice(0, 20).map((o) => o.orderNo))
    // Each offer carries its own line (offer i holds i pieces).
    expect(first.items.map((o) => o.offerItems.map((l) => l.quantity))).toEqual(
      newestFirst.slice(0, 20).map((o) => [o.offerItems[0]!.quantity]),
    )
    expect(first.items[0]!.offerItems[0]!.quantity).toBe(22)
    const second = await list(client, 2)
    expect(second.items.map((o) => o.orderNo)).toEqual(newestFirst.slice(20).map((o) => o.orderNo))
    expect((await list(client, 99)).page).toBe(2)
    expect((await client.send({ method: 'GET', url: '/api/catalog/offers?page=abc' })).json().page).toBe(1)
    // Every user of the company sees the same list; another company sees none of it.
    expect((await list(colleague)).total).toBe(22)
    const other = await newDealer()
    expect(await list(other.client)).toMatchObject({ items: [], total: 0, pages: 0, page: 1 })
  })
})

describe('profit and customer of an offer', () => {
  it('applies a profit to one line and then to all lines, recomputing the totals', async () => {
    const a = await product({ price: '100', tax: 20 })
    const b = await product({ price: '50', tax: 10 })
    const offer = await offerOf(dealer, [
      [a, 2],
      [b, 3],
    ])
    expect([offer.subtotal.value, offer.tax.value, offer.total.value]).toEqual([350, 55, 405])
    const [lineA, lineB] = offer.offerItems.map((i) => i.id)
    const one = await patch(dealer, '/api/catalog/offer/update/profit', {
      [offer.orderNo]: { [lineA!]: 10 },
    })
    expect(one.statusCode).toBe(200)
    expect(one.json()).toEqual({ ok: true })
    let now = (await findOffer(dealer, offer.id))!
    expect(now.offerItems.map((i) => [i.profit, i.price.value, i.unitPrice.value, i.amount.value])).toEqual([
      [10, 100, 110, 220],
      [0, 50, 50, 150],
    ])
    expect([now.subtotal.value, now.tax.value, now.total.value]).toEqual([370, 59, 429])

    await patch(dealer, '/api/catalog/offer/update/profit', {
      [offer.orderNo]: { [lineA!]: 12.5, [lineB!]: 12.5 },
    })
    now = (await findOffer(dealer, offer.id))!
    // 112.50 × 2 = 225 (tax 45); 56.25 × 3 = 168.75 (tax 16.875); tax 61.875 → 61.88.
    expect(now.offerItems.map((i) => i.amount.value)).toEqual([225, 168.75])
    expect([now.subtotal.value, now.tax.value, now.total.value]).toEqual([393.75, 61.88, 455.63])

    // A discount, rounded to 2 decimals on the way in.
    await patch(dealer, '/api/catalog/offer/update/profit', { [offer.orderNo]: { [lineB!]: -7.256 } })
    now = (await findOffer(dealer, offer.id))!
    expect(now.offerItems[1]).toMatchObject({ profit: -7.26, unitPrice: { value: 46.37 } })
  })

  it('changes nothing unless every offer is the company’s and every line belongs to its offer', async () => {
    const p = await product({ price: '100' })
    const mine = await offerOf(dealer, [
      [p, 1],
      [p, 1, p.koli],
    ])
    const other = await offerOf(dealer, [[p, 1]])
    const theirs = await offerOf((await newDealer()).client, [[p, 1]])
    const profits = () =>
      queryRows<{ profit: string }>(
        t.database.db,
        sql`select profit::text from offer_items where offer_id in (${mine.id}, ${other.id}, ${theirs.id}) order by id`,
      ).then((rows) => rows.map((r) => r.profit))
    const before = await profits()
    const [l1, l2] = mine.offerItems.map((i) => i.id)
    for (const body of [
      // A line of another offer of the same company, next to a valid change.
      { [mine.orderNo]: { [l1!]: 5, [other.offerItems[0]!.id]: 5 } },
      // Another company's offer next to the company's own.
      { [mine.orderNo]: { [l2!]: 5 }, [theirs.orderNo]: { [theirs.offerItems[0]!.id]: 5 } },
      // An offer number that does not exist; a line id that does not exist.
      { 'T1999-000001': { [l1!]: 5 } },
      { [mine.orderNo]: { 999999999: 5 } },
      { [mine.orderNo]: { 9999999999: 5 } },
    ]) {
      const res = await patch(dealer, '/api/catalog/offer/update/profit', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(404)
    }
    expect(await profits()).toEqual(before)
    for (const body of [
      { [mine.orderNo]: { [l1!]: -100 } },
      { [mine.orderNo]: { [l1!]: 1000.01 } },
      { [mine.orderNo]: { [l1!]: '5' } },
      { [mine.orderNo]: { abc: 5 } },
      { 'S2026-000001': { [l1!]: 5 } },
      {},
    ]) {
      const res = await patch(dealer, '/api/catalog/offer/update/profit', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(await profits()).toEqual(before)
  })

  it('saves the customer (empty fields as null), refuses a bad e-mail and other companies’ offers', async () => {
    const p = await product()
    const offer = await offerOf(dealer, [[p, 1]])
    const save = (body: object) => patch(dealer, '/api/catalog/offer/update/customer', body)
    const res = await save({
      [offer.orderNo]: {
        customerName: ' Veli Kaya ',
        customerCompanyName: 'Kaya İnşaat',
        customerEmail: 'veli@kaya.test',
        customerPhone: '+90 (532) 111-22-33',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect(await findOffer(dealer, offer.id)).toMatchObject({
      customerName: 'Veli Kaya',
      customerCompanyName: 'Kaya İnşaat',
      customerEmail: 'veli@kaya.test',
      customerPhone: '+90 (532) 111-22-33',
    })
    const bad = await save({ [offer.orderNo]: { customerName: 'X', customerEmail: 'not-an-email' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.fields[`${offer.orderNo}.customerEmail`]).toBe(
      'Geçerli bir e-posta adresi giriniz.',
    )
    expect((await save({ [offer.orderNo]: { customerPhone: 'call me' } })).statusCode).toBe(400)
    const theirs = await offerOf((await newDealer()).client, [[p, 1]])
    const stolen = await save({
      [offer.orderNo]: { customerName: 'Başka' },
      [theirs.orderNo]: { customerName: 'Başka' },
    })
    expect(stolen.statusCode).toBe(404)
    expect((await findOffer(dealer, offer.id))!.customerName).toBe('Veli Kaya')
    expect(
      await queryRows(t.database.db, sql`select customer_name from offers where id = ${theirs.id}`),
    ).toEqual([{ customer_name: null }])
    // Clearing: empty strings are stored as null.
    await save({
      [offer.orderNo]: { customerName: '', customerCompanyName: '', customerEmail: '', customerPhone: '' },
    })
    const [row] = await queryRows(
      t.database.db,
      sql`select customer_name, customer_company_name, customer_email, customer_phone from offers where id = ${offer.id}`,
    )
    expect(row).toEqual({
      customer_name: null,
      customer_company_name: null,
      customer_email: null,
      customer_phone: null,
    })
  })
})

describe('cancel and edit', () => {
  it("cancels once; a second cancel fails with the spec's text and a cancelled offer cannot be changed", async () => {
    const p = await product()
    const offer = await offerOf(dealer, [[p, 1]])
    const cancel = () => patch(dealer, `/api/catalog/offer/${offer.id}`, { cancel: true })
    const first = await cancel()
    expect(first.statusCode).toBe(200)
    expect(first.json()).toMatchObject({ id: offer.id, isCancel: true })
    const second = await cancel()
    expect(second.statusCode).toBe(409)
    expect(second.json().error.messages.type).toBe(
      'Sipariş iptal edilemedi. Lütfen bizimle iletişime geçiniz.',
    )
    expect((await patch(dealer, `/api/catalog/offer/${offer.id}`, { cancel: false })).statusCode).toBe(400)
    const profit = await patch(dealer, '/api/catalog/offer/update/profit', {
      [offer.orderNo]: { [offer.offerItems[0]!.id]: 5 },
    })
    expect(profit.statusCode).toBe(409)
    expect(profit.json().error.messages.type).toBe('İptal edilmiş bir teklif değiştirilemez.')
    const customer = await patch(dealer, '/api/catalog/offer/update/customer', {
      [offer.orderNo]: { customerName: 'X' },
    })
    expect(customer.statusCode).toBe(409)
    expect((await findOffer(dealer, offer.id))!.isCancel).toBe(true)
  })

  it("puts the lines back into the cart through the cart's rules, listing the refused ones", async () => {
    const ok = await product({ stock: 100 })
    const inactive = await product({ stock: 100 })
    const short = await product({ stock: 100 })
    const deleted = await product({ stock: 100 })
    const offer = await offerOf(dealer, [
      [ok, 2, ok.koli],
      [inactive, 1],
      [short, 3],
      [deleted, 1],
    ])
    expect((await getCart(dealer)).count).toBe(0)
    await t.database.db.execute(sql`update products set is_active = false where id = ${inactive.id}`)
    await t.database.db.execute(sql`update products set quantity = 2 where id = ${short.id}`)
    await t.database.db.execute(
      sql`update offer_items set product_id = null, unit_id = null where offer_id = ${offer.id} and product_id = ${deleted.id}`,
    )
    const res = await patch(dealer, `/api/catalog/offer/edit/${offer.id}`)
    expect(res.statusCode).toBe(200)
    const body: OfferEditResult = res.json()
    expect(body.added).toBe(1)
    expect(body.refused).toEqual([
      {
        product: { id: inactive.id, code: expect.any(String), name: inactive.name },
        messages: { type: `${inactive.name} artık satışta değil.` },
      },
      {
        product: { id: short.id, code: expect.any(String), name: short.name },
        messages: { type: 'Bu üründen 3 adet bulunmamaktadır!' },
      },
      {
        product: { id: null, code: expect.any(String), name: deleted.name },
        messages: { type: `${deleted.name} artık satışta değil.` },
      },
    ])
    const cart = await getCart(dealer)
    expect(cart.items.map((l) => [l.product.id, l.productUnit.value, l.quantity])).toEqual([
      [ok.id, 'Koli', 2],
    ])
    // The offer itself is untouched.
    expect((await findOffer(dealer, offer.id))!.offerItems).toHaveLength(4)

    // Editing again adds to what the cart holds, still under the stock rule (24 + 24 of 100 is fine).
    const again: OfferEditResult = (
      await dealer.send({
        method: 'PATCH',
        url: `/api/catalog/offer/edit/${offer.id}`,
        headers: { 'accept-language': 'en' },
      })
    ).json()
    expect(again.added).toBe(1)
    // The reasons come in the caller's language.
    expect(again.refused.map((r) => r.messages.type)).toEqual([
      `${inactive.name} is no longer sold.`,
      'There are not 3 of this product in stock!',
      `${deleted.name} is no longer sold.`,
    ])
    expect((await getCart(dealer)).items.map((l) => l.quantity)).toEqual([4])
  })

  it('answers 409 with the first reason when no line can go back; a cancelled offer can be edited', async () => {
    const p = await product({ stock: 5 })
    const q = await product({ stock: 5 })
    const offer = await offerOf(dealer, [
      [p, 5],
      [q, 1],
    ])
    await t.database.db.execute(sql`update products set quantity = 1 where id = ${p.id}`)
    await t.database.db.execute(sql`update products set is_active = false where id = ${q.id}`)
    const res = await patch(dealer, `/api/catalog/offer/edit/${offer.id}`)
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatchObject({
      code: 'insufficient_stock',
      messages: { type: 'Bu üründen 5 adet bulunmamaktadır!' },
    })
    expect((await getCart(dealer)).count).toBe(0)

    await t.database.db.execute(
      sql`update products set quantity = 10, is_active = true where id in (${p.id}, ${q.id})`,
    )
    await patch(dealer, `/api/catalog/offer/${offer.id}`, { cancel: true })
    const edited = await patch(dealer, `/api/catalog/offer/edit/${offer.id}`)
    expect(edited.json()).toEqual({ ok: true, added: 2, refused: [] })
  })
})

describe('who may call', () => {
  it('documents every offer call under the offers tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    const calls = [
      ['post', '/api/catalog/cart/offer'],
      ['get', '/api/catalog/offers'],
      ['patch', '/api/catalog/offer/{id}'],
      ['patch', '/api/catalog/offer/mail/{id}'],
      ['patch', '/api/catalog/offer/edit/{id}'],
      ['patch', '/api/catalog/offer/update/profit'],
      ['patch', '/api/catalog/offer/update/customer'],
    ]
    for (const [method, url] of calls) {
      expect(doc.paths[url!]?.[method!], `${method} ${url}`).toMatchObject({
        tags: ['offers'],
        summary: expect.any(String),
      })
    }
  })

  it('answers 404 to another company, 403 to an administrator and 401 to a guest, on every verb', async () => {
    const p = await product()
    const offer = await offerOf(dealer, [[p, 1]])
    await patch(dealer, '/api/catalog/offer/update/customer', {
      [offer.orderNo]: { customerName: 'Müşteri', customerEmail: 'musteri@firma.test' },
    })
    const calls = (client: TestClient) => [
      patch(client, `/api/catalog/offer/${offer.id}`, { cancel: true }),
      patch(client, `/api/catalog/offer/mail/${offer.id}`),
      patch(client, `/api/catalog/offer/edit/${offer.id}`),
      patch(client, '/api/catalog/offer/update/profit', {
        [offer.orderNo]: { [offer.offerItems[0]!.id]: 5 },
      }),
      patch(client, '/api/catalog/offer/update/customer', { [offer.orderNo]: { customerName: 'X' } }),
    ]
    const other = (await newDealer()).client
    await clearCart(other)
    for (const [i, res] of (await Promise.all(calls(other))).entries()) {
      expect(res.statusCode, `call ${i}`).toBe(404)
      expect(res.json().error.code).toBe('not_found')
    }
    expect((await getCart(other)).count).toBe(0)

    const admin = await loggedInUser(t, null)
    const guest = new TestClient(t.app)
    await guest.openPage()
    for (const [client, status] of [
      [admin, 403],
      [guest, 401],
    ] as const) {
      const all = [
        ...(await Promise.all(calls(client))),
        await makeOffer(client),
        await client.send({ method: 'GET', url: '/api/catalog/offers' }),
        // Even a malformed body is answered by who calls first.
        await patch(client, '/api/catalog/offer/update/profit', { nope: 1 }),
      ]
      for (const [i, res] of all.entries()) expect(res.statusCode, `call ${i}`).toBe(status)
    }
    // Nothing happened to the offer.
    const still = (await findOffer(dealer, offer.id))!
    expect(still).toMatchObject({ isCancel: false, customerName: 'Müşteri' })
    expect(still.offerItems[0]!.profit).toBe(0)
  })
})
