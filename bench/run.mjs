#!/usr/bin/env node
// npm run bench -- [--sizes 5000,100000] [--duration 10] [--warmup 2] [--connections 10] [--reuse]
//                  [--scenarios id,id…] [--cache-seconds N]
//        npm run bench -- --matrix --postgres URL [--sizes 10000,100000] [the options above but --cache-seconds]
//
// For each catalogue size: a fresh embedded database (seed CLI), the bundled server on 127.0.0.1 and a
// free port, a dealer login, then every scenario of scenarios.mjs under autocannon. At the first size,
// before the load, what a guest's first page ships on the wire (bench/wire.mjs; needs dist/web, which
// `npm run bench` builds). Prints the figures and the budget verdicts, writes bench/results/latest.json
// and latest.md. Exit code 1 when a request failed or a budget was missed, 2 for bad arguments.
// --matrix runs the scenarios on the embedded database and on PostgreSQL, each with the server's default
// cache and with CACHE_SECONDS=0, and prints them side by side (bench/matrix.mjs; no budgets: exit code 1
// only for failed requests); it writes bench/results/matrix.json and matrix.md. See docs/operations.md,
// "Benchmarks".
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { installSignalHandlers, stopAll } from './children.mjs'
import { Client, discover } from './client.mjs'
import { isImport, runImport } from './import.mjs'
import { matrixMarkdown, matrixSection } from './matrix.mjs'
import { runScenario, stopLoad } from './measure.mjs'
import { mib, rssKiB, sampleRss } from './memory.mjs'
import { commaList, wholeNumber as int, nodeFlags, readOptions, scenariosMatching } from './options.mjs'
import { isProcesses, runProcesses } from './processes.mjs'
import { RELEVANCE_CHECK, relevanceLines, runRelevance } from './relevance.mjs'
import { comparisonTable, evaluate, markdown, sizeLabel, sizeTable } from './report.mjs'
import { BUDGETS, SCENARIOS, WIRE_CHECK } from './scenarios.mjs'
import { prepareDatabase, preparePostgres } from './seed.mjs'
import { readyTimeoutFor, startServer } from './server.mjs'
import { isSoak, runSoak } from './soak.mjs'
import { isSync, runSync } from './sync.mjs'
import { buildBenchTools } from './tools.mjs'
import { measureInitialPage, wireLines } from './wire.mjs'

