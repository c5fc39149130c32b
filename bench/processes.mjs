// npm run bench -- --processes 1,2 --postgres URL [--size N] [--duration S] [--warmup S]
//                  [--connections N] [--scenarios id,id…] [--cache-seconds N]
//
// The same scenarios against one app process and against several on one PostgreSQL database, each
// count behind nginx running deploy/nginx.conf (TLS and all, started by src/server/test/nginx.ts as
// the two-process test starts it), so the proxy's own cost is in every column and only the number of
// processes differs.
// Prints req/s and p99 side by side and writes bench/results/processes.json and processes.md. The
// processes tell each other of cache changes through PostgreSQL LISTEN/NOTIFY, or Redis pub/sub when
// REDIS_URL is set in the environment. See docs/operations.md, "Benchmarks".
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { Agent, setGlobalDispatcher } from 'undici'
import { track } from './children.mjs'
import { Client, discover } from './client.mjs'
import { runScenario } from './measure.mjs'
import { commaList, wholeNumber as int, readOptions, scenariosMatching } from './options.mjs'
import { SCENARIOS } from './scenarios.mjs'
import { preparePostgres } from './seed.mjs'
import { freePort, startServer } from './server.mjs'
import { benchTool } from './tools.mjs'

/**
 * @typedef {import('./seed.mjs').PreparedDatabase} PreparedDatabase
 * @typedef {import('./types.ts').ScenarioStats} ScenarioStats
 * @typedef {ReturnType<typeof parseOptions>} Options
 * @typedef {{ id: string, label: string, failed: number, rps: number, p50: number, p99: number,
 *   loadAverage: number | undefined }} CountResult
 * @typedef {{ processes: number, scenarios: CountResult[] }} CountRun
 */

/** @param {string[]} argv */
export const isProcesses = (argv) => argv.some((a) => a === '--processes' || a.startsWith('--processes='))

const USAGE = `Usage: npm run bench -- --processes 1,2 --postgres URL [options]
  --processes N,N      process counts to compare (default 1,2), each behind nginx (deploy/nginx.conf)
  --postgres URL       this machine's PostgreSQL (required: the embedded database serves one process)
  --size N             listed products (default 5000)
  --duration S         measured seconds per scenario (default 10)
  --warmup S           unmeasured seconds before each scenario (default 2)
  --connections N      concurrent connections (default 20)
  --scenarios a,b      only scenarios whose id starts with one of these (HTTP ones and staff-edit-visible:
                       staff-sockets measures one process's memory and pushes, so it is left out)
  --cache-seconds N    run the servers with CACHE_SECONDS=N (default: the server's own default)`

/** @param {string[]} argv */
function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      processes: { type: 'string', default: '1,2' },
      postgres: { type: 'string' },
      size: { type: 'string', default: '5000' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '20' },
      scenarios: { type: 'string' },
      'cache-seconds': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (!values.help && !values.postgres) throw new Error('--processes needs --postgres URL')
  const filters = commaList(values.scenarios)
  const http = SCENARIOS.filter((s) => !s.run || s.acrossProcesses)
  const scenarios = scenariosMatching(http, filters)
  if (!values.help && scenarios.length === 0)
    throw new Error(`--scenarios matched none of ${http.map((s) => s.id).join(', ')}`)
  return {
    help: values.help,
    counts: [...new Set(values.processes.split(',').map((s) => int('processes', s, 1, 16)))],
    postgres: values.postgres ?? '',
    size: int('size', values.size, 1, 5_000_000),
    duration: int('duration', values.duration, 1, 600),
    warmup: int('warmup', values.warmup, 0, 60),
    connections: int('connections', values.connections, 1, 500),
    scenarios,
    cacheSeconds:
      values['cache-seconds'] === undefined
        ? undefined
        : int('cache-seconds', values['cache-seconds'], 0, 3600),
  }
}

/** @param {string} line */
const log = (line) => console.log(`  ${line}`)

/** The nginx helper the bench built (bench/tools.mjs). @param {string} root */
async function nginxHelper(root) {
  /** @type {typeof import('../src/server/test/nginx.ts')} */
  const helper = await import(pathToFileURL(benchTool(root, 'nginx')).href)
  return helper
}

/**
 * nginx on deploy/nginx.conf in front of `upstreams`, with a certificate of its own that this
 * process's fetch trusts (autocannon does not check it), in a temporary prefix removed on stop.
 * @param {string} root
 * @param {string[]} upstreams
 */
async function startProxy(root, upstreams) {
  const helper = await nginxHelper(root)
  const nginx = helper.findNginx()
  if (!nginx)
    throw new Error(
      "--processes runs the app behind Debian's nginx: apt-get install nginx (or set NGINX_BIN)",
    )
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'toptan-bench-nginx-'))
  const proxy = await helper.startNginx({
    nginx,
    prefix,
    conf: path.join(root, 'deploy', 'nginx.conf'),
    upstreams,
    webRoot: path.join(root, 'dist', 'web'),
    tls: true,
    ports: [await freePort(), await freePort()],
    onStarted: (child) => track(child),
  })
  setGlobalDispatcher(new Agent({ connect: { ca: proxy.certificate ?? undefined } }))
  return {
    url: proxy.url,
    stop: async () => {
      await proxy.stop()
      rmSync(prefix, { recursive: true, force: true })
    },
  }
}

/**
 * @param {string} root
 * @param {number} count
 * @param {PreparedDatabase} db
 * @param {Options} options
 * @returns {Promise<CountRun>}
 */
