import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normaliseSearchText, searchDocument } from '../../domain/search-query'
import { turkishSortKey } from '../../domain/turkish-text'
import {
  type AppProcess,
  Browser,
  bundle,
  bundleServer,
  startAppProcess,
  stopAppProcess,
} from '../test/app-process'
import { queryRows } from '../test/db-helpers'
import { createCustomer, createUser, type TestUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { createPgliteAt, createPostgresTestDatabase } from '../test/test-database'
import { findPostgresBin } from '../test/throwaway-cluster'
import { type Database, openDatabase } from './client'

/**
 * A backup taken while dealers place orders, restored into a fresh database, serves every order
 * acknowledged before the backup began, and no half-written one: on the embedded database through
 * `npm run db:backup` / `db:restore` (the running server takes the backup), on PostgreSQL through the
 * pg_dump / pg_restore commands docs/operations.md gives. Real server processes, as deployed.
 */
const run = promisify(execFile)
const root = process.cwd()
const postgres = process.env.TEST_DB === 'postgres'
const postgresUrl = postgres ? process.env.TEST_DATABASE_URL : undefined
const pgBin = postgres ? findPostgresBin() : null
if (postgres && !pgBin) {
  console.warn(
    '\n⚠⚠⚠ pg_dump/pg_restore not found (/usr/lib/postgresql/*/bin or PG_BIN): the PostgreSQL backup test is SKIPPED.\n',
  )
}

const DEALERS = 4
const STOCK = 100_000
/** Orders placed before the backup is asked for, at least. */
const BEFORE = 12

const work = path.join(root, '.tmp', `backup-under-load-${randomBytes(4).toString('hex')}`)
afterAll(() => rmSync(work, { recursive: true, force: true }))

type Placed = { orderNo: string; sentAt: number; ackAt: number }

/** Dealer companies of their own and a product with plenty of stock in one warehouse. */
async function seed(database: Database) {
  const fx = await seedAccounts(database.db)
  const dealers: TestUser[] = []
  for (let i = 0; i < DEALERS; i++) {
    const company = await createCustomer(database.db, { riskLimit: '0' })
    dealers.push(await createUser(database.db, company.id))
  }
  const code = `YDK-${randomBytes(3).toString('hex').toUpperCase()}`
  const [product] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort, search_text, search_name)
        values (${code}, 'Yedek Ürün', ${code.toLowerCase()}, ${fx.currencies.try.id}, '10', 20, ${STOCK},
          ${turkishSortKey('Yedek Ürün')}, ${searchDocument([code, 'Yedek Ürün'])}, ${normaliseSearchText('Yedek Ürün')})
        returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${product!.id}, 'Adet', 1, '10', true, 0) returning id`,
  )
  const [warehouse] = await queryRows<{ id: number }>(
    database.db,
    sql`insert into warehouses (code, name, sort_order) values (${`W-${code}`}, 'Merkez', 0) returning id`,
  )
  await database.db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${product!.id}, ${warehouse!.id}, ${STOCK})`,
  )
  return { dealers, product: { id: product!.id, unitId: unit!.id } }
}

function serverEnv(extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    DEMO_DATA: '0',
    SERVER_RENDER: '0',
    LOG_LEVEL: 'warn',
    PAYMENT_GATEWAY: 'sandbox',
    // The server's own thread: the bundle is made from the sources, the worker's script by a build.
    PGLITE_THREAD: 'main',
    ...extra,
  }
}

/**
 * Each dealer adds one unit and orders, again and again, until `stop`; every answered order is kept
 * with when it was sent and when its answer came.
 */