/**
 * @typedef {import('./types.ts').Scenario} Scenario
 * @typedef {import('./types.ts').SizeRun} SizeRun
 * @typedef {import('./types.ts').ScenarioResult} ScenarioResult
 * @typedef {import('./types.ts').RunMeta} RunMeta
 * @typedef {import('./seed.mjs').PreparedDatabase} PreparedDatabase
 * @typedef {ReturnType<typeof parseOptions>} Options
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const ALL_IDS = [WIRE_CHECK.id, RELEVANCE_CHECK.id, ...SCENARIOS.map((s) => s.id)].join(', ')
const USAGE = `Usage: npm run bench -- [options]
  --sizes N,N          catalogue sizes in listed products (default 5000,100000)
  --duration S         measured seconds per scenario (default 10)
  --warmup S           unmeasured seconds before each scenario (default 2)
  --connections N      concurrent connections (default 10)
  --reuse              keep a database of the same size already in data/bench/<size>; with --postgres,
                       use toptan_bench_<size> as it is when it exists, and keep it after the run
  --scenarios a,b      only scenarios whose id starts with one of these (${ALL_IDS});
                       'wire' alone checks the first page's transfer size at the first size only;
                       'relevance' alone prints the search relevance set's pass rate (also run by
                       default and with any 'search' scenario)
  --cache-seconds N    run the server with CACHE_SECONDS=N (default: the server's own default)
  --postgres URL       measure on this machine's PostgreSQL (e.g. postgres://postgres@127.0.0.1:5432/postgres):
                       a fresh database per size instead of the embedded one
  --matrix             each size on the embedded database and on --postgres URL (required), each with
                       the server's default cache and with CACHE_SECONDS=0 (so not with --cache-seconds):
                       one table per size with the embedded/PostgreSQL p99 ratios, written to
                       bench/results/matrix.md and matrix.json (no wire check, relevance or budgets)
  --cpu-prof DIR       write the server's CPU profile (.cpuprofile, open in Chrome DevTools) into DIR
  --node-flags "F F"   start the server's node with these flags before the script (e.g.
                       "--max-semi-space-size=32 --trace-gc"; the server's output is in its data dir)
  --soak DURATION      the soak run instead (bench/soak.mjs; e.g. --soak 30m, its options: --soak 1s --help)
  --processes N,N      one process against several behind a local proxy on --postgres (bench/processes.mjs;
                       its options: --processes 1,2 --help)
  --import [ROWS]      the spreadsheet import instead: an XLSX of ROWS products (default 100,000) read,
                       previewed and imported as a job on a fresh embedded database (bench/import.mjs)`

/** @param {string[]} argv */
function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      sizes: { type: 'string', default: '5000,100000' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '10' },
      reuse: { type: 'boolean', default: false },
      scenarios: { type: 'string' },
      'cache-seconds': { type: 'string' },
      postgres: { type: 'string' },
      matrix: { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      'node-flags': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  const sizes = values.sizes
    .split(',')
    .map((s) => int('sizes', s, 1, 5_000_000))
    .sort((a, b) => a - b)
  const filters = commaList(values.scenarios)
  const scenarios = scenariosMatching(SCENARIOS, filters)
  const matrix = values.matrix && !values.help
  if (matrix) {
    if (!values.postgres) throw new Error('--matrix needs --postgres URL (it measures both databases)')
    if (values['cache-seconds'] !== undefined)
      throw new Error(
        '--matrix runs every scenario with the server’s default cache and with CACHE_SECONDS=0: leave out --cache-seconds',
      )
    if (scenarios.length === 0)
      throw new Error(
        `--matrix needs load scenarios: --scenarios matched none of ${SCENARIOS.map((s) => s.id).join(', ')}`,
      )
  }
  // The matrix compares load scenarios only: the first page's transfer and relevance do not depend on it.
  const wire = !matrix && (!filters || filters.some((f) => WIRE_CHECK.id.startsWith(f)))
  const relevance =
    !matrix && (!filters || filters.some((f) => RELEVANCE_CHECK.id.startsWith(f) || f.startsWith('search')))
  if (scenarios.length === 0 && !wire && !relevance) throw new Error(`--scenarios matched none of ${ALL_IDS}`)
  return {
    help: values.help,
    // The wire check alone needs one server, not one per catalogue size.
    sizes: scenarios.length === 0 ? sizes.slice(0, 1) : [...new Set(sizes)],
    wire,
    relevance,
    duration: int('duration', values.duration, 1, 600),
    warmup: int('warmup', values.warmup, 0, 60),
    connections: int('connections', values.connections, 1, 200),
    postgres: values.postgres,
    matrix,
    cpuProfDir: values['cpu-prof'] && path.resolve(values['cpu-prof']),
    nodeFlags: nodeFlags(values['node-flags']),
    reuse: values.reuse,
    scenarios,
    cacheSeconds:
      values['cache-seconds'] === undefined
        ? undefined
        : int('cache-seconds', values['cache-seconds'], 0, 3600),
  }
}

function gitCommit() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'src/server', 'src/domain', 'src/contracts'],
      { cwd: root, encoding: 'utf8' },
    ).trim()
    return dirty ? `${head} + uncommitted server changes` : head
  } catch {
    return 'unknown commit'
  }
}

/** @param {string} line */
const log = (line) => console.log(`  ${line}`)

