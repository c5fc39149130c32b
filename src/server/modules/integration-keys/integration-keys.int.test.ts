import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiKey, ApiKeyIssued, ApiKeyList } from '../../../contracts/api-keys'
import { LAST_USE_WRITE_MS, ROTATION_GRACE_MS } from '../../../domain/integration-scopes'
import type { AppDeps } from '../../app-deps'
import { reportRows } from '../../http/integration-path'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { loggedInUser } from '../../test/dealers'
import { createTestApp, type TestApp } from '../../test/test-app'
import { installIntegrationDoor } from './integration-door'

/** Test-only routes behind the door: an orders:read feed and a jobs:write post that reports rows. */
function testRoutes(app: FastifyInstance, deps: AppDeps) {
  app.register(async (child) => {
    installIntegrationDoor(child, deps)
    child.get(
      '/api/integration/v1/test-orders',
      { config: { integrationScope: 'orders:read' } },
      async () => ({
        ok: true,
      }),
    )
    child.post(
      '/api/integration/v1/test-jobs',
      { config: { integrationScope: 'jobs:write' } },
      async (request) => {
        reportRows(request, 7)
        return { ok: true }
      },
    )
  })
}

let clock = Date.now()
const lines: string[] = []
let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let readonly: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp({
    throttle: { maxPerIp: 10_000 },
    now: () => new Date(clock),
    beforeReady: testRoutes,
    logStream: { write: (line) => void lines.push(line) },
    env: { INTEGRATION_RATE_LIMIT: '1000' },
  })
  owner = await loggedInUser(t, null, { name: 'Zeynep Sahip' })
  readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
})
afterAll(() => t.close())

const tag = () => randomBytes(4).toString('hex')

