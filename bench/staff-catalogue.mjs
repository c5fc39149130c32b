// The back office's catalogue in the bench: the staff product table's random requests, a product
// edit timed until a dealer sees it, and a bulk price change timed until its job is done. The last two
// are `run` scenarios (bench/scenarios.mjs): they measure themselves. Through `--processes 1,2` the
// edit goes to one process and the dealer's reads to whichever nginx picks, so the figure includes the
// other process's cache invalidation.
import os from 'node:os'
import { Client, DEALER, session } from './client.mjs'
import { percentile } from './measure.mjs'

/**
 * @typedef {import('./types.ts').Context} Context
 * @typedef {import('./types.ts').RunArgs} RunArgs
 */

export const STAFF = { email: 'yonetici@toptan.test', password: 'Yonetici1234!' }
/** Products a bulk price change takes: the issue's figure; the category whose subtree is nearest. */
export const BULK_TARGET = 10_000
/** Edits timed by the edit-visibility scenario. */
const EDITS = 40
/** How often the dealer looks for the edit (ms): the figure's resolution. */
const POLL_MS = 10
/** The longest an edit or a job is waited for. */
const VISIBLE_TIMEOUT_MS = 10_000
const BULK_TIMEOUT_MS = 120_000

/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10

/**
 * The categories and brands the staff table's requests filter by, and the words they search for.
 * @param {Context} ctx
 * @param {Client} staff
 */
export async function prepareStaffCatalogue(ctx, staff) {
  const categories = (await staff.getJson('/yonetim/categories')).items
  const brands = (await staff.getJson('/yonetim/brands')).items
  // Only filters that match something: an empty page costs nothing and would flatter the figure.
  /** @param {{ id: number, productCount: number }[]} list */
  const withProducts = (list) => list.filter((x) => x.productCount > 0).map((x) => x.id)
  ctx.staffCatalogue = {
    categoryIds: withProducts(categories),
    brandIds: withProducts(brands),
    words: [...(ctx.prefixes[3] ?? []), ...(ctx.prefixes[4] ?? []), ...(ctx.prefixes[5] ?? [])],
  }
}

const SORTS = ['code', 'name', 'price', 'stock', 'updated']

/**
 * A staff product-table request drawn at random: a page of everything, of a category (with its
 * subcategories), of a brand, of the active ones, or of a search, sorted by any column either way.
 * @param {Context} ctx
 * @param {() => number} draw
 */
export function staffProductsPath(ctx, draw) {
  const staff = ctx.staffCatalogue
  if (!staff) throw new Error("staff catalogue: not prepared (the scenario's setup makes it)")
  const pick = (/** @type {any[]} */ list) => list[Math.floor(draw() * list.length)]
  const query = new URLSearchParams()
  const kind = Math.floor(draw() * 5)
  if (kind === 1 && staff.categoryIds.length) query.set('categoryId', String(pick(staff.categoryIds)))
  if (kind === 2 && staff.brandIds.length) query.set('brandId', String(pick(staff.brandIds)))
  // The bench's products are all active: the filter is still applied (and costs its check).
  if (kind === 3) query.set('active', 'true')
  if (kind === 4 && staff.words.length) query.set('q', pick(staff.words))
  query.set('sort', pick(SORTS))
  if (draw() < 0.5) query.set('dir', 'desc')
  // Pages over the 20 the table shows (its count stops at 1,000); a filter's last page bounds it.
  query.set('page', String(1 + Math.floor(draw() * 20)))
  return `/yonetim/products?${query}`
}

/**
 * @param {number[]} latencies
 * @param {number} seconds
 */
function figures(latencies, seconds) {
  const sorted = Float64Array.from(latencies).sort()
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / Math.max(seconds, 0.001)),
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    mean: round(latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1)),
  }
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A staff user renames a random product; the time until a dealer's product page shows the new name
 * (polled every POLL_MS), EDITS times. The name goes back after each edit (not timed).
 * @param {RunArgs} args
 */
