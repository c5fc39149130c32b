/**
 * node dist/bench/fixtures.js [--orders N] [--json]
 *
 * What `npm run bench` needs for its order scenarios (docs/design.md §6), written into the configured
 * database (DATA_DIR's PGlite or DATABASE_URL) before the bench starts its server:
 *  - BENCH_DEALERS dealer companies with one login each (bench-dealer-01…@toptan.test), risk limit 0,
 *    so that every concurrent connection of the place-order scenario orders as its own dealer;
 *  - one more company (bench-history@toptan.test) with N orders (default 10,000) of 1–3 lines each,
 *    spread over the last two years: the order list of a dealer with a long history.
 * The orders are inserted with a handful of set-based statements in one transaction. Their numbers
 * follow the real scheme (S<year>-NNNNNN) from each year's document counter on, and the counters are
 * moved past them, so orders placed later can never collide. Running it again changes nothing.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { runWhenStarted } from '../src/server/cli/run-cli'
import { loadConfig } from '../src/server/config'
import type { Db } from '../src/server/db/client'
import { openConfiguredDatabase } from '../src/server/db/open'
import { branches, customers, users } from '../src/server/db/schema/accounts'
import { hashPassword } from '../src/server/security/password'
import {
  BENCH_DEALERS,
  BENCH_PASSWORD,
  benchDealerEmail,
  HISTORY_EMAIL,
  HISTORY_ORDERS,
} from './bench-accounts'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export const USAGE = 'Usage: node dist/bench/fixtures.js [--orders <N>] [--json]'
const HISTORY_CODE = 'BENCH-HISTORY'
/** The orders go back this far from now. */
const HISTORY_DAYS = 730
/** Products the order lines are drawn from. */
const LINE_PRODUCTS = 3000
/** About one order in CANCEL_EVERY is cancelled. */
const CANCEL_EVERY = 53

const pad = (n: number) => String(n).padStart(2, '0')

export type BenchFixturesOptions = { orders: number; json: boolean }
export type BenchFixturesReport = {
  dealers: string[]
  dealersCreated: number
  historyEmail: string
  historyCustomerId: number
  historyOrders: number
  ordersInserted: number
  orderItemsInserted: number
  password: string
  elapsedMs: number
}

export class UsageError extends Error {}

