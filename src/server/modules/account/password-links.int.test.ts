import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompanyUser } from '../../../contracts/staff-customers'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, createUser, loggedInUser } from '../../test/dealers'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

const START = new Date('2026-03-18T09:00:00Z')
const HOUR = 60 * 60 * 1000
const INVALID = 'Bu bağlantı geçersiz ya da süresi dolmuş.'

// The app's clock, moved on by the tests that need a link to expire or a counter window to pass.
let clock = START
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}

let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>
let company: { id: number }

beforeAll(async () => {
  // Tests log in and fail to log in many times from the one test address.
  t = await createTestApp({ now: () => clock, throttle: { maxPerIp: 10_000 } })
  owner = await loggedInUser(t, null)
  company = await createCustomer(t.database.db)
})
afterAll(() => t.close())

const tag = () => randomBytes(4).toString('hex')

/** An error answer's code, message and field messages. */
const err = (res: { json(): unknown }) => {
  const { error } = res.json() as {
    error: { code: string; messages: { type: string }; fields?: Record<string, string> }
  }
  return { code: error.code, message: error.messages.type, fields: error.fields ?? {} }
}

type Mail = { kind: string; recipient: string; subject: string; text: string; html: string }
const mailsTo = (email: string) =>
  queryRows<Mail>(
    t.database.db,
    sql`select kind, recipient, subject, text, html from mail_outbox where recipient = ${email} order by id`,
  )

/** The token of the newest link mailed to this address. */
async function linkTokenOf(email: string): Promise<string> {
  const mails = await mailsTo(email)
  const match = /\/sifre-belirle\?token=([A-Za-z0-9_-]{43})/.exec(mails.at(-1)?.text ?? '')
  if (!match?.[1]) throw new Error(`no link mailed to ${email}`)
  return match[1]
}

const invite = (client: TestClient, customerId: number, payload: Record<string, unknown>) =>
  client.send({ method: 'POST', url: `/yonetim/customers/${customerId}/users`, payload })

