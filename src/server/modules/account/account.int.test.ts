import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../db/schema/accounts'
import { sessionIdOf } from '../../http/session'
import { createUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { createUser as createLogin } from './account.service'

// Every test logs in users of its own: the throttle counts failures per account, and a test that
// blocks or deactivates an account must not decide what another test sees.
let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>

beforeAll(async () => {
  t = await createTestApp({ throttle: { freeFailures: 3, firstDelayMs: 60_000, maxPerIp: 100 } })
  fx = await seedAccounts(t.database.db)
})
afterAll(() => t.close())

describe('POST /api/account/login', () => {
  it('logs a dealer in, answers the user with the company and changes the session id', async () => {
    const dealer = await createUser(t.database.db, fx.customers.c1.id, { name: 'Ahmet Yılmaz' })
    const client = new TestClient(t.app)
    await client.openPage()
    const before = client.cookie
    const res = await client.login(dealer.email, dealer.password)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.user).toMatchObject({ email: dealer.email, role: 'dealer', name: 'Ahmet Yılmaz' })
    expect(body.user.customer.name).toBe('Yıldız Yapı Market Ltd. Şti.')
    expect(body.user.customer.branches).toHaveLength(2)
    expect(client.cookie).not.toBe(before)
    const [stored] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(client.cookie.split('=')[1]!)))
    expect(stored?.userId).toBe(body.user.id)
    // The token itself is never stored, only its hash.
    expect(stored?.id).not.toBe(client.cookie.split('=')[1])
  })

  it('accepts the e-mail in any letter case', async () => {
    const admin = await createUser(t.database.db, null)
    const res = await new TestClient(t.app).login(admin.email.toUpperCase(), admin.password)
    expect(res.statusCode).toBe(200)
    expect(res.json().user.role).toBe('admin')
    expect(res.json().user.customer).toBeNull()
  })

  it('answers 401 with the same Turkish message for a wrong password and an unknown account', async () => {
    const dealer = await createUser(t.database.db, fx.customers.c2.id)
    const wrong = await new TestClient(t.app).login(dealer.email, 'wrong-password')
    const unknown = await new TestClient(t.app).login('nobody@toptan.test', 'wrong-password')
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json().error.messages.type).toBe('E-posta adresi veya şifre hatalı.')
    }
    expect(wrong.body).toBe(unknown.body)
  })

  it('rate-limits repeated failures on one account with 429, even with the right password', async () => {
    const admin = await createUser(t.database.db, null)
    const client = new TestClient(t.app)
    await client.openPage()
    for (let i = 0; i < 3; i++) expect((await client.login(admin.email, 'nope')).statusCode).toBe(401)
    const blocked = await client.login(admin.email, admin.password)
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error.messages.type).toMatch(/Çok fazla başarısız giriş denemesi/)
  })

  it('refuses a deactivated user', async () => {
    const dealer = await createUser(t.database.db, fx.customers.c2.id)
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, dealer.id))
    const res = await new TestClient(t.app).login(dealer.email, dealer.password)
    expect(res.statusCode).toBe(401)
    expect(res.json().error.messages.type).toBe('E-posta adresi veya şifre hatalı.')
  })
})

describe('POST /api/account/logout', () => {
  it('ends the session on the server so the old cookie no longer works', async () => {
    const dealer = await createUser(t.database.db, fx.customers.c1.id)
    const client = new TestClient(t.app)
    await client.login(dealer.email, dealer.password)
    const oldCookie = client.cookie
    const me = await client.send({ method: 'GET', url: '/api/bootstrap' })
    expect(me.json().user.email).toBe(dealer.email)

    const out = await client.send({ method: 'POST', url: '/api/account/logout' })
    expect(out.statusCode).toBe(200)
    expect(client.cookie).not.toBe(oldCookie)

    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/bootstrap',
      headers: { cookie: oldCookie },
    })
    expect(replay.json().user).toBeNull()
  })
})

describe('createUser (the demo data and npm run user:create)', () => {
  it('keeps the e-mail in lower case and the password hashed, ties no company to an administrator', async () => {
    const email = `Yeni.${Date.now()}@Toptan.TEST`
    const id = await createLogin(t.database.db, {
      email: `  ${email} `,
      name: 'Yeni Yönetici',
      password: 'Gizli-Sifre-42',
      role: 'admin',
      customerId: fx.customers.c1.id,
    })
    expect(id).toEqual(expect.any(Number))
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id!))
    expect(row).toMatchObject({ email: email.toLowerCase(), role: 'admin', customerId: null })
    expect(row?.passwordHash).not.toContain('Gizli-Sifre-42')
    const client = new TestClient(t.app)
    expect((await client.login(email, 'Gizli-Sifre-42')).statusCode).toBe(200)
  })

  it('answers null and changes nothing when the e-mail is taken, in any letter case', async () => {
    const email = `bayi.${Date.now()}@toptan.test`
    const user = {
      email,
      name: 'Bayi',
      password: 'Bayi-Sifre-42',
      role: 'dealer' as const,
      customerId: fx.customers.c1.id,
    }
    const first = await createLogin(t.database.db, user)
    expect(first).toEqual(expect.any(Number))
    expect(
      await createLogin(t.database.db, { ...user, email: email.toUpperCase(), name: 'Başka' }),
    ).toBeNull()
    const rows = await t.database.db.select().from(users).where(eq(users.email, email))
    expect(rows.map((r) => [r.id, r.name, r.customerId])).toEqual([[first, 'Bayi', fx.customers.c1.id]])
  })
})
