import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IntegrationHealth, integrationHealthSchema } from '../../../contracts/integration-health'
import { SYNC_RESOURCES } from '../../../domain/bulk-upsert'
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/integration'
import { issueApiKey } from '../../test/api-keys'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { DEALER, seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { runOneJob } from '../integration-sync/jobs.service'

const HOUR = 60 * 60 * 1000
let clock = Date.now()
const now = () => new Date(clock)
let t: TestApp
let owner: TestClient
let readonly: TestClient
let sales: TestClient
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp({ now, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null)
  readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
  sales = await loggedInUser(t, null, { staffRole: 'sales' })
  dealer = new TestClient(t.app)
  expect((await dealer.login(DEALER.email, DEALER.password)).statusCode).toBe(200)
}, 60_000)
afterAll(() => t.close())

const tag = () => randomBytes(3).toString('hex').toUpperCase()

async function health(client: TestClient, locale = 'tr'): Promise<IntegrationHealth> {
  const res = await client.send({
    method: 'GET',
    url: '/yonetim/integration-health',
    // As the web app calls: X-Requested-With makes Accept-Language the answer's language.
    headers: { 'accept-language': locale, 'x-requested-with': 'XMLHttpRequest' },
  })
  expect(res.statusCode, res.body).toBe(200)
  return integrationHealthSchema.parse(res.json())
}

const resource = (answer: IntegrationHealth, name: string) =>
  answer.resources.find((r) => r.resource === name)!