async function invited(): Promise<CompanyUser> {
  const email = `davet-${tag()}@toptan.test`
  const res = await invite(owner, company.id, { email, name: 'Davetli Bayi' })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

/** A guest's browser that opened the link's page (so it has a session cookie and a CSRF token). */
async function guest(): Promise<TestClient> {
  const client = new TestClient(t.app)
  await client.openPage('/sifre-belirle')
  return client
}

const setPassword = async (token: string, password = 'Yeni1234!', passwordAgain = password) =>
  (await guest()).send({
    method: 'POST',
    url: '/api/account/password-set',
    payload: { token, password, passwordAgain },
  })

const userAction = (client: TestClient, userId: number, action: string, customerId = company.id) =>
  client.send({ method: 'POST', url: `/yonetim/customers/${customerId}/users/${userId}/${action}` })

describe('POST /yonetim/customers/{id}/users (invitation)', () => {
  it('makes a dealer user without a usable password, mails the link and audits it', async () => {
    const email = `Davet-${tag()}@Toptan.test`
    const res = await invite(owner, company.id, { email, name: 'Ayşe Kaya' })
    expect(res.statusCode, res.body).toBe(200)
    const user = res.json() as CompanyUser
    expect(user).toMatchObject({
      name: 'Ayşe Kaya',
      email: email.toLowerCase(),
      active: true,
      lastLoginAt: null,
    })

    const [mail] = await mailsTo(email.toLowerCase())
    expect(mail).toMatchObject({ kind: 'user_invite', subject: 'Sipariş portalına davet' })
    const token = await linkTokenOf(email.toLowerCase())
    expect(mail!.text).toContain(`${t.deps.config.publicUrl}/sifre-belirle?token=${token}`)
    expect(mail!.text).toContain('72 saat')
    // Only the token's hash is stored.
    const stored = await queryRows<{ tokenHash: string; kind: string; createdBy: number }>(
      t.database.db,
      sql`select token_hash as "tokenHash", kind, created_by as "createdBy" from password_links where user_id = ${user.id}`,
    )
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ kind: 'invite', createdBy: owner.user.id })
    expect(stored[0]!.tokenHash).not.toContain(token)

    // No password opens the account until one is set.
    expect((await new TestClient(t.app).login(email, 'invited:no-password')).statusCode).toBe(401)
    const trail = await auditTrail(t.database.db, 'user', user.id)
    expect(trail.map((r) => [r.actorUserId, r.action])).toEqual([[owner.user.id, 'invite']])
    expect(trail[0]!.changes).toContainEqual({ field: 'email', old: null, new: email.toLowerCase() })

    // The company's page lists the new user.
    const detail = await owner.send({ method: 'GET', url: `/yonetim/customers/${company.id}` })
    expect(detail.json().users.map((u: CompanyUser) => u.id)).toContain(user.id)
  })

  it('answers 409 for an e-mail any user has (any case), 404 for an unknown company, 400 for a bad one', async () => {
    const dealer = await createUser(t.database.db, company.id)
    const taken = await invite(owner, company.id, { email: dealer.email.toUpperCase(), name: 'İkinci' })
    expect(taken.statusCode).toBe(409)
    expect(err(taken)).toMatchObject({
      code: 'email_taken',
      message: 'Bu e-posta adresi başka bir kullanıcı tarafından kullanılıyor.',
    })
    const staffTaken = await invite(owner, company.id, { email: owner.user.email, name: 'Personel' })
    expect(staffTaken.statusCode).toBe(409)
    expect((await invite(owner, 999_999, { email: `x-${tag()}@toptan.test`, name: 'X' })).statusCode).toBe(
      404,
    )
    expect((await invite(owner, company.id, { email: 'not-an-address', name: 'X' })).statusCode).toBe(400)
    expect(
      (await invite(owner, company.id, { email: `y-${tag()}@toptan.test`, name: '  ' })).statusCode,
    ).toBe(400)
  })

  it('invites an address once when two invitations race', async () => {
    const email = `yaris-${tag()}@toptan.test`
    const answers = await Promise.all([
      invite(owner, company.id, { email, name: 'Bir' }),
      invite(owner, company.id, { email, name: 'İki' }),
    ])
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await mailsTo(email)).toHaveLength(1)
  })

  it('a lost invitation is replaced by a reset link; using either kills the other', async () => {
    const user = await invited()
    const inviteToken = await linkTokenOf(user.email)
    expect((await userAction(owner, user.id, 'password-reset')).statusCode).toBe(200)
    const resetToken = await linkTokenOf(user.email)
    expect(resetToken).not.toBe(inviteToken)
    expect((await setPassword(resetToken, 'Sifirdan-1')).statusCode).toBe(200)
    expect(err(await setPassword(inviteToken))).toMatchObject({ code: 'link_invalid' })
    expect((await new TestClient(t.app).login(user.email, 'Sifirdan-1')).statusCode).toBe(200)
  })

  it('lets sales invite; accounting, readonly and catalogue get 403 staff_role', async () => {
    const sales = await loggedInUser(t, null, { staffRole: 'sales' })
    expect((await invite(sales, company.id, { email: `s-${tag()}@toptan.test`, name: 'S' })).statusCode).toBe(
      200,
    )
    for (const staffRole of ['accounting', 'readonly', 'catalogue'] as const) {
      const staff = await loggedInUser(t, null, { staffRole })
      const email = `r-${tag()}@toptan.test`
      const res = await invite(staff, company.id, { email, name: 'R' })
      expect([staffRole, res.statusCode, err(res).code]).toEqual([staffRole, 403, 'staff_role'])
      const dealer = await createUser(t.database.db, company.id)
      for (const action of ['disable', 'enable', 'sessions/end', 'password-reset']) {
        expect((await userAction(staff, dealer.id, action)).statusCode, `${staffRole} ${action}`).toBe(403)
      }
      expect(await mailsTo(email)).toEqual([])
    }
  })
})

