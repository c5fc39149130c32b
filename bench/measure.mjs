// Runs one scenario with autocannon: a check of each distinct request, a warm-up that is not counted,
// then the measured run. Latencies are kept per response (autocannon's own histogram rounds to whole
// milliseconds, too coarse for 1–3 ms answers), and per request label when the requests carry one.
//
// Sessions: by default every connection sends the one dealer session of the run. A scenario with
// `sessions(ctx)` (a list of { email, password }) logs each in once, and connection i sends session
// i % n's cookie and CSRF headers and cycles through `requests(ctx, i)`; `connections(ctx)` on the
// scenario overrides --connections (e.g. one connection per dealer).
//
// Flows: autocannon cycles fixed requests, so a scenario whose requests depend on earlier answers (a
// card payment: the start answers the challenge page's address, the challenge answers the signed
// callback fields) declares `flow(ctx, send, { worker, iteration })` instead of `requests`. Then
// `connections` workers (worker i as session i % n) each run the flow again and again until the
// duration is over (a flow under way finishes), first once per session as the check, then for the
// warm-up, unmeasured. `send(label, path, { method, headers, body, as })` is a timed fetch: `as`
// 'api' (default) sends the session cookie and the CSRF headers as the bench client does, 'page' only
// the cookie (a browser's navigation or form post), 'none' nothing. A flow that throws counts as
// failed. Every request is in the figures, each label is a part, and the whole flow is the part named
// by `throughput.label`, whose successful flows per second are the throughput.
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

/** Distinct requests of a scenario checked one by one before its load. */
const MAX_VERIFIED = 300

/**
 * Sends each request once (the first MAX_VERIFIED) and checks the answer. Repeated GETs are checked
 * once; writes are all sent in their order, so that a cycle such as [add to cart, order] is checked as
 * the load will send it.
 */
