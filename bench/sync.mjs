// npm run bench -- --sync [--products 10000] [--warehouses 100] [--size 5000] [--reuse] [--probe-seconds 10]
//
// The ERP integration's loads against the built server on the embedded database (or --postgres URL):
// 1. `--products` new products through the bulk upsert (5,000 a call, as an ERP sends them), timed
//    until the last one is found by the dealer's search (the search index included);
// 2. a job of products × `--warehouses` stock rows (1,000,000 by default) as NDJSON, timed from the
//    upload until the job is done;
// 3. the dealer's list and search pages, one request after another with pages and terms drawn at
//    random, for `--probe-seconds` while idle and again while the job runs: p50 and p99 side by side.
// Writes bench/results/sync-latest.json and .md. Exit code 1 when a request failed or the job did not
// finish; 2 for bad arguments. See docs/operations.md, "Benchmarks" → "Integration loads".
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { installSignalHandlers } from './children.mjs'
import { Client, DEALER, seededRandom } from './client.mjs'
import { percentile } from './measure.mjs'
import { wholeNumber as int } from './options.mjs'
import { prepareDatabase, preparePostgres } from './seed.mjs'
import { startServer } from './server.mjs'

const STAFF = { email: 'yonetici@toptan.test', password: 'Yonetici1234!' }
const BATCH = 5000

/** @param {string[]} argv */
export const isSync = (argv) => argv.includes('--sync')

