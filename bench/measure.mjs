// Runs one scenario with autocannon: a check of each distinct request, a warm-up that is not counted,
// then the measured run. Latencies are kept per response (autocannon's own histogram rounds to whole
// milliseconds, too coarse for 1–3 ms answers), and per request label when the requests carry one.
//
// Sessions: by default every connection sends the one dealer session of the run. A scenario with
// `sessions(ctx)` (a list of { email, password }) logs each in once, and connection i sends session
// i % n's cookie and CSRF headers and cycles through `requests(ctx, i)`; `connections(ctx)` on the
// scenario overrides --connections (e.g. one connection per dealer).
import os from 'node:os'
import autocannon from 'autocannon'
import { session } from './client.mjs'

let current = null
/** Stops the load in progress (Ctrl-C). */
export function stopLoad() {
  current?.stop()
}

function load(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => {
      current = null
      if (err) reject(err)
      else resolve(result)
    })
    current = instance
    if (onResponse) instance.on('response', onResponse)
  })
}

export function percentile(sorted, q) {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}

/**
 * Sends each request once and checks the answer. Repeated GETs are checked once; writes are all sent in
 * their order, so that a cycle such as [add to cart, order] is checked as the load will send it.
 */
async function verifyRequests(client, scenario, ctx, requests) {
  const seen = new Set()
  for (const req of requests) {
    const key = `${req.method ?? 'GET'} ${req.path} ${req.body ?? ''}`
    if ((req.method ?? 'GET') === 'GET' && seen.has(key)) continue
    seen.add(key)
    const res = await client.request(req.path, { method: req.method, headers: req.headers, body: req.body })
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${scenario.id}: ${key} answered ${res.status}: ${res.text.slice(0, 300)}`)
    }
    const problem = scenario.verify?.(scenario.html ? res.text : res.json(), req, ctx)
    if (problem) throw new Error(`${scenario.id}: ${key} answered 200 but ${problem}`)
  }
}

/** The scenario's own logged-in sessions (see the top of this file), or null for the run's dealer. */
async function openSessions(baseUrl, scenario, ctx) {
  const logins = scenario.sessions?.(ctx)
  if (!logins) return null
  if (logins.length === 0) throw new Error(`${scenario.id}: sessions() gave no logins`)
  const clients = []
  for (const login of logins) clients.push(await session(baseUrl, login))
  return clients
}

/**
 * @returns {Promise<{requests: number, rps: number, p50: number, p90: number, p99: number, max: number,
 *   mean: number, non2xx: number, errors: number, timeouts: number, statusCodes: Record<string, number>,
 *   connections: number, sessions: number, parts?: object[], throughput?: {name: string, value: number}}>}
 */
export async function runScenario({ baseUrl, client, scenario, ctx, connections, duration, warmup }) {
  const sessions = await openSessions(baseUrl, scenario, ctx)
  const clients = sessions ?? [client]
  if (scenario.setup) await scenario.setup(ctx, clients[0], clients)
  try {
    return await measure({
      baseUrl,
      clients,
      shared: sessions === null,
      scenario,
      ctx,
      connections: typeof scenario.connections === 'function' ? scenario.connections(ctx) : connections,
      duration,
      warmup,
    })
  } finally {
    if (scenario.teardown) await scenario.teardown(ctx, clients[0], clients)
  }
}

const round = (x) => Math.round(x * 100) / 100

function latencyStats(latencies, seconds) {
  const sorted = Float64Array.from(latencies).sort()
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    mean: round(latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1)),
  }
}

async function measure({ baseUrl, clients, shared, scenario, ctx, connections, duration, warmup }) {
  const requestsOf = (i) => scenario.requests(ctx, i)
  await verifyRequests(clients[0], scenario, ctx, requestsOf(0))

  // Labelled requests: autocannon calls a request's onResponse just before it emits 'response' for
  // that answer, in the same tick, so the label seen last belongs to the latency reported next.
  let answered = null
  const labelled = (req) =>
    req.label === undefined
      ? req
      : {
          ...req,
          onResponse: () => {
            answered = req.label
          },
        }
  const options = { url: baseUrl, connections, timeout: 10 }
  const perConnection = () => {
    let next = 0
    return (connection) => {
      const i = next++
      const headers = clients[i % clients.length].authHeaders()
      connection.setRequests(
        requestsOf(i).map((r) => labelled({ ...r, headers: { ...headers, ...r.headers } })),
      )
    }
  }
  const loadOptions = (seconds) =>
    shared
      ? {
          ...options,
          duration: seconds,
          headers: clients[0].authHeaders(),
          requests: requestsOf(0).map(labelled),
        }
      : { ...options, duration: seconds, requests: requestsOf(0), setupClient: perConnection() }
  if (warmup > 0) {
    await load(loadOptions(warmup))
    // Writes the warm-up left in flight finish before the measured run starts.
    if (!shared) await new Promise((resolve) => setTimeout(resolve, 500))
  }

  const latencies = []
  const statusCodes = {}
  const byLabel = new Map()
  answered = null
  const result = await load(loadOptions(duration), (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime)
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1
    if (answered !== null) {
      if (!byLabel.has(answered)) byLabel.set(answered, { latencies: [], ok: 0 })
      const part = byLabel.get(answered)
      part.latencies.push(responseTime)
      if (statusCode >= 200 && statusCode < 300) part.ok++
      answered = null
    }
  })
  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0)
  const stats = {
    ...latencyStats(latencies, result.duration),
    seconds: result.duration,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    connections,
    sessions: clients.length,
    /** 1-minute load average when the run ended: other work on the machine inflates p99. */
    loadAverage: round(os.loadavg()[0]),
  }
  if (byLabel.size > 0) {
    stats.parts = [...byLabel].map(([label, part]) => ({
      label,
      ...latencyStats(part.latencies, result.duration),
      ok: part.ok,
    }))
  }
  if (scenario.throughput) {
    const part = byLabel.get(scenario.throughput.label)
    stats.throughput = {
      name: scenario.throughput.name,
      value: round((part?.ok ?? 0) / result.duration),
    }
  }
  return stats
}