async function verifyRequests(client, scenario, ctx, requests) {
  const seen = new Set()
  for (const req of requests) {
    // Enough to catch a wrong answer without a minute of checks per random scenario.
    if (seen.size >= MAX_VERIFIED) break
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
export async function runScenario({
  baseUrl,
  client,
  scenario,
  ctx,
  connections,
  duration,
  warmup,
  serverPid,
}) {
  // A scenario that is not HTTP load (the staff sockets) measures itself: `run` returns the same figures.
  if (scenario.run) return scenario.run({ baseUrl, client, ctx, duration, warmup, serverPid })
  const sessions = await openSessions(baseUrl, scenario, ctx)
  const clients = sessions ?? [client]
  if (scenario.setup) await scenario.setup(ctx, clients[0], clients)
  try {
    return await (scenario.flow ? drive : measure)({
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

// ---------------------------------------------------------------------------------------------------
// Flows (see the top of this file).

/**
 * A fetch timed to the end of its body, sent as `client`'s session; every answer goes to `tally`, and
 * `worker.bad` counts the answers that were not 2xx or never came (a failed flow is counted once).
 */
function timedSend(baseUrl, client, tally, worker = { bad: 0 }) {
  return async (label, path, { method = 'GET', headers = {}, body, as = 'api' } = {}) => {
    const auth =
      as === 'api' ? client.authHeaders() : as === 'page' ? { cookie: client.authHeaders().cookie } : {}
    // An absolute address from an answer (a form's action) must be the bench server's: the cookie goes along.
    const url = new URL(path, baseUrl)
    if (url.origin !== new URL(baseUrl).origin) throw new Error(`${label}: ${url.origin} is not the server`)
    const started = performance.now()
    let res
    let text
    try {
      res = await fetch(url, {
        method,
        headers: { ...auth, ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(FLOW_TIMEOUT_MS),
      })
      text = await res.text()
    } catch (err) {
      worker.bad++
      tally.failedRequest(label, err)
      throw new Error(`${method} ${label}: ${err?.name === 'TimeoutError' ? 'timed out' : err?.message}`)
    }
    if (res.status < 200 || res.status > 299) worker.bad++
    tally.answer(label, performance.now() - started, res.status)
    return { status: res.status, text, json: () => JSON.parse(text) }
  }
}

/** As autocannon's timeout of the request scenarios (10 s). */
const FLOW_TIMEOUT_MS = 10_000

/** Counts of a flow run: answers per label, status codes, failed requests and flows. */
class Tally {
  constructor(flowLabel) {
    this.flowLabel = flowLabel
    this.latencies = []
    this.statusCodes = {}
    this.byLabel = new Map()
    this.errors = 0
    this.timeouts = 0
    this.completed = 0
    this.failed = 0
    /** Failed flows whose answers were all 2xx (a wrong page, a payment that did not succeed). */
    this.wrongAnswers = 0
    /** Failure messages (numbers and ids blurred) and how often each was seen. */
    this.failures = new Map()
  }

  part(label) {
    if (!this.byLabel.has(label)) this.byLabel.set(label, { latencies: [], ok: 0 })
    return this.byLabel.get(label)
  }

  answer(label, ms, status) {
    this.latencies.push(ms)
    this.statusCodes[status] = (this.statusCodes[status] ?? 0) + 1
    const part = this.part(label)
    part.latencies.push(ms)
    if (status >= 200 && status < 300) part.ok++
  }

  failedRequest(label, err) {
    if (err?.name === 'TimeoutError') this.timeouts++
    else this.errors++
    this.part(label)
  }

  flow(ms, err, badAnswers) {
    const part = this.part(this.flowLabel)
    part.latencies.push(ms)
    if (!err) {
      part.ok++
      this.completed++
      return
    }
    this.failed++
    if (badAnswers === 0) this.wrongAnswers++
    const key = String(err?.message ?? err)
      .replace(/[0-9a-f]{32}/g, '<id>')
      .slice(0, 200)
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1)
  }
}

/**
 * `workers` loops of the scenario's flow until `seconds` are over (a flow under way finishes); worker
 * i runs as clients[i % n]. Answers the tally and the seconds from the start to the last flow's end.
 */
async function runFlows({ baseUrl, clients, scenario, ctx, workers, seconds }) {
  const tally = new Tally(scenario.throughput.label)
  const started = performance.now()
  const deadline = started + seconds * 1000
  let stopped = false
  current = {
    stop: () => {
      stopped = true
    },
  }
  const worker = async (w) => {
    const state = { bad: 0 }
    const send = timedSend(baseUrl, clients[w % clients.length], tally, state)
    for (let iteration = 0; !stopped && performance.now() < deadline; iteration++) {
      state.bad = 0
      const flowStarted = performance.now()
      let failure = null
      try {
        await scenario.flow(ctx, send, { worker: w, iteration })
      } catch (err) {
        failure = err
      }
      tally.flow(performance.now() - flowStarted, failure, state.bad)
    }
  }
  try {
    await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)))
  } finally {
    current = null
  }
  return { tally, seconds: (performance.now() - started) / 1000 }
}

/** The flow once per session, one after the other: the check before the load (throws on a failure). */
async function checkFlow({ baseUrl, clients, scenario, ctx }) {
  for (const [i, client] of clients.entries()) {
    const tally = new Tally(scenario.throughput.label)
    try {
      await scenario.flow(ctx, timedSend(baseUrl, client, tally), { worker: i, iteration: 0 })
    } catch (err) {
      throw new Error(
        `${scenario.id}: the check as session ${i + 1} of ${clients.length} failed: ${err.message}`,
      )
    }
  }
}

async function drive({ baseUrl, clients, scenario, ctx, connections, duration, warmup }) {
  if (!scenario.throughput?.label) throw new Error(`${scenario.id}: a flow needs throughput.label`)
  const common = { baseUrl, clients, scenario, ctx, workers: connections }
  await checkFlow(common)
  if (warmup > 0) await runFlows({ ...common, seconds: warmup })
  const { tally, seconds } = await runFlows({ ...common, seconds: duration })
  const non2xx = Object.entries(tally.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0)
  const flows = tally.byLabel.get(tally.flowLabel)
  return {
    ...latencyStats(tally.latencies, seconds),
    seconds: round(seconds),
    non2xx,
    // Failed requests, and flows that failed on an answer that was 2xx (a wrong page, a failed payment).
    errors: tally.errors + tally.wrongAnswers,
    timeouts: tally.timeouts,
    statusCodes: tally.statusCodes,
    connections,
    sessions: clients.length,
    loadAverage: round(os.loadavg()[0]),
    // The parts in the order a flow sends them, the whole flow last.
    parts: [...tally.byLabel]
      .filter(([label]) => label !== tally.flowLabel)
      .concat(flows ? [[tally.flowLabel, flows]] : [])
      .map(([label, part]) => ({ label, ...latencyStats(part.latencies, seconds), ok: part.ok })),
    throughput: { name: scenario.throughput.name, value: round(tally.completed / seconds) },
    flows: { completed: tally.completed, failed: tally.failed },
    ...(tally.failures.size > 0
      ? { failures: [...tally.failures].map(([message, count]) => ({ message, count })) }
      : {}),
  }
}
