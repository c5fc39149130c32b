#!/usr/bin/env node
// npm run lighthouse -- [--no-fail] [--runs N] [--pages home,list,…] [--who guest,dealer] [--base-url URL] [--save-reports]
//
// Lighthouse 12 (mobile defaults: phone form factor, simulated slow 4G and 4× CPU throttling) in Debian's
// Chromium on the pages a visitor meets first, as a guest and as the demo dealer. Run `npm run build`
// first: the script starts the built server itself (dist/server/main.js, a free port on 127.0.0.1, a
// throw-away DATA_DIR with the demo data) unless --base-url points at a running one with the demo logins.
// Prints one table and writes it to bench/results/lighthouse.md (not committed, like the bench's).
// Exit code 1 when a page misses a budget (unless --no-fail), 2 for bad arguments or a missing build.
import { spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
// chrome-launcher comes with lighthouse (its own launcher); no browser is ever downloaded.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { installSignalHandlers, stopAll, stopChild, track } from '../bench/children.mjs'
import { Client, DEALER } from '../bench/client.mjs'
import { freePort } from '../bench/server.mjs'

/**
 * @typedef {import('lighthouse').RunnerResult['lhr']} Lhr
 * @typedef {'home' | 'list' | 'category' | 'product' | 'cart' | 'login' | 'statement' | 'pay'} PageId
 * @typedef {ReturnType<typeof summarize> & { label: string, path: string, who: string }} Row
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const HOST = '127.0.0.1'
const READY_TIMEOUT_MS = 120_000

/** What every page must reach (the performance budget of the web app, docs/design.md). */
export const BUDGETS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 100,
  seo: 100,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.1,
}

/** @type {PageId[]} */
const PAGE_IDS = ['home', 'list', 'category', 'product', 'cart', 'login', 'statement', 'pay']
const USAGE = `Usage: npm run lighthouse -- [options]   (run npm run build first)
  --no-fail          print the table, exit 0 even when a page misses a budget
  --pages a,b        only these pages (${PAGE_IDS.join(', ')})
  --who a,b          only these visitors (guest, dealer)
  --base-url URL     measure a running server (with the demo logins) instead of starting one
  --runs N           Lighthouse runs per page, the median one reported (default 3, 1 to 9)
  --save-reports     also write each page's Lighthouse JSON report to bench/results/lighthouse/`

/** @param {string[]} argv */
function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      'no-fail': { type: 'boolean', default: false },
      pages: { type: 'string' },
      who: { type: 'string' },
      'base-url': { type: 'string' },
      'save-reports': { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      help: { type: 'boolean', default: false },
    },
  })
  /**
   * @template {string} T
   * @param {string | undefined} value
   * @param {T[]} allowed
   * @param {string} name
   * @returns {T[]}
   */
  const list = (value, allowed, name) => {
    if (!value) return allowed
    const picked = value.split(',').map((s) => s.trim())
    const unknown = picked.filter((p) => !(/** @type {string[]} */ (allowed).includes(p)))
    if (unknown.length)
      throw new Error(`--${name}: unknown ${unknown.join(', ')} (one of ${allowed.join(', ')})`)
    return allowed.filter((a) => picked.includes(a))
  }
  return {
    help: values.help,
    fail: !values['no-fail'],
    pages: list(values.pages, PAGE_IDS, 'pages'),
    who: list(values.who, ['guest', 'dealer'], 'who'),
    baseUrl: values['base-url']?.replace(/\/$/, ''),
    saveReports: values['save-reports'],
    runs: (() => {
      const n = Number(values.runs)
      if (!Number.isInteger(n) || n < 1 || n > 9) throw new Error('--runs must be a whole number from 1 to 9')
      return n
    })(),
  }
}

/** @param {string} line */
const log = (line) => console.log(line)

