/**
 * npm run seed -- [--products N] [--reset]
 *
 * Loads the demo data into an empty database; with --products N, adds generated products until N are
 * listed in total (for benchmarks). Refuses to touch an existing catalogue unless --reset is given,
 * which empties the catalogue tables first (accounts, currencies and settings are kept).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { count, sql } from 'drizzle-orm'
import { LISTED_PRODUCT_SQL } from '../../domain/listing'
import { loadConfig } from '../config'
import type { Database } from '../db/client'
import { refreshStatistics } from '../db/maintenance'
import { openConfiguredDatabase } from '../db/open'
import { products } from '../db/schema/catalogue'
import { countRows, type SeedSummary, seedDemo } from '../db/seed/demo'
import { DEMO_LOGINS } from '../db/seed/demo-accounts'
import { type LargeCatalogueSummary, seedLargeCatalogue } from '../db/seed/generator'
import { runWhenStarted } from './run-cli'

// dist/server/cli/seed.js (or src/server/cli/seed.ts) → the project root, wherever the process started.
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

export const USAGE = 'Usage: npm run seed -- [--products <N>] [--reset]'
const MAX_PRODUCTS = 5_000_000

export type SeedOptions = { products: number | undefined; reset: boolean }

/** Bad arguments: exit code 2. */
export class UsageError extends Error {}
/** The database already has a catalogue and --reset was not given: exit code 1. */
export class SeedRefusedError extends Error {}

export function parseSeedArgs(argv: string[]): SeedOptions {
  let values: { products?: string; reset?: boolean }
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    }))
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`)
  }
  let productCount: number | undefined
  if (values.products !== undefined) {
    productCount = Number(values.products.replace(/_/g, ''))
    if (!Number.isInteger(productCount) || productCount < 1 || productCount > MAX_PRODUCTS) {
      throw new UsageError(`--products must be a whole number from 1 to ${MAX_PRODUCTS}\n${USAGE}`)
    }
  }
  return { products: productCount, reset: values.reset ?? false }
}

/** Emptied by --reset. CASCADE also empties tables that point at products (carts, order lines…). */
export const CATALOGUE_TABLES = [
  'campaign_products',
  'campaigns',
  'product_stocks',
  'product_units',
  'products',
  'models',
  'brands',
  'categories',
  'warehouses',
]

export type SeedReport = {
  demo: SeedSummary
  large: LargeCatalogueSummary | undefined
  totals: Awaited<ReturnType<typeof countRows>>
}

export async function runSeed(
  database: Database,
  options: SeedOptions,
  log: (line: string) => void = () => {},
): Promise<SeedReport> {
  const { db } = database
  const [existing] = await db.select({ n: count() }).from(products)
  if ((existing?.n ?? 0) > 0) {
    if (!options.reset) {
      throw new SeedRefusedError(
        `The database already has ${existing?.n} products; nothing was changed.\n` +
          'Run again with --reset to empty the catalogue and load it anew.',
      )
    }
    log(`Emptying the catalogue (${existing?.n} products)…`)
    await db.execute(
      sql.raw(`TRUNCATE ${CATALOGUE_TABLES.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`),
    )
  }

  log('Loading the demo data…')
  const demo = await seedDemo(db)
  log(`Demo data loaded in ${demo.elapsedMs} ms (${demo.listedProducts} listed products).`)

  let large: LargeCatalogueSummary | undefined
  if (options.products !== undefined) {
    const [listed] = await db.select({ n: count() }).from(products).where(sql.raw(LISTED_PRODUCT_SQL))
    const missing = options.products - (listed?.n ?? 0)
    if (missing > 0) {
      log(`Generating ${missing} more products…`)
      const step = Math.max(1000, Math.ceil(missing / 10 / 1000) * 1000)
      large = await seedLargeCatalogue(db, {
        products: missing,
        onProgress: (done, total) => {
          if (done % step === 0 || done === total) log(`  ${done} / ${total}`)
        },
      })
      log(`Generated ${large.products} products in ${(large.elapsedMs / 1000).toFixed(1)} s.`)
    }
  }
  log('Refreshing planner statistics…')
  await refreshStatistics(db)
  return { demo, large, totals: await countRows(db) }
}

function printReport(report: SeedReport, print: (line: string) => void): void {
  print('')
  print('Rows in the database:')
  for (const [name, value] of Object.entries(report.totals)) print(`  ${name.padEnd(18)} ${value}`)
  print('')
  if (!report.demo.demoAccountsCreated) {
    print('Existing customers and users were kept; no demo logins were added.')
    return
  }
  print('Demo logins:')
  for (const l of DEMO_LOGINS) print(`  ${l.role.padEnd(7)} ${l.email.padEnd(22)} ${l.password}`)
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  let options: SeedOptions
  try {
    options = parseSeedArgs(argv)
  } catch (err) {
    console.error((err as Error).message)
    return 2
  }
  const config = loadConfig(process.env, rootDir, { takesPayments: false })
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${path.join(config.dataDir, 'pgdata')}`
  console.log(`Database: ${where}`)
  const database = await openConfiguredDatabase(config)
  try {
    const report = await runSeed(database, options, (line) => console.log(line))
    printReport(report, (line) => console.log(line))
    return 0
  } catch (err) {
    if (err instanceof SeedRefusedError) {
      console.error(err.message)
      return 1
    }
    throw err
  } finally {
    await database.close()
  }
}

runWhenStarted(import.meta.url, main)
