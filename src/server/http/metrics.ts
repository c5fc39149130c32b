import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import ipaddr from 'ipaddr.js'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '../db/client'
import { sendError } from './error-handler'

/**
 * `GET /metrics` in Prometheus' text format (prom-client), for an operator's Prometheus scraping each
 * process on its own port (docs/operations.md "Metrics"; docs/decisions.md "Who may read /metrics"):
 * requests and their latency per route pattern, the database pool, the mail outbox's backlog, payment
 * intents by state, the search index's size, and Node's process metrics. No label ever holds what a
 * user sent: routes are patterns, statuses numbers. Counts read from the database are refreshed at
 * most every COUNTS_TTL_MS, one read at a time whatever the number of scrapers.
 *
 * Who may read it: with METRICS_TOKEN, whoever sends `Authorization: Bearer <token>`; without, only a
 * direct connection from a loopback or private address that came through no proxy (no forwarding
 * header): behind nginx on the same machine every request comes from 127.0.0.1, so the address
 * alone would let the whole internet in. Anyone else gets the 404 of an unknown address.
 */
export const METRICS_PATH = '/metrics'
export const COUNTS_TTL_MS = 15_000

/** What the metrics read that lives elsewhere (modules, the search index): given by app.ts. */
export type MetricsSources = {
  database: Database
  /** The app's clock: the counts' age, and what a pending intent reads as. */
  now: () => Date
  /** The mail outbox's queued and failed mails. */
  mailBacklog: () => Promise<{ pending: number; failed: number }>
  /** Payment intents per state, every state named (0 when none). */
  paymentIntents: () => Promise<Record<string, number>>
  /** The in-process search index: listed products held and dead slots; null before its first build. */
  searchIndex: () => { products: number; deadSlots: number } | null
}

/** The HTTP request latency buckets (seconds): the budgets are 50 ms at p99, a card payment waits seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']

/** Loopback, private, unique-local and link-local addresses (IPv4-mapped IPv6 as its IPv4). */
export function isPrivateAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  }
  return ['loopback', 'private', 'uniqueLocal', 'linkLocal'].includes(parsed.range())
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** The access rule above, as one function (tested on its own). */
export function mayReadMetrics(
  request: Pick<FastifyRequest, 'headers'> & { socket: { remoteAddress?: string | undefined } },
  token: string | null,
): boolean {
  if (token) {
    const sent = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
    return sent !== undefined && timingSafeEqual(digest(sent), digest(token))
  }
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false
  return isPrivateAddress(request.socket.remoteAddress)
}

export function registerMetrics(app: FastifyInstance, sources: MetricsSources, token: string | null) {
  // One registry per app: two apps in one process (the tests) count apart.
  const registry = new Registry()
  const requests = new Counter({
    name: 'toptan_http_requests_total',
    help: 'HTTP requests answered, per method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'toptan_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, per method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/catalog/product/:id`), never the address: a 404's is the same one label.
    const route = request.routeOptions.url ?? '(unmatched)'
    requests.inc({ method: request.method, route, status: String(reply.statusCode) })
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })

  const { database } = sources
  new Gauge({
    name: 'toptan_db_pool_clients',
    help: 'Database pool clients, by state (idle, busy) ',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { pool } = database.stats()
      this.set({ state: 'idle' }, pool.idle)
      this.set({ state: 'busy' }, pool.total - pool.idle)
    },
  })
  new Gauge({
    name: 'toptan_db_pool_waiting',
    help: 'Queries waiting for a free database pool client',
    registers: [registry],
    collect() {
      this.set(database.stats().pool.waiting)
    },
  })
  if (database.kind === 'pglite') {
    new Gauge({
      name: 'toptan_db_embedded_batches',
      help: 'Embedded database: statement batches running in the engine, and held back behind a transaction or a backup',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const session = database.stats().session
        this.set({ state: 'running' }, session?.running ?? 0)
        this.set({ state: 'held' }, session?.held ?? 0)
      },
    })
    new Gauge({
      name: 'toptan_db_embedded_exclusive',
      help: 'Embedded database: 1 while a transaction or a backup has its one session to itself',
      registers: [registry],
      collect() {
        this.set(database.stats().session?.exclusive ? 1 : 0)
      },
    })
  }

  const counts = cachedCounts(sources, app)
  new Gauge({
    name: 'toptan_mail_outbox_messages',
    help: `Mails in the outbox waiting to be sent (pending) or given up (failed); read at most every ${COUNTS_TTL_MS / 1000} s`,
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const read = await counts()
      if (!read) return
      this.set({ status: 'pending' }, read.mail.pending)
      this.set({ status: 'failed' }, read.mail.failed)
    },
  })
  new Gauge({
    name: 'toptan_payment_intents',
    help: `Card payment intents by state, as staff see them; read at most every ${COUNTS_TTL_MS / 1000} s`,
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const read = await counts()
      if (!read) return
      for (const [status, n] of Object.entries(read.intents)) this.set({ status }, n)
    },
  })
  new Gauge({
    name: 'toptan_metrics_counts_age_seconds',
    help: 'How old the database counts of this scrape are (outbox, payment intents)',
    registers: [registry],
    async collect() {
      const read = await counts()
      this.set(read ? (sources.now().getTime() - read.at) / 1000 : Number.NaN)
    },
  })
  new Gauge({
    name: 'toptan_search_index_products',
    help: 'Listed products held by this process’s search index (0 before its first build)',
    registers: [registry],
    collect() {
      this.set(sources.searchIndex()?.products ?? 0)
    },
  })
  new Gauge({
    name: 'toptan_search_index_dead_slots',
    help: 'Search index slots of changed or delisted products, dropped at its next rebuild',
    registers: [registry],
    collect() {
      this.set(sources.searchIndex()?.deadSlots ?? 0)
    },
  })

  // Node's process metrics (CPU, memory, heap, event loop lag, GC), from the first scrape on: an app
  // nobody scrapes (every test) starts no observers.
  let processMetrics = false
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, token)) {
      return sendError(request, reply, 'not_found', 'error.routeNotFound', { code: 'route_not_found' })
    }
    if (!processMetrics) {
      collectDefaultMetrics({ register: registry })
      processMetrics = true
    }
    const body = await registry.metrics()
    return reply.header('content-type', registry.contentType).header('cache-control', 'no-store').send(body)
  })
}

type Counts = {
  at: number
  mail: { pending: number; failed: number }
  intents: Record<string, number>
}

/**
 * The database counts, read again only when older than COUNTS_TTL_MS, by one read at a time. A read
 * that fails (the database is away) is logged and leaves the last counts (their age says so).
 */
function cachedCounts(sources: MetricsSources, app: FastifyInstance): () => Promise<Counts | null> {
  let last: Counts | null = null
  let reading: Promise<Counts | null> | null = null
  return () => {
    if (last && sources.now().getTime() - last.at < COUNTS_TTL_MS) return Promise.resolve(last)
    reading ??= (async () => {
      try {
        const [mail, intents] = await Promise.all([sources.mailBacklog(), sources.paymentIntents()])
        last = { at: sources.now().getTime(), mail, intents }
      } catch (err) {
        app.log.warn({ err }, 'metrics: the database counts could not be read')
      } finally {
        reading = null
      }
      return last
    })()
    return reading
  }
}
