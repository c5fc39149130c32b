// The staff-sockets scenario: STAFF_SOCKETS staff WebSockets open on one server process,
// as the demo administrator, while bench dealers log out and back in one after another. Each logout
// and each first call after a login changes who is online, and the server pushes the new list to every
// socket. Measured: the server's memory (RSS) before the sockets open and with them open, and the push
// latency from the start of the dealer's request to the list's arrival — on each socket ("one socket")
// and on the last of them ("all sockets"). Not autocannon: scenarios.mjs names `run: runStaffSockets`
// and measure.mjs hands the scenario over.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Client, session } from './client.mjs'
import { percentile } from './measure.mjs'

/**
 * @typedef {{ send(data: string): void, terminate(): void,
 *   on(event: string, listener: (...args: any[]) => void): WsClient }} WsClient
 * @typedef {import('./types.ts').RunArgs} RunArgs
 * @typedef {import('./types.ts').ScenarioStats} ScenarioStats
 */

/** The `ws` client of @fastify/websocket's own dependency (Node 20 has no WebSocket). */
const require = createRequire(import.meta.url)
/** @type {new (url: string, options: { headers: Record<string, string> }) => WsClient} */
const WebSocket = require(
  require.resolve('ws', { paths: [path.dirname(require.resolve('@fastify/websocket'))] }),
)

export const STAFF_SOCKETS = 500
const STAFF = { email: 'yonetici@toptan.test', password: 'Yonetici1234!' }
/** A push that has not reached every socket by then counts as failed (ms). */
const PUSH_TIMEOUT_MS = 5000
/** Sockets opened at once while connecting them all. */
const OPEN_BATCH = 50

/** @param {number} x */
const round = (x) => Math.round(x * 100) / 100

/**
 * The process's resident memory (MiB), from /proc (Linux); null elsewhere.
 * @param {number | undefined} pid
 */
function rssMiB(pid) {
  try {
    const kib = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
    return Number.isFinite(kib) ? round(kib / 1024) : null
  } catch {
    return null
  }
}

/**
 * @param {number[]} latencies
 * @param {number} seconds
 */
