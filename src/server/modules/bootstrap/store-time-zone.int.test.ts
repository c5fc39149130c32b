import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { TopQueries } from '../../../contracts/search-dashboard'
import { ledgerDay } from '../../../domain/ledger'
import { turkishSortKey } from '../../../domain/turkish-text'
import { storeSettings } from '../../db/schema/store'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { rebuildSearchStats } from '../search-dashboard/search-stats.repository'

// The store's time zone is a setting (Europe/Istanbul unless changed): every page, mail and staff answer
// writes moments in it, and a change is seen on the very next request. The clock reads 09:30 UTC on
// 1 July 2026: 12:30 in Istanbul, 10:30 in London (summer time), neither the machine's UTC.
const NOW = new Date('2026-07-01T09:30:00Z')
let now = NOW
let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
const logged: Array<{ msg?: string; setting?: string; value?: unknown; level?: number }> = []

beforeAll(async () => {
  t = await createTestApp({
    now: () => now,
    logStream: { write: (line: string) => void logged.push(JSON.parse(line)) },
  })
  fx = await seedAccounts(t.database.db)
})
afterAll(() => t.close())

/** Runs `body` with the store's zone set to `value` (any JSON), putting the setting back after. */
async function withZone(value: unknown, body: () => Promise<void>) {
  await setStoreSetting(t.database.db, 'timeZone', value)
  try {
    await body()
  } finally {
    await t.database.db.delete(storeSettings).where(sql`${storeSettings.key} = 'timeZone'`)
  }
}

/** The bootstrap a page embeds for the web app (script#bootstrap). */
const pageBootstrap = (html: string) =>
  JSON.parse(
    /<script id="bootstrap" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null',
  ) as Bootstrap | null

const bootstrapOf = async (client: TestClient) =>
  (await client.send({ method: 'GET', url: '/api/bootstrap' })).json() as Bootstrap

/** A dealer of a new company with one product of stock 5 in the cart. */
async function dealerWithCart() {
  const company = await createCustomer(t.database.db)
  const dealer = await loggedInUser(t, company.id, { name: 'Zaman Dilimi' })
  const code = `TZ-${Math.random().toString(36).slice(2, 10)}`
  const [product] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort)
        values (${code}, ${`Ürün ${code}`}, ${code.toLowerCase()}, ${fx.currencies.try.id}, '10', 20, 5,
          ${turkishSortKey(code)}) returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${product!.id}, 'Adet', 1, '10', true, 0) returning id`,
  )
  const [warehouse] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into warehouses (code, name) values (${code}, ${code}) returning id`,
  )
  await t.database.db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${product!.id}, ${warehouse!.id}, 5)`,
  )
  const added = await dealer.send({
    method: 'POST',
    url: `/api/catalog/cart/${product!.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=1&productValue=${unit!.id}`,
  })
  expect(added.statusCode, added.body).toBe(200)
  return dealer
}

/** Places the dealer's cart: the order's id and number. */
async function placeOrder(dealer: TestClient): Promise<{ id: number; orderNo: string }> {
  const placed = await dealer.send({
    method: 'POST',
    url: '/api/catalog/cart',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  })
  expect(placed.statusCode, placed.body).toBe(200)
  return placed.json()
}

/** Places the dealer's cart and answers the confirmation mail's text. */
async function orderMailText(dealer: TestClient): Promise<string> {
  const orderId = (await placeOrder(dealer)).id
  const [mail] = await queryRows<{ text: string }>(
    t.database.db,
    sql`select text from mail_outbox where order_id = ${orderId}`,
  )
  return mail!.text
}

describe("the store's time zone", () => {
  it('is Europe/Istanbul unless the settings say otherwise, and reaches the web app in the bootstrap', async () => {
    const guest = new TestClient(t.app)
    expect(pageBootstrap((await guest.openPage('/')).body)?.settings.timeZone).toBe('Europe/Istanbul')
    expect((await bootstrapOf(guest)).settings.timeZone).toBe('Europe/Istanbul')
    const dealer = await dealerWithCart()
    expect(await orderMailText(dealer)).toContain('01.07.2026 12:30 tarihinde alındı')
  })

  it('changed to Europe/London, is what dealers and staff see on the next request', async () => {
    const dealer = await dealerWithCart()
    const admin = await loggedInUser(t, null)
    await t.database.db.execute(
      sql`insert into search_logs (user_id, query, query_key, result_count, hits, source, created_at)
          values (${dealer.user.id}, 'saat', 'saat', 3, 1, 'search', ${'2026-07-01T08:05:00Z'})`,
    )
    await rebuildSearchStats(t.database.db, ledgerDay(NOW))
    const latest = async () =>
      (
        (await (
          await admin.send({ method: 'GET', url: '/yonetim/top-queries?period=today' })
        ).json()) as TopQueries
      ).lastQueries[0]?.formattedCreatedAt
    expect(await latest()).toBe('01.07.2026 11:05')

    await withZone('Europe/London', async () => {
      expect((await bootstrapOf(dealer)).settings.timeZone).toBe('Europe/London')
      expect(pageBootstrap((await dealer.openPage('/siparis/liste')).body)?.settings.timeZone).toBe(
        'Europe/London',
      )
      expect(await orderMailText(dealer)).toContain('01.07.2026 10:30 tarihinde alındı')
      expect(await latest()).toBe('01.07.2026 09:05')
      // In the staff member's language: the English date-time format.
      const english = await admin.send({
        method: 'GET',
        url: '/yonetim/top-queries?period=today',
        headers: { 'accept-language': 'en', 'x-requested-with': 'XMLHttpRequest' },
      })
      expect((english.json() as TopQueries).lastQueries[0]?.formattedCreatedAt).toBe('1 Jul 2026, 09:05')
    })
    // And back: the next request again.
    expect((await bootstrapOf(dealer)).settings.timeZone).toBe('Europe/Istanbul')
  })

  it('named wrongly in the settings, falls back to Europe/Istanbul and says so in the log', async () => {
    await withZone('Mars/Olympus_Mons', async () => {
      logged.length = 0
      const guest = new TestClient(t.app)
      expect((await bootstrapOf(guest)).settings.timeZone).toBe('Europe/Istanbul')
      await new Promise((resolve) => setImmediate(resolve))
      const warning = logged.find((line) => line.setting === 'timeZone')
      expect(warning?.value).toBe('Mars/Olympus_Mons')
      expect(warning?.msg).toBe('stored store setting is not valid; its default is used instead')
      // Once per load of the settings, not on every request.
      logged.length = 0
      await bootstrapOf(guest)
      await new Promise((resolve) => setImmediate(resolve))
      expect(logged.filter((line) => line.setting === 'timeZone')).toEqual([])
    })
  })

  it("numbers documents in the store's calendar year, not the machine's", async () => {
    // 00:30 on 1 January 2027 in Istanbul; still 2026 in UTC.
    now = new Date('2026-12-31T21:30:00Z')
    try {
      const dealer = await dealerWithCart()
      expect((await placeOrder(dealer)).orderNo).toMatch(/^S2027-\d{6}$/)
      const other = await dealerWithCart()
      const offer = await other.send({ method: 'POST', url: '/api/catalog/cart/offer', payload: {} })
      expect(offer.statusCode, offer.body).toBe(200)
      expect((offer.json() as { orderNo: string }).orderNo).toMatch(/^T2027-\d{6}$/)
    } finally {
      now = NOW
    }
  })
})
