// Builds the database of one catalogue size with the project's own seed CLI, then the order scenarios'
// accounts and order history with the bench's fixtures tool (both before the server starts: the
// embedded database can only be open in one process).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { track } from './children.mjs'
import { benchTool } from './tools.mjs'

/**
 * @typedef {import('./fixtures.ts').BenchFixturesReport & { searchLogs?: import('./search-logs.ts').BenchSearchLogsReport,
 *   backOffice?: import('./back-office.ts').BenchBackOfficeReport }} Fixtures
 * @typedef {{ dataDir: string, databaseUrl?: string, reused: boolean, seedSeconds: number | null,
 *   listed: number | null, fixtures: Fixtures, drop?: () => Promise<void> }} PreparedDatabase
 * @typedef {(line: string) => void} Log
 */

/**
 * Environment for the project's processes: the embedded database in `dataDir`, or the PostgreSQL
 * database given with --postgres (`databaseUrl`). A DATABASE_URL in the caller's shell is never used.
 * @param {string} dataDir
 * @param {Record<string, string | undefined>} extra
 * @param {string | undefined} databaseUrl
 * @returns {Record<string, string>}
 */
export function childEnv(dataDir, extra = {}, databaseUrl = undefined) {
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra }
  delete env.DATABASE_URL
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]
  return /** @type {Record<string, string>} */ (env)
}

/**
 * --postgres: a fresh database per size on a PostgreSQL server of this machine (127.0.0.1 or
 * localhost only), created and dropped with the server's own psql-free SQL through the pg package.
 * With `reuse`, a database of that name that exists already is used as it is (a seed of a million
 * products takes long), and the database is kept after the run either way.
 * @param {{ root: string, size: number, serverUrl: string, log: Log, searchLogs?: boolean, backOffice?: boolean, reuse?: boolean }} options
 * @returns {Promise<PreparedDatabase & { databaseUrl: string }>}
 */
export async function preparePostgres({
  root,
  size,
  serverUrl,
  log,
  searchLogs = false,
  backOffice = false,
  reuse = false,
}) {
  const url = new URL(serverUrl)
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error('--postgres must point at a server on this machine (127.0.0.1 or localhost)')
  }
  const { default: pg } = await import('pg')
  const name = `toptan_bench_${size}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1
  const reused = reuse && exists
  if (!reused) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${name}`)
  }
  await admin.end()
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  const dataDir = path.join(root, 'data', 'bench', `pg-${size}`)
  rmSync(dataDir, { recursive: true, force: true })
  /** @type {number | null} */
  let seedSeconds = null
  if (reused) {
    log(`Using PostgreSQL database ${name} as it is (--reuse); it is kept after the run.`)
  } else {
    log(`Seeding ${size.toLocaleString('en')} listed products into PostgreSQL database ${name}…`)
    const started = performance.now()
    await runSeed(root, dataDir, size, databaseUrl)
    seedSeconds = (performance.now() - started) / 1000
    log(`Seeded in ${seedSeconds.toFixed(1)} s.`)
  }
  const fixtures = await runFixtures(root, dataDir, log, databaseUrl)
  await importBenchBins(root, dataDir, log, databaseUrl)
  if (searchLogs) fixtures.searchLogs = await runSearchLogs(root, dataDir, log, databaseUrl)
  if (backOffice) fixtures.backOffice = await runBackOffice(root, dataDir, log, databaseUrl)
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.end()
  }
  return { dataDir, databaseUrl, reused, seedSeconds, listed: size, fixtures, drop: reuse ? undefined : drop }
}

const MARKER = 'bench-seed.json'

/**
 * A fresh database with `size` listed products in data/bench/<size>. With `reuse`, an existing one of
 * that size (recorded in bench-seed.json after a seed that finished) is kept as it is.
 * @param {{ root: string, size: number, reuse: boolean, log: Log, searchLogs?: boolean, backOffice?: boolean }} options
 * @returns {Promise<PreparedDatabase>}
 */