describe('POST /api/account/password-set', () => {
  it('sets an invited user’s password once; they log in with it; the link is then dead', async () => {
    const user = await invited()
    const token = await linkTokenOf(user.email)
    const res = await setPassword(token, 'Şifre-123')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect((await new TestClient(t.app).login(user.email, 'Şifre-123')).statusCode).toBe(200)

    const again = await setPassword(token, 'Başka-123')
    expect(again.statusCode).toBe(400)
    expect(err(again)).toMatchObject({ code: 'link_invalid', message: INVALID })
    expect((await new TestClient(t.app).login(user.email, 'Başka-123')).statusCode).toBe(401)
  })

  it('answers the same for an unknown or malformed token, in English on the English page', async () => {
    const unknown = await setPassword(randomBytes(32).toString('base64url'))
    expect(err(unknown)).toMatchObject({ code: 'link_invalid', message: INVALID })
    expect(err(await setPassword('kısa'))).toMatchObject({ code: 'link_invalid', message: INVALID })
    const en = await (await guest()).send({
      method: 'POST',
      url: '/api/account/password-set',
      headers: { 'accept-language': 'en' },
      payload: { token: 'x', password: 'abcdef', passwordAgain: 'abcdef' },
    })
    expect(en.statusCode).toBe(400)
    expect(err(en).message).toBe('This link is invalid or has expired.')
  })

  it('checks the password by the password change rules, naming the field, and keeps the link', async () => {
    const user = await invited()
    const token = await linkTokenOf(user.email)
    const short = await setPassword(token, 'abc')
    expect(short.statusCode).toBe(400)
    expect(err(short).code).toBe('password_length')
    expect(err(short).fields.password).toBe('Şifreniz 6 karakterden kısa, 30 karakterden uzun olamaz.')
    const missing = await setPassword(token, 'abcdef', '')
    expect(err(missing).fields.passwordAgain).toBe('Şifrenizi doğrulamalısınız.')
    const mismatch = await setPassword(token, 'abcdef', 'abcdeg')
    expect(err(mismatch).fields.passwordAgain).toBe('Şifreleriniz eşleşmiyor.')
    expect((await setPassword(token, 'abcdef')).statusCode).toBe(200)
  })

  it('lets an invitation work for 72 hours and not a moment after', async () => {
    const a = await invited()
    const b = await invited()
    const tokenA = await linkTokenOf(a.email)
    const tokenB = await linkTokenOf(b.email)
    later(72 * HOUR - 1000)
    expect((await setPassword(tokenA)).statusCode).toBe(200)
    later(1000)
    expect(err(await setPassword(tokenB))).toMatchObject({ code: 'link_invalid', message: INVALID })
  })

  it('sets the password once of two uses at once', async () => {
    const user = await invited()
    const token = await linkTokenOf(user.email)
    const [one, two] = await Promise.all([setPassword(token, 'Birinci-1'), setPassword(token, 'Ikinci-22')])
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400])
    const winner = one.statusCode === 200 ? 'Birinci-1' : 'Ikinci-22'
    const loser = one.statusCode === 200 ? 'Ikinci-22' : 'Birinci-1'
    expect((await new TestClient(t.app).login(user.email, winner)).statusCode).toBe(200)
    expect((await new TestClient(t.app).login(user.email, loser)).statusCode).toBe(401)
    const used = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from password_links where user_id = ${user.id} and used_at is not null`,
    )
    expect(used[0]!.n).toBe(1)
  })

  it('ends every session of the user, also in the session cache', async () => {
    const cached = await createTestApp({ now: () => clock, cacheSeconds: 5, database: t.database })
    try {
      const dealer = await createUser(t.database.db, company.id)
      const browser = new TestClient(cached.app)
      expect((await browser.login(dealer.email, dealer.password)).statusCode).toBe(200)
      // Read once, so the session is in the cache.
      expect((await browser.send({ method: 'GET', url: '/api/bootstrap' })).json().user?.id).toBe(dealer.id)
      expect((await userAction(owner, dealer.id, 'password-reset')).statusCode).toBe(200)
      const token = await linkTokenOf(dealer.email)
      const client = new TestClient(cached.app)
      await client.openPage('/sifre-belirle')
      const res = await client.send({
        method: 'POST',
        url: '/api/account/password-set',
        payload: { token, password: 'Yepyeni-1', passwordAgain: 'Yepyeni-1' },
      })
      expect(res.statusCode, res.body).toBe(200)
      expect((await browser.send({ method: 'GET', url: '/api/bootstrap' })).json().user).toBeNull()
    } finally {
      await cached.close()
    }
  })
})

describe('secrets in the log', () => {
  it('writes no link token into the log, neither on a refusal nor on a use', async () => {
    const lines: string[] = []
    const logged = await createTestApp({
      now: () => clock,
      database: t.database,
      logStream: { write: (line) => lines.push(line) },
    })
    try {
      const user = await invited()
      const token = await linkTokenOf(user.email)
      const client = new TestClient(logged.app)
      await client.openPage(`/sifre-belirle?token=${token}`)
      const send = (password: string) =>
        client.send({
          method: 'POST',
          url: '/api/account/password-set',
          payload: { token, password, passwordAgain: password },
        })
      expect((await send('abc')).statusCode).toBe(400)
      expect((await send('Gizli-123')).statusCode).toBe(200)
      expect((await send('Gizli-123')).statusCode).toBe(400)
      expect(lines.length).toBeGreaterThan(0)
      expect(lines.filter((line) => line.includes(token) || line.includes('Gizli-123'))).toEqual([])
    } finally {
      await logged.close()
    }
  })
})

describe('staff: disable, enable, end sessions, reset', () => {
  it('disables a user: their session stops on the next request (cached too), login is refused; enable lets them in', async () => {
    const cached = await createTestApp({ now: () => clock, cacheSeconds: 5, database: t.database })
    try {
      const dealer = await createUser(t.database.db, company.id)
      const browser = new TestClient(cached.app)
      expect((await browser.login(dealer.email, dealer.password)).statusCode).toBe(200)
      expect((await browser.send({ method: 'GET', url: '/api/bootstrap' })).json().user?.id).toBe(dealer.id)

      const staff = new TestClient(cached.app)
      expect((await staff.login(owner.user.email, owner.user.password)).statusCode).toBe(200)
      const res = await userAction(staff, dealer.id, 'disable')
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toMatchObject({ id: dealer.id, active: false })
      expect((await browser.send({ method: 'GET', url: '/api/bootstrap' })).json().user).toBeNull()
      expect((await new TestClient(cached.app).login(dealer.email, dealer.password)).statusCode).toBe(401)
      // Again: nothing changes, nothing more is audited.
      expect((await userAction(staff, dealer.id, 'disable')).json().active).toBe(false)

      const enabled = await userAction(staff, dealer.id, 'enable')
      expect(enabled.json()).toMatchObject({ id: dealer.id, active: true })
      expect((await new TestClient(cached.app).login(dealer.email, dealer.password)).statusCode).toBe(200)
      const trail = await auditTrail(t.database.db, 'user', dealer.id)
      expect(trail.map((r) => [r.action, r.changes])).toEqual([
        ['disable', [{ field: 'active', old: true, new: false }]],
        ['enable', [{ field: 'active', old: false, new: true }]],
      ])
    } finally {
      await cached.close()
    }
  })

  it('a disabled user’s unused links die with the disable', async () => {
    const user = await invited()
    const token = await linkTokenOf(user.email)
    expect((await userAction(owner, user.id, 'disable')).statusCode).toBe(200)
    expect((await userAction(owner, user.id, 'enable')).statusCode).toBe(200)
    expect(err(await setPassword(token))).toMatchObject({ code: 'link_invalid' })
  })

  it('ends every session of a user and audits how many', async () => {
    const dealer = await createUser(t.database.db, company.id)
    const a = new TestClient(t.app)
    const b = new TestClient(t.app)
    await a.login(dealer.email, dealer.password)
    await b.login(dealer.email, dealer.password)
    const res = await userAction(owner, dealer.id, 'sessions/end')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ endedSessions: 2 })
    for (const client of [a, b])
      expect((await client.send({ method: 'GET', url: '/api/bootstrap' })).json().user).toBeNull()
    const trail = await auditTrail(t.database.db, 'user', dealer.id)
    expect(trail.map((r) => [r.action, r.changes])).toEqual([
      ['end_sessions', [{ field: 'sessions', old: 2, new: 0 }]],
    ])
  })

  it('mails a reset link that works for 1 hour; a newer one makes the older one invalid', async () => {
    const dealer = await createUser(t.database.db, company.id)
    const first = await userAction(owner, dealer.id, 'password-reset')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ expiresAt: new Date(clock.getTime() + HOUR).toISOString() })
    const older = await linkTokenOf(dealer.email)
    later(60_000)
    await userAction(owner, dealer.id, 'password-reset')
    const newer = await linkTokenOf(dealer.email)
    const mails = await mailsTo(dealer.email)
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['password_reset', 'Şifre sıfırlama'],
      ['password_reset', 'Şifre sıfırlama'],
    ])
    expect(mails[1]!.text).toContain(`${t.deps.config.publicUrl}/sifre-belirle?token=${newer}`)
    expect(err(await setPassword(older))).toMatchObject({ code: 'link_invalid', message: INVALID })
    // The password is unchanged until a link is used.
    expect((await new TestClient(t.app).login(dealer.email, dealer.password)).statusCode).toBe(200)

    later(HOUR)
    expect(err(await setPassword(newer))).toMatchObject({ code: 'link_invalid' })
    await userAction(owner, dealer.id, 'password-reset')
    const fresh = await linkTokenOf(dealer.email)
    later(HOUR - 1000)
    expect((await setPassword(fresh, 'Sifirlandi-1')).statusCode).toBe(200)
    expect((await new TestClient(t.app).login(dealer.email, 'Sifirlandi-1')).statusCode).toBe(200)
    const trail = await auditTrail(t.database.db, 'user', dealer.id)
    expect(trail.map((r) => r.action)).toEqual(['password_reset', 'password_reset', 'password_reset'])
  })

  it('refuses a reset for a disabled user (409) and 404s a user of another company or none', async () => {
    const dealer = await createUser(t.database.db, company.id)
    await userAction(owner, dealer.id, 'disable')
    const res = await userAction(owner, dealer.id, 'password-reset')
    expect([res.statusCode, err(res).code]).toEqual([409, 'user_inactive'])

    const other = await createCustomer(t.database.db)
    const stranger = await createUser(t.database.db, other.id)
    for (const action of ['disable', 'enable', 'sessions/end', 'password-reset']) {
      expect((await userAction(owner, stranger.id, action)).statusCode, action).toBe(404)
      expect((await userAction(owner, owner.user.id, action)).statusCode, action).toBe(404)
      expect((await userAction(owner, 999_999, action)).statusCode, action).toBe(404)
    }
    expect(await mailsTo(stranger.email)).toEqual([])
    expect(await auditTrail(t.database.db, 'user', stranger.id)).toEqual([])
  })
})

describe('POST /api/account/password-reset (forgotten password)', () => {
  const ask = async (email: string, client?: TestClient) => {
    const browser = client ?? (await guest())
    return browser.send({ method: 'POST', url: '/api/account/password-reset', payload: { email } })
  }

  it('answers alike for a known and an unknown address, and mails only an active user', async () => {
    later(16 * 60_000)
    const dealer = await createUser(t.database.db, company.id)
    const known = await ask(dealer.email.toUpperCase())
    const unknown = await ask(`yok-${tag()}@toptan.test`)
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200])
    expect(known.body).toBe(unknown.body)
    expect(known.json()).toEqual({ ok: true })
    const mails = await mailsTo(dealer.email)
    expect(mails.map((m) => m.kind)).toEqual(['password_reset'])
    const links = await queryRows<{ createdBy: number | null }>(
      t.database.db,
      sql`select created_by as "createdBy" from password_links where user_id = ${dealer.id}`,
    )
    expect(links).toEqual([{ createdBy: null }])

    const disabled = await createUser(t.database.db, company.id)
    await userAction(owner, disabled.id, 'disable')
    expect((await ask(disabled.email)).body).toBe(known.body)
    expect(await mailsTo(disabled.email)).toEqual([])
    // Staff forget their passwords too.
    const staff = await createUser(t.database.db, null, { staffRole: 'accounting' })
    await ask(staff.email)
    expect((await mailsTo(staff.email)).map((m) => m.kind)).toEqual(['password_reset'])
    const token = await linkTokenOf(staff.email)
    expect((await setPassword(token, 'Personel-9')).statusCode).toBe(200)
    expect((await new TestClient(t.app).login(staff.email, 'Personel-9')).statusCode).toBe(200)
  })

  it('needs the CSRF token like every write', async () => {
    const client = await guest()
    const res = await client.send({
      method: 'POST',
      url: '/api/account/password-reset',
      payload: { email: 'a@toptan.test' },
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
  })

  it('mails one address at most 3 times a window (silently) and answers one IP 429 after 10', async () => {
    later(16 * 60_000)
    const dealer = await createUser(t.database.db, company.id)
    const client = await guest()
    const answers: number[] = []
    for (let i = 0; i < 5; i++) answers.push((await ask(dealer.email, client)).statusCode)
    expect(answers).toEqual([200, 200, 200, 200, 200])
    expect(await mailsTo(dealer.email)).toHaveLength(3)
    for (let i = 0; i < 5; i++) answers.push((await ask(`n-${i}-${tag()}@toptan.test`, client)).statusCode)
    const held = await ask(`n-${tag()}@toptan.test`, client)
    expect(held.statusCode).toBe(429)
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0)
    expect(err(held).message).toContain('şifre sıfırlama')

    later(16 * 60_000)
    expect((await ask(dealer.email, client)).statusCode).toBe(200)
    expect(await mailsTo(dealer.email)).toHaveLength(4)
  })
})