export async function runEditVisible({ baseUrl, ctx, processUrls }) {
  const staff = await session(baseUrl, STAFF)
  const dealer = await session(baseUrl, DEALER)
  // Behind a proxy the dealer's one session reads from every process directly (a read needs no
  // origin check), and the edit counts as seen when each of them shows it.
  const readers = (processUrls ?? []).map((url) => {
    const reader = new Client(url)
    reader.sid = dealer.sid
    reader.csrf = dealer.csrf
    return reader
  })
  if (readers.length === 0) readers.push(dealer)
  const latencies = []
  let missed = 0
  const started = performance.now()
  for (let i = 0; i < EDITS; i++) {
    const id = ctx.randomIds[(i * 7919) % ctx.randomIds.length]
    const before = await staff.getJson(`/yonetim/products/${id}`)
    const name = `${before.name.slice(0, 180)} ·${i}`
    const patch = (/** @type {string} */ value) =>
      staff.request(`/yonetim/products/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: value }),
      })
    const sent = performance.now()
    const res = await patch(name)
    if (res.status !== 200)
      throw new Error(`PATCH /yonetim/products/${id} answered ${res.status}: ${res.text.slice(0, 200)}`)
    let seen = false
    const shows = async (/** @type {Client} */ reader) => {
      const page = await reader.request(`/api/catalog/product/${id}`)
      return page.status === 200 && page.json().name === name
    }
    while (performance.now() - sent < VISIBLE_TIMEOUT_MS) {
      if ((await Promise.all(readers.map(shows))).every(Boolean)) {
        seen = true
        break
      }
      await sleep(POLL_MS)
    }
    if (seen) latencies.push(performance.now() - sent)
    else missed++
    await patch(before.name)
  }
  const seconds = (performance.now() - started) / 1000
  return {
    ...figures(latencies, seconds),
    seconds: round(seconds),
    non2xx: 0,
    errors: missed,
    timeouts: 0,
    statusCodes: {},
    connections: 1,
    sessions: 2,
    loadAverage: round(os.loadavg()[0] ?? 0),
    notes: [
      `${latencies.length} edits seen by the dealer on ${readers.length === 1 ? 'the process' : `all ${readers.length} processes`}, ` +
        `${missed} not within ${VISIBLE_TIMEOUT_MS / 1000} s`,
    ],
  }
}

/**
 * A bulk price change of about BULK_TARGET products (the top-level category whose subtree comes
 * nearest), timed from the request until its job is done; then the opposite change, timed too.
 * @param {RunArgs} args
 */
export async function runBulkPrice({ baseUrl }) {
  const staff = await session(baseUrl, STAFF)
  const categories = (await staff.getJson('/yonetim/categories')).items
  /** @type {Map<number, number>} */
  const subtree = new Map()
  for (const c of [...categories].reverse()) {
    const own = (subtree.get(c.id) ?? 0) + c.productCount
    subtree.set(c.id, own)
    if (c.parentId !== null) subtree.set(c.parentId, (subtree.get(c.parentId) ?? 0) + own)
  }
  const roots = categories.filter((/** @type {{ parentId: number | null }} */ c) => c.parentId === null)
  /** @type {{ id: number }} */
  const target = roots.reduce((/** @type {{ id: number }} */ best, /** @type {{ id: number }} */ c) =>
    Math.abs((subtree.get(c.id) ?? 0) - BULK_TARGET) < Math.abs((subtree.get(best.id) ?? 0) - BULK_TARGET)
      ? c
      : best,
  )
  /** @param {number} percent */
  const change = async (percent) => {
    const sent = performance.now()
    const res = await staff.request('/yonetim/products/bulk', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filter: { categoryId: target.id }, action: { kind: 'changePrice', percent } }),
    })
    if (res.status !== 202)
      throw new Error(`POST /yonetim/products/bulk answered ${res.status}: ${res.text.slice(0, 200)}`)
    const accepted = performance.now() - sent
    const { jobId } = res.json()
    for (;;) {
      const job = await staff.getJson(`/yonetim/products/bulk/${jobId}`)
      if (job.status === 'done' || job.status === 'failed')
        return { ms: performance.now() - sent, accepted, job }
      if (performance.now() - sent > BULK_TIMEOUT_MS) throw new Error(`bulk job ${jobId} not done in time`)
      await sleep(100)
    }
  }
  const up = await change(10)
  const down = await change(-9.0909)
  const runs = [up, down]
  return {
    ...figures(
      runs.map((r) => r.ms),
      runs.reduce((a, r) => a + r.ms, 0) / 1000,
    ),
    non2xx: runs.filter((r) => r.job.status !== 'done').length,
    errors: runs.reduce((a, r) => a + r.job.counts.rejected, 0),
    timeouts: 0,
    statusCodes: {},
    connections: 1,
    sessions: 1,
    loadAverage: round(os.loadavg()[0] ?? 0),
    notes: runs.map(
      (r, i) =>
        `${i === 0 ? '+10 %' : '−9.09 %'}: ${r.job.total.toLocaleString('en')} products in ${round(r.ms / 1000)} s ` +
        `(job started after ${Math.round(r.accepted)} ms; ${r.job.counts.updated.toLocaleString('en')} updated, ` +
        `${r.job.counts.rejected} rejected)`,
    ),
  }
}