async function runCount(root, count, db, options) {
  console.log(`\n━━ ${count} process${count === 1 ? '' : 'es'} behind nginx ━━`)
  /** @type {import('./server.mjs').RunningServer[]} */
  const servers = []
  let proxy
  try {
    for (let i = 0; i < count; i++) {
      const dataDir = path.join(db.dataDir, `process-${count}-${i}`)
      mkdirSync(dataDir, { recursive: true })
      servers.push(
        await startServer({
          root,
          dataDir,
          databaseUrl: db.databaseUrl,
          cacheSeconds: options.cacheSeconds,
          log,
        }),
      )
    }
    proxy = await startProxy(
      root,
      servers.map((s) => s.url),
    )
    log(`nginx at ${proxy.url} → ${servers.map((s) => s.url).join(', ')}`)
    const client = new Client(proxy.url)
    await client.login()
    const ctx = { ...(await discover(client, { log })), fixtures: db.fixtures }
    /** @type {CountResult[]} */
    const results = []
    for (const scenario of options.scenarios) {
      process.stdout.write(`  ${scenario.label.padEnd(22)} `)
      const stats = await runScenario({
        baseUrl: proxy.url,
        client,
        scenario,
        ctx,
        connections: options.connections,
        duration: options.duration,
        warmup: options.warmup,
        serverPid: servers[0]?.pid,
        processUrls: servers.map((s) => s.url),
      })
      const bad = stats.non2xx + stats.errors + stats.timeouts
      console.log(
        `p50 ${stats.p50} ms  p99 ${stats.p99} ms  ${stats.rps} req/s  (load ${stats.loadAverage})` +
          (bad ? `  ‼ ${bad} failed (${JSON.stringify(stats.statusCodes)})` : ''),
      )
      results.push({ id: scenario.id, label: scenario.label, failed: bad, ...pick(stats) })
    }
    return { processes: count, scenarios: results }
  } finally {
    await proxy?.stop()
    await Promise.all(servers.map((s) => s.stop()))
  }
}

/** @param {ScenarioStats} stats */
const pick = ({ rps, p50, p99, loadAverage }) => ({ rps, p50, p99, loadAverage })

/**
 * One row per scenario: req/s and p99 for each process count, and the req/s ratio to the first.
 * @param {CountRun[]} runs
 */
function table(runs) {
  const [one] = runs
  const all = runs.at(-1)
  if (!one || !all) return ''
  const head = ['Scenario', ...runs.flatMap((r) => [`${r.processes}p req/s`, `${r.processes}p p99 ms`])]
  if (runs.length > 1) head.push(`req/s ×${all.processes}p/${one.processes}p`)
  const rows = one.scenarios.map((s, i) => {
    const cells = runs.flatMap((r) => {
      const x = r.scenarios[i]
      return x ? [`${x.rps}${x.failed ? ' ‼' : ''}`, String(x.p99)] : ['–', '–']
    })
    if (runs.length > 1) {
      const first = s.rps
      const last = all.scenarios[i]?.rps ?? 0
      cells.push(first > 0 ? (last / first).toFixed(2) : '–')
    }
    return [s.label, ...cells]
  })
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')
}

/** @param {{ root: string, argv: string[], commit: string }} args */
export async function runProcesses({ root, argv, commit }) {
  const { options, exitCode } = readOptions(parseOptions, argv, USAGE)
  if (!options) return exitCode
  const cpus = os.cpus()
  const meta = {
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    commit,
    node: process.versions.node,
    cpu: `${cpus.length} × ${cpus[0]?.model?.trim() ?? 'CPU'}`,
    size: options.size,
    connections: options.connections,
    duration: options.duration,
    warmup: options.warmup,
    cache:
      options.cacheSeconds === undefined ? 'server default cache' : `CACHE_SECONDS=${options.cacheSeconds}`,
    invalidation: process.env.REDIS_URL ? 'Redis pub/sub' : 'PostgreSQL LISTEN/NOTIFY',
  }
  console.log(
    `Processes benchmark: ${options.counts.join(' vs ')} processes on PostgreSQL, ${options.size} products, ` +
      `${options.scenarios.length} scenarios × (${options.warmup} s + ${options.duration} s) at ` +
      `${options.connections} connections; ${meta.cache}; cache invalidation through ${meta.invalidation}.`,
  )
  // Every process signs sessions' CSRF tokens with the same secret (the servers inherit this environment).
  process.env.SESSION_SECRET ??= randomBytes(32).toString('hex')
  // One proxy in front, as deploy/nginx.conf says: https and the client's address come from nginx.
  process.env.TRUST_PROXY ??= '1'
  const searchLogs = options.scenarios.some((s) => s.searchLogs)
  const db = await preparePostgres({ root, size: options.size, serverUrl: options.postgres, log, searchLogs })
  /** @type {CountRun[]} */
  const runs = []
  try {
    for (const count of options.counts) runs.push(await runCount(root, count, db, options))
  } finally {
    await db.drop?.()
  }
  const md = table(runs)
  console.log(`\n━━ Side by side ━━\n${md}`)
  if (cpus.length < Math.max(...options.counts) + 2) {
    console.log(
      `\nNote: ${cpus.length} CPUs for ${Math.max(...options.counts)} app processes, PostgreSQL, nginx and ` +
        'the load generator: the processes compete for the same cores, so a second one cannot double anything here.',
    )
  }
  const outDir = path.join(root, 'bench', 'results')
  mkdirSync(outDir, { recursive: true })
  writeFileSync(path.join(outDir, 'processes.json'), `${JSON.stringify({ meta, runs }, null, 2)}\n`)
  writeFileSync(
    path.join(outDir, 'processes.md'),
    `# Processes benchmark\n\n${Object.entries(meta)
      .map(([k, v]) => `- ${k}: ${v}`)
      .join('\n')}\n\n${md}\n`,
  )
  console.log('Results in bench/results/processes.json and processes.md.')
  return runs.some((r) => r.scenarios.some((s) => s.failed > 0)) ? 1 : 0
}
