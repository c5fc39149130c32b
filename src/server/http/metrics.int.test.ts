import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { intentStatuses } from '../../domain/payment-intent'
import { queryRows } from '../test/db-helpers'
import { loggedInUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { startedPayment, stockedProduct } from '../test/owned-records'
import { createTestApp, type TestApp } from '../test/test-app'
import { COUNTS_TTL_MS } from './metrics'

/**
 * GET /metrics on both databases: Prometheus' text format, counters that move with the requests,
 * route patterns and never what a client sent as labels, the database gauges (pool, outbox, payment
 * intents as staff see them), the search index and Node's process metrics; and who may read it.
 */
let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
let clock = new Date('2026-03-02T09:00:00Z')
const now = () => clock
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

beforeAll(async () => {
  t = await createTestApp({ now })
  fx = await seedAccounts(t.database.db)
})
afterAll(() => t?.close())

const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress })

type Sample = { name: string; labels: Record<string, string>; value: number }

/**
 * The exposition format, strictly: every sample line `name{label="value",…} number`, every metric
 * with its HELP and TYPE before its samples. Throws on any other line.
 */
function parse(text: string): { samples: Sample[]; types: Map<string, string> } {
  const types = new Map<string, string>()
  const helped = new Set<string>()
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '') continue
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line)
    if (comment) {
      if (comment[1] === 'HELP') helped.add(comment[2]!)
      else {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped']).toContain(comment[3])
        types.set(comment[2]!, comment[3]!)
      }
      continue
    }
    // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case).
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|(?:nan|[+-]?inf))$/i.exec(line)
    if (!sample) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (sample[2] ?? '').matchAll(
      /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g,
    )) {
      labels[key!] = value!
    }
    const name = sample[1]!
    const family = [...types.keys()].find(
      (k) => name === k || (/_(bucket|sum|count|total|created)$/.test(name) && name.startsWith(k)),
    )
    if (!family) throw new Error(`a sample before its TYPE: ${line}`)
    expect(helped.has(family), `HELP of ${family}`).toBe(true)
    samples.push({ name, labels, value: Number(sample[3]) })
  }
  return { samples, types }
}