/** The built server with the demo data in a fresh data dir; `stop()` ends it and removes the dir. */
async function startDemoServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toptan-lighthouse-'))
  const port = await freePort()
  const logFile = path.join(dataDir, 'server.log')
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
  }
  delete env.DATABASE_URL
  const child = track(
    // --demo: as `npm start` runs it (the sandbox POS named on purpose, the TEST MODE ribbon shown).
    spawn(process.execPath, [path.join(root, 'dist', 'server', 'main.js'), '--demo'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const out = createWriteStream(logFile)
  child.stdout.pipe(out)
  child.stderr.pipe(out)
  const url = `http://${HOST}:${port}`
  const stop = async () => {
    await stopChild(child, 10_000)
    rmSync(dataDir, { recursive: true, force: true })
  }
  const started = performance.now()
  while (true) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error('The server stopped while starting (is the build there? npm run build)')
    }
    if (performance.now() - started > READY_TIMEOUT_MS) {
      await stop()
      throw new Error(`The server did not answer within ${READY_TIMEOUT_MS / 1000} s (log: ${logFile})`)
    }
    try {
      const res = await fetch(`${url}/api/bootstrap`, { signal: AbortSignal.timeout(2000) })
      await res.arrayBuffer()
      if (res.status === 200) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  log(`Server with the demo data at ${url} (${((performance.now() - started) / 1000).toFixed(1)} s).`)
  return { url, stop }
}

/**
 * @typedef {{ slug: string, children: CategoryNode[] }} CategoryNode
 */

/**
 * The addresses measured: a real leaf category and the first listed product, found through the API.
 * @param {string} baseUrl
 */
async function findPages(baseUrl) {
  const guest = new Client(baseUrl)
  const tree = await guest.getJson('/api/catalog/categories')
  /**
   * @param {CategoryNode[]} nodes
   * @returns {CategoryNode | null}
   */
  const leaf = (nodes) => {
    for (const n of nodes) {
      if (n.children.length === 0) return n
      const found = leaf(n.children)
      if (found) return found
    }
    return null
  }
  const category = leaf(tree.categories)
  const first = (await guest.getJson('/api/catalog/products?page=1')).items[0]
  if (!category || !first)
    throw new Error('The catalogue has no category or no product: is the demo data loaded?')
  /** @type {Record<PageId, string>} */
  const all = {
    home: '/',
    list: '/urunler',
    category: `/${category.slug}`,
    product: first.url,
    cart: '/sepet',
    login: '/account/login',
    // Dealers' pages: a guest is sent to the login page.
    statement: '/hesap/ekstre',
    pay: '/odeme',
  }
  return { all, product: first }
}

/**
 * The dealer's session cookie; with our own server, one line in the cart so /sepet shows the checkout.
 * @param {string} baseUrl
 * @param {{ id: number, defaultUnit: { id: number } }} product
 * @param {boolean} ownServer
 */
async function dealerCookie(baseUrl, product, ownServer) {
  const dealer = new Client(baseUrl)
  await dealer.login(DEALER)
  if (ownServer) {
    const res = await dealer.request(`/api/catalog/cart/${product.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 1, productValue: product.defaultUnit.id }),
    })
    if (res.status !== 200) throw new Error(`Adding to the dealer's cart answered ${res.status}: ${res.text}`)
  }
  return dealer.authHeaders().cookie
}

/**
 * Fetches every page a few times, as guest and dealer, before anything is measured. A server that has
 * just started draws its first pages several times slower (250 ms instead of 65 ms for the home page,
 * while its code is compiled and its caches fill), and Lighthouse's simulation carries the observed
 * server time into LCP: the first page measured would pay for the start, not for what it ships.
 * @param {string} baseUrl
 * @param {string[]} paths
 * @param {string | null} cookie
 */
async function warmUp(baseUrl, paths, cookie) {
  for (let round = 0; round < 3; round++) {
    for (const p of paths) {
      for (const headers of /** @type {Record<string, string>[]} */ ([{}, ...(cookie ? [{ cookie }] : [])])) {
        const res = await fetch(baseUrl + p, { headers: { ...headers, 'accept-encoding': 'br, gzip' } })
        await res.arrayBuffer()
      }
    }
  }
}

/**
 * One Lighthouse run; a run whose trace Lighthouse itself could not read (NO_NAVSTART, NO_FCP: its
 * own recording failed, not the page) is made once more, and a second failure is reported.
 * @param {string} url
 * @param {string | null} cookie
 * @returns {Promise<Lhr>}
 */
async function measure(url, cookie) {
  const lhr = await measureOnce(url, cookie)
  const code = lhr.runtimeError?.code ?? ''
  return /^NO_(NAVSTART|FCP|LCP)$/.test(code) ? measureOnce(url, cookie) : lhr
}

/**
 * The median of several runs. One simulated run now and then puts a page's LCP a second later than
 * the runs around it (seen: 2.7 s once, 1.4–1.7 s in five runs after it, same page and build), as the
 * CPU time Lighthouse observes on this shared 2-core machine varies; Lighthouse's own guidance is to
 * report the median run. Runs are ranked by performance score, then LCP; a run that failed to record
 * ranks last.
 * @param {string} url
 * @param {string | null} cookie
 * @param {number} runs
 * @returns {Promise<Lhr>}
 */
async function measureMedian(url, cookie, runs) {
  /** @type {Lhr[]} */
  const all = []
  for (let i = 0; i < runs; i++) all.push(await measure(url, cookie))
  /**
   * @param {Lhr} lhr
   * @returns {[number, number]}
   */
  const key = (lhr) => [
    lhr.runtimeError ? -1 : (lhr.categories.performance?.score ?? -1),
    -(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.POSITIVE_INFINITY),
  ]
  all.sort((a, b) => {
    const [pa, la] = key(a)
    const [pb, lb] = key(b)
    return pa - pb || la - lb
  })
  return /** @type {Lhr} */ (all[Math.floor((all.length - 1) / 2)])
}

/**
 * @param {string} url
 * @param {string | null} cookie
 * @returns {Promise<Lhr>}
 */
async function measureOnce(url, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    })
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
    return result.lhr
  } finally {
    await chrome.kill()
  }
}