export async function prepareDatabase({ root, size, reuse, log, searchLogs = false, backOffice = false }) {
  const dataDir = path.join(root, 'data', 'bench', String(size))
  const markerFile = path.join(dataDir, MARKER)
  if (reuse && existsSync(markerFile) && existsSync(path.join(dataDir, 'pgdata'))) {
    const marker = JSON.parse(readFileSync(markerFile, 'utf8'))
    if (marker.products === size) {
      log(`Reusing the database in ${path.relative(root, dataDir)} (seeded ${marker.seededAt}).`)
      // A database seeded before the order scenarios existed gets its fixtures now.
      let fixtures = marker.fixtures
      if (!fixtures?.historyOrders) {
        fixtures = await runFixtures(root, dataDir, log)
        writeFileSync(markerFile, `${JSON.stringify({ ...marker, fixtures }, null, 2)}\n`)
      }
      // A database seeded without the search dashboard's log gets it when a scenario needs it.
      if (searchLogs && !fixtures.searchLogs) {
        fixtures = { ...fixtures, searchLogs: await runSearchLogs(root, dataDir, log) }
        writeFileSync(markerFile, `${JSON.stringify({ ...marker, fixtures }, null, 2)}\n`)
      }
      // Likewise the staff lists' companies and orders.
      if (backOffice && !fixtures.backOffice) {
        fixtures = { ...fixtures, backOffice: await runBackOffice(root, dataDir, log) }
        writeFileSync(markerFile, `${JSON.stringify({ ...marker, fixtures }, null, 2)}\n`)
      }
      await importBenchBins(root, dataDir, log)
      return { dataDir, reused: true, seedSeconds: null, listed: marker.listed ?? null, fixtures }
    }
  }
  rmSync(dataDir, { recursive: true, force: true })
  log(`Seeding ${size.toLocaleString('en')} listed products into ${path.relative(root, dataDir)}…`)
  const started = performance.now()
  const output = await runSeed(root, dataDir, size)
  const seedSeconds = (performance.now() - started) / 1000
  const listed = Number(/listedProducts\s+(\d+)/.exec(output)?.[1] ?? Number.NaN)
  if (listed !== size) {
    throw new Error(`The seed reported ${listed} listed products, expected ${size}:\n${output.slice(-2000)}`)
  }
  log(`Seeded in ${seedSeconds.toFixed(1)} s.`)
  const fixtures = await runFixtures(root, dataDir, log)
  await importBenchBins(root, dataDir, log)
  if (searchLogs) fixtures.searchLogs = await runSearchLogs(root, dataDir, log)
  if (backOffice) fixtures.backOffice = await runBackOffice(root, dataDir, log)
  writeFileSync(
    markerFile,
    `${JSON.stringify({ products: size, listed, seededAt: new Date().toISOString(), seedSeconds, fixtures }, null, 2)}\n`,
  )
  return { dataDir, reused: false, seedSeconds, listed, fixtures }
}

/**
 * @param {string} root
 * @param {string} dataDir
 * @param {number} size
 * @param {string | undefined} databaseUrl
 */
function runSeed(root, dataDir, size, databaseUrl = undefined) {
  return runCli(root, 'seed', ['--products', String(size)], childEnv(dataDir, {}, databaseUrl)).then(
    ({ output }) => output,
  )
}

/**
 * The order scenarios' fixtures (bench/fixtures.ts): BENCH_DEALERS dealers with their own
 * companies, and a company with 10,000 orders. Idempotent. Answers the CLI's JSON report (logins, the
 * password, the history's e-mail and order count), which the scenarios log in with.
 * @param {string} root
 * @param {string} dataDir
 * @param {Log} log
 * @param {string | undefined} databaseUrl
 * @returns {Promise<Fixtures>}
 */