/**
 * The database of one size: embedded in data/bench/<size> (kept with --reuse), or a fresh PostgreSQL one.
 * @param {number} size
 * @param {SizeRun['database']} database
 * @param {Options} options
 * @returns {Promise<PreparedDatabase>}
 */
function prepareFor(size, database, options) {
  // The search dashboard's million logged searches are written only when a chosen scenario reads them.
  const searchLogs = options.scenarios.some((s) => s.searchLogs)
  // Likewise the staff lists' 20,000 companies and 100,000 orders.
  const backOffice = options.scenarios.some((s) => s.backOffice)
  return database === 'postgres'
    ? preparePostgres({
        root,
        size,
        serverUrl: /** @type {string} */ (options.postgres),
        log,
        searchLogs,
        backOffice,
        reuse: options.reuse,
      })
    : prepareDatabase({ root, size, reuse: options.reuse, log, searchLogs, backOffice })
}

/**
 * One server on a prepared database (`cacheSeconds` undefined: the server's default cache), the wire
 * check when `wire`, then the chosen scenarios; the server is stopped, the database left as it is.
 * @param {{ size: number, database: SizeRun['database'], db: PreparedDatabase, options: Options,
 *   cacheSeconds: number | undefined, wire: boolean }} args
 * @returns {Promise<SizeRun>}
 */
async function measureServer({ size, database, db, options, cacheSeconds, wire: checkWireFirst }) {
  const server = await startServer({
    root,
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    cacheSeconds,
    cpuProfDir: options.cpuProfDir,
    nodeFlags: options.nodeFlags,
    log,
    readyTimeoutMs: readyTimeoutFor(size),
  })
  // Memory once the server answers (the search index is built before it listens), then the peak.
  const readyMiB = mib(rssKiB(server.pid))
  if (readyMiB !== null) log(`Server RSS when ready: ${readyMiB} MiB.`)
  try {
    const wire = checkWireFirst ? await checkWire(server.url) : undefined
    if (options.scenarios.length === 0) return { size, database, wire, scenarios: [] }
    const client = new Client(server.url)
    await client.login()
    const ctx = { ...(await discover(client, { log })), fixtures: db.fixtures }
    if (ctx.total !== size) log(`Note: the dealer sees ${ctx.total} listed products (seeded ${size}).`)
    /** @type {ScenarioResult[]} */
    const scenarios = []
    for (const scenario of options.scenarios) {
      const detail = scenario.describe?.(ctx) ?? ''
      process.stdout.write(`  ${scenario.label.padEnd(22)} `)
      const rss = sampleRss(server.pid)
      const stats = await runScenario({
        baseUrl: server.url,
        client,
        scenario,
        ctx,
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
        serverPid: server.pid,
      })
      stats.rssPeakMiB = rss.stop().peakMiB
      const bad = stats.non2xx + stats.errors + stats.timeouts
      console.log(
        `p50 ${stats.p50} ms  p99 ${stats.p99} ms  ${stats.rps} req/s  (load ${stats.loadAverage}` +
          `${stats.rssPeakMiB === null ? '' : `, RSS ≤ ${stats.rssPeakMiB} MiB`})` +
          (bad
            ? `  ‼ ${bad} failed (${JSON.stringify(stats.statusCodes)}, ${stats.errors} errors, ${stats.timeouts} timeouts)`
            : ''),
      )
      for (const part of stats.parts ?? []) {
        console.log(
          `    · ${part.label.padEnd(18)} p50 ${part.p50} ms  p99 ${part.p99} ms  ${part.rps} req/s` +
            (part.ok === part.requests ? '' : `  (${part.requests - part.ok} not 2xx)`),
        )
      }
      if (stats.throughput) console.log(`    = ${stats.throughput.value} ${stats.throughput.name}`)
      for (const note of stats.notes ?? []) console.log(`    ${note}`)
      for (const f of stats.failures ?? []) console.log(`    ‼ ${f.count}× ${f.message}`)
      scenarios.push({
        id: scenario.id,
        label: scenario.label,
        detail,
        p99Budget: scenario.p99Budget !== false,
        ...stats,
      })
    }
    const peaks = [readyMiB, ...scenarios.map((s) => s.rssPeakMiB)].filter((x) => typeof x === 'number')
    /** @type {SizeRun} */
    const run = {
      size,
      database,
      memory: { readyMiB, peakMiB: peaks.length > 0 ? Math.max(...peaks) : null },
      listed: ctx.total,
      seedSeconds: db.seedSeconds,
      reused: db.reused,
      context: ctx,
      wire,
      scenarios,
    }
    console.log(`\n${sizeTable(run)}`)
    return run
  } finally {
    await server.stop()
  }
}