/** @param {Lhr} lhr */
function summarize(lhr) {
  /** @param {string} id */
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  /** @param {string} id */
  const numeric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN
  const details = lhr.audits['resource-summary']?.details
  /** @type {Array<{ resourceType?: unknown, transferSize?: unknown }>} */
  const summary = details && 'items' in details ? /** @type {any[]} */ (details.items) : []
  /** @param {string} type */
  const bytesOf = (type) => Number(summary.find((i) => i.resourceType === type)?.transferSize ?? 0)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    totalBytes: bytesOf('total'),
    jsBytes: bytesOf('script'),
    cssBytes: bytesOf('stylesheet'),
    runtimeError: lhr.runtimeError?.message,
  }
}

/**
 * The budgets a row misses, in words.
 * @param {Row} row
 */
function misses(row) {
  const out = []
  for (const id of /** @type {const} */ (['performance', 'accessibility', 'best-practices', 'seo'])) {
    if (!(row[id] >= BUDGETS[id])) out.push(`${id} ${row[id]} < ${BUDGETS[id]}`)
  }
  if (!(row.lcpMs < BUDGETS.lcpMs)) out.push(`LCP ${fmtSeconds(row.lcpMs)}`)
  if (!(row.tbtMs < BUDGETS.tbtMs)) out.push(`TBT ${Math.round(row.tbtMs)} ms`)
  if (!(row.cls < BUDGETS.cls)) out.push(`CLS ${row.cls.toFixed(3)}`)
  if (row.runtimeError) out.push(row.runtimeError)
  return out
}

/**
 * What Lighthouse holds against a page outside performance (failed audits), for the log.
 * @param {Lhr} lhr
 */
function failedAudits(lhr) {
  const failed = new Set()
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failed.add(ref.id)
    }
  }
  return [...failed]
}

/** @param {number} ms */
const fmtSeconds = (ms) => `${(ms / 1000).toFixed(1)} s`
/** @param {number} bytes */
const kib = (bytes) => Math.round(bytes / 1024).toLocaleString('en')

