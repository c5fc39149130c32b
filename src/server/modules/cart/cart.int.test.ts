import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AddToCartResponse, Cart } from '../../../contracts/cart'
import { turkishSortKey } from '../../../domain/turkish-text'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { loggedInUser, type TestUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
// Every test gets a dealer of its own (company C1), so it starts from an empty cart nobody else touches.
let dealer: TestClient & { user: TestUser }

type TestProduct = { id: number; units: Record<string, number> }

/** A product with known stock, price and units: {Adet: 1, Koli: 12} by default. */
async function product(opts: {
  stock?: number
  price?: string
  currencyId?: number
  taxRate?: number
  units?: Array<[string, number, string]>
  variantParent?: boolean
}): Promise<TestProduct> {
  const code = `T-${Math.random().toString(36).slice(2, 10)}`
  const price = opts.price ?? '10'
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort, variant_dimensions)
        values (${code}, ${`Test ${code}`}, ${code.toLowerCase()}, ${opts.currencyId ?? fx.currencies.try.id}, ${price},
          ${opts.taxRate ?? 20}, ${opts.stock ?? 100}, ${turkishSortKey(code)},
          ${opts.variantParent ? sql`array['Renk']` : sql`null`}) returning id`,
  )
  const units: Record<string, number> = {}
  const list = opts.units ?? [
    ['Adet', 1, price],
    ['Koli', 12, String(Number(price) * 11)],
  ]
  for (const [i, [value, multiplier, unitPrice]] of list.entries()) {
    const [u] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
          values (${row!.id}, ${value}, ${multiplier}, ${unitPrice}, ${i === 0}, ${i}) returning id`,
    )
    units[value] = u!.id
  }
  return { id: row!.id, units }
}

/** unit: a unit id, null to send none, or (left out) the product's Adet. */
const add = (client: TestClient, p: TestProduct, quantity: unknown, unit: unknown = p.units.Adet) =>
  client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...(quantity !== undefined ? { quantity: String(quantity) } : {}),
      ...(unit !== null ? { productValue: String(unit) } : {}),
    }).toString(),
  })

const cart = async (client: TestClient): Promise<Cart> =>
  (await client.send({ method: 'GET', url: '/api/catalog/cart' })).json()

const clear = (client: TestClient) => client.send({ method: 'DELETE', url: '/api/catalog/cart' })

beforeAll(async () => {
  t = await createTestApp()
  fx = await seedAccounts(t.database.db)
})
beforeEach(async () => {
  dealer = await loggedInUser(t, fx.customers.c1.id)
})
afterAll(() => t.close())

/** Runs the test body with these store settings, putting the defaults back even when it fails. */
async function withSettings(settings: Record<string, unknown>, body: () => Promise<void>) {
  const defaults: Record<string, unknown> = { stockInfoStatus: 0, cartStockControl: false }
  for (const [key, value] of Object.entries(settings)) await setStoreSetting(t.database.db, key, value)
  try {
    await body()
  } finally {
    for (const key of Object.keys(settings)) await setStoreSetting(t.database.db, key, defaults[key])
  }
}