/** @param {{ root: string, argv: string[], commit: string }} run */
export async function runSync({ root, argv, commit }) {
  const { values } = parseArgs({
    args: argv,
    options: {
      sync: { type: 'boolean' },
      products: { type: 'string', default: '10000' },
      warehouses: { type: 'string', default: '100' },
      size: { type: 'string', default: '5000' },
      'probe-seconds': { type: 'string', default: '10' },
      reuse: { type: 'boolean', default: false },
      postgres: { type: 'string' },
    },
  })
  const products = int('products', values.products, 1, 1_000_000)
  const warehouses = int('warehouses', values.warehouses, 1, 1000)
  const size = int('size', values.size, 100, 1_000_000)
  const probeSeconds = int('probe-seconds', values['probe-seconds'], 1, 3600)
  const log = (/** @type {string} */ line) => console.log(line)
  installSignalHandlers()

  const prepared = values.postgres
    ? await preparePostgres({ root, size, reuse: values.reuse, serverUrl: values.postgres, log })
    : await prepareDatabase({ root, size, reuse: values.reuse, log })
  const server = await startServer({
    root,
    dataDir: prepared.dataDir,
    databaseUrl: prepared.databaseUrl,
    log,
  })
  /** @type {string[]} */
  const failures = []
  try {
    const staff = new Client(server.url)
    await staff.login(STAFF)
    const made = await staff.request('/yonetim/api-keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `bench ${Date.now()}`,
        scopes: ['catalogue:write', 'stock:write', 'jobs:write'],
      }),
    })
    if (made.status !== 200) throw new Error(`creating a key answered ${made.status}: ${made.text}`)
    const key = made.json().key
    /** @param {string} pathAndQuery @param {string} [body] */
    const api = async (pathAndQuery, body, type = 'application/json') => {
      const res = await fetch(`${server.url}/api/integration/v1/${pathAndQuery}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': type }) },
        body,
      })
      const text = await res.text()
      if (res.status >= 300) failures.push(`${pathAndQuery} ${res.status} ${text.slice(0, 200)}`)
      return { status: res.status, json: () => JSON.parse(text) }
    }
    const dealer = new Client(server.url)
    await dealer.login(DEALER)

    const stamp = Date.now().toString(36).toUpperCase()
    const category = `BENCH-${stamp}`
    await api('categories', JSON.stringify({ items: [{ code: category, name: `Bench ${stamp}` }] }))
    const codes = Array.from({ length: products }, (_, i) => `B${stamp}-${i}`)

    // 1. Products through the API, until the dealer's search finds the last one.
    const upsertStarted = performance.now()
    let created = 0
    for (let i = 0; i < codes.length; i += BATCH) {
      const items = codes.slice(i, i + BATCH).map((code, j) => ({
        code,
        name: `Bench ürün ${stamp} ${i + j} vida somun`,
        categoryCode: category,
        salePrice: (10 + ((i + j) % 500) / 7).toFixed(2),
        listPrice: (15 + ((i + j) % 500) / 7).toFixed(2),
        currency: 'TRY',
        taxRate: 20,
        barcode: `869${String(i + j).padStart(10, '0')}`,
        units: [
          { name: 'Adet', multiplier: 1 },
          { name: 'Koli', multiplier: 12 },
        ],
      }))
      const res = await api('products', JSON.stringify({ items }))
      created += res.status === 200 ? res.json().counts.created : 0
    }
    const writtenSeconds = (performance.now() - upsertStarted) / 1000
    const last = codes.at(-1)
    let foundSeconds = null
    for (let tries = 0; tries < 600; tries++) {
      const page = await dealer.request(`/api/catalog/products?q=${encodeURIComponent(last ?? '')}`)
      if (page.status === 200 && page.text.includes(`"${last}"`)) {
        foundSeconds = (performance.now() - upsertStarted) / 1000
        break
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    log(
      `${products} products: written in ${writtenSeconds.toFixed(2)} s, found by search after ${foundSeconds?.toFixed(2)} s (${created} created)`,
    )

    // 3a. The dealer's pages while idle.
    const terms = readFileSync(path.join(root, 'bench', 'search-terms.txt'), 'utf8')
      .split('\n')
      .filter(Boolean)
    const random = seededRandom(7)
    /** @param {number} seconds */
    const probe = async (seconds, keepGoing = () => true) => {
      /** @type {number[]} */
      const list = []
      /** @type {number[]} */
      const search = []
      const until = performance.now() + seconds * 1000
      while (performance.now() < until && keepGoing()) {
        const page = 1 + Math.floor(random() * 40)
        let at = performance.now()
        const a = await dealer.request(`/api/catalog/products?page=${page}`)
        list.push(performance.now() - at)
        const term = terms[Math.floor(random() * terms.length)]
        at = performance.now()
        const b = await dealer.request(`/api/catalog/products?q=${encodeURIComponent(term ?? '')}`)
        search.push(performance.now() - at)
        if (a.status !== 200 || b.status !== 200) failures.push(`dealer page ${a.status}/${b.status}`)
      }
      const figures = (/** @type {number[]} */ xs) => {
        const sorted = [...xs].sort((x, y) => x - y)
        return {
          requests: xs.length,
          p50: +percentile(sorted, 0.5).toFixed(1),
          p99: +percentile(sorted, 0.99).toFixed(1),
        }
      }
      return { list: figures(list), search: figures(search) }
    }
    const idle = await probe(probeSeconds)

    // 2. The stock job, with 3b. the dealer's pages while it runs.
    const whCodes = Array.from({ length: warehouses }, (_, i) => `BW${stamp}-${i}`)
    await api(
      'warehouses',
      JSON.stringify({ items: whCodes.map((code, i) => ({ code, name: `Bench depo ${i}` })) }),
    )
    /** @type {string[]} */
    const lines = []
    for (const code of codes)
      for (let w = 0; w < whCodes.length; w++)
        lines.push(
          `{"productCode":"${code}","warehouseCode":"${whCodes[w]}","quantity":${(code.length + w) % 50}}`,
        )
    const body = `${lines.join('\n')}\n`
    lines.length = 0
    const jobStarted = performance.now()
    const started = await api('jobs?resource=stock', body, 'application/x-ndjson')
    const uploadSeconds = (performance.now() - jobStarted) / 1000
    const jobId = started.json().jobId
    /** @type {any} */
    let job = null
    let finished = false
    const watch = (async () => {
      for (;;) {
        job = (await api(`jobs/${jobId}`)).json()
        if (job.status === 'done' || job.status === 'failed') break
        await new Promise((r) => setTimeout(r, 500))
      }
      finished = true
    })()
    const busy = await probe(probeSeconds, () => !finished)
    await watch
    const jobSeconds = (performance.now() - jobStarted) / 1000
    log(
      `${job.total} stock rows: uploaded in ${uploadSeconds.toFixed(1)} s, job ${job.status} after ${jobSeconds.toFixed(1)} s (${JSON.stringify(job.counts)})`,
    )
    if (job.status !== 'done') failures.push(`job ${job.status}: ${job.error}`)

    const results = {
      meta: {
        date: new Date().toISOString(),
        commit,
        database: values.postgres ? 'postgres' : 'embedded',
        listed: size,
      },
      products: {
        count: products,
        created,
        writtenSeconds: +writtenSeconds.toFixed(2),
        searchableSeconds: foundSeconds && +foundSeconds.toFixed(2),
      },
      stockJob: {
        rows: job.total,
        status: job.status,
        uploadSeconds: +uploadSeconds.toFixed(1),
        seconds: +jobSeconds.toFixed(1),
        counts: job.counts,
      },
      dealerPages: { idle, duringJob: busy },
      failures,
    }
    const dir = path.join(root, 'bench', 'results')
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'sync-latest.json'), `${JSON.stringify(results, null, 2)}\n`)
    const md = [
      `# Integration loads (${results.meta.date}, ${results.meta.database}, commit ${commit})`,
      '',
      `- ${products} products through the API (5,000 a call): written in ${results.products.writtenSeconds} s, found by the dealer's search after ${results.products.searchableSeconds} s`,
      `- ${job.total} stock rows as one NDJSON job: uploaded in ${results.stockJob.uploadSeconds} s, done after ${results.stockJob.seconds} s`,
      '',
      '| dealer page | idle p50 | idle p99 | during the job p50 | during the job p99 | requests (idle / job) |',
      '|---|---|---|---|---|---|',
      .../** @type {const} */ (['list', 'search']).map(
        (k) =>
          `| ${k} | ${idle[k].p50} ms | ${idle[k].p99} ms | ${busy[k].p50} ms | ${busy[k].p99} ms | ${idle[k].requests} / ${busy[k].requests} |`,
      ),
      '',
      failures.length ? `Failures: ${failures.slice(0, 5).join('; ')}` : 'No request failed.',
    ].join('\n')
    writeFileSync(path.join(dir, 'sync-latest.md'), `${md}\n`)
    log(md)
  } finally {
    await server.stop()
    await prepared.drop?.()
  }
  return failures.length ? 1 : 0
}
