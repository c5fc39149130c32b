import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions, users } from '../../db/schema/accounts'
import { sessionIdOf } from '../../http/session'
import { verifyPassword } from '../../security/password'
import { createUser, DEALER_PASSWORD, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

const SETTINGS = '/api/catalog/account/settings'
const NEW_PASSWORD = 'Yeni-Sifre-7'

// Every test changes the password of users of its own: the throttle counts per account.
let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>

beforeAll(async () => {
  t = await createTestApp({ throttle: { freeFailures: 3, firstDelayMs: 60_000, maxPerIp: 100 } })
  fx = await seedAccounts(t.database.db)
})
afterAll(() => t.close())

/** The form as the web app sends it: multipart form data. */
function multipart(fields: Record<string, string>) {
  const boundary = 'AccountSettingsBoundary'
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

function save(
  client: TestClient,
  fields: Record<string, string>,
  options: { csrf?: boolean; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const form = multipart(fields)
  return client.send({
    method: 'POST',
    url: SETTINGS,
    payload: form.payload,
    headers: { ...form.headers, ...options.headers },
    csrf: options.csrf ?? true,
  })
}

const change = (current: string, password = NEW_PASSWORD, verify = password) => ({
  currentPassword: current,
  password,
  passwordVerify: verify,
})

async function storedHash(userId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
  return row!.hash
}

const sessionUser = async (client: TestClient) =>
  (await client.send({ method: 'GET', url: '/api/bootstrap' })).json().user

describe('POST /api/catalog/account/settings: who may use it', () => {
  it('answers a guest 401 before reading the body, and changes nothing', async () => {
    const guest = new TestClient(t.app)
    await guest.openPage()
    for (const fields of [change(DEALER_PASSWORD), { unknown: 'x' }]) {
      const res = await save(guest, fields)
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toMatchObject({
        code: 'unauthenticated',
        messages: { type: 'Bu işlem için giriş yapmalısınız.' },
      })
    }
  })

  it('sends a guest asking for the page to the login page, with the way back', async () => {
    for (const [url, login] of [
      ['/hesap/ayarlar', '/account/login?next=%2Fhesap%2Fayarlar'],
      ['/en/hesap/ayarlar', '/en/account/login?next=%2Fen%2Fhesap%2Fayarlar'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe(login)
    }
  })

  it('refuses a request without the CSRF token (403) and keeps the password', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    const before = await storedHash(dealer.user.id)
    const res = await save(dealer, change(DEALER_PASSWORD), { csrf: false })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('csrf')
    const wrongToken = await save(dealer, change(DEALER_PASSWORD), {
      csrf: false,
      headers: { 'x-csrf-token': 'not-the-token', 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(wrongToken.statusCode).toBe(403)
    expect(await storedHash(dealer.user.id)).toBe(before)
  })

  it('lets an administrator change their password too', async () => {
    const admin = await loggedInUser(t, null)
    const res = await save(admin, change(DEALER_PASSWORD))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, csrfToken: admin.csrf })
    expect((await new TestClient(t.app).login(admin.user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })
})

describe('POST /api/catalog/account/settings: the rules of spec/2 §5', () => {
  it.each([
    [
      'a password shorter than 6',
      change(DEALER_PASSWORD, '12345'),
      'password',
      'password_length',
      'Şifreniz 6 karakterden kısa, 30 karakterden uzun olamaz.',
    ],
    [
      'a password longer than 30',
      change(DEALER_PASSWORD, 'a'.repeat(31)),
      'password',
      'password_length',
      'Şifreniz 6 karakterden kısa, 30 karakterden uzun olamaz.',
    ],
    [
      'no verification',
      change(DEALER_PASSWORD, NEW_PASSWORD, ''),
      'passwordVerify',
      'password_verify_required',
      'Şifrenizi doğrulamalısınız.',
    ],
    [
      'a different verification',
      change(DEALER_PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}x`),
      'passwordVerify',
      'password_mismatch',
      'Şifreleriniz eşleşmiyor.',
    ],
    [
      'an empty new password',
      change(DEALER_PASSWORD, '', ''),
      'password',
      'password_empty',
      'Kaydedilecek yeni bir şifre girmediniz.',
    ],
    [
      'no current password',
      change(''),
      'currentPassword',
      'current_password_required',
      'Şifrenizi değiştirmek için mevcut şifrenizi giriniz.',
    ],
  ])(
    'refuses %s with 400 and the exact message, changing nothing',
    async (_, fields, field, code, message) => {
      const dealer = await loggedInUser(t, fx.customers.c1.id)
      const before = await storedHash(dealer.user.id)
      const res = await save(dealer, fields)
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toEqual({ code, messages: { type: message }, fields: { [field]: message } })
      expect(await storedHash(dealer.user.id)).toBe(before)
    },
  )

  it('checks the form before the current password, and reads missing fields as empty', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    const res = await save(dealer, { password: '123' })
    expect(res.json().error.code).toBe('password_length')
    const nothing = await save(dealer, {})
    expect(nothing.json().error.code).toBe('password_empty')
  })

  it('answers in English for an English request', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    const res = await save(dealer, change(DEALER_PASSWORD, NEW_PASSWORD, 'other-password'), {
      headers: { 'accept-language': 'en' },
    })
    expect(res.json().error.messages.type).toBe('Your passwords do not match.')
  })

  it('refuses a wrong current password with its own message and keeps the old one', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    const before = await storedHash(dealer.user.id)
    const res = await save(dealer, change('Yanlis-Sifre'))
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toEqual({
      code: 'wrong_current_password',
      messages: { type: 'Mevcut şifreniz hatalı.' },
      fields: { currentPassword: 'Mevcut şifreniz hatalı.' },
    })
    expect(await storedHash(dealer.user.id)).toBe(before)
    // The session is not ended by a wrong guess.
    expect((await sessionUser(dealer))?.id).toBe(dealer.user.id)
  })

  it('refuses unknown fields and control characters at the contract', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    const unknown = await save(dealer, { ...change(DEALER_PASSWORD), role: 'admin' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.fields).toEqual({ role: 'Bilinmeyen alan.' })
    const control = await save(dealer, change(DEALER_PASSWORD, 'Gizli\u0007123'))
    expect(control.statusCode).toBe(400)
    expect(Object.keys(control.json().error.fields).sort()).toEqual(['password', 'passwordVerify'])
  })
})

describe('POST /api/catalog/account/settings: a successful change', () => {
  it('stores a new scrypt hash: the new password logs in, the old one no longer does', async () => {
    const dealer = await loggedInUser(t, fx.customers.c2.id)
    const before = await storedHash(dealer.user.id)
    const res = await save(dealer, change(DEALER_PASSWORD))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, csrfToken: dealer.csrf })

    const after = await storedHash(dealer.user.id)
    expect(after).not.toBe(before)
    expect(after).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(after).not.toContain(NEW_PASSWORD)
    expect(await verifyPassword(NEW_PASSWORD, after)).toBe(true)
    expect((await new TestClient(t.app).login(dealer.user.email, DEALER_PASSWORD)).statusCode).toBe(401)
    expect((await new TestClient(t.app).login(dealer.user.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('accepts urlencoded and JSON bodies as well', async () => {
    const dealer = await loggedInUser(t, fx.customers.c2.id)
    const urlencoded = await dealer.send({
      method: 'POST',
      url: SETTINGS,
      payload: new URLSearchParams(change(DEALER_PASSWORD)).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(urlencoded.json()).toEqual({ success: true, csrfToken: dealer.csrf })
    const json = await dealer.send({
      method: 'POST',
      url: SETTINGS,
      payload: change(NEW_PASSWORD, 'Ucuncu-Sifre'),
    })
    expect(json.json()).toEqual({ success: true, csrfToken: dealer.csrf })
    expect(await verifyPassword('Ucuncu-Sifre', await storedHash(dealer.user.id))).toBe(true)
  })

  it("ends the user's other sessions, keeps the current one and leaves other users alone", async () => {
    const user = await createUser(t.database.db, fx.customers.c1.id)
    const here = new TestClient(t.app)
    const phone = new TestClient(t.app)
    const laptop = new TestClient(t.app)
    for (const client of [here, phone, laptop]) await client.login(user.email, user.password)
    const someoneElse = await loggedInUser(t, fx.customers.c1.id)

    expect((await save(here, change(DEALER_PASSWORD))).statusCode).toBe(200)

    expect((await sessionUser(here))?.id).toBe(user.id)
    expect(await sessionUser(phone)).toBeNull()
    expect(await sessionUser(laptop)).toBeNull()
    expect((await sessionUser(someoneElse))?.id).toBe(someoneElse.user.id)
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(left).toHaveLength(1)
    // The session that stayed can keep working, e.g. change the password again.
    expect((await save(here, change(NEW_PASSWORD, 'Bir-Daha-42'))).statusCode).toBe(200)
  })

  it('goes on under a new session token: a new cookie and CSRF token; the old ones are refused', async () => {
    const dealer = await loggedInUser(t, fx.customers.c2.id)
    const old = { cookie: dealer.cookie, csrf: dealer.csrf }
    const res = await save(dealer, change(DEALER_PASSWORD))
    expect(res.statusCode).toBe(200)
    const cookie = res.cookies.find((c) => c.name === 'toptan_sid')
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(`toptan_sid=${cookie!.value}`).not.toBe(old.cookie)
    expect(res.json().csrfToken).not.toBe(old.csrf)
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, dealer.user.id))
    expect(rows.map((r) => r.id)).toEqual([sessionIdOf(cookie!.value)])

    // The old cookie is a guest's now; the new one is the user's.
    const stale = new TestClient(t.app)
    stale.cookie = old.cookie
    expect(await sessionUser(stale)).toBeNull()
    expect((await sessionUser(dealer))?.id).toBe(dealer.user.id)
    // The old CSRF token does not go with the new cookie; the answer's does.
    const withOld = await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'productListView', value: 'list' },
      headers: { 'x-csrf-token': old.csrf },
      csrf: false,
    })
    expect([withOld.statusCode, withOld.json().error.code]).toEqual([403, 'csrf'])
    const withNew = await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'productListView', value: 'list' },
    })
    expect(withNew.statusCode).toBe(200)
  })

  it('ends a session this process had cached at once, not after the cache window', async () => {
    const cached = await createTestApp({ database: t.database, cacheSeconds: 60 })
    try {
      const user = await createUser(t.database.db, fx.customers.c1.id)
      const here = new TestClient(cached.app)
      const other = new TestClient(cached.app)
      await here.login(user.email, user.password)
      await other.login(user.email, user.password)
      // The other session is now in this app's session cache.
      expect((await sessionUser(other))?.id).toBe(user.id)

      expect((await save(here, change(DEALER_PASSWORD))).statusCode).toBe(200)

      expect(await sessionUser(other)).toBeNull()
      const res = await other.send({ method: 'GET', url: '/api/catalog/orders' })
      expect(res.statusCode).toBe(401)
      expect((await sessionUser(here))?.id).toBe(user.id)
    } finally {
      await cached.close()
    }
  })
})

describe('POST /api/catalog/account/settings: guessing the current password', () => {
  it('throttles wrong guesses per account (429, even with the right one), and login with them', async () => {
    const dealer = await loggedInUser(t, fx.customers.c2.id)
    for (let i = 0; i < 3; i++) {
      expect((await save(dealer, change(`Yanlis-${i}-Sifre`))).statusCode).toBe(400)
    }
    const blocked = await save(dealer, change(DEALER_PASSWORD))
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json().error).toMatchObject({
      code: 'rate_limited',
      messages: { type: 'Çok fazla hatalı şifre denemesi. Lütfen 1 dakika sonra tekrar deneyin.' },
    })
    expect(await verifyPassword(DEALER_PASSWORD, await storedHash(dealer.user.id))).toBe(true)
    // The guesses count against the account as failed logins do: no fresh tries through the login form.
    expect((await new TestClient(t.app).login(dealer.user.email, DEALER_PASSWORD)).statusCode).toBe(429)
    // Another user is not affected.
    const other = await loggedInUser(t, fx.customers.c2.id)
    expect((await save(other, change(DEALER_PASSWORD))).statusCode).toBe(200)
  })

  it('forgets earlier wrong guesses after a right one', async () => {
    const dealer = await loggedInUser(t, fx.customers.c2.id)
    for (let i = 0; i < 2; i++) expect((await save(dealer, change('Yanlis-Sifre'))).statusCode).toBe(400)
    expect((await save(dealer, change(DEALER_PASSWORD))).statusCode).toBe(200)
    for (let i = 0; i < 2; i++) expect((await save(dealer, change('Yanlis-Sifre'))).statusCode).toBe(400)
    expect((await save(dealer, change(NEW_PASSWORD, 'Son-Sifre-1'))).statusCode).toBe(200)
  })
})