describe('POST /api/catalog/cart/{productId}', () => {
  it('answers the cart item and adds the same product and unit to its line', async () => {
    const p = await product({})
    const first = await add(dealer, p, 2)
    expect(first.statusCode).toBe(200)
    const body: AddToCartResponse = first.json()
    expect(body.item).toMatchObject({ quantity: 2, product: { id: p.id }, productUnit: { value: 'Adet' } })
    const second: AddToCartResponse = (await add(dealer, p, 3)).json()
    expect(second.item.id).toBe(body.item.id)
    expect(second.item.quantity).toBe(5)
    expect(second.cart.count).toBe(1)
  })

  it('opens a new line for another unit of the same product', async () => {
    const p = await product({})
    await add(dealer, p, 1)
    const res: AddToCartResponse = (await add(dealer, p, 1, p.units.Koli)).json()
    expect(res.cart).toMatchObject({ count: 2, quantity: 2 })
    expect(res.cart).not.toHaveProperty('items')
    expect((await cart(dealer)).items.map((l) => l.productUnit.value)).toEqual(['Adet', 'Koli'])
  })

  it('accepts multipart form data as a browser FormData sends it', async () => {
    const p = await product({})
    const boundary = '----toptan'
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="quantity"\r\n\r\n4\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="productValue"\r\n\r\n${p.units.Adet}\r\n--${boundary}--\r\n`
    const res = await dealer.send({
      method: 'POST',
      url: `/api/catalog/cart/${p.id}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().item.quantity).toBe(4)
  })

  it.each([
    ['0', 400],
    ['-1', 400],
    ['1.5', 400],
    ['abc', 400],
    ['', 400],
    ['1000000000', 400],
    ['100001', 400],
    [undefined, 400],
  ])('refuses quantity %s with %i and changes nothing', async (quantity, status) => {
    const p = await product({})
    const res = await add(dealer, p, quantity)
    expect(res.statusCode).toBe(status)
    expect(res.json().error.fields.quantity).toBeTruthy()
    expect((await cart(dealer)).count).toBe(0)
  })

  it('refuses a missing unit, an unknown unit and a unit of another product', async () => {
    const p = await product({})
    const other = await product({})
    const missing = await add(dealer, p, 1, null)
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error.fields.productValue).toBeTruthy()
    for (const unit of [99999999, other.units.Adet]) {
      const res = await add(dealer, p, 1, unit)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.messages.type).toBe('Seçilen birim bu ürüne ait değil.')
    }
  })

  it('refuses a variant family without a chosen child and a product without a price', async () => {
    const family = await product({ variantParent: true })
    const res = await add(dealer, family, 1)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.messages.type).toBe('Varyant Seçiniz!')
    const free = await product({ price: '0', units: [['Adet', 1, '0']] })
    const noPrice = await add(dealer, free, 1)
    expect(noPrice.statusCode).toBe(400)
    expect(noPrice.json().error.code).toBe('no_price')
  })

  it('answers 404 for an unknown or withdrawn product', async () => {
    expect((await add(dealer, { id: 99999999, units: { Adet: 1 } }, 1)).statusCode).toBe(404)
    const p = await product({})
    await t.database.db.execute(sql`update products set is_active = false where id = ${p.id}`)
    expect((await add(dealer, p, 1)).statusCode).toBe(404)
  })
})

describe('the stock limit', () => {
  it.each([
    // mode, stock, cartStockControl, first add → status, second add → status
    [0, 10, false, [10, 200], [1, 409]],
    [0, 10, false, [4, 200], [6, 200]],
    [3, 10, false, [15, 200], [1, 409]], // stock + 5
    [7, 0, false, [1000, 200], [1, 409]], // stock + 1000
    [9, 10, false, [5, 200], [1, 409]], // stock − 5
    [12, 50, false, [1, 409], [1, 409]], // stock − 100: nothing to sell
    [13, 1000, true, [1, 200], [1, 200]], // − 1000, but the limit is off
    [0, 0, true, [50, 200], [50, 200]],
  ])('mode %i, stock %i, cartStockControl %s: %j then %j', (mode, stock, control, [q1, s1], [q2, s2]) =>
    withSettings({ stockInfoStatus: mode, cartStockControl: control }, async () => {
      const p = await product({ stock })
      expect((await add(dealer, p, q1)).statusCode).toBe(s1)
      const second = await add(dealer, p, q2)
      expect(second.statusCode).toBe(s2)
      if (s2 === 409) expect(second.json().error.messages.type).toBe(`Bu üründen ${q2} adet bulunmamaktadır!`)
    }),
  )

  it('keeps a line at 100,000 at most when the stock limit is off, on every way a line grows', () =>
    withSettings({ cartStockControl: true }, async () => {
      // Koli of 30,000 pieces: 100,000 of them are 3·10⁹ pieces, more than an int holds.
      const p = await product({
        stock: 0,
        units: [
          ['Adet', 1, '1'],
          ['Koli', 30_000, '25000'],
        ],
      })
      expect((await add(dealer, p, 100_000, p.units.Koli)).statusCode).toBe(200)
      const full = await add(dealer, p, 1, p.units.Koli)
      expect(full.statusCode).toBe(400)
      expect(full.json().error).toMatchObject({
        code: 'line_full',
        messages: { type: 'Bir sepet satırında en fazla 100000 adet olabilir.' },
      })
      const adet = (await add(dealer, p, 5)).json().item.id as number // counts the 3·10⁹ held
      const more = await dealer.send({
        method: 'PATCH',
        url: `/api/catalog/cart/${adet}`,
        payload: { addQuantity: 99_996 },
      })
      expect(more.json().error.code).toBe('line_full')
      const merge = await dealer.send({
        method: 'PATCH',
        url: `/api/catalog/cart/${adet}`,
        payload: { unit: p.units.Koli },
      })
      expect(merge.json().error.code).toBe('line_full')
      expect((await cart(dealer)).items.map((l) => l.quantity)).toEqual([100_000, 5])
    }))

  it('counts units by their multiplier across lines', async () => {
    const p = await product({ stock: 30 })
    expect((await add(dealer, p, 2, p.units.Koli)).statusCode).toBe(200) // 24 of 30
    expect((await add(dealer, p, 6)).statusCode).toBe(200) // 30 of 30
    const refused = await add(dealer, p, 1)
    expect(refused.statusCode).toBe(409)
  })
})

