/**
 * node dist/bench/back-office.js [--companies N] [--orders N] [--json]
 *
 * The staff lists' bench data, written into the configured database (DATA_DIR's PGlite or
 * DATABASE_URL) before the bench starts its server:
 *  - N dealer companies (default 20,000: BENCH-CO-000001…) with Turkish names, tax numbers and
 *    cities, one login each, every tenth closed;
 *  - orders spread over them until the database holds N orders in all (default 100,000, the history
 *    company's among them), over the last two years, in every status, totals from 50 to 50,000 TRY.
 * Inserted by a few generate_series statements; numbers continue each year's document counter, and
 * the counters follow. Running it again adds only what is missing. Answers (--json) what the bench's
 * requests draw from: the companies' ids and the order numbers' prefixes.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type SQL, sql } from 'drizzle-orm'
import { runWhenStarted } from '../src/server/cli/run-cli'
import { loadConfig } from '../src/server/config'
import type { Db } from '../src/server/db/client'
import { openConfiguredDatabase } from '../src/server/db/open'
import { hashPassword } from '../src/server/security/password'
import { BENCH_PASSWORD } from './bench-accounts'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export const USAGE = 'Usage: node dist/bench/back-office.js [--companies <N>] [--orders <N>] [--json]'
export const BENCH_COMPANIES = 20_000
export const BENCH_ALL_ORDERS = 100_000
const CODE_PREFIX = 'BENCH-CO-'
const HISTORY_DAYS = 730
/** Words of the companies' names: the staff search's terms are drawn from them. */
export const NAME_WORDS = [
  'Yıldız',
  'Işık',
  'Çelik',
  'Güneş',
  'Deniz',
  'Özkan',
  'Şimşek',
  'Doğu',
  'Anadolu',
  'Ege',
  'Marmara',
  'Karadeniz',
  'Toros',
  'Kartal',
  'Umut',
  'Gürsoy',
  'Ülker',
  'Ekin',
  'Bereket',
  'Başak',
]
const KINDS = ['Yapı Market', 'Hırdavat', 'Elektrik', 'Oto Yedek Parça', 'İnşaat', 'Ticaret', 'Nalburiye']
const CITIES = ['İstanbul', 'Ankara', 'İzmir', 'Bursa', 'Konya', 'Adana', 'Kocaeli', 'Gaziantep', 'Antalya']

export type BenchBackOfficeOptions = { companies: number; orders: number; json: boolean }
export type BenchBackOfficeReport = {
  companies: number
  companiesCreated: number
  orders: number
  ordersInserted: number
  /** Some company ids, for the order list's dealer filter. */
  customerIds: number[]
  /** The years the order numbers carry ('S2026-…'), for the order list's number search. */
  orderYears: number[]
  nameWords: string[]
  elapsedMs: number
}

export class UsageError extends Error {}

const count = (text: string | undefined, fallback: number, name: string) => {
  const n = text === undefined ? fallback : Number(text.replace(/_/g, ''))
  if (!Number.isInteger(n) || n < 0 || n > 1_000_000)
    throw new Error(`--${name} must be a whole number from 0 to 1000000`)
  return n
}

export function parseBenchBackOfficeArgs(argv: string[]): BenchBackOfficeOptions {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        companies: { type: 'string' },
        orders: { type: 'string' },
        json: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    })
    return {
      companies: count(values.companies, BENCH_COMPANIES, 'companies'),
      orders: count(values.orders, BENCH_ALL_ORDERS, 'orders'),
      json: values.json ?? false,
    }
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`)
  }
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`)

/** The missing BENCH-CO companies and their logins. Answers how many companies were new. */
async function ensureCompanies(db: Db, wanted: number): Promise<number> {
  const [inserted] = await rows<{ n: number }>(
    db,
    sql`
    with added as (
      insert into customers (code, name, tax_office, tax_number, city, risk_limit, profit_percent,
        payment_term_days, is_active)
      select ${CODE_PREFIX} || lpad(i::text, 6, '0'),
        (${textArray(NAME_WORDS)})[1 + i % ${NAME_WORDS.length}] || ' ' ||
          (${textArray(NAME_WORDS)})[1 + (i / ${NAME_WORDS.length}) % ${NAME_WORDS.length}] || ' ' ||
          (${textArray(KINDS)})[1 + i % ${KINDS.length}] || ' ' || i,
        'Merkez', lpad((1000000000 + i * 7919 % 899999999)::text, 10, '0'),
        (${textArray(CITIES)})[1 + i % ${CITIES.length}],
        (i % 5) * 25000, ((i % 11) - 5)::numeric, (i % 4) * 30, i % 10 <> 0
      from generate_series(1, ${wanted}::int) as i
      on conflict (code) do nothing
      returning id, code
    )
    select count(*)::int as n from added
  `,
  )
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  await db.execute(sql`
    insert into users (customer_id, email, name, password_hash, role)
    select c.id, lower(c.code) || '@toptan.test', 'Bench ' || c.code, ${passwordHash}, 'dealer'
    from customers c
    where c.code like ${`${CODE_PREFIX}%`}
      and not exists (select 1 from users u where u.customer_id = c.id)
    on conflict do nothing
  `)
  return inserted?.n ?? 0
}

