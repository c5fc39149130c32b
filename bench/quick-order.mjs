// The quick order in the bench: a pasted list of 1,000 lines (codes drawn at random from the
// catalogue's list pages, quantities 1–3) previewed again and again, then its good lines added to an
// empty cart, each timed. A `run` scenario (bench/scenarios.mjs): it measures itself, one dealer at a
// time, as one clerk pastes one list.
import os from 'node:os'
import { DEALER, seededRandom, session } from './client.mjs'
import { percentile } from './measure.mjs'

/** Lines of the pasted list: the most a quick order takes. */
const LINES = 1000
const PREVIEWS = 20
const ADDS = 5

/** @param {number} n */
const round = (n) => Math.round(n * 10) / 10

/** @param {number[]} latencies */
function spread(latencies) {
  const sorted = Float64Array.from(latencies).sort()
  return {
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
  }
}

/**
 * @param {import('./types.ts').RunArgs} args
 */
export async function runQuickOrder({ baseUrl }) {
  const dealer = await session(baseUrl, DEALER)
  const draw = seededRandom(31)
  const first = await dealer.getJson('/api/catalog/products?page=1')
  /** @type {Set<string>} */
  const codes = new Set()
  for (let tries = 0; codes.size < LINES && tries < 400; tries++) {
    const page = 1 + Math.floor(draw() * first.pages)
    for (const item of (await dealer.getJson(`/api/catalog/products?page=${page}`)).items)
      codes.add(item.code)
  }
  const text = [...codes]
    .slice(0, LINES)
    .map((code, i) => `${code}\t${1 + (i % 3)}`)
    .join('\n')
  const preview = async () => {
    const started = performance.now()
    const res = await dealer.request('/api/catalog/quick-order/preview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    })
    if (res.status !== 200) throw new Error(`preview answered ${res.status}: ${res.text.slice(0, 200)}`)
    return { ms: performance.now() - started, lines: res.json().lines }
  }
  await preview()
  const previews = []
  let lines = []
  for (let i = 0; i < PREVIEWS; i++) {
    const run = await preview()
    previews.push(run.ms)
    lines = run.lines
  }
  const good = lines
    .filter((/** @type {any} */ l) => l.status === 'ok')
    .map((/** @type {any} */ l) => ({ productId: l.productId, unitId: l.unitId, quantity: l.quantity }))
  const adds = []
  let added = 0
  for (let i = 0; i < ADDS; i++) {
    await dealer.request('/api/catalog/cart', { method: 'DELETE' })
    const started = performance.now()
    const res = await dealer.request('/api/catalog/quick-order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: good }),
    })
    if (res.status !== 200) throw new Error(`add answered ${res.status}: ${res.text.slice(0, 200)}`)
    adds.push(performance.now() - started)
    added = res.json().added
  }
  await dealer.request('/api/catalog/cart', { method: 'DELETE' })
  const sorted = Float64Array.from(previews).sort()
  const add = spread(adds)
  return {
    requests: previews.length,
    rps: round(previews.length / (previews.reduce((a, b) => a + b, 0) / 1000)),
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
    mean: round(previews.reduce((a, b) => a + b, 0) / previews.length),
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: {},
    connections: 1,
    sessions: 1,
    loadAverage: round(os.loadavg()[0] ?? 0),
    notes: [
      `${lines.length} lines previewed ${PREVIEWS} times (${good.length} good)`,
      `adding the ${added} good lines to an empty cart, ${ADDS} times: p50 ${add.p50} ms, max ${add.max} ms`,
    ],
  }
}