describe('PATCH and DELETE /api/catalog/cart/{lineId}', () => {
  it('sets and adds to a quantity within the stock', async () => {
    const p = await product({ stock: 10 })
    const line = (await add(dealer, p, 1)).json().item.id
    const set = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/cart/${line}`,
      payload: { quantity: 7 },
    })
    expect(set.json().items[0].quantity).toBe(7)
    const more = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/cart/${line}`,
      payload: { addQuantity: 3 },
    })
    expect(more.json().items[0].quantity).toBe(10)
    const tooMany = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/cart/${line}`,
      payload: { addQuantity: 1 },
    })
    expect(tooMany.statusCode).toBe(409)
    const bad = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/cart/${line}`,
      payload: { quantity: 0 },
    })
    expect(bad.statusCode).toBe(400)
    const both = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/cart/${line}`,
      payload: { quantity: 1, unit: 2 },
    })
    expect(both.statusCode).toBe(400)
  })

  it("changes the unit, and the line's price becomes that unit's default price", async () => {
    const p = await product({
      stock: 100,
      price: '10',
      units: [
        ['Adet', 1, '10'],
        ['Koli', 12, '110'],
      ],
    })
    const line = (await add(dealer, p, 2)).json().item
    expect(line.unitPrice.value).toBe(10)
    const res = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/cart/${line.id}`,
      payload: { unit: p.units.Koli },
    })
    expect(res.statusCode).toBe(200)
    const changed = res.json().items[0]
    expect(changed).toMatchObject({
      quantity: 2,
      productUnit: { value: 'Koli' },
      unitPrice: { value: 110 },
      amount: { value: 220 },
    })
  })

  it('refuses a unit of another product with the same 400 as adding does', async () => {
    const p = await product({})
    const other = await product({})
    const line = (await add(dealer, p, 1)).json().item.id
    for (const unit of [other.units.Koli, 99999999]) {
      const res = await dealer.send({ method: 'PATCH', url: `/api/catalog/cart/${line}`, payload: { unit } })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.messages.type).toBe('Seçilen birim bu ürüne ait değil.')
    }
  })

  it('merges into the line that already has the new unit', async () => {
    const p = await product({})
    const adet = (await add(dealer, p, 2)).json().item.id
    await add(dealer, p, 1, p.units.Koli)
    const res = await dealer.send({
      method: 'PATCH',
      url: `/api/catalog/cart/${adet}`,
      payload: { unit: p.units.Koli },
    })
    expect(res.json().items.map((l: { quantity: number }) => l.quantity)).toEqual([3])
  })

  it('removes a line and clears the cart', async () => {
    const a = await product({})
    const b = await product({})
    const line = (await add(dealer, a, 1)).json().item.id
    await add(dealer, b, 1)
    const removed = await dealer.send({ method: 'DELETE', url: `/api/catalog/cart/${line}` })
    expect(removed.json().count).toBe(1)
    const cleared = await clear(dealer)
    expect(cleared.json()).toMatchObject({ count: 0, items: [], totals: { total: { value: 0 } } })
  })
})

