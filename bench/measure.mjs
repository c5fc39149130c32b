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

/**
 * @typedef {import('./types.ts').Scenario} Scenario
 * @typedef {import('./types.ts').Context} Context
 * @typedef {import('./types.ts').BenchRequest} BenchRequest
 * @typedef {import('./types.ts').ScenarioStats} ScenarioStats
 * @typedef {import('./types.ts').LatencyStats} LatencyStats
 * @typedef {import('./types.ts').Send} Send
 * @typedef {import('./client.mjs').Client} Client
 * @typedef {{ latencies: number[], ok: number }} Part
 */

/** @type {{ stop: () => void } | null} */
let current = null
/** Stops the load in progress (Ctrl-C). */
export function stopLoad() {
  current?.stop()
}

/**
 * @param {autocannon.Options} options
 * @param {(client: autocannon.Client, statusCode: number, bytes: number, responseTime: number) => void} [onResponse]
 * @returns {Promise<autocannon.Result>}
 */
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

/**
 * @param {ArrayLike<number>} sorted
 * @param {number} q
 * @returns {number}
 */
export function percentile(sorted, q) {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN
}

/** Distinct requests of a scenario checked one by one before its load. */
const MAX_VERIFIED = 300

/**
 * Sends each request once (the first MAX_VERIFIED) and checks the answer. Repeated GETs are checked
 * once; writes are all sent in their order, so that a cycle such as [add to cart, order] is checked as
 * the load will send it.
 * @param {Client} client
 * @param {Scenario} scenario
 * @param {Context} ctx
 * @param {BenchRequest[]} requests
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

/**
 * The scenario's own logged-in sessions (see the top of this file), or null for the run's dealer.
 * @param {string} baseUrl
 * @param {Scenario} scenario
 * @param {Context} ctx
 */
async function openSessions(baseUrl, scenario, ctx) {
  const logins = scenario.sessions?.(ctx)
  if (!logins) return null
  if (logins.length === 0) throw new Error(`${scenario.id}: sessions() gave no logins`)
  const clients = []
  for (const login of logins) clients.push(await session(baseUrl, login))
  return clients
}

/**
 * @param {{ baseUrl: string, client: Client, scenario: Scenario, ctx: Context, connections: number,
 *   duration: number, warmup: number, serverPid: number | undefined, processUrls?: string[] }} options
 * @returns {Promise<ScenarioStats>}
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
  processUrls,
}) {
  // A scenario that is not HTTP load (the staff sockets) measures itself: `run` returns the same figures.
  if (scenario.run) return scenario.run({ baseUrl, client, ctx, duration, warmup, serverPid, processUrls })
  const sessions = await openSessions(baseUrl, scenario, ctx)
  const clients = sessions ?? [client]
  const first = /** @type {Client} */ (clients[0])
  if (scenario.setup) await scenario.setup(ctx, first, clients)
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
    if (scenario.teardown) await scenario.teardown(ctx, first, clients)
  }
}

/** @param {number} x */
const round = (x) => Math.round(x * 100) / 100

/**
 * A scenario's throughput figure: its successful answers (or flows) of one label per second. The
 * label goes along, so the report shows the figure on that part's row.
 * @param {{ label: string, name: string }} throughput the scenario's
 * @param {number} ok
 * @param {number} seconds
 */
export function throughputOf(throughput, ok, seconds) {
  return { label: throughput.label, name: throughput.name, value: round(ok / seconds) }
}

/**
 * @param {number[]} latencies
 * @param {number} seconds
 * @returns {LatencyStats}
 */
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

/**
 * @typedef {{ baseUrl: string, clients: Client[], shared: boolean, scenario: Scenario, ctx: Context,
 *   connections: number, duration: number, warmup: number }} Run
 */

/**
 * @param {Run} run
 * @returns {Promise<ScenarioStats>}
 */