/**
 * One size as the plain run measures it: one database (--postgres or embedded), one server.
 * @param {number} size
 * @param {Options} options
 */
async function benchSize(size, options) {
  console.log(`\n━━ ${size.toLocaleString('en')} listed products ━━`)
  /** @type {SizeRun['database']} */
  const database = options.postgres ? 'postgres' : 'embedded'
  const db = await prepareFor(size, database, options)
  try {
    return await measureServer({
      size,
      database,
      db,
      options,
      cacheSeconds: options.cacheSeconds,
      wire: options.wire && size === options.sizes[0],
    })
  } finally {
    await db.drop?.()
  }
}

/**
 * --matrix, one size: on each database (the embedded one, then a fresh PostgreSQL one, dropped at the
 * end), the scenarios with the server's default cache, then again after a restart with CACHE_SECONDS=0.
 * Answers the four runs, each with `cache` 'warm' or 'cold'.
 * @param {number} size
 * @param {Options} options
 */
async function matrixSize(size, options) {
  /** @type {SizeRun[]} */
  const runs = []
  for (const database of /** @type {const} */ (['embedded', 'postgres'])) {
    const where = database === 'postgres' ? 'PostgreSQL' : 'the embedded database'
    console.log(`\n━━ ${size.toLocaleString('en')} listed products on ${where} ━━`)
    const db = await prepareFor(size, database, options)
    try {
      for (const { cache, cacheSeconds, title } of /** @type {const} */ ([
        { cache: 'warm', cacheSeconds: undefined, title: 'caches on (server default)' },
        { cache: 'cold', cacheSeconds: 0, title: 'CACHE_SECONDS=0' },
      ])) {
        console.log(`\n── ${where}, ${title} ──`)
        const run = await measureServer({ size, database, db, options, cacheSeconds, wire: false })
        runs.push({ ...run, cache, cacheSeconds: cacheSeconds ?? null })
      }
    } finally {
      await db.drop?.()
    }
  }
  console.log(`\n━━ ${sizeLabel(size)}: embedded vs PostgreSQL ━━\n\n${matrixSection(size, runs)}`)
  return runs
}

/**
 * The first page's transfer, printed as it is measured.
 * @param {string} baseUrl
 */
async function checkWire(baseUrl) {
  const wire = await measureInitialPage(baseUrl, WIRE_CHECK.path)
  console.log(`  ${WIRE_CHECK.label}:`)
  for (const line of wireLines(wire)) log(`  ${line}`)
  return wire
}

/**
 * What every report records of the run: when, which code, on what, and the load's shape.
 * @param {Options} options
 * @returns {RunMeta}
 */
function runMeta(options) {
  const cpus = os.cpus()
  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    commit: gitCommit(),
    node: process.versions.node,
    cpu: `${cpus.length} × ${cpus[0]?.model?.trim() ?? 'CPU'}`,
    connections: options.connections,
    duration: options.duration,
    warmup: options.warmup,
  }
}

/**
 * The 1-minute load averages recorded after the scenarios, lowest and highest, or undefined without any.
 * @param {SizeRun[]} runs
 */