async function create(scopes: string[], name = `ERP ${tag()}`): Promise<ApiKeyIssued> {
  const res = await owner.send({ method: 'POST', url: '/yonetim/api-keys', payload: { name, scopes } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

const call = (key: string | null, url = '/api/integration/v1/key', method: 'GET' | 'POST' = 'GET') =>
  t.app.inject({ method, url, headers: key === null ? {} : { authorization: `Bearer ${key}` } })

const list = async (): Promise<ApiKey[]> =>
  ((await owner.send({ method: 'GET', url: '/yonetim/api-keys' })).json() as ApiKeyList).items

const errorCode = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code

describe('staff: keys', () => {
  it('creates a key shown once, stores only the hash of its secret, and lists it without either', async () => {
    const issued = await create(['catalogue:write', 'stock:write'])
    expect(issued.key).toMatch(/^tpk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/)
    expect(issued.key.startsWith(`${issued.prefix}_`)).toBe(true)
    expect(issued).toMatchObject({
      scopes: ['catalogue:write', 'stock:write'],
      state: 'active',
      lastUsedAt: null,
    })
    const secret = issued.key.slice(issued.prefix.length + 1)
    const [row] = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select * from api_keys where id = ${issued.id}`,
    )
    expect(JSON.stringify(row)).not.toContain(secret)
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/)

    const listed = (await list()).find((k) => k.id === issued.id)
    expect(listed).toMatchObject({ name: issued.name, createdBy: 'Zeynep Sahip', state: 'active' })
    const listBody = (await owner.send({ method: 'GET', url: '/yonetim/api-keys' })).body
    expect(listBody).not.toContain(secret)
    expect(listBody).not.toContain(String(row?.secret_hash))
    expect(listBody).not.toContain('"key"')

    const trail = await auditTrail(t.database.db, 'api_key', issued.id)
    expect(trail.map((r) => r.action)).toEqual(['create'])
    expect(JSON.stringify(trail)).not.toContain(secret)
  })

  it('answers GET /api/integration/v1/key for the calling key and writes its last use at most once a minute', async () => {
    const issued = await create(['orders:read'])
    const res = await call(issued.key)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      id: issued.id,
      name: issued.name,
      scopes: ['orders:read'],
      rateLimit: { limit: 1000, windowSeconds: 60 },
    })
    const firstUse = (await list()).find((k) => k.id === issued.id)?.lastUsedAt
    expect(firstUse).toBe(new Date(clock).toISOString())
    clock += 1000
    await call(issued.key)
    expect((await list()).find((k) => k.id === issued.id)?.lastUsedAt).toBe(firstUse)
    clock += LAST_USE_WRITE_MS
    await call(issued.key)
    expect((await list()).find((k) => k.id === issued.id)?.lastUsedAt).toBe(new Date(clock).toISOString())
  })

  it('renames and re-scopes a key, audited; the new scopes hold from the next call', async () => {
    const issued = await create(['catalogue:write'])
    expect((await call(issued.key, '/api/integration/v1/test-orders')).statusCode).toBe(403)
    const res = await owner.send({
      method: 'PATCH',
      url: `/yonetim/api-keys/${issued.id}`,
      payload: { name: 'Logo ERP', scopes: ['orders:read'] },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Logo ERP', scopes: ['orders:read'] })
    expect((await call(issued.key, '/api/integration/v1/test-orders')).statusCode).toBe(200)
    const trail = await auditTrail(t.database.db, 'api_key', issued.id)
    expect(trail.at(-1)?.action).toBe('update')
    expect(trail.at(-1)?.changes).toEqual(
      expect.arrayContaining([{ field: 'scopes', old: ['catalogue:write'], new: ['orders:read'] }]),
    )
  })

  it.each([
    ['no scopes', { name: 'x', scopes: [] }],
    ['an unknown scope', { name: 'x', scopes: ['orders:write'] }],
    ['a scope twice', { name: 'x', scopes: ['orders:read', 'orders:read'] }],
    ['no name', { name: ' ', scopes: ['orders:read'] }],
    ['an extra field', { name: 'x', scopes: ['orders:read'], key: 'tpk_mine' }],
  ])('refuses a key with %s', async (_label, payload) => {
    const res = await owner.send({ method: 'POST', url: '/yonetim/api-keys', payload })
    expect(res.statusCode).toBe(400)
  })

  it('revokes a key: refused from its next call, revoking again changes nothing', async () => {
    const issued = await create(['orders:read'])
    expect((await call(issued.key)).statusCode).toBe(200)
    const res = await owner.send({ method: 'POST', url: `/yonetim/api-keys/${issued.id}/revoke` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ state: 'revoked' })
    const refused = await call(issued.key)
    expect(refused.statusCode).toBe(401)
    expect(errorCode(refused)).toBe('api_key_invalid')
    expect(
      (await owner.send({ method: 'POST', url: `/yonetim/api-keys/${issued.id}/revoke` })).statusCode,
    ).toBe(200)
    expect((await auditTrail(t.database.db, 'api_key', issued.id)).map((r) => r.action)).toEqual([
      'create',
      'revoke',
    ])
    const patch = await owner.send({
      method: 'PATCH',
      url: `/yonetim/api-keys/${issued.id}`,
      payload: { name: 'y' },
    })
    expect(errorCode(patch)).toBe('key_inactive')
  })

  it('rotates a key: a new key with the same scopes, the old one works for the grace period and then not', async () => {
    const issued = await create(['orders:read', 'jobs:write'])
    const res = await owner.send({ method: 'POST', url: `/yonetim/api-keys/${issued.id}/rotate` })
    expect(res.statusCode, res.body).toBe(200)
    const next: ApiKeyIssued = res.json()
    expect(next).toMatchObject({
      name: issued.name,
      scopes: issued.scopes,
      rotatedFromId: issued.id,
      state: 'active',
    })
    expect(next.key).not.toBe(issued.key)
    const old = (await list()).find((k) => k.id === issued.id)
    expect(old).toMatchObject({
      state: 'retiring',
      expiresAt: new Date(clock + ROTATION_GRACE_MS).toISOString(),
    })
    expect((await call(issued.key)).statusCode).toBe(200)
    expect((await call(next.key)).statusCode).toBe(200)
    const again = await owner.send({ method: 'POST', url: `/yonetim/api-keys/${issued.id}/rotate` })
    expect(errorCode(again)).toBe('key_inactive')

    clock += ROTATION_GRACE_MS
    expect((await call(issued.key)).statusCode).toBe(401)
    expect((await call(next.key)).statusCode).toBe(200)
    expect((await list()).find((k) => k.id === issued.id)?.state).toBe('expired')
    expect((await auditTrail(t.database.db, 'api_key', issued.id)).map((r) => r.action)).toEqual([
      'create',
      'retire',
    ])
    expect((await auditTrail(t.database.db, 'api_key', next.id)).map((r) => r.action)).toEqual(['rotate'])
  })

  it('lets the read-only role read the list and nothing more', async () => {
    expect((await readonly.send({ method: 'GET', url: '/yonetim/api-keys' })).statusCode).toBe(200)
    const res = await readonly.send({
      method: 'POST',
      url: '/yonetim/api-keys',
      payload: { name: 'x', scopes: ['orders:read'] },
    })
    expect(res.statusCode).toBe(403)
    expect(errorCode(res)).toBe('staff_role')
  })
})

describe('the integration door', () => {
  it.each([
    ['no header', null, 'api_key_missing'],
    ['an empty bearer', '', 'api_key_missing'],
    ['not a key', 'hello', 'api_key_invalid'],
    ['an unknown key', `tpk_000000000000_${'A'.repeat(43)}`, 'api_key_invalid'],
  ])('answers 401 with a JSON error for %s', async (_label, key, code) => {
    const res = await call(key)
    expect(res.statusCode).toBe(401)
    expect(errorCode(res)).toBe(code)
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/)
  })

  it('refuses a known prefix with a wrong secret', async () => {
    const issued = await create(['orders:read'])
    const forged = `${issued.prefix}_${'B'.repeat(43)}`
    expect((await call(forged)).statusCode).toBe(401)
  })

  it('holds a key to its scopes: a catalogue key cannot read orders (403), an orders key can', async () => {
    const catalogue = await create(['catalogue:write'])
    const res = await call(catalogue.key, '/api/integration/v1/test-orders')
    expect(res.statusCode).toBe(403)
    expect(errorCode(res)).toBe('api_key_scope')
    const orders = await create(['orders:read'])
    expect((await call(orders.key, '/api/integration/v1/test-orders')).statusCode).toBe(200)
  })

  it('answers an unknown integration address 401 without a key and 404 with one', async () => {
    const issued = await create(['orders:read'])
    expect((await call(null, '/api/integration/v1/nothing')).statusCode).toBe(401)
    const res = await call(issued.key, '/api/integration/v1/nothing')
    expect(res.statusCode).toBe(404)
    expect(errorCode(res)).toBe('route_not_found')
  })

  it('never takes a session there: a logged-in owner with cookie and CSRF token gets 401, and no cookie is issued', async () => {
    const res = await owner.send({ method: 'GET', url: '/api/integration/v1/key' })
    expect(res.statusCode).toBe(401)
    expect(res.headers['set-cookie']).toBeUndefined()
    const post = await owner.send({ method: 'POST', url: '/api/integration/v1/test-jobs' })
    expect(post.statusCode).toBe(401)
  })

  it('never takes a key anywhere else: the cart and the staff API answer 401 to a bearer key', async () => {
    const issued = await create(['orders:read', 'customers:read'])
    expect((await call(issued.key)).statusCode).toBe(200)
    for (const url of ['/api/catalog/cart', '/yonetim/api-keys', '/yonetim/orders']) {
      const res = await call(issued.key, url)
      expect(res.statusCode, url).toBe(401)
    }
    // A cart write with a key and no session is a CSRF refusal, not a write.
    const write = await call(issued.key, '/api/catalog/cart', 'POST')
    expect(write.statusCode).toBe(403)
    expect(errorCode(write)).toBe('csrf')
  })

  it('needs no CSRF token on the prefix, but still does on a staff write', async () => {
    const issued = await create(['jobs:write'])
    const res = await call(issued.key, '/api/integration/v1/test-jobs', 'POST')
    expect(res.statusCode, res.body).toBe(200)
    const staff = await owner.send({
      method: 'POST',
      url: '/yonetim/api-keys',
      payload: { name: 'x', scopes: ['orders:read'] },
      csrf: false,
    })
    expect(staff.statusCode).toBe(403)
    expect(errorCode(staff)).toBe('csrf')
    // Only the prefix itself is exempt: its neighbours are not.
    for (const url of [
      '/api/integration/v1',
      '/api/integration/v2/test-jobs',
      '/api/integrationv1/test-jobs',
    ]) {
      const near = await call(issued.key, url, 'POST')
      expect(near.statusCode, url).toBe(403)
      expect(errorCode(near), url).toBe('csrf')
    }
  })

  it('logs every call with key, route, status, rows and duration, in a row and a log line, never the key', async () => {
    const issued = await create(['jobs:write'])
    const secret = issued.key.slice(issued.prefix.length + 1)
    expect((await call(issued.key, '/api/integration/v1/test-jobs', 'POST')).statusCode).toBe(200)
    expect((await call(issued.key, '/api/integration/v1/test-orders')).statusCode).toBe(403)
    await expect
      .poll(() =>
        queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from integration_calls where key_id = ${issued.id}`,
        ),
      )
      .toEqual([{ n: 2 }])
    const rows = await queryRows<Record<string, unknown>>(
      t.database.db,
      sql`select method, route, status, rows, duration_ms from integration_calls where key_id = ${issued.id} order by id`,
    )
    expect(rows).toEqual([
      {
        method: 'POST',
        route: '/api/integration/v1/test-jobs',
        status: 200,
        rows: 7,
        duration_ms: expect.any(Number),
      },
      {
        method: 'GET',
        route: '/api/integration/v1/test-orders',
        status: 403,
        rows: null,
        duration_ms: expect.any(Number),
      },
    ])
    const logged = lines.map((l) => JSON.parse(l)).filter((l) => l.integration?.keyId === issued.id)
    expect(logged.map((l) => [l.integration.route, l.integration.status, l.integration.rows])).toEqual([
      ['/api/integration/v1/test-jobs', 200, 7],
      ['/api/integration/v1/test-orders', 403, null],
    ])
    expect(logged[0].integration.durationMs).toEqual(expect.any(Number))
    expect(lines.join('\n')).not.toContain(secret)
  })
})

describe('the rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ database: t.database, env: { INTEGRATION_RATE_LIMIT: '5' } })
  })
  afterAll(() => limited.close())

  it('holds each key to its calls a minute under parallel requests, and one key does not spend another', async () => {
    const a = await create(['orders:read'])
    const b = await create(['orders:read'])
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        limited.app.inject({
          method: 'GET',
          url: '/api/integration/v1/key',
          headers: { authorization: `Bearer ${a.key}` },
        }),
      ),
    )
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(5)
    expect(codes.filter((c) => c === 429)).toHaveLength(7)
    const refused = answers.find((r) => r.statusCode === 429)
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0)
    expect(errorCode(refused as never)).toBe('rate_limited')
    const other = await limited.app.inject({
      method: 'GET',
      url: '/api/integration/v1/key',
      headers: { authorization: `Bearer ${b.key}` },
    })
    expect(other.statusCode).toBe(200)
  })
})
