import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../src/server/db/client'
import { createTestApp, type TestApp, TestClient } from '../src/server/test/test-app'
import { BENCH_DEALERS, BENCH_PASSWORD, benchDealerEmail, HISTORY_EMAIL } from './bench-accounts'
import { type BenchFixturesReport, parseBenchFixturesArgs, runBenchFixtures, UsageError } from './fixtures'

const ORDERS = 1200
const YEAR = new Date().getFullYear()
const EARLIER = 41
let t: TestApp
let db: Db
let first: BenchFixturesReport

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

beforeAll(async () => {
  t = await createTestApp({ demo: true })
  db = t.database.db
  // As if 41 orders had been placed this year before the fixtures were written.
  await db.execute(sql`insert into document_counters (key, value) values (${`S${YEAR}`}, ${EARLIER})`)
  first = await runBenchFixtures(db, { orders: ORDERS })
}, 120_000)
afterAll(() => t?.close())

describe('bench fixtures', () => {
  it('parses --orders and --json and refuses anything else', () => {
    expect(parseBenchFixturesArgs([])).toEqual({ orders: 10_000, json: false })
    expect(parseBenchFixturesArgs(['--orders', '2_500', '--json'])).toEqual({ orders: 2500, json: true })
    expect(() => parseBenchFixturesArgs(['--orders', '-1'])).toThrow(UsageError)
    expect(() => parseBenchFixturesArgs(['--nope'])).toThrow(UsageError)
  })

  it('creates the dealers, each with its own company and no risk limit, and the history', async () => {
    expect(first.dealersCreated).toBe(BENCH_DEALERS + 1)
    expect(first.ordersInserted).toBe(ORDERS)
    expect(first.historyOrders).toBe(ORDERS)
    const dealers = await rows<{ email: string; customer_id: number; risk_limit: string }>(
      sql`select u.email, u.customer_id, c.risk_limit from users u join customers c on c.id = u.customer_id
          where u.email like 'bench-dealer-%' order by u.email`,
    )
    expect(dealers.map((d) => d.email)).toEqual(
      Array.from({ length: BENCH_DEALERS }, (_, i) => benchDealerEmail(i + 1)),
    )
    expect(new Set(dealers.map((d) => d.customer_id)).size).toBe(BENCH_DEALERS)
    expect(dealers.every((d) => Number(d.risk_limit) === 0)).toBe(true)
  })

  it('gives every order 1–3 lines, totals that add up, two years of dates and a few cancellations', async () => {
    const [shape] = await rows<{
      orders: number
      min_lines: number
      max_lines: number
      bad_totals: number
      cancelled: number
      cancelled_without_date: number
      days: number
      numbers: number
    }>(sql`
      with o as (
        select o.*, (select count(*) from order_items i where i.order_id = o.id)::int as lines,
          (select coalesce(sum(i.amount), 0) from order_items i where i.order_id = o.id) as amounts
        from orders o where customer_id = ${first.historyCustomerId}::int
      )
      select count(*)::int as orders, min(lines) as min_lines, max(lines) as max_lines,
        count(*) filter (where subtotal <> amounts or total <> subtotal + tax or base_total <> total
          or total <= 0)::int as bad_totals,
        count(*) filter (where status = 'cancelled')::int as cancelled,
        count(*) filter (where status = 'cancelled' and cancelled_at is null)::int as cancelled_without_date,
        extract(day from max(created_at) - min(created_at))::int as days,
        count(distinct order_no)::int as numbers
      from o`)
    expect(shape).toMatchObject({
      orders: ORDERS,
      min_lines: 1,
      max_lines: 3,
      bad_totals: 0,
      cancelled_without_date: 0,
      numbers: ORDERS,
    })
    expect(shape!.cancelled).toBeGreaterThan(0)
    expect(shape!.cancelled).toBeLessThan(ORDERS / 20)
    expect(shape!.days).toBeGreaterThan(700)
    const [snapshot] = await rows<{ n: number }>(
      sql`select count(*)::int as n from order_items i join orders o on o.id = i.order_id
          where o.customer_id = ${first.historyCustomerId}::int
            and (i.code = '' or i.name = '' or i.unit_name = '' or i.unit_price <= 0 or i.quantity <= 0
              or i.amount <> i.unit_price * i.quantity)`,
    )
    expect(snapshot!.n).toBe(0)
  })

  it('numbers the orders S<year>-NNNNNN and moves every year counter past them', async () => {
    const counters = await rows<{ key: string; value: number; max: number }>(sql`
      select dc.key, dc.value, max(split_part(o.order_no, '-', 2)::int) as max
      from orders o join document_counters dc on dc.key = split_part(o.order_no, '-', 1)
      where o.customer_id = ${first.historyCustomerId}::int group by dc.key, dc.value`)
    expect(counters.length).toBeGreaterThanOrEqual(2)
    for (const c of counters) {
      expect(c.key).toMatch(/^S\d{4}$/)
      expect(c.value).toBeGreaterThanOrEqual(c.max)
    }
    const [thisYear] = await rows<{ first: string }>(
      sql`select min(order_no) as first from orders where customer_id = ${first.historyCustomerId}::int
          and order_no like ${`S${YEAR}-%`}`,
    )
    expect(thisYear!.first).toBe(`S${YEAR}-${String(EARLIER + 1).padStart(6, '0')}`)
    const [odd] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where customer_id = ${first.historyCustomerId}::int
          and order_no !~ '^S[0-9]{4}-[0-9]{6}$'`,
    )
    expect(odd!.n).toBe(0)
  })

  it('lists the history through the API, 20 a page, newest first', async () => {
    const client = new TestClient(t.app)
    expect((await client.login(HISTORY_EMAIL, BENCH_PASSWORD)).statusCode).toBe(200)
    const res = await client.send({ method: 'GET', url: '/api/catalog/orders?page=1' })
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list).toMatchObject({ total: ORDERS, pages: ORDERS / 20, page: 1 })
    expect(list.items).toHaveLength(20)
    const dates = list.items.map((o: { date: string }) => o.date)
    expect([...dates].sort().reverse()).toEqual(dates)
    expect(list.items[0].orderItems.length).toBeGreaterThanOrEqual(1)
  })

  it('lets a bench dealer order, with a number after the inserted ones', async () => {
    const client = new TestClient(t.app)
    expect((await client.login(benchDealerEmail(3), BENCH_PASSWORD)).statusCode).toBe(200)
    const [product] = await rows<{ id: number; unit_id: number }>(sql`
      select p.id, u.id as unit_id from products p join product_units u on u.product_id = p.id and u.is_default
      where p.parent_id is null and p.is_active and p.variant_dimensions is null and p.sale_price > 0
        and u.multiplier = 1 order by p.quantity desc limit 1`)
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const add = await client.send({
      method: 'POST',
      url: `/api/catalog/cart/${product!.id}`,
      headers: form,
      payload: `quantity=1&productValue=${product!.unit_id}`,
    })
    expect(add.statusCode).toBe(200)
    const placed = await client.send({
      method: 'POST',
      url: '/api/catalog/cart',
      headers: form,
      payload: 'description=bench',
    })
    expect(placed.statusCode).toBe(200)
    const [counter] = await rows<{ value: number }>(
      sql`select value from document_counters where key = ${`S${YEAR}`}`,
    )
    expect(placed.json().orderNo).toBe(`S${YEAR}-${String(counter!.value).padStart(6, '0')}`)
    const [clash] = await rows<{ n: number }>(
      sql`select count(*)::int as n from orders where order_no = ${placed.json().orderNo}`,
    )
    expect(clash!.n).toBe(1)
  })

  it('changes nothing when run again', async () => {
    const again = await runBenchFixtures(db, { orders: ORDERS })
    expect(again).toMatchObject({
      dealersCreated: 0,
      ordersInserted: 0,
      orderItemsInserted: 0,
      historyOrders: ORDERS,
    })
  })
})