async function runFixtures(root, dataDir, log, databaseUrl = undefined) {
  const started = performance.now()
  const { stdout } = await runCli(
    root,
    benchTool(root, 'fixtures'),
    ['--json'],
    childEnv(dataDir, {}, databaseUrl),
    'fixtures',
  )
  /** @type {Fixtures} */
  const report = lastJsonLine(stdout, 'fixtures')
  log(
    `Fixtures: ${report.dealers.length} bench dealers, ${report.historyEmail} with ` +
      `${report.historyOrders.toLocaleString('en')} orders (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  )
  return report
}

/**
 * The search dashboard's log (bench/search-logs.ts): 1,000,000 searches over a year by
 * 300 searchers and guests, and the dashboard's totals built from them; only for the scenarios that
 * declare `searchLogs` (about 20 s embedded). Answers the words and user terms the scenario searches.
 * @param {string} root
 * @param {string} dataDir
 * @param {Log} log
 * @param {string | undefined} databaseUrl
 * @returns {Promise<import('./search-logs.ts').BenchSearchLogsReport>}
 */
async function runSearchLogs(root, dataDir, log, databaseUrl = undefined) {
  const started = performance.now()
  const { stdout } = await runCli(
    root,
    benchTool(root, 'search-logs'),
    ['--json'],
    childEnv(dataDir, {}, databaseUrl),
    'search log',
  )
  /** @type {import('./search-logs.ts').BenchSearchLogsReport} */
  const report = lastJsonLine(stdout, 'search log')
  log(
    `Search log: ${report.searches.toLocaleString('en')} searches by ${report.searchers} searchers ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s).`,
  )
  return report
}

/**
 * The staff lists' data (bench/back-office.ts): 20,000 companies and 100,000 orders in all; only for
 * the scenarios that declare `backOffice`. Answers the company ids and order years the requests draw.
 * @param {string} root
 * @param {string} dataDir
 * @param {Log} log
 * @param {string | undefined} databaseUrl
 * @returns {Promise<import('./back-office.ts').BenchBackOfficeReport>}
 */
async function runBackOffice(root, dataDir, log, databaseUrl = undefined) {
  const started = performance.now()
  const { stdout } = await runCli(
    root,
    benchTool(root, 'back-office'),
    ['--json'],
    childEnv(dataDir, {}, databaseUrl),
    'back office',
  )
  /** @type {import('./back-office.ts').BenchBackOfficeReport} */
  const report = lastJsonLine(stdout, 'back office')
  log(
    `Back office: ${report.companies.toLocaleString('en')} companies, ${report.orders.toLocaleString('en')} orders ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s).`,
  )
  return report
}

/**
 * A tool's JSON report: the last line of its output (the lines before it are progress).
 * @param {string} stdout
 * @param {string} tool
 */
function lastJsonLine(stdout, tool) {
  const line = stdout.trim().split('\n').at(-1)
  if (!line?.startsWith('{'))
    throw new Error(`The ${tool} tool printed no JSON report:\n${stdout.slice(-2000)}`)
  return JSON.parse(line)
}

/** Prefixes in the BIN lookup scenario's table: about as many as the real Turkish BIN list has. */
export const BENCH_BIN_COUNT = 1900

/** The bench's BIN prefixes: 6 digits each, every tenth with an 8-digit prefix under it (longest match). */
export function benchBinPrefixes() {
  const prefixes = []
  for (let i = 0; i < BENCH_BIN_COUNT; i++) {
    const six = String(400_000 + i * 101)
    prefixes.push(six)
    if (i % 10 === 0) prefixes.push(`${six}${String(i % 97).padStart(2, '0')}`)
  }
  return prefixes
}

const BENCH_ISSUERS = [
  'TURKIYE GARANTI BANKASI, A.S.',
  'AKBANK T.A.S.',
  'YAPI VE KREDI BANKASI, A.S.',
  'TURKIYE IS BANKASI, A.S.',
  'DENIZBANK, A.S.',
  '',
]

/**
 * Fills the BIN table for the BIN lookup scenario: benchBinPrefixes() written in the Turkish BIN list
 * format and imported with the project's bin-import CLI (idempotent; the demo seed's rows stay).
 * @param {string} root
 * @param {string} dataDir
 * @param {Log} log
 * @param {string | undefined} databaseUrl
 */
async function importBenchBins(root, dataDir, log, databaseUrl = undefined) {
  const rows = benchBinPrefixes().map(
    (prefix, i) =>
      `${prefix};${i % 3 ? 'VISA' : 'MASTERCARD'};${i % 4 ? 'CREDIT' : 'DEBIT'};;${BENCH_ISSUERS[i % BENCH_ISSUERS.length]}`,
  )
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'bench-bins.csv')
  writeFileSync(file, `\uFEFFBIN;Network;Type;Category;Issuer\r\n${rows.join('\r\n')}\r\n`)
  const started = performance.now()
  await runCli(root, 'bin-import', [file], childEnv(dataDir, {}, databaseUrl), 'bins')
  log(`BIN table: ${rows.length} bench prefixes (${((performance.now() - started) / 1000).toFixed(1)} s).`)
}

/**
 * Runs dist/server/cli/<name>.js, or the script `name` names when it is a path (a bench tool); its
 * output is echoed with a prefix (a long seed shows progress).
 * @param {string} root
 * @param {string} name
 * @param {string[]} args
 * @param {Record<string, string>} env
 * @returns {Promise<{ output: string, stdout: string }>}
 */
function runCli(root, name, args, env, label = path.basename(name, '.js')) {
  const script = path.isAbsolute(name) ? name : path.join(root, 'dist', 'server', 'cli', `${name}.js`)
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, [script, ...args], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    )
    let output = ''
    let stdout = ''
    /** @param {Buffer} chunk @param {boolean} isStdout */
    const onData = (chunk, isStdout) => {
      const text = chunk.toString()
      output += text
      if (isStdout) stdout += text
      // Progress lines ("  12000 / 98050") keep a long seed from looking stuck. The JSON report is not echoed.
      for (const line of text.split('\n')) {
        if (line.trim() && !line.startsWith('{')) process.stdout.write(`    ${label} │ ${line}\n`)
      }
    }
    child.stdout.on('data', (chunk) => onData(chunk, true))
    child.stderr.on('data', (chunk) => onData(chunk, false))
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve({ output, stdout })
      else
        reject(
          new Error(`The ${label} CLI failed (${signal ?? `exit code ${code}`}):\n${output.slice(-2000)}`),
        )
    })
  })
}
