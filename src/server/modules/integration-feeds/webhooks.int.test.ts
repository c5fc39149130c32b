import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiKeyIssued } from '../../../contracts/api-keys'
import type { WebhookEndpointIssued, WebhooksView } from '../../../contracts/integration-feeds'
import { ledgerDay } from '../../../domain/ledger'
import { verifyWebhookSignature } from '../../../domain/webhook-delivery'
import { auditTrail } from '../../test/audit'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { placeOrder, stockedProduct } from '../../test/owned-records'
import { createTestApp, type TestApp } from '../../test/test-app'

/** A real HTTP server on a free local port: records each request and answers the next planned status. */
type Received = { path: string; headers: IncomingHttpHeaders; body: string }
class Receiver {
  readonly all: Received[] = []
  /**
   * Per path (each test's endpoint has its own), the statuses to answer in turn (then 200); a number
   * below 0 waits that many milliseconds (negated) before a 200.
   */
  readonly plans = new Map<string, number[]>()
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const path = req.url ?? ''
      this.all.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      const next = this.plans.get(path)?.shift() ?? 200
      const answer = () => {
        if (!res.destroyed) res.writeHead(next < 0 ? 200 : next).end('ok')
      }
      if (next < 0) setTimeout(answer, -next)
      else answer()
    })
  })
  origin = ''
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r))
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }
  receivedAt(path: string) {
    return this.all.filter((r) => r.path === path)
  }
  close() {
    this.server.closeAllConnections()
    return new Promise<void>((r) => this.server.close(() => r()))
  }
}

/** What docs/integration.md tells a receiver to do, in Node's crypto. */
function verifiedByNode(header: string, secret: string, body: string): boolean {
  const t = /t=(\d+)/.exec(header)?.[1]
  const v1 = /v1=([0-9a-f]{64})/.exec(header)?.[1]
  if (!t || !v1) return false
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest()
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'))
}

let clock = Date.now()
let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let readonly: Awaited<ReturnType<typeof loggedInUser>>
const receiver = new Receiver()

beforeAll(async () => {
  await receiver.start()
  t = await createTestApp({
    now: () => new Date(clock),
    throttle: { maxPerIp: 10_000 },
    // Started with the app but never polling during a test: each test runs it with runNow().
    webhookWorker: { pollMs: 60 * 60_000, timeoutMs: 300 },
  })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null)
  readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
})
afterAll(async () => {
  await t.close()
  await receiver.close()
})

const tag = () => randomBytes(4).toString('hex')

async function keyWithEndpoint(events: string[], plan: number[] = []) {
  const path = `/hooks/${tag()}`
  receiver.plans.set(path, plan)
  const keyRes = await owner.send({
    method: 'POST',
    url: '/yonetim/api-keys',
    payload: { name: `ERP ${tag()}`, scopes: ['orders:read'] },
  })
  const key: ApiKeyIssued = keyRes.json()
  const res = await owner.send({
    method: 'POST',
    url: `/yonetim/api-keys/${key.id}/webhooks`,
    payload: { url: `${receiver.origin}${path}`, events },
  })
  expect(res.statusCode, res.body).toBe(200)
  return { key, endpoint: res.json() as WebhookEndpointIssued, received: () => receiver.receivedAt(path) }
}

const view = async (keyId: number): Promise<WebhooksView> =>
  (await owner.send({ method: 'GET', url: `/yonetim/api-keys/${keyId}/webhooks` })).json()

const runWorker = () => t.app.webhooks!.runNow()

async function newOrder() {
  const company = await createCustomer(t.database.db)
  const client = await loggedInUser(t, company.id)
  return placeOrder(client, await stockedProduct(t))
}