/** The call log is written once the answer has gone: wait for a key's rows before the clock moves on. */
async function callsLogged(keyId: number, count: number) {
  await expect
    .poll(async () => {
      const [row] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from integration_calls where key_id = ${keyId}`,
      )
      return row?.n
    })
    .toBe(count)
}

describe('the sync health', () => {
  it("sums each resource's rows over the last 24 hours, leaving older writes out, and counts each key's calls", async () => {
    const base = Date.now()
    const erp = await issueApiKey(t, ['catalogue:write'], `Sağlık ERP ${tag()}`)
    const [a, b, c, d] = ['A', 'B', 'C', 'D'].map((x) => `MRK-${tag()}-${x}`)
    clock = base - 25 * HOUR
    const old = await erp.call('POST', 'brands', {
      items: [
        { code: a, name: 'Marka A' },
        { code: b, name: 'Marka B' },
        { code: c, name: 'Marka C' },
      ],
    })
    expect(old.json().counts).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 0 })
    await callsLogged(erp.id, 1)

    clock = base - HOUR
    const recent = await erp.call('POST', 'brands', {
      items: [
        { code: a, name: 'Marka A' },
        { code: b, name: 'Marka B yeni' },
        { code: d, name: 'Marka D' },
        { code: `${d}-X` },
      ],
    })
    expect(recent.json().counts).toEqual({ created: 1, updated: 1, unchanged: 1, rejected: 1 })
    expect((await erp.call('POST', 'brands', { rows: [] })).statusCode).toBe(400)
    await callsLogged(erp.id, 3)

    clock = base
    const answer = await health(owner)
    expect(answer.resources.map((r) => r.resource)).toEqual([...SYNC_RESOURCES])
    expect(answer.since).toBe(new Date(base - 24 * HOUR).toISOString())
    const brands = resource(answer, 'brands')
    expect(brands.window).toEqual({ created: 1, updated: 1, unchanged: 1, rejected: 1 })
    expect(brands.lastWriteAt).toBe(new Date(base - HOUR).toISOString())
    expect(brands.health).toBe('rejected')
    // No test of this file writes campaigns: never written.
    expect(resource(answer, 'campaigns')).toMatchObject({
      health: 'never',
      lastWriteAt: null,
      window: { created: 0, updated: 0, unchanged: 0, rejected: 0 },
      lastErrors: [],
    })
    const key = answer.keys.find((k) => k.id === erp.id)
    expect(key).toMatchObject({
      name: erp.name,
      scopes: ['catalogue:write'],
      state: 'active',
      calls: 2,
      errorCalls: 1,
    })
    expect(key?.lastUsedAt).not.toBeNull()

    // A day later the recent write has left the window too: nothing rejected in it, so OK.
    clock = base + 24 * HOUR
    const later = resource(await health(owner), 'brands')
    expect(later).toMatchObject({
      health: 'ok',
      window: { created: 0, updated: 0, unchanged: 0, rejected: 0 },
    })
    expect(later.lastWriteAt).toBe(new Date(base - HOUR).toISOString())
  })

  it("shows a resource's latest rejected rows with their reasons, newest first, at most five, in the reader's language", async () => {
    const base = Date.now()
    const erp = await issueApiKey(t, ['stock:write'], `Depo ERP ${tag()}`)
    const codes = Array.from({ length: 7 }, (_, i) => `D-${tag()}-${i + 1}`)
    clock = base - 2 * HOUR
    await erp.call('POST', 'warehouses', { items: codes.slice(0, 4).map((code) => ({ code })) })
    clock = base - HOUR
    await erp.call('POST', 'warehouses', {
      items: [...codes.slice(4).map((code) => ({ code })), { code: `D-${tag()}-OK`, name: 'Depo' }],
    })
    clock = base
    const warehouses = resource(await health(readonly), 'warehouses')
    expect(warehouses.health).toBe('rejected')
    expect(warehouses.window).toMatchObject({ created: 1, rejected: 7 })
    expect(warehouses.lastErrors.map((e) => e.code)).toEqual([
      codes[4],
      codes[5],
      codes[6],
      codes[0],
      codes[1],
    ])
    expect(warehouses.lastErrors[0]).toEqual({
      at: new Date(base - HOUR).toISOString(),
      code: codes[4],
      keyName: erp.name,
      jobId: null,
      errors: [{ field: 'name', code: 'required', message: '"name" alanı zorunlu.' }],
    })
    const english = resource(await health(owner, 'en'), 'warehouses')
    expect(english.lastErrors[0]?.errors[0]?.message).toBe('"name" is required.')
  })

  it('lists the latest jobs with who started them, and the webhook deliveries that fail; a replay takes one off', async () => {
    clock = Date.now()
    const erp = await issueApiKey(t, ['stock:write', 'jobs:write'], `İş ERP ${tag()}`)
    const missing = `YOK-${tag()}`
    const rows = [1, 2].map((quantity) => ({
      productCode: `${missing}-${quantity}`,
      warehouseCode: missing,
      quantity,
    }))
    const started = await erp.call(
      'POST',
      'jobs?resource=stock',
      `${rows.map((r) => JSON.stringify(r)).join('\n')}\n` as never,
      {
        'content-type': 'application/x-ndjson',
      },
    )
    expect(started.statusCode, started.body).toBe(202)
    const { jobId } = started.json() as { jobId: number }
    expect((await health(owner)).jobs[0]).toMatchObject({
      id: jobId,
      resource: 'stock',
      status: 'queued',
      source: 'api',
      total: 2,
      done: 0,
      startedBy: erp.name,
    })
    while (
      await runOneJob(
        { db: t.database.db, now, log: { error: () => {}, info: () => {} } },
        { pollMs: 0, pauseMs: 0 },
      )
    ) {}
    const afterJob = await health(owner)
    expect(afterJob.jobs[0]).toMatchObject({
      id: jobId,
      status: 'done',
      done: 2,
      counts: { created: 0, updated: 0, unchanged: 0, rejected: 2 },
      // An API load's rejected rows are the key's to fetch, not at a staff door.
      rejectedRowsUrl: null,
    })
    const stock = resource(afterJob, 'stock')
    expect(stock.lastErrors[0]).toMatchObject({ code: `${missing}-1/${missing}`, jobId, keyName: erp.name })
    expect(stock.lastErrors[0]?.errors.map((e) => e.code)).toContain('unknown_reference')

    // The key's endpoints and their deliveries in each state, set up as the worker would leave them.
    const db = t.database.db
    const [live, removed] = await db
      .insert(webhookEndpoints)
      .values(
        ['https://erp.example.com/hook', 'https://erp.example.com/old'].map((url) => ({
          keyId: erp.id,
          url,
          events: ['order.created' as const],
          secret: `whsec_${tag()}`,
        })),
      )
      .returning({ id: webhookEndpoints.id })
    await db
      .update(webhookEndpoints)
      .set({ disabledAt: now() })
      .where(sql`${webhookEndpoints.id} = ${removed!.id}`)
    const delivery = (endpointId: number, values: Partial<typeof webhookDeliveries.$inferInsert>) => ({
      endpointId,
      event: 'order.created' as const,
      kind: 'order' as const,
      entityId: tag(),
      ...values,
    })
    const made = await db
      .insert(webhookDeliveries)
      .values([
        delivery(live!.id, {
          status: 'failed',
          attempts: 6,
          lastStatusCode: 500,
          lastError: 'HTTP 500',
          nextAttemptAt: now(),
        }),
        delivery(live!.id, {
          status: 'pending',
          attempts: 2,
          lastError: 'timeout',
          nextAttemptAt: new Date(clock + HOUR),
        }),
        delivery(live!.id, { status: 'pending', attempts: 0 }),
        delivery(live!.id, { status: 'sent', attempts: 1, lastStatusCode: 200 }),
        delivery(removed!.id, { status: 'failed', attempts: 1, lastError: 'endpoint removed' }),
      ])
      .returning({ id: webhookDeliveries.id })
    const ids = made.map((m) => m.id)
    const mine = (answer: IntegrationHealth) => answer.failingDeliveries.filter((f) => f.keyId === erp.id)
    const failing = mine(await health(owner))
    expect(failing.map((f) => [f.id, f.status])).toEqual([
      [ids[1], 'pending'],
      [ids[0], 'failed'],
    ])
    expect(failing[1]).toMatchObject({
      keyName: erp.name,
      url: 'https://erp.example.com/hook',
      event: 'order.created',
      attempts: 6,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      nextAttemptAt: null,
    })
    expect(failing[0]?.nextAttemptAt).toBe(new Date(clock + HOUR).toISOString())

    const replay = await owner.send({
      method: 'POST',
      url: `/yonetim/api-keys/${erp.id}/webhooks/deliveries/${ids[0]}/replay`,
    })
    expect(replay.statusCode, replay.body).toBe(200)
    expect(mine(await health(owner)).map((f) => f.id)).toEqual([ids[1]])
  })

  it('refuses a guest, a dealer and a staff role without the system area', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/yonetim/integration-health' })
    expect(guest.statusCode).toBe(401)
    const asDealer = await dealer.send({ method: 'GET', url: '/yonetim/integration-health' })
    expect(asDealer.statusCode).toBe(403)
    expect(asDealer.json().error.code).toBe('forbidden')
    const asSales = await sales.send({ method: 'GET', url: '/yonetim/integration-health' })
    expect(asSales.statusCode).toBe(403)
    expect(asSales.json().error.code).toBe('staff_role')
  })
})

describe('the sync health of a store that never synced', () => {
  it('names every resource as never written, with empty lists', async () => {
    const fresh = await createTestApp()
    try {
      const viewer = await loggedInUser(fresh, null, { staffRole: 'readonly' })
      const res = await viewer.send({ method: 'GET', url: '/yonetim/integration-health' })
      expect(res.statusCode, res.body).toBe(200)
      const answer = integrationHealthSchema.parse(res.json())
      expect(answer.resources).toEqual(
        SYNC_RESOURCES.map((r) => ({
          resource: r,
          health: 'never',
          lastWriteAt: null,
          window: { created: 0, updated: 0, unchanged: 0, rejected: 0 },
          lastErrors: [],
        })),
      )
      expect(answer).toMatchObject({ keys: [], jobs: [], failingDeliveries: [] })
    } finally {
      await fresh.close()
    }
  })
})