describe('who may use a cart', () => {
  it("guests get 401 and administrators 403 with the spec's text, for every verb, even with a bad body", async () => {
    const p = await product({})
    const guest = new TestClient(t.app)
    await guest.openPage()
    const admin = await loggedInUser(t, null)
    const calls = (c: TestClient) => [
      add(c, p, 1),
      c.send({ method: 'GET', url: '/api/catalog/cart' }),
      c.send({ method: 'DELETE', url: '/api/catalog/cart' }),
      c.send({ method: 'PATCH', url: '/api/catalog/cart/1', payload: { quantity: 1 } }),
      c.send({ method: 'DELETE', url: '/api/catalog/cart/1' }),
      add(c, p, 'abc'),
      c.send({ method: 'PATCH', url: '/api/catalog/cart/1', payload: { quantity: -1 } }),
    ]
    for (const res of await Promise.all(calls(guest))) expect(res.statusCode).toBe(401)
    for (const res of await Promise.all(calls(admin))) {
      expect(res.statusCode).toBe(403)
      expect(res.json().error.messages.type).toBe('Yönetici hesabı ile bu işlemi gerçekleştiremezsiniz.')
    }
  })

  it("another dealer's line is 404 for every verb and stays as it was", async () => {
    const p = await product({})
    const line = (await add(dealer, p, 2)).json().item.id
    const other = await loggedInUser(t, fx.customers.c2.id)
    for (const payload of [{ quantity: 5 }, { addQuantity: 1 }, { unit: p.units.Koli }]) {
      expect(
        (await other.send({ method: 'PATCH', url: `/api/catalog/cart/${line}`, payload })).statusCode,
      ).toBe(404)
    }
    expect((await other.send({ method: 'DELETE', url: `/api/catalog/cart/${line}` })).statusCode).toBe(404)
    expect((await cart(other)).count).toBe(0)
    expect((await cart(dealer)).items[0]!.quantity).toBe(2)
  })

  it('keeps the cart across logout and on a second device', async () => {
    const p = await product({})
    await add(dealer, p, 3)
    await dealer.send({ method: 'POST', url: '/api/account/logout' })
    const phone = new TestClient(t.app)
    await phone.login(dealer.user.email, dealer.user.password)
    expect((await cart(phone)).items[0]!.quantity).toBe(3)
    await dealer.login(dealer.user.email, dealer.user.password)
    expect((await cart(dealer)).items[0]!.quantity).toBe(3)
  })
})

describe('totals', () => {
  it('prices lines in mixed currencies, with tax and the TRY-base total (same numbers as the domain table)', async () => {
    const usd = await product({
      currencyId: fx.currencies.usd.id,
      price: '10',
      taxRate: 20,
      units: [['Adet', 1, '10']],
    })
    const eur = await product({
      currencyId: fx.currencies.eur.id,
      price: '5',
      taxRate: 10,
      units: [['Adet', 1, '5']],
    })
    const tl = await product({ price: '99.90', taxRate: 1, units: [['Adet', 1, '99.90']] })
    await add(dealer, usd, 2)
    await add(dealer, eur, 1)
    const answer = (await add(dealer, tl, 1)).json() as AddToCartResponse
    const res = await cart(dealer)
    expect(answer.cart.totals).toEqual(res.totals)
    expect(res.items.map((l) => l.amount.value)).toEqual([847, 245.5, 99.9])
    expect(res.totals).toEqual({
      subtotal: { value: 1192.4, currency: 'TRY' },
      tax: { value: 194.95, currency: 'TRY' },
      total: { value: 1387.35, currency: 'TRY' },
    })
    expect(res.baseTotals.total).toEqual({ value: 1387.35, currency: 'TRY' })

    await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'defaultCurrency', value: fx.currencies.usd.id },
    })
    const inUsd = await cart(dealer)
    expect(inUsd.items[0]!.unitPrice).toEqual({ value: 10, currency: 'USD' })
    expect(inUsd.totals.total.currency).toBe('USD')
    expect(inUsd.baseTotals.total).toEqual({ value: 1387.35, currency: 'TRY' })
  })

  it("applies the company's discount to every line", async () => {
    const other = await loggedInUser(t, fx.customers.c2.id) // company with −5 %
    const p = await product({ price: '100', units: [['Adet', 1, '100']] })
    const res = (await add(other, p, 1)).json() as AddToCartResponse
    expect(res.item.unitPrice.value).toBe(95)
  })
})

