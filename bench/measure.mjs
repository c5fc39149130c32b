// Runs one scenario with autocannon: a check of each distinct request, a warm-up that is not counted,
// then the measured run. Latencies are kept per response (autocannon's own histogram rounds to whole
// milliseconds, too coarse for 1–3 ms answers).
import os from 'node:os'
import autocannon from 'autocannon'

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

async function verifyRequests(client, scenario, ctx, requests) {
  const seen = new Set()
  for (const req of requests) {
    const key = `${req.method ?? 'GET'} ${req.path} ${req.body ?? ''}`
    if (seen.has(key)) continue
    seen.add(key)
    const res = await client.request(req.path, { method: req.method, headers: req.headers, body: req.body })
    if (res.status < 200 || res.status > 299) {
      throw new Error(`${scenario.id}: ${key} answered ${res.status}: ${res.text.slice(0, 300)}`)
    }
    const problem = scenario.verify?.(res.json(), req, ctx)
    if (problem) throw new Error(`${scenario.id}: ${key} answered 200 but ${problem}`)
  }
}

/**
 * @returns {Promise<{requests: number, rps: number, p50: number, p90: number, p99: number, max: number,
 *   mean: number, non2xx: number, errors: number, timeouts: number, statusCodes: Record<string, number>}>}
 */
export async function runScenario({ baseUrl, client, scenario, ctx, connections, duration, warmup }) {
  if (scenario.setup) await scenario.setup(ctx, client)
  try {
    return await measure({ baseUrl, client, scenario, ctx, connections, duration, warmup })
  } finally {
    if (scenario.teardown) await scenario.teardown(ctx, client)
  }
}

async function measure({ baseUrl, client, scenario, ctx, connections, duration, warmup }) {
  const requests = scenario.requests(ctx)
  await verifyRequests(client, scenario, ctx, requests)
  const options = {
    url: baseUrl,
    connections,
    headers: client.authHeaders(),
    requests,
    timeout: 10,
  }
  if (warmup > 0) await load({ ...options, duration: warmup })

  const latencies = []
  const statusCodes = {}
  const result = await load({ ...options, duration }, (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime)
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1
  })
  const sorted = Float64Array.from(latencies).sort()
  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0)
  const round = (x) => Math.round(x * 100) / 100
  return {
    requests: latencies.length,
    seconds: result.duration,
    rps: Math.round(latencies.length / result.duration),
    p50: round(percentile(sorted, 0.5)),
    p90: round(percentile(sorted, 0.9)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
    mean: round(latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1)),
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    /** 1-minute load average when the run ended: other work on the machine inflates p99. */
    loadAverage: round(os.loadavg()[0]),
  }
}