async function metrics() {
  const res = await scrape()
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  return { ...parse(res.body), text: res.body }
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value ?? 0

describe('GET /metrics', () => {
  it("speaks Prometheus' text format, with Node's process metrics", async () => {
    const { types, samples } = await metrics()
    expect(types.get('toptan_http_requests_total')).toBe('counter')
    expect(types.get('toptan_http_request_duration_seconds')).toBe('histogram')
    for (const name of [
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(
        samples.some((s) => s.name === name),
        name,
      ).toBe(true)
    }
  })

  it('counts requests and their time per route pattern, never the address or what was sent', async () => {
    const { id } = await stockedProduct(t)
    const before = (await metrics()).samples
    const secret = `gizli${randomBytes(4).toString('hex')}`
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: `/api/catalog/product/${id}` })
    await t.app.inject({ method: 'GET', url: `/api/catalog/products?q=${secret}` })
    await t.app.inject({ method: 'GET', url: `/${secret}/yok` })
    await t.app.inject({ method: 'GET', url: `/api/${secret}` })
    const { samples, text } = await metrics()

    const route = { method: 'GET', route: '/api/catalog/product/:id', status: '200' }
    expect(
      value(samples, 'toptan_http_requests_total', route) -
        value(before, 'toptan_http_requests_total', route),
    ).toBe(3)
    const timed = { method: 'GET', route: '/api/catalog/product/:id' }
    expect(
      value(samples, 'toptan_http_request_duration_seconds_count', timed) -
        value(before, 'toptan_http_request_duration_seconds_count', timed),
    ).toBe(3)
    expect(value(samples, 'toptan_http_request_duration_seconds_bucket', { ...timed, le: '+Inf' })).toBe(
      value(samples, 'toptan_http_request_duration_seconds_count', timed),
    )
    expect(value(samples, 'toptan_http_requests_total', { route: '/api/*', status: '404' })).toBeGreaterThan(
      0,
    )
    expect(text).not.toContain(secret)
    expect(text).not.toContain(String(id).padStart(6, '/'))
    for (const s of samples.filter((x) => x.labels.route))
      expect(s.labels.route, s.labels.route).not.toMatch(/\d{2,}/)
  })

  it('shows the database pool and, on the embedded database, its session', async () => {
    const { samples } = await metrics()
    expect(samples.some((s) => s.name === 'toptan_db_pool_clients' && s.labels.state === 'idle')).toBe(true)
    expect(value(samples, 'toptan_db_pool_waiting')).toBe(0)
    const embedded = samples.some((s) => s.name === 'toptan_db_embedded_batches')
    expect(embedded).toBe(t.database.kind === 'pglite')
  })

  it('shows the outbox backlog and the payment intents as staff see them, read again only after a few seconds', async () => {
    advance(COUNTS_TTL_MS)
    const first = (await metrics()).samples
    for (const status of intentStatuses) {
      expect(
        first.some((s) => s.name === 'toptan_payment_intents' && s.labels.status === status),
        status,
      ).toBe(true)
    }
    await startedPayment(t, await loggedInUser(t, fx.customers.c2.id))
    await t.database.db.execute(sql`
      insert into mail_outbox (kind, recipient, subject, html, text, status)
      values ('order_confirmation', 'a@toptan.test', 'Sipariş', '<p>x</p>', 'x', 'pending'),
             ('order_confirmation', 'b@toptan.test', 'Sipariş', '<p>x</p>', 'x', 'failed')`)

    // Within the few seconds: the same counts (the database is not read for every scrape).
    const cached = (await metrics()).samples
    expect(value(cached, 'toptan_payment_intents', { status: 'pending' })).toBe(
      value(first, 'toptan_payment_intents', { status: 'pending' }),
    )
    advance(COUNTS_TTL_MS)
    const read = (await metrics()).samples
    expect(value(read, 'toptan_payment_intents', { status: 'pending' })).toBe(
      value(first, 'toptan_payment_intents', { status: 'pending' }) + 1,
    )
    expect(value(read, 'toptan_mail_outbox_messages', { status: 'pending' })).toBe(
      value(first, 'toptan_mail_outbox_messages', { status: 'pending' }) + 1,
    )
    expect(value(read, 'toptan_mail_outbox_messages', { status: 'failed' })).toBe(
      value(first, 'toptan_mail_outbox_messages', { status: 'failed' }) + 1,
    )
    expect(value(read, 'toptan_metrics_counts_age_seconds')).toBe(0)

    // A pending intent past its time reads expired, as on the staff screen.
    advance(60 * 60_000)
    const later = (await metrics()).samples
    expect(value(later, 'toptan_payment_intents', { status: 'pending' })).toBe(0)
    expect(value(later, 'toptan_payment_intents', { status: 'expired' })).toBeGreaterThan(0)
  })

  it("shows the search index's size once it is built", async () => {
    await stockedProduct(t)
    await t.app.inject({ method: 'GET', url: '/api/catalog/products?q=urun' })
    const { samples } = await metrics()
    const [listed] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from products where parent_id is null and is_active`,
    )
    expect(value(samples, 'toptan_search_index_products')).toBe(listed!.n)
  })
})

describe('who may read /metrics', () => {
  it('answers a direct connection from a private address, and 404s everyone else as an unknown address', async () => {
    expect((await scrape({}, '127.0.0.1')).statusCode).toBe(200)
    expect((await scrape({}, '10.20.30.40')).statusCode).toBe(200)
    for (const [headers, address] of [
      [{}, '203.0.113.5'],
      [{ 'x-forwarded-for': '203.0.113.5' }, '127.0.0.1'],
      [{ 'x-real-ip': '203.0.113.5' }, '127.0.0.1'],
    ] as const) {
      const res = await scrape(headers, address)
      expect(res.statusCode).toBe(404)
      expect(res.json().error.code).toBe('route_not_found')
      expect(res.body).not.toContain('toptan_')
    }
  })

  it('with METRICS_TOKEN, answers only the bearer of the token, from anywhere', async () => {
    const token = randomBytes(24).toString('hex')
    const guarded = await createTestApp({ database: t.database, env: { METRICS_TOKEN: token } })
    try {
      const read = (headers: Record<string, string>, remoteAddress: string) =>
        guarded.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress })
      expect((await read({}, '127.0.0.1')).statusCode).toBe(404)
      expect((await read({ authorization: 'Bearer not-the-token-at-all' }, '127.0.0.1')).statusCode).toBe(404)
      const res = await read(
        { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.5' },
        '127.0.0.1',
      )
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('toptan_http_requests_total')
    } finally {
      await guarded.app.close()
    }
  })
})