describe('concurrency', () => {
  it('20 parallel adds of 1 to one line end exactly 20 higher', async () => {
    const p = await product({ stock: 1000 })
    await add(dealer, p, 5)
    const results = await Promise.all(Array.from({ length: 20 }, () => add(dealer, p, 1)))
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect((await cart(dealer)).items[0]!.quantity).toBe(25)
  })

  it('a burst of adds shares transactions: the cart version rises once per batch, not once per add', async () => {
    const p = await product({ stock: 1000 })
    // A new user has no cart row until the first add (a new row starts at version 0).
    const version = async () =>
      (
        await queryRows<{ version: number }>(
          t.database.db,
          sql`select version from carts where user_id = ${dealer.user.id}`,
        )
      )[0]?.version ?? 0
    const before = await version()
    const results = await Promise.all(Array.from({ length: 20 }, () => add(dealer, p, 1)))
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect((await cart(dealer)).items[0]!.quantity).toBe(20)
    // Shared: at most half as many transactions as adds. How many land in one batch depends on how
    // fast the first transaction ends (on a busy CI machine over PostgreSQL 20 adds took 7).
    expect(await version()).toBeLessThanOrEqual(before + 10)
  })

  it('two app processes adding to one line at once lose nothing and never pass the stock (the row lock)', async () => {
    // Each app has its own in-process queue, so only the database's cart row lock orders these.
    const second = await createTestApp({ database: t.database })
    try {
      const other = new TestClient(second.app)
      await other.login(dealer.user.email, dealer.user.password)
      const plenty = await product({ stock: 1000 })
      const both = (p: TestProduct, n: number) =>
        Promise.all(Array.from({ length: n }, (_, i) => add(i % 2 ? other : dealer, p, 1)))
      expect((await both(plenty, 20)).every((r) => r.statusCode === 200)).toBe(true)
      expect((await cart(dealer)).items[0]!.quantity).toBe(20)
      const scarce = await product({ stock: 15 })
      const results = await both(scarce, 20)
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(15)
      expect((await cart(other)).items.find((l) => l.product.id === scarce.id)!.quantity).toBe(15)
    } finally {
      await second.close()
    }
  })

  it('parallel adds never take more than the stock', async () => {
    const p = await product({ stock: 10 })
    const results = await Promise.all(Array.from({ length: 15 }, () => add(dealer, p, 1)))
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10)
    expect((await cart(dealer)).items[0]!.quantity).toBe(10)
  })

  it('answers each add of a burst on its own: refusals, unknown products and new lines in one go', async () => {
    const scarce = await product({ stock: 3 })
    const plenty = await product({ stock: 100 })
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => add(dealer, scarce, 1)),
      add(dealer, { ...plenty, id: 2_000_000_000 }, 1),
      add(dealer, plenty, 2),
      add(dealer, plenty, 0),
    ])
    const scarceCodes = results.slice(0, 5).map((r) => r.statusCode)
    expect(scarceCodes.filter((c) => c === 200)).toHaveLength(3)
    expect(scarceCodes.filter((c) => c === 409)).toHaveLength(2)
    const refused = results.slice(0, 5).find((r) => r.statusCode === 409)!
    expect(refused.json().error.messages.type).toBe('Bu üründen 1 adet bulunmamaktadır!')
    expect(results[5]!.statusCode).toBe(404)
    expect(results[6]!.statusCode).toBe(200)
    expect(results[7]!.statusCode).toBe(400)
    // Every successful answer shows its own line, and the cart it shows matches the stored cart's lines.
    const stored = await cart(dealer)
    expect(stored.items.map((l) => [l.product.id, l.quantity])).toEqual([
      [scarce.id, 3],
      [plenty.id, 2],
    ])
    const last = results[6]!.json()
    expect(last.item).toMatchObject({ product: { id: plenty.id }, quantity: 2 })
  })
})