function loadRange(runs) {
  const loads = runs.flatMap((r) =>
    r.scenarios.flatMap((s) => (s.loadAverage === undefined ? [] : [s.loadAverage])),
  )
  if (loads.length === 0) return undefined
  return { min: Math.min(...loads), max: Math.max(...loads), cpus: os.cpus().length }
}

/** @param {RunMeta['loadAverage']} loadAverage */
function warnIfBusy(loadAverage) {
  if (loadAverage && loadAverage.max > loadAverage.cpus + 2) {
    console.warn(
      `\n⚠ The 1-minute load average reached ${loadAverage.max} on ${loadAverage.cpus} CPUs (the benchmark itself ` +
        'accounts for about 2–3): other work on this machine inflated the figures, p99 most. Rerun on a quiet machine.',
    )
  }
}

/**
 * --matrix: every size on both databases, warm and cold; tables per size, matrix.json and matrix.md.
 * @param {Options} options
 * @param {number} started
 */
async function benchMatrix(options, started) {
  /** @type {RunMeta} */
  const meta = { ...runMeta(options), cache: 'server default cache, then CACHE_SECONDS=0' }
  console.log(
    `Benchmark matrix: sizes ${options.sizes.map(sizeLabel).join(', ')}; ${options.scenarios.length} scenarios × ` +
      `(${options.warmup} s warm-up + ${options.duration} s) at ${options.connections} connections, on the ` +
      'embedded database and on PostgreSQL, each with the server’s default cache and with CACHE_SECONDS=0.',
  )
  const runs = []
  for (const size of options.sizes) runs.push(...(await matrixSize(size, options)))
  const totalSeconds = Math.round((performance.now() - started) / 1000)
  const loadAverage = loadRange(runs)
  if (loadAverage) meta.loadAverage = loadAverage
  const results = { meta: { ...meta, totalSeconds }, runs }
  const md = matrixMarkdown(results)
  writeResults('matrix', results, md)
  console.log(`\n━━ Matrix (also in bench/results/matrix.md) ━━\n\n${md}\n`)
  warnIfBusy(meta.loadAverage)
  const failed = runs.flatMap((r) =>
    r.scenarios
      .filter((s) => s.non2xx + s.errors + s.timeouts > 0)
      .map((s) => `${s.label} at ${sizeLabel(r.size)}, ${r.database}, ${r.cache}`),
  )
  if (failed.length > 0)
    console.error(`\n‼ FAILED REQUESTS during the load:\n${failed.map((f) => `  - ${f}`).join('\n')}`)
  console.log(
    `${failed.length === 0 ? 'Done' : 'FAIL'}: ${runs.length} runs in ${Math.floor(totalSeconds / 60)} min ` +
      `${totalSeconds % 60} s. Raw runs in bench/results/matrix.json.`,
  )
  return failed.length === 0 ? 0 : 1
}

/**
 * bench/results/<name>.json (the raw results) and <name>.md (the report).
 * @param {string} name
 * @param {unknown} results
 * @param {string} md
 */
