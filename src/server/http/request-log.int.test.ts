import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'

// What a person reading the server's log sees: one line per API call or page, none for files and
// health checks, and never a password, a cookie or a token.
type LogLine = Record<string, unknown> & { level: number; msg: string }

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
let text = ''

const lines = (): LogLine[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine)

/** The lines written for what `run` does (onResponse runs as the answer is finished: one turn later). */
async function logOf(run: () => Promise<unknown>): Promise<LogLine[]> {
  text = ''
  await run()
  await new Promise((resolve) => setImmediate(resolve))
  return lines()
}

beforeAll(async () => {
  const capture = {
    write(line: string) {
      text += line
    },
  }
  t = await createTestApp({ logStream: capture })
  fx = await seedAccounts(t.database.db)
})
beforeEach(() => {
  text = ''
})
afterAll(() => t.close())

describe('the request log', () => {
  it('writes one info line per API call: method, route pattern, status, duration and the user', async () => {
    const user = await createUser(t.database.db, fx.customers.c1.id)
    const client = new TestClient(t.app)
    await client.login(user.email, user.password)

    const log = await logOf(() =>
      client.send({ method: 'PATCH', url: '/api/catalog/cart/987654?x=1', payload: { quantity: 1 } }),
    )
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({
      level: 30,
      method: 'PATCH',
      route: '/api/catalog/cart/:id',
      status: 404,
      ms: expect.any(Number),
      userId: user.id,
      reqId: expect.any(String),
    })
    expect(log[0]!.msg).toMatch(/^PATCH \/api\/catalog\/cart\/:id 404 [\d.]+ ms$/)
    // The address as sent (its id and query string) is not logged.
    expect(JSON.stringify(log)).not.toContain('987654')

    const guest = await logOf(() => new TestClient(t.app).send({ method: 'GET', url: '/api/bootstrap' }))
    expect(guest).toHaveLength(1)
    expect(guest[0]).toMatchObject({ method: 'GET', route: '/api/bootstrap', status: 200 })
    expect(guest[0]).not.toHaveProperty('userId')

    const unknown = await logOf(() => t.app.inject({ method: 'GET', url: '/api/no/such/call/123' }))
    expect(unknown).toHaveLength(1)
    expect(unknown[0]).toMatchObject({ route: '/api/*', status: 404 })
  })

  it('writes one line for a page, with its path and no query string', async () => {
    const log = await logOf(() => t.app.inject({ method: 'GET', url: '/urunler?q=vida' }))
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ level: 30, method: 'GET', route: '/urunler', status: 200 })
    expect(text).not.toContain('vida')

    // A staff page shares /yonetim/ with the staff API, and is still a page with its path.
    const staff = await logOf(() => t.app.inject({ method: 'GET', url: '/yonetim/e-postalar?status=sent' }))
    expect(staff).toHaveLength(1)
    expect(staff[0]).toMatchObject({ level: 30, method: 'GET', route: '/yonetim/e-postalar' })

    // A payment link's address holds its token, a bearer secret: the log names the page, not the token.
    const token = 'Q2hvb3NlIGEgcmFuZG9tIHRva2VuIGZvciB0aGUgbG9nIHRlc3Q'
    for (const url of [`/odeme-linki/${token}`, `/en/odeme-linki/${token}`]) {
      const link = await logOf(() => t.app.inject({ method: 'GET', url }))
      expect(link).toHaveLength(1)
      expect(link[0]?.route).toMatch(/^(\/en)?\/odeme-linki\/:token$/)
    }
    expect(text).not.toContain(token)
  })

  it('writes nothing at info for files, health checks and metrics scrapes', async () => {
    for (const url of [
      '/images/404.png',
      '/favicon.ico',
      '/robots.txt',
      '/assets/missing-1234.js',
      '/healthz',
      '/metrics',
    ]) {
      const log = await logOf(() => t.app.inject({ method: 'GET', url }))
      expect(log, url).toEqual([])
    }
    expect((await t.app.inject({ method: 'GET', url: '/images/404.png' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' })
  })

  it('never logs a password, the session cookie or the CSRF token', async () => {
    const user = await createUser(t.database.db, fx.customers.c1.id)
    const client = new TestClient(t.app)
    await client.openPage()
    const password = 'Yanlis-Sifre-8231!'
    const failed = await logOf(() => client.login(user.email, password))
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ route: '/api/account/login', status: 401 })

    const all = await logOf(async () => {
      await client.login(user.email, user.password)
      await client.send({ method: 'GET', url: '/api/catalog/cart' })
      await client.send({ method: 'POST', url: '/api/account/logout' })
    })
    expect(all.map((l) => [l.route, l.status])).toEqual([
      ['/api/account/login', 200],
      ['/api/catalog/cart', 200],
      ['/api/account/logout', 200],
    ])
    const session = client.cookie.split('=')[1]!
    expect(session.length).toBeGreaterThan(20)
    for (const secret of [password, user.password, session, client.csrf]) expect(text).not.toContain(secret)
  })

  it('censors secrets in whatever else is logged (the safety net)', () => {
    t.app.log.info(
      {
        req: {
          headers: {
            cookie: 'toptan_sid=abc123',
            authorization: 'Bearer tok-456',
            'x-csrf-token': 'csrf-789',
          },
        },
        body: {
          email: 'a@b.test',
          password: 'pw-000',
          payment: { cardNumber: '4111111111111111', cvc: 'cvc-321' },
        },
      },
      'something logged by hand',
    )
    expect(text).toContain('a@b.test')
    for (const secret of ['abc123', 'tok-456', 'csrf-789', 'pw-000', '4111111111111111', 'cvc-321'])
      expect(text).not.toContain(secret)
    expect(text).toContain('[redacted]')
  })
})

describe('errors logged as err, wherever they come from', () => {
  it("keep a failed statement's text but never its parameters or the values the database quotes", async () => {
    // What the outbox worker or presence logs when a statement fails: a real failure, not a made-up one.
    const failed = await t.database.db.execute(sql`select ${'secret-param-6183'}::int`).then(
      () => null,
      (err: unknown) => err,
    )
    expect(failed).toBeInstanceOf(Error)
    text = ''
    t.app.log.error({ err: failed }, 'a background pass failed')
    const [line] = lines()
    expect(line?.msg).toBe('a background pass failed')
    expect(JSON.stringify(line?.err)).toContain('select $1::int')
    expect(text).not.toContain('secret-param-6183')
  })
})