export function parseBenchFixturesArgs(argv: string[]): BenchFixturesOptions {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { orders: { type: 'string' }, json: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    })
    const orders = values.orders === undefined ? HISTORY_ORDERS : Number(values.orders.replace(/_/g, ''))
    if (!Number.isInteger(orders) || orders < 0 || orders > 1_000_000) {
      throw new Error('--orders must be a whole number from 0 to 1000000')
    }
    return { orders, json: values.json ?? false }
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`)
  }
}

/** Products an order line can snapshot: listed, priced, no variant choice needed. */
const lineProductFilter =
  sql.raw(`p.parent_id is null and p.is_active and coalesce(cardinality(p.variant_dimensions), 0) = 0
  and p.sale_price > 0 and u.default_price > 0`)

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

type Account = { code: string; name: string; email: string; person: string }

/** The companies and logins that are missing, added; answers the user ids by e-mail and how many were new. */
async function ensureAccounts(db: Db, accounts: Account[]) {
  await db
    .insert(customers)
    .values(accounts.map((a) => ({ code: a.code, name: a.name, email: a.email, riskLimit: '0' })))
    .onConflictDoNothing()
  const companies = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(
      inArray(
        customers.code,
        accounts.map((a) => a.code),
      ),
    )
  const customerOf = new Map(companies.map((c) => [c.code, c.id]))
  const emails = accounts.map((a) => a.email)
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails))
  const have = new Set(existing.map((u) => u.email.toLowerCase()))
  const missing = accounts.filter((a) => !have.has(a.email))
  if (missing.length > 0) {
    // One hash for all of them: the same password, and scrypt is deliberately slow.
    const passwordHash = await hashPassword(BENCH_PASSWORD)
    await db
      .insert(users)
      .values(
        missing.map((a) => ({
          email: a.email,
          name: a.person,
          role: 'dealer',
          passwordHash,
          customerId: customerOf.get(a.code)!,
        })),
      )
      .onConflictDoNothing()
  }
  const found = await db
    .select({ id: users.id, email: users.email, customerId: users.customerId })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails))
  return { users: found, created: missing.length }
}

/**
 * `count` orders of the history company, newest first going back HISTORY_DAYS, then their lines,
 * then the totals from the lines. Numbers continue each year's counter; the counters follow.
 */
async function insertHistory(db: Db, userId: number, customerId: number, branchId: number, count: number) {
  const spacing = (HISTORY_DAYS * 86_400) / Math.max(1, count)
  await db.execute(sql`select setseed(0.5)`)
  await db.execute(sql`
    with plans as (
      select id, name, price_name, (row_number() over (order by sort_order, id) - 1)::int as k,
        count(*) over ()::int as n
      from payment_plans where not is_virtual
    ),
    g as (
      select i, now() - make_interval(secs => (i - 1) * ${spacing}::float8 + random() * ${spacing}::float8) as created_at
      from generate_series(1, ${count}::int) as i
    ),
    numbered as (
      select g.*, extract(year from created_at)::int as year,
        row_number() over (partition by extract(year from created_at) order by created_at, i) as seq
      from g
    )
    insert into orders (order_no, user_id, customer_id, branch_id, status, cancelled_at, description,
      payment_plan_id, payment_plan_name, price_name, currency_code, currency_rate,
      subtotal, tax, total, base_total, created_at)
    select 'S' || year || '-' || lpad((coalesce(dc.value, 0) + seq)::text, 6, '0'),
      ${userId}::int, ${customerId}::int, case when i % 4 = 0 then null else ${branchId}::int end,
      case when i % ${CANCEL_EVERY} = 0 then 'cancelled'
        when created_at > now() - interval '2 days' then 'new'
        when created_at > now() - interval '8 days' then 'processing'
        else 'shipped' end,
      case when i % ${CANCEL_EVERY} = 0 then created_at + interval '3 hours' end,
      (array['Sipariş notu yok', 'Sipariş notu yok', 'Akşam teslim edilsin.',
        'Depoya teslim, irsaliye ile.', 'Acil: şantiye için.'])[1 + i % 5],
      p.id, coalesce(p.name, 'Peşin'), coalesce(p.price_name, 'salePrice'), 'TRY', 1, 0, 0, 0, 0, created_at
    from numbered
    left join document_counters dc on dc.key = 'S' || year
    left join plans p on p.k = i % p.n
    order by created_at
  `)
  // Every counter past the highest number inserted under it.
  await db.execute(sql`
    insert into document_counters (key, value)
    select split_part(order_no, '-', 1), max(split_part(order_no, '-', 2)::int)
    from orders where customer_id = ${customerId}::int group by 1
    on conflict (key) do update set value = greatest(document_counters.value, excluded.value)
  `)
  // 1–3 lines per order from real products in their default unit, priced as the order's plan priced
  // them today (unit price × plan price / sale price), in TRY.
  const [items] = await rows<{ n: number }>(
    db,
    sql`
    with sample as (
      select (row_number() over (order by p.id) - 1)::int as k, p.id as product_id, u.id as unit_id,
        p.code, p.name, p.image, u.value as unit_name, u.multiplier, u.default_price, p.sale_price,
        p.advence_price1, p.advence_price2, p.advence_price3, p.advence_price4, p.advence_price5,
        p.tax_rate, c.code as currency, c.exchange_rate
      from products p
      join product_units u on u.product_id = p.id and u.is_default
      join currencies c on c.id = p.currency_id
      where ${lineProductFilter}
      order by p.id
      limit ${LINE_PRODUCTS}
    ),
    lines as (
      select o.id as order_id, o.price_name, l as line, (o.id::bigint * 7919 + l * 104729) as h
      from orders o
      cross join lateral generate_series(1, 1 + (o.id * 31) % 3) as l
      where o.customer_id = ${customerId}::int
        and not exists (select 1 from order_items i where i.order_id = o.id)
    ),
    priced as (
      select lines.order_id, lines.line, s.*,
        (array[1, 2, 3, 4, 5, 6, 10, 12, 20, 24, 50, 100])[1 + (lines.h / 7) % 12] as quantity,
        round(s.default_price * coalesce(case lines.price_name
          when 'advencePrice1' then s.advence_price1 when 'advencePrice2' then s.advence_price2
          when 'advencePrice3' then s.advence_price3 when 'advencePrice4' then s.advence_price4
          when 'advencePrice5' then s.advence_price5 end / s.sale_price, 1), 4) as price
      from lines
      join sample s on s.k = lines.h % (select count(*) from sample)
    ),
    inserted as (
      insert into order_items (order_id, product_id, unit_id, code, name, image, unit_name, multiplier,
        quantity, price, price_currency, price_rate, tax_rate, unit_price, amount, tax)
      select order_id, product_id, unit_id, code, name, image, unit_name, multiplier, quantity, price,
        currency, exchange_rate, tax_rate, round(price * exchange_rate, 2),
        round(price * exchange_rate, 2) * quantity,
        round(round(price * exchange_rate, 2) * quantity * tax_rate / 100, 2)
      from priced
      order by order_id, line
      returning 1
    )
    select count(*)::int as n from inserted
  `,
  )
  await db.execute(sql`
    update orders o
    set subtotal = t.subtotal, tax = t.tax, total = t.subtotal + t.tax, base_total = t.subtotal + t.tax
    from (
      select i.order_id, sum(i.amount) as subtotal, round(sum(i.amount * i.tax_rate / 100), 2) as tax
      from order_items i join orders o2 on o2.id = i.order_id
      where o2.customer_id = ${customerId}::int
      group by i.order_id
    ) t
    where o.id = t.order_id and o.total = 0
  `)
  return items?.n ?? 0
}

export async function runBenchFixtures(
  db: Db,
  options: Pick<BenchFixturesOptions, 'orders'>,
  log: (line: string) => void = () => {},
): Promise<BenchFixturesReport> {
  const started = performance.now()
  const dealers: Account[] = Array.from({ length: BENCH_DEALERS }, (_, i) => ({
    code: `BENCH-DLR-${pad(i + 1)}`,
    name: `Bench Bayi ${pad(i + 1)} Ltd. Şti.`,
    email: benchDealerEmail(i + 1),
    person: `Bench Bayi ${pad(i + 1)}`,
  }))
  const history: Account = {
    code: HISTORY_CODE,
    name: 'Bench Geçmiş Siparişler A.Ş.',
    email: HISTORY_EMAIL,
    person: 'Bench Geçmiş',
  }
  const accounts = await ensureAccounts(db, [...dealers, history])
  log(`Bench accounts: ${accounts.created} created, ${BENCH_DEALERS + 1 - accounts.created} already there.`)
  const historyUser = accounts.users.find((u) => u.email.toLowerCase() === HISTORY_EMAIL)
  if (!historyUser?.customerId) throw new Error(`${HISTORY_EMAIL} is missing or has no company`)
  const customerId = historyUser.customerId

  let [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(eq(branches.customerId, customerId))
    .limit(1)
  if (!branch) {
    ;[branch] = await db
      .insert(branches)
      .values({ customerId, name: 'Merkez Depo', address: 'Organize Sanayi Bölgesi 4. Cad. No: 12' })
      .returning({ id: branches.id })
  }

  const countOrders = async () =>
    (
      await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders where customer_id = ${customerId}::int`,
      )
    )[0]?.n ?? 0
  const before = await countOrders()
  const missing = options.orders - before
  let orderItemsInserted = 0
  if (missing > 0) {
    const [sample] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p join product_units u on u.product_id = p.id and u.is_default
        where ${lineProductFilter}`,
    )
    if (!sample?.n) throw new Error('The catalogue has no priced products: run the seed first.')
    log(`Inserting ${missing} orders of ${HISTORY_EMAIL}…`)
    orderItemsInserted = await db.transaction((tx) =>
      insertHistory(tx, historyUser.id, customerId, branch!.id, missing),
    )
    // Planner statistics and a visibility map for the new rows (not possible inside a transaction).
    await db.execute(sql`vacuum analyze orders, order_items, document_counters`)
    log(`Inserted ${missing} orders and ${orderItemsInserted} order lines.`)
  } else {
    log(`${HISTORY_EMAIL} already has ${before} orders.`)
  }
  const dealerUsers = accounts.users.filter((u) => u.email.toLowerCase() !== HISTORY_EMAIL)
  if (dealerUsers.length !== BENCH_DEALERS) {
    throw new Error(`Expected ${BENCH_DEALERS} bench dealers, found ${dealerUsers.length}`)
  }
  const dealerCompanies = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        inArray(
          customers.id,
          dealerUsers.map((u) => u.customerId!),
        ),
        eq(customers.riskLimit, '0'),
      ),
    )
  if (dealerCompanies.length !== BENCH_DEALERS) {
    throw new Error('Every bench dealer needs its own company with risk limit 0')
  }
  return {
    dealers: dealers.map((d) => d.email),
    dealersCreated: accounts.created,
    historyEmail: HISTORY_EMAIL,
    historyCustomerId: customerId,
    historyOrders: await countOrders(),
    ordersInserted: Math.max(0, missing),
    orderItemsInserted,
    password: BENCH_PASSWORD,
    elapsedMs: Math.round(performance.now() - started),
  }
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  let options: BenchFixturesOptions
  try {
    options = parseBenchFixturesArgs(argv)
  } catch (err) {
    console.error((err as Error).message)
    return 2
  }
  const config = loadConfig(process.env, rootDir, { takesPayments: false })
  const say = options.json ? (line: string) => console.error(line) : (line: string) => console.log(line)
  say(
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${path.join(config.dataDir, 'pgdata')}`}`,
  )
  const database = await openConfiguredDatabase(config)
  try {
    const report = await runBenchFixtures(database.db, options, say)
    if (options.json) console.log(JSON.stringify(report))
    else
      say(
        `Done in ${(report.elapsedMs / 1000).toFixed(1)} s: dealers ${report.dealers[0]}…${report.dealers.at(-1)}, ` +
          `${report.historyEmail} with ${report.historyOrders} orders; password ${report.password}`,
      )
    return 0
  } finally {
    await database.close()
  }
}

runWhenStarted(import.meta.url, main)