function writeResults(name, results, md) {
  const outDir = path.join(root, 'bench', 'results')
  mkdirSync(outDir, { recursive: true })
  writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`)
  writeFileSync(path.join(outDir, `${name}.md`), `${md}\n`)
}

async function main() {
  // The bench's own tools (fixtures, search log, nginx) are built here, not by the app's build.
  await buildBenchTools(root)
  // The soak run (bench/soak.mjs) has its own options and report.
  if (isSoak(process.argv.slice(2)))
    return runSoak({ root, argv: process.argv.slice(2), commit: gitCommit() })
  // The integration's loads (bench/sync.mjs): bulk upserts, a stock job, the dealer's pages meanwhile.
  if (isSync(process.argv.slice(2)))
    return runSync({ root, argv: process.argv.slice(2), commit: gitCommit() })
  // One process against several behind a proxy (bench/processes.mjs) has its own options and report.
  if (isProcesses(process.argv.slice(2)))
    return runProcesses({ root, argv: process.argv.slice(2), commit: gitCommit() })
  // The spreadsheet import (bench/import.mjs): its own database, options and report.
  if (isImport(process.argv.slice(2)))
    return runImport({ root, argv: process.argv.slice(2), commit: gitCommit() })
  const { options, exitCode } = readOptions(parseOptions, process.argv.slice(2), USAGE)
  if (!options) return exitCode
  const serverNeeded = options.scenarios.length > 0 || options.wire
  if (serverNeeded && !existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
    console.error('dist/server is missing: run `npm run bench` (it builds the server first).')
    return 2
  }
  if (options.wire && !existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
    console.error(
      'dist/web is missing: run `npm run bench` (it builds the web app first) or `npm run build:web`.',
    )
    return 2
  }
  installSignalHandlers(stopLoad)
  const started = performance.now()
  if (options.matrix) return benchMatrix(options, started)
  const meta = {
    ...runMeta(options),
    cache:
      options.cacheSeconds === undefined ? 'server default cache' : `CACHE_SECONDS=${options.cacheSeconds}`,
    budgets: {
      p99Ms: BUDGETS.p99Ms,
      sizeRatio: BUDGETS.sizeRatio,
      pairs: BUDGETS.pairs,
      initialPageKiB: BUDGETS.initialPageKiB,
      rssMiB: BUDGETS.rssMiB,
    },
  }
  console.log(
    `Benchmark: sizes ${options.sizes.map(sizeLabel).join(', ')}; ${options.wire ? 'the first page on the wire; ' : ''}` +
      (options.scenarios.length === 0
        ? 'no load scenarios.'
        : `${options.scenarios.length} scenarios × (${options.warmup} s warm-up + ${options.duration} s) at ` +
          `${options.connections} connections; ${meta.cache}.`),
  )

  let relevance
  if (options.relevance) {
    console.log('\n━━ Search relevance (demo catalogue) ━━')
    relevance = await runRelevance(root)
    for (const line of relevanceLines(relevance)) log(line)
  }
  // '--scenarios relevance' alone: the pass rate is the whole result.
  if (!serverNeeded) return relevance && relevance.failures.length === 0 ? 0 : 1
  const runs = []
  for (const size of options.sizes) runs.push(await benchSize(size, options))

  const checks = evaluate(runs, BUDGETS)
  const totalSeconds = Math.round((performance.now() - started) / 1000)
  const loadAverage = loadRange(runs)
  if (loadAverage) meta.loadAverage = loadAverage
  const results = {
    meta: { ...meta, totalSeconds },
    relevance,
    runs,
    checks,
    pass: checks.every((c) => c.pass),
  }
  console.log(`\n━━ Budgets ━━\n${comparisonTable(runs, checks)}`)

  const md = markdown(results)
  writeResults('latest', results, md)
  console.log(`\n━━ Markdown (also in bench/results/latest.md) ━━\n\n${md}\n`)

  warnIfBusy(meta.loadAverage)
  const errors = checks.filter((c) => c.kind === 'errors')
  if (errors.length > 0) {
    console.error(
      `\n‼ FAILED REQUESTS during the load:\n${errors.map((c) => `  - ${c.label}: ${c.value}`).join('\n')}`,
    )
  }
  const misses = checks.filter((c) => !c.pass && c.kind !== 'errors')
  console.log(
    `${misses.length === 0 && errors.length === 0 ? 'PASS' : 'FAIL'}: ${checks.length - misses.length - errors.length}/${checks.length} checks met; ` +
      `took ${Math.floor(totalSeconds / 60)} min ${totalSeconds % 60} s. Results in bench/results/latest.json.`,
  )
  return results.pass ? 0 : 1
}

main().then(
  (code) => {
    process.exitCode = code
  },
  async (err) => {
    console.error(`\n‼ Benchmark aborted: ${err?.stack ?? err}`)
    await stopAll()
    process.exitCode = 1
  },
)