function latencyFigures(latencies, seconds) {
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
 * Opens one staff socket; every message's arrival goes to `onMessage(socketIndex, at, text)`.
 * @param {string} baseUrl
 * @param {Client} admin
 * @param {number} index
 * @param {(index: number, at: number, text: string) => void} onMessage
 * @returns {Promise<WsClient>}
 */
function openSocket(baseUrl, admin, index, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/online-users`, {
      headers: { cookie: admin.authHeaders().cookie, origin: baseUrl },
    })
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'checkOnlineUsers', host: new URL(baseUrl).host }))
      resolve(ws)
    })
    ws.on('message', (/** @type {Buffer} */ data) => onMessage(index, performance.now(), data.toString()))
    ws.on('unexpected-response', (_req, /** @type {{ statusCode?: number }} */ res) =>
      reject(new Error(`socket refused with ${res.statusCode}`)),
    )
    ws.on('error', reject)
  })
}

/**
 * A dealer's browser session, logged in up to (not including) its first request as that dealer.
 * @param {string} baseUrl
 * @param {string} email
 * @param {string} password
 */
async function logIn(baseUrl, email, password) {
  const client = new Client(baseUrl)
  const page = await client.request('/')
  client.csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1] ?? ''
  const res = await client.request('/api/account/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`login as ${email} answered ${res.status}`)
  /** @type {{ csrfToken: string, user: { id: number } }} */
  const { csrfToken, user } = res.json()
  client.csrf = csrfToken
  return { client, id: user.id }
}

/**
 * Answers the measure.mjs figures (p50/p99 over every delivery), `parts` for one socket and all
 * sockets, `memory`, and `notes` printed under the scenario's line.
 * @param {RunArgs} args
 * @returns {Promise<ScenarioStats>}
 */
export async function runStaffSockets({ baseUrl, ctx, serverPid, duration, warmup }) {
  const admin = await session(baseUrl, STAFF)
  const { dealers, password } = ctx.fixtures
  const rssBefore = rssMiB(serverPid)

  // The change being waited for: which dealer, which status, when its request started, who has it.
  /**
   * @type {{ id: number, online: boolean, startedAt: number, arrived: Array<number | undefined>, count: number,
   *   done: () => void } | null}
   */
  let waiting = null
  /** @type {(index: number, at: number, text: string) => void} */
  const onMessage = (index, at, text) => {
    if (!waiting || waiting.arrived[index] !== undefined) return
    if (!text.startsWith('{"type":"updateOnlineUsers"')) return
    const { id } = waiting
    /** @type {{ onlineUsers: Array<{ id: number, status: string }> }} */
    const update = JSON.parse(text)
    const user = update.onlineUsers.find((u) => u.id === id)
    if (!user || (user.status === 'online') !== waiting.online) return
    waiting.arrived[index] = at - waiting.startedAt
    if (++waiting.count === STAFF_SOCKETS) waiting.done()
  }
  /** @type {WsClient[]} */
  const sockets = []
  for (let i = 0; i < STAFF_SOCKETS; i += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, STAFF_SOCKETS - i) }, (_, j) =>
      openSocket(baseUrl, admin, i + j, onMessage),
    )
    sockets.push(...(await Promise.all(batch)))
  }
  // Let the first answers arrive and the server settle before its memory is read.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const rssOpen = rssMiB(serverPid)

  /**
   * Runs `request` and waits for every socket to see the dealer with this status.
   * @param {number} id
   * @param {boolean} online
   * @param {() => Promise<{ status: number }>} request
   */
  const change = async (id, online, request) => {
    /** @type {() => void} */
    let done = () => {}
    const all = new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      done = resolve
    })
    waiting = { id, online, startedAt: performance.now(), arrived: new Array(STAFF_SOCKETS), count: 0, done }
    const res = await request()
    if (res.status !== 200) throw new Error(`the dealer's request answered ${res.status}`)
    const timer = setTimeout(done, PUSH_TIMEOUT_MS)
    await all
    clearTimeout(timer)
    const { arrived, count } = /** @type {NonNullable<typeof waiting>} */ (waiting)
    waiting = null
    return { arrived: arrived.filter((x) => x !== undefined), missed: STAFF_SOCKETS - count }
  }

  /** @type {number[]} */
  const perSocket = []
  /** @type {number[]} */
  const toAll = []
  let missed = 0
  let events = 0
  /** @param {{ client: Client }} dealer */
  const logOut = (dealer) => () => dealer.client.request('/api/account/logout', { method: 'POST' })
  /** A dealer logs in and makes a first request (online), then logs out (offline): two pushes. */
  /**
   * @param {string} email
   * @param {boolean} measured
   */
  const cycle = async (email, measured) => {
    const dealer = await logIn(baseUrl, email, password)
    const back = await change(dealer.id, true, () => dealer.client.request('/api/bootstrap'))
    const out = await change(dealer.id, false, logOut(dealer))
    if (measured) {
      record(back)
      record(out)
    }
  }
  /**
   * @param {number} seconds
   * @param {boolean} measured
   */
  const runFor = async (seconds, measured) => {
    const end = performance.now() + seconds * 1000
    for (let i = 0; performance.now() < end; i++) await cycle(dealers[i % dealers.length] ?? '', measured)
  }
  /** @param {{ arrived: number[], missed: number }} change */
  const record = ({ arrived, missed: lost }) => {
    events++
    perSocket.push(...arrived)
    if (lost === 0) toAll.push(Math.max(...arrived))
    missed += lost
  }

  try {
    // Whatever an earlier scenario left, every dealer starts offline: in, seen, out (that push awaited).
    for (const email of dealers) {
      const dealer = await logIn(baseUrl, email, password)
      await dealer.client.request('/api/bootstrap')
      await change(dealer.id, false, logOut(dealer))
    }
    if (warmup > 0) await runFor(warmup, false)
    const started = performance.now()
    await runFor(duration, true)
    const seconds = (performance.now() - started) / 1000
    const rssAfter = rssMiB(serverPid)
    const one = latencyFigures(perSocket, seconds)
    const all = latencyFigures(toAll, seconds)
    // The sockets' share is small beside the heap's own swings (garbage collected or not): a fall is
    // reported as no measurable cost, not as a negative one.
    const perSocketKiB =
      rssBefore !== null && rssOpen !== null
        ? Math.max(0, Math.round(((rssOpen - rssBefore) * 1024) / STAFF_SOCKETS))
        : null
    return {
      ...one,
      rps: round(events / seconds),
      seconds,
      non2xx: 0,
      errors: missed,
      timeouts: 0,
      statusCodes: {},
      connections: STAFF_SOCKETS,
      sessions: 1,
      loadAverage: round(os.loadavg()[0] ?? 0),
      parts: [
        { label: 'to one socket', ...one, ok: perSocket.length },
        { label: 'to all sockets', ...all, rps: round(toAll.length / seconds), ok: toAll.length },
      ],
      throughput: { label: 'to all sockets', name: 'changes/s', value: round(toAll.length / seconds) },
      memory: { rssBeforeMiB: rssBefore, rssOpenMiB: rssOpen, rssAfterMiB: rssAfter, perSocketKiB },
      notes: [
        `${events} presence changes pushed to ${STAFF_SOCKETS} sockets (${missed} deliveries missed)`,
        `server RSS: ${rssBefore} MiB before, ${rssOpen} MiB with the sockets open (≈ ${perSocketKiB} KiB a socket), ` +
          `${rssAfter} MiB after the run`,
      ],
    }
  } finally {
    for (const ws of sockets) ws.terminate()
  }
}