describe('webhooks', () => {
  it('delivers a new order signed with the endpoint secret (verified by a local receiver), shown once', async () => {
    const { key, endpoint, received } = await keyWithEndpoint(['order.created'])
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/)
    const listed = await owner.send({ method: 'GET', url: `/yonetim/api-keys/${key.id}/webhooks` })
    expect(listed.body).not.toContain(endpoint.secret)
    expect(listed.json().endpoints).toEqual([
      expect.objectContaining({ id: endpoint.id, events: ['order.created'] }),
    ])

    const order = await newOrder()
    await runWorker()
    const got = received()
    expect(got).toHaveLength(1)
    const { headers, body } = got[0]!
    const signature = String(headers['x-toptan-signature'])
    expect(headers['x-toptan-event']).toBe('order.created')
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
    expect(await verifyWebhookSignature(signature, endpoint.secret, body, Math.floor(clock / 1000))).toBe(
      'ok',
    )
    expect(verifiedByNode(signature, endpoint.secret, body)).toBe(true)
    expect(verifiedByNode(signature, 'whsec_wrong', body)).toBe(false)
    const parsed = JSON.parse(body)
    expect(parsed).toMatchObject({ id: headers['x-toptan-delivery'], event: 'order.created' })
    expect(parsed.data).toMatchObject({ id: order.id, orderNo: order.orderNo, lines: [expect.any(Object)] })
    const [delivery] = (await view(key.id)).deliveries
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1, lastStatusCode: 200, nextAttemptAt: null })
  })

  it('retries a 500 after the backoff, then succeeds with the same body; a replay sends it again', async () => {
    const { key, received } = await keyWithEndpoint(['order.created'], [500])
    await newOrder()
    await runWorker()
    let [delivery] = (await view(key.id)).deliveries
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
    })
    expect(delivery!.nextAttemptAt).toBe(new Date(clock + 60_000).toISOString())
    // Not due yet: nothing is sent.
    await runWorker()
    expect(received()).toHaveLength(1)
    clock += 60_000
    await runWorker()
    ;[delivery] = (await view(key.id)).deliveries
    expect(delivery).toMatchObject({ status: 'sent', attempts: 2, lastStatusCode: 200, lastError: null })
    const [first, second] = received()
    expect(second!.body).toBe(first!.body)
    expect(second!.headers['x-toptan-delivery']).toBe(first!.headers['x-toptan-delivery'])

    // Replay: read-only staff may not; the owner may, and the same delivery goes again.
    const url = `/yonetim/api-keys/${key.id}/webhooks/deliveries/${delivery!.id}/replay`
    expect((await readonly.send({ method: 'POST', url })).statusCode).toBe(403)
    expect(
      (await readonly.send({ method: 'GET', url: `/yonetim/api-keys/${key.id}/webhooks` })).statusCode,
    ).toBe(200)
    const replay = await owner.send({ method: 'POST', url })
    expect(replay.statusCode, replay.body).toBe(200)
    expect(replay.json()).toMatchObject({ status: 'pending', attempts: 0 })
    await runWorker()
    const third = received().at(-1)!
    expect(third.body).toBe(first!.body)
    expect(third.headers['x-toptan-delivery']).toBe(first!.headers['x-toptan-delivery'])
    expect((await view(key.id)).deliveries[0]).toMatchObject({ status: 'sent', attempts: 1 })
    expect((await auditTrail(t.database.db, 'webhook_delivery', delivery!.id)).map((r) => r.action)).toEqual([
      'replay',
    ])
    // Another key's delivery is not this key's to replay.
    const other = await keyWithEndpoint(['payment.received'])
    const foreign = `/yonetim/api-keys/${other.key.id}/webhooks/deliveries/${delivery!.id}/replay`
    expect((await owner.send({ method: 'POST', url: foreign })).statusCode).toBe(404)
  })

  it('counts a receiver slower than the timeout as a failed attempt', async () => {
    const { key } = await keyWithEndpoint(['order.created'], [-1500])
    await newOrder()
    await runWorker()
    const [delivery] = (await view(key.id)).deliveries
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'timeout after 300 ms',
    })
  })

  it('sends payment.received for a bank transfer only to endpoints that want it; gives up after the last attempt', async () => {
    const orders = await keyWithEndpoint(['order.created'])
    const payments = await keyWithEndpoint(['payment.received'], [503, 503, 503, 503, 503, 503])
    const company = await createCustomer(t.database.db)
    const res = await owner.send({
      method: 'POST',
      url: '/yonetim/bank-transfers',
      payload: {
        customerId: company.id,
        amount: '99,90',
        date: ledgerDay(new Date(clock)),
        documentNo: `DK-${tag()}`,
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await view(orders.key.id)).deliveries).toEqual([])
    for (const wait of [0, 60, 300, 1800, 7200, 43200]) {
      clock += wait * 1000
      await runWorker()
    }
    const [delivery] = (await view(payments.key.id)).deliveries
    expect(delivery).toMatchObject({
      event: 'payment.received',
      status: 'failed',
      attempts: 6,
      lastStatusCode: 503,
    })
    expect(orders.received()).toEqual([])
    expect(payments.received()).toHaveLength(6)
    const body = JSON.parse(payments.received().at(-1)!.body)
    expect(body.data).toMatchObject({ kind: 'bank_transfer', amount: '99.90', customer: { id: company.id } })
  })

  it('refuses a URL that is not absolute http(s); removing an endpoint stops its deliveries; rotation keeps them', async () => {
    const { key, endpoint, received } = await keyWithEndpoint(['order.created'])
    for (const url of [
      'ftp://example.com/x',
      '/relative',
      'http://user:pw@example.com/',
      'javascript:alert(1)',
    ]) {
      const res = await owner.send({
        method: 'POST',
        url: `/yonetim/api-keys/${key.id}/webhooks`,
        payload: { url, events: ['order.created'] },
      })
      expect(res.statusCode, url).toBe(400)
    }
    const rotated = await owner.send({ method: 'POST', url: `/yonetim/api-keys/${key.id}/rotate` })
    const successor: ApiKeyIssued = rotated.json()
    expect((await view(successor.id)).endpoints.map((e) => e.id)).toEqual([endpoint.id])
    expect((await view(key.id)).endpoints).toEqual([])

    const removed = await owner.send({
      method: 'DELETE',
      url: `/yonetim/api-keys/${successor.id}/webhooks/${endpoint.id}`,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    await newOrder()
    await runWorker()
    expect(received()).toEqual([])
    expect((await view(successor.id)).endpoints).toEqual([])
    expect((await auditTrail(t.database.db, 'webhook_endpoint', endpoint.id)).map((r) => r.action)).toEqual([
      'create',
      'delete',
    ])
  })

  it('drops sent and given-up deliveries from the log 30 days after they settled, never one still pending', async () => {
    const { key, endpoint } = await keyWithEndpoint(['order.created'])
    const day = 24 * 60 * 60 * 1000
    // Rows as the worker leaves them, settled long ago (the shared clock stays near the other tests':
    // a month's jump would end their sessions).
    const rows = [
      { status: 'sent', settled: -31 },
      { status: 'failed', settled: -31 },
      { status: 'sent', settled: -29 },
      { status: 'failed', settled: -29 },
      // Still retrying (leased a day ahead), made 40 days ago: kept whatever its age.
      { status: 'pending', settled: 1 },
    ]
    for (const [i, row] of rows.entries()) {
      await t.database.db.execute(sql`
        insert into webhook_deliveries (endpoint_id, event, kind, entity_id, status, attempts, next_attempt_at, created_at)
        values (${endpoint.id}, 'order.created', 'order', ${`99000${i}`}, ${row.status}, 1,
                ${new Date(clock + row.settled * day)}, ${new Date(clock - 40 * day)})`)
    }
    // The worker looks for old deliveries at most once an hour.
    clock += 61 * 60 * 1000
    await runWorker()
    const left = (await view(key.id)).deliveries.map((d) => [d.status, d.entity.id])
    expect(left.sort()).toEqual([
      ['failed', '990003'],
      ['pending', '990004'],
      ['sent', '990002'],
    ])
  })
})