/** `missing` orders spread over the bench companies, going back HISTORY_DAYS; no lines (the lists read none). */
async function insertOrders(db: Db, missing: number): Promise<void> {
  const spacing = (HISTORY_DAYS * 86_400) / Math.max(1, missing)
  await db.execute(sql`select setseed(0.25)`)
  await db.execute(sql`
    with plans as (
      select id, name, price_name, (row_number() over (order by sort_order, id) - 1)::int as k,
        count(*) over ()::int as n
      from payment_plans where not is_virtual
    ),
    buyers as (
      select (row_number() over (order by c.id) - 1)::int as k, count(*) over ()::int as n,
        c.id as customer_id, u.id as user_id
      from customers c join users u on u.customer_id = c.id
      where c.code like ${`${CODE_PREFIX}%`}
    ),
    g as (
      select i, now() - make_interval(secs => (i - 1) * ${spacing}::float8 + random() * ${spacing}::float8) as created_at,
        round((50 + random() * 49950)::numeric, 2) as total
      from generate_series(1, ${missing}::int) as i
    ),
    numbered as (
      select g.*, extract(year from created_at)::int as year,
        row_number() over (partition by extract(year from created_at) order by created_at, i) as seq
      from g
    )
    insert into orders (order_no, user_id, customer_id, status, cancelled_at, description,
      payment_plan_id, payment_plan_name, price_name, currency_code, currency_rate,
      subtotal, tax, total, base_total, created_at)
    select 'S' || year || '-' || lpad((coalesce(dc.value, 0) + seq)::text, 6, '0'),
      b.user_id, b.customer_id,
      (array['new', 'processing', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'])[1 + i % 7],
      case when i % 7 = 6 then created_at + interval '3 hours' end,
      'Bench', p.id, coalesce(p.name, 'Peşin'), coalesce(p.price_name, 'salePrice'), 'TRY', 1,
      round(total / 1.2, 2), total - round(total / 1.2, 2), total, total, created_at
    from numbered
    join buyers b on b.k = (i * 7919) % b.n
    left join document_counters dc on dc.key = 'S' || year
    left join plans p on p.k = i % p.n
    order by created_at
  `)
  await db.execute(sql`
    insert into document_counters (key, value)
    select split_part(order_no, '-', 1), max(split_part(order_no, '-', 2)::int)
    from orders where order_no like 'S%-%' group by 1
    on conflict (key) do update set value = greatest(document_counters.value, excluded.value)
  `)
}

export async function runBenchBackOffice(
  db: Db,
  options: Pick<BenchBackOfficeOptions, 'companies' | 'orders'>,
  log: (line: string) => void = () => {},
): Promise<BenchBackOfficeReport> {
  const started = performance.now()
  const companiesCreated = await ensureCompanies(db, options.companies)
  log(`Bench companies: ${companiesCreated} created.`)
  const countOrders = async () =>
    (await rows<{ n: number }>(db, sql`select count(*)::int as n from orders`))[0]?.n ?? 0
  const before = await countOrders()
  const missing = Math.max(0, options.orders - before)
  if (missing > 0) {
    log(`Inserting ${missing} orders over the bench companies…`)
    await db.transaction((tx) => insertOrders(tx, missing))
  }
  // Planner statistics and a visibility map for the new rows (not possible inside a transaction).
  await db.execute(sql`vacuum analyze customers, users, orders, document_counters`)
  const ids = await rows<{ id: number }>(
    db,
    sql`select id from customers where code like ${`${CODE_PREFIX}%`} order by id limit 200`,
  )
  const years = await rows<{ year: number }>(
    db,
    sql`select distinct substr(order_no, 2, 4)::int as year from orders where order_no like 'S%-%' order by 1`,
  )
  const [companies] = await rows<{ n: number }>(db, sql`select count(*)::int as n from customers`)
  return {
    companies: companies?.n ?? 0,
    companiesCreated,
    orders: await countOrders(),
    ordersInserted: missing,
    customerIds: ids.map((r) => r.id),
    orderYears: years.map((r) => r.year),
    nameWords: [...NAME_WORDS],
    elapsedMs: Math.round(performance.now() - started),
  }
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  let options: BenchBackOfficeOptions
  try {
    options = parseBenchBackOfficeArgs(argv)
  } catch (err) {
    console.error((err as Error).message)
    return 2
  }
  const config = loadConfig(process.env, rootDir, { takesPayments: false })
  // Progress to stderr with --json, so the report stays the last line of stdout.
  const say = options.json ? (line: string) => console.error(line) : (line: string) => console.log(line)
  const database = await openConfiguredDatabase(config)
  try {
    const report = await runBenchBackOffice(database.db, options, say)
    if (options.json) console.log(JSON.stringify(report))
    else
      say(
        `Done in ${(report.elapsedMs / 1000).toFixed(1)} s: ${report.companies} companies, ${report.orders} orders.`,
      )
    return 0
  } finally {
    await database.close()
  }
}

runWhenStarted(import.meta.url, main)