/** @param {Row[]} rows */
function table(rows) {
  const head =
    '| page | who | performance | accessibility | best practices | SEO | LCP | TBT | CLS | transferred KiB (JS, CSS) |'
  const lines = [head, '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|']
  for (const r of rows) {
    lines.push(
      `| ${r.label} \`${r.path}\` | ${r.who} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ` +
        `${fmtSeconds(r.lcpMs)} | ${Math.round(r.tbtMs).toLocaleString('en')} ms | ${r.cls.toFixed(3)} | ` +
        `${kib(r.totalBytes)} (${kib(r.jsBytes)}, ${kib(r.cssBytes)}) |`,
    )
  }
  return lines.join('\n')
}

async function main() {
  let options
  try {
    options = parseOptions(process.argv.slice(2))
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : err}\n\n${USAGE}`)
    process.exit(2)
  }
  if (options.help) {
    console.log(USAGE)
    return
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`No Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROME_PATH).`)
    process.exit(2)
  }
  if (!options.baseUrl && !existsSync(path.join(root, 'dist', 'server', 'main.js'))) {
    console.error('No build in dist/: run npm run build first.')
    process.exit(2)
  }
  installSignalHandlers()
  const server = options.baseUrl ? null : await startDemoServer()
  const baseUrl = options.baseUrl ?? /** @type {{ url: string }} */ (server).url
  /** @type {Row[]} */
  const rows = []
  try {
    const { all, product } = await findPages(baseUrl)
    const cookie = options.who.includes('dealer') ? await dealerCookie(baseUrl, product, !!server) : null
    await warmUp(baseUrl, Object.values(all), cookie)
    for (const who of options.who) {
      for (const id of options.pages) {
        const started = performance.now()
        const lhr = await measureMedian(baseUrl + all[id], who === 'dealer' ? cookie : null, options.runs)
        const row = { label: id, path: all[id], who, ...summarize(lhr) }
        if (lhr.runtimeError) log(`       Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
        rows.push(row)
        const failed = failedAudits(lhr)
        log(
          `${who.padEnd(6)} ${all[id].padEnd(34)} perf ${row.performance}, a11y ${row.accessibility}, ` +
            `bp ${row['best-practices']}, seo ${row.seo}, LCP ${fmtSeconds(row.lcpMs)}, TBT ${Math.round(row.tbtMs)} ms, ` +
            `CLS ${row.cls.toFixed(3)} (${((performance.now() - started) / 1000).toFixed(0)} s)` +
            (failed.length ? `\n       failed audits: ${failed.join(', ')}` : ''),
        )
        if (options.saveReports) {
          const dir = path.join(root, 'bench', 'results', 'lighthouse')
          mkdirSync(dir, { recursive: true })
          writeFileSync(path.join(dir, `${who}-${id}.json`), JSON.stringify(lhr))
        }
      }
    }
  } finally {
    await server?.stop()
    await stopAll()
  }

  const missed = rows.map((r) => ({ r, m: misses(r) })).filter((x) => x.m.length)
  const md = [
    `# Lighthouse ${new Date().toISOString()}`,
    '',
    `Lighthouse 12, mobile defaults (simulated throttling), median of ${options.runs} run(s) per page, ${os.cpus().length} CPUs, load average ` +
      `${(os.loadavg()[0] ?? 0).toFixed(2)} at the end. Transferred bytes as the server sent them.`,
    '',
    table(rows),
    '',
    missed.length
      ? `Budget missed (performance ≥ ${BUDGETS.performance}, accessibility ≥ ${BUDGETS.accessibility}, best practices and SEO 100, LCP < 2.5 s, TBT < 200 ms, CLS < 0.1):\n\n${missed
          .map(({ r, m }) => `- ${r.who} ${r.path}: ${m.join('; ')}`)
          .join('\n')}`
      : 'Every page within its budget.',
    '',
  ].join('\n')
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true })
  writeFileSync(path.join(root, 'bench', 'results', 'lighthouse.md'), md)
  log(`\n${md}`)
  log('Written to bench/results/lighthouse.md.')
  if (missed.length && options.fail) process.exitCode = 1
}

main().catch(async (err) => {
  console.error(err instanceof Error ? err.message : err)
  await stopAll()
  process.exit(1)
})