async function measure({ baseUrl, clients, shared, scenario, ctx, connections, duration, warmup }) {
  const { requests } = scenario
  if (!requests) throw new Error(`${scenario.id}: no requests`)
  /** @param {number} i */
  const requestsOf = (i) => requests(ctx, i)
  const first = /** @type {Client} */ (clients[0])
  await verifyRequests(first, scenario, ctx, requestsOf(0))

  // Labelled requests: autocannon calls a request's onResponse just before it emits 'response' for
  // that answer, in the same tick, so the label seen last belongs to the latency reported next.
  /** @type {string | null} */
  let answered = null
  /**
   * @param {BenchRequest} req
   * @returns {autocannon.Request}
   */
  const labelled = (req) => {
    const { label } = req
    if (label === undefined) return /** @type {autocannon.Request} */ (req)
    return /** @type {autocannon.Request} */ ({
      ...req,
      onResponse: () => {
        answered = label
      },
    })
  }
  const options = { url: baseUrl, connections, timeout: 10 }
  const perConnection = () => {
    let next = 0
    return (/** @type {autocannon.Client} */ connection) => {
      const i = next++
      const headers = /** @type {Client} */ (clients[i % clients.length]).authHeaders()
      connection.setRequests(
        requestsOf(i).map((r) => labelled({ ...r, headers: { ...headers, ...r.headers } })),
      )
    }
  }
  /**
   * @param {number} seconds
   * @returns {autocannon.Options}
   */
  const loadOptions = (seconds) =>
    shared
      ? {
          ...options,
          duration: seconds,
          headers: first.authHeaders(),
          requests: requestsOf(0).map(labelled),
        }
      : {
          ...options,
          duration: seconds,
          requests: requestsOf(0).map(labelled),
          setupClient: perConnection(),
        }
  if (warmup > 0) {
    await load(loadOptions(warmup))
    // Writes the warm-up left in flight finish before the measured run starts.
    if (!shared) await new Promise((resolve) => setTimeout(resolve, 500))
  }

  /** @type {number[]} */
  const latencies = []
  /** @type {Record<string, number>} */
  const statusCodes = {}
  /** @type {Map<string, Part>} */
  const byLabel = new Map()
  answered = null
  const result = await load(loadOptions(duration), (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime)
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1
    if (answered !== null) {
      let part = byLabel.get(answered)
      if (!part) {
        part = { latencies: [], ok: 0 }
        byLabel.set(answered, part)
      }
      part.latencies.push(responseTime)
      if (statusCode >= 200 && statusCode < 300) part.ok++
      answered = null
    }
  })
  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0)
  /** @type {ScenarioStats} */
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
    loadAverage: round(os.loadavg()[0] ?? 0),
  }
  if (byLabel.size > 0) {
    stats.parts = [...byLabel].map(([label, part]) => ({
      label,
      ...latencyStats(part.latencies, result.duration),
      ok: part.ok,
    }))
  }
  if (scenario.throughput) {
    stats.throughput = throughputOf(
      scenario.throughput,
      byLabel.get(scenario.throughput.label)?.ok ?? 0,
      result.duration,
    )
  }
  return stats
}

// ---------------------------------------------------------------------------------------------------
// Flows (see the top of this file).

/**
 * A fetch timed to the end of its body, sent as `client`'s session; every answer goes to `tally`, and
 * `worker.bad` counts the answers that were not 2xx or never came (a failed flow is counted once).
 * @param {string} baseUrl
 * @param {Client} client
 * @param {Tally} tally
 * @returns {Send}
 */