function orderTraffic(server: AppProcess, dealers: TestUser[], product: { id: number; unitId: number }) {
  const placed: Placed[] = []
  const failures: string[] = []
  let stopping = false
  const loops = dealers.map(async (dealer) => {
    const browser = await Browser.login(server.url, dealer)
    while (!stopping) {
      const added = await browser.request(`/api/catalog/cart/${product.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `quantity=1&productValue=${product.unitId}`,
      })
      if (added.status !== 200) {
        failures.push(`add ${added.status}: ${await added.text()}`)
        return
      }
      const sentAt = performance.now()
      const res = await browser.request('/api/catalog/cart', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': randomBytes(12).toString('hex'),
        },
        body: 'description=yedek',
      })
      const ackAt = performance.now()
      if (res.status !== 200) {
        failures.push(`order ${res.status}: ${await res.text()}`)
        return
      }
      placed.push({ orderNo: ((await res.json()) as { orderNo: string }).orderNo, sentAt, ackAt })
    }
  })
  return {
    placed,
    failures,
    stop: async () => {
      stopping = true
      await Promise.all(loops)
    },
  }
}

/** Every order number a dealer sees in their list on `server`. */
async function listedOrders(server: AppProcess, dealer: TestUser): Promise<string[]> {
  const browser = await Browser.login(server.url, dealer)
  const numbers: string[] = []
  for (let page = 1; ; page++) {
    const res = await browser.request(`/api/catalog/orders?page=${page}`)
    expect(res.status).toBe(200)
    const list = (await res.json()) as { items: Array<{ orderNo: string }>; pages: number }
    numbers.push(...list.items.map((o) => o.orderNo))
    if (page >= list.pages) return numbers
  }
}

/** What a half-written order would break: lines, totals, stock moves, the product's stock. */
async function halfWritten(database: Database, productId: number) {
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query)
  return {
    withoutLines: await rows<{ id: number }>(
      sql`select id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
    ),
    wrongTotals: await rows<{ id: number }>(sql`
      select o.id from orders o join order_items i on i.order_id = o.id
      group by o.id, o.subtotal, o.tax, o.total
      having o.subtotal <> sum(i.amount) or o.total <> o.subtotal + o.tax`),
    unmoved: await rows<{ id: number }>(sql`
      select i.id from order_items i where i.quantity * i.multiplier <>
        (select coalesce(sum(m.quantity), 0) from order_stock_moves m where m.order_item_id = i.id)`),
    stock: await rows<{ quantity: number; ordered: number; warehouses: number }>(sql`
      select p.quantity,
        (select coalesce(sum(i.quantity * i.multiplier), 0)::int from order_items i where i.product_id = p.id) as ordered,
        (select sum(s.quantity)::int from product_stocks s where s.product_id = p.id) as warehouses
      from products p where p.id = ${productId}`),
  }
}

/**
 * Runs the scenario: traffic, the backup in its midst, the restore, a server on the copy. `backup`
 * and `restore` are the database's own procedures; `inspect` opens the restored copy for SQL.
 */
async function backupUnderTraffic(options: {
  bundleFile: string
  env: Record<string, string>
  dataDir: string
  dealers: TestUser[]
  product: { id: number; unitId: number }
  backup: () => Promise<void>
  restore: () => Promise<{ env: Record<string, string>; dataDir: string }>
  inspect: () => Promise<{ database: Database; close: () => Promise<void> }>
}) {
  const first = await startAppProcess(options.bundleFile, options.env, options.dataDir)
  const traffic = orderTraffic(first, options.dealers, options.product)
  let backupStarted = 0
  let backupEnded = 0
  try {
    while (traffic.placed.length < BEFORE && traffic.failures.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    backupStarted = performance.now()
    await options.backup()
    backupEnded = performance.now()
    // The orders go on a little after it, too.
    const after = traffic.placed.length
    while (traffic.placed.length < after + DEALERS && traffic.failures.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  } finally {
    await traffic.stop()
    await stopAppProcess(first)
  }
  expect(traffic.failures).toEqual([])
  const acknowledged = traffic.placed.filter((p) => p.ackAt < backupStarted).map((p) => p.orderNo)
  expect(acknowledged.length).toBeGreaterThanOrEqual(BEFORE)
  // Orders were on their way while the backup was taken, not only before and after it.
  expect(traffic.placed.some((p) => p.sentAt < backupEnded && p.ackAt > backupStarted)).toBe(true)

  const restored = await options.restore()
  const second = await startAppProcess(options.bundleFile, restored.env, restored.dataDir)
  let listed: string[]
  try {
    listed = (await Promise.all(options.dealers.map((d) => listedOrders(second, d)))).flat()
  } finally {
    await stopAppProcess(second)
  }
  const missing = acknowledged.filter((no) => !listed.includes(no))
  expect(missing, 'orders acknowledged before the backup began, missing from the restored copy').toEqual([])
  // Nothing in the copy that was never ordered.
  const placedNumbers = new Set(traffic.placed.map((p) => p.orderNo))
  expect(listed.filter((no) => !placedNumbers.has(no))).toEqual([])

  const { database, close } = await options.inspect()
  try {
    const found = await halfWritten(database, options.product.id)
    expect(found.withoutLines).toEqual([])
    expect(found.wrongTotals).toEqual([])
    expect(found.unmoved).toEqual([])
    const [stock] = found.stock
    expect(stock!.quantity).toBe(STOCK - stock!.ordered)
    expect(stock!.warehouses).toBe(stock!.quantity)
    expect(stock!.ordered).toBe(listed.length)
  } finally {
    await close()
  }
  return { acknowledged: acknowledged.length, restored: listed.length, placed: traffic.placed.length }
}

let serverBundle: string
beforeAll(async () => {
  mkdirSync(work, { recursive: true })
  serverBundle = await bundleServer(path.join(work, 'server'))
}, 120_000)

describe.skipIf(postgres)('a backup of the embedded database under order traffic', () => {
  it('restored into a fresh DATA_DIR, serves every order acknowledged before it began, none half-written', async () => {
    const tools = path.join(work, 'cli')
    await bundle(path.join(root, 'src/server/cli/db-backup.ts'), path.join(tools, 'db-backup.js'))
    await bundle(path.join(root, 'src/server/cli/db-restore.ts'), path.join(tools, 'db-restore.js'))
    const tool = (name: string, args: string[], dataDir: string) =>
      run(process.execPath, [path.join(tools, `${name}.js`), ...args], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: dataDir },
      })

    const dataDir = path.join(work, 'data-a')
    const database = await createPgliteAt(path.join(dataDir, 'pgdata'))
    const { dealers, product } = await seed(database)
    await database.close()

    const file = path.join(work, 'backups', 'under-load.tar.gz')
    const copyDir = path.join(work, 'data-b')
    const result = await backupUnderTraffic({
      bundleFile: serverBundle,
      env: serverEnv({}),
      dataDir,
      dealers,
      product,
      backup: async () => {
        const { stdout } = await tool('db-backup', ['--out', file], dataDir)
        expect(stdout).toContain('taken by the running server')
      },
      restore: async () => {
        await tool('db-restore', [file], copyDir)
        return { env: serverEnv({}), dataDir: copyDir }
      },
      inspect: async () => {
        const copy = await openDatabase({ kind: 'pglite', dataDir: path.join(copyDir, 'pgdata') })
        return { database: copy, close: () => copy.close() }
      },
    })
    console.info(`embedded backup under load: ${JSON.stringify(result)}`)
  }, 180_000)
})

describe.skipIf(!postgres || !pgBin)('a pg_dump of PostgreSQL under order traffic', () => {
  it('restored with pg_restore into a fresh database, serves every order acknowledged before it began, none half-written', async () => {
    const database = await createPostgresTestDatabase(postgresUrl!)
    const { dealers, product } = await seed(database)
    const file = path.join(work, 'backups', 'under-load.dump')
    mkdirSync(path.dirname(file), { recursive: true })
    const copyName = `toptan_r_${randomBytes(6).toString('hex')}`
    const copyUrl = new URL(postgresUrl!)
    copyUrl.pathname = `/${copyName}`
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: postgresUrl })
      await client.connect()
      try {
        await client.query(statement)
      } finally {
        await client.end()
      }
    }
    let copy: Database | null = null
    try {
      const result = await backupUnderTraffic({
        bundleFile: serverBundle,
        env: serverEnv({ DATABASE_URL: database.url }),
        dataDir: path.join(work, 'pg-data-a'),
        dealers,
        product,
        // docs/operations.md, "Backup and restore": the same commands.
        backup: async () => {
          await run(path.join(pgBin!, 'pg_dump'), ['--format=custom', `--file=${file}`, database.url])
        },
        restore: async () => {
          await admin(`CREATE DATABASE ${copyName} TEMPLATE template0`)
          await run(path.join(pgBin!, 'pg_restore'), [
            '--no-owner',
            '--exit-on-error',
            `--dbname=${copyUrl.toString()}`,
            file,
          ])
          return {
            env: serverEnv({ DATABASE_URL: copyUrl.toString() }),
            dataDir: path.join(work, 'pg-data-b'),
          }
        },
        inspect: async () => {
          copy = await openDatabase({ kind: 'postgres', url: copyUrl.toString() })
          const opened = copy
          return { database: opened, close: () => opened.close() }
        },
      })
      console.info(`PostgreSQL backup under load: ${JSON.stringify(result)}`)
    } finally {
      await database.close()
      await admin(`DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`)
    }
  }, 180_000)
})