function timedSend(baseUrl, client, tally, worker = { bad: 0 }) {
  return async (label, path, { method = 'GET', headers = {}, body, as = 'api' } = {}) => {
    /** @type {Record<string, string>} */
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
      const timedOut = err instanceof Error && err.name === 'TimeoutError'
      throw new Error(
        `${method} ${label}: ${timedOut ? 'timed out' : err instanceof Error ? err.message : err}`,
      )
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
  /** @param {string} flowLabel */
  constructor(flowLabel) {
    this.flowLabel = flowLabel
    /** @type {number[]} */
    this.latencies = []
    /** @type {Record<string, number>} */
    this.statusCodes = {}
    /** @type {Map<string, Part>} */
    this.byLabel = new Map()
    this.errors = 0
    this.timeouts = 0
    this.completed = 0
    this.failed = 0
    /** Failed flows whose answers were all 2xx (a wrong page, a payment that did not succeed). */
    this.wrongAnswers = 0
    /** Failure messages (numbers and ids blurred) and how often each was seen. */
    /** @type {Map<string, number>} */
    this.failures = new Map()
  }

  /**
   * @param {string} label
   * @returns {Part}
   */
  part(label) {
    let part = this.byLabel.get(label)
    if (!part) {
      part = { latencies: [], ok: 0 }
      this.byLabel.set(label, part)
    }
    return part
  }

  /**
   * @param {string} label
   * @param {number} ms
   * @param {number} status
   */
  answer(label, ms, status) {
    this.latencies.push(ms)
    this.statusCodes[status] = (this.statusCodes[status] ?? 0) + 1
    const part = this.part(label)
    part.latencies.push(ms)
    if (status >= 200 && status < 300) part.ok++
  }

  /**
   * @param {string} label
   * @param {unknown} err
   */
  failedRequest(label, err) {
    if (err instanceof Error && err.name === 'TimeoutError') this.timeouts++
    else this.errors++
    this.part(label)
  }

  /**
   * @param {number} ms
   * @param {unknown} err
   * @param {number} badAnswers
   */
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
    const key = String(err instanceof Error ? err.message : err)
      .replace(/[0-9a-f]{32}/g, '<id>')
      .slice(0, 200)
    this.failures.set(key, (this.failures.get(key) ?? 0) + 1)
  }
}

/**
 * `workers` loops of the scenario's flow until `seconds` are over (a flow under way finishes); worker
 * i runs as clients[i % n]. Answers the tally and the seconds from the start to the last flow's end.
 * @param {Flows & { seconds: number }} options
 */
async function runFlows({ baseUrl, clients, scenario, ctx, workers, seconds }) {
  const { flow, throughput } = flowOf(scenario)
  const tally = new Tally(throughput.label)
  const started = performance.now()
  const deadline = started + seconds * 1000
  let stopped = false
  current = {
    stop: () => {
      stopped = true
    },
  }
  /** @param {number} w */
  const worker = async (w) => {
    const state = { bad: 0 }
    const send = timedSend(baseUrl, /** @type {Client} */ (clients[w % clients.length]), tally, state)
    for (let iteration = 0; !stopped && performance.now() < deadline; iteration++) {
      state.bad = 0
      const flowStarted = performance.now()
      /** @type {unknown} */
      let failure = null
      try {
        await flow(ctx, send, { worker: w, iteration })
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

/**
 * @typedef {{ baseUrl: string, clients: Client[], scenario: Scenario, ctx: Context, workers: number }} Flows
 */

/**
 * A flow scenario's flow and throughput label (drive() checks it has them).
 * @param {Scenario} scenario
 */
function flowOf(scenario) {
  const { flow, throughput } = scenario
  if (!flow || !throughput?.label) throw new Error(`${scenario.id}: a flow needs flow() and throughput.label`)
  return { flow, throughput }
}

/**
 * The flow once per session, one after the other: the check before the load (throws on a failure).
 * @param {Flows} options
 */
async function checkFlow({ baseUrl, clients, scenario, ctx }) {
  const { flow, throughput } = flowOf(scenario)
  for (const [i, client] of clients.entries()) {
    const tally = new Tally(throughput.label)
    try {
      await flow(ctx, timedSend(baseUrl, client, tally), { worker: i, iteration: 0 })
    } catch (err) {
      throw new Error(
        `${scenario.id}: the check as session ${i + 1} of ${clients.length} failed: ${err instanceof Error ? err.message : err}`,
      )
    }
  }
}

/**
 * @param {Run} run
 * @returns {Promise<ScenarioStats>}
 */
async function drive({ baseUrl, clients, scenario, ctx, connections, duration, warmup }) {
  const { throughput } = flowOf(scenario)
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
    loadAverage: round(os.loadavg()[0] ?? 0),
    // The parts in the order a flow sends them, the whole flow last.
    parts: [...tally.byLabel]
      .filter(([label]) => label !== tally.flowLabel)
      .concat(flows ? [[tally.flowLabel, flows]] : [])
      .map(([label, part]) => ({ label, ...latencyStats(part.latencies, seconds), ok: part.ok })),
    throughput: throughputOf(throughput, tally.completed, seconds),
    flows: { completed: tally.completed, failed: tally.failed },
    ...(tally.failures.size > 0
      ? { failures: [...tally.failures].map(([message, count]) => ({ message, count })) }
      : {}),
  }
}
