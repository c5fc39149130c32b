import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StaffUser, StaffUserList } from '../../../contracts/staff-users'
import type { StaffRole } from '../../../domain/staff-access'
import { userPreferences } from '../../db/schema/accounts'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, createUser, loggedInUser, type TestUser } from '../../test/dealers'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { changeStaffUser } from './staff-users.service'

let t: TestApp
let owner: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  // Tests log in many times from the one test address.
  t = await createTestApp({ throttle: { maxPerIp: 10_000 } })
  owner = await loggedInUser(t, null, { name: 'Zeynep Sahip' })
})
afterAll(() => t.close())

const tag = () => randomBytes(4).toString('hex')

const err = (res: { json(): unknown }) => {
  const { error } = res.json() as { error: { code: string; messages: { type: string } } }
  return { code: error.code, message: error.messages.type }
}

type Mail = { kind: string; subject: string; text: string }
const mailsTo = (email: string) =>
  queryRows<Mail>(
    t.database.db,
    sql`select kind, subject, text from mail_outbox where recipient = ${email} order by id`,
  )

async function linkTokenOf(email: string): Promise<string> {
  const match = /\/sifre-belirle\?token=([A-Za-z0-9_-]{43})/.exec((await mailsTo(email)).at(-1)?.text ?? '')
  if (!match?.[1]) throw new Error(`no link mailed to ${email}`)
  return match[1]
}

async function setPassword(token: string, password: string) {
  const client = new TestClient(t.app)
  await client.openPage('/sifre-belirle')
  return client.send({
    method: 'POST',
    url: '/api/account/password-set',
    payload: { token, password, passwordAgain: password },
  })
}

const list = (client: TestClient, query = '') =>
  client.send({ method: 'GET', url: `/yonetim/staff-users${query}` })
const invite = (client: TestClient, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.send({ method: 'POST', url: '/yonetim/staff-users', payload, headers })
const patch = (client: TestClient, id: number, payload: Record<string, unknown>) =>
  client.send({ method: 'PATCH', url: `/yonetim/staff-users/${id}`, payload })
const reset = (client: TestClient, id: number) =>
  client.send({ method: 'POST', url: `/yonetim/staff-users/${id}/password-reset` })

/** A staff user of this role, signed in in a browser of their own. */
async function signedIn(staffRole: StaffRole, name?: string) {
  return loggedInUser(t, null, { staffRole, name })
}

/** Whether the browser's session still holds: the page data names a user. */
async function stillSignedIn(client: TestClient): Promise<boolean> {
  return (await client.send({ method: 'GET', url: '/api/bootstrap' })).json().user !== null
}

const sessionsOf = async (userId: number) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions where user_id = ${userId}`,
    )
  )[0]!.n

describe('GET /yonetim/staff-users', () => {
  it('lists the staff users by name, with role, state, last sign-in and the invited flag; never a dealer', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await createUser(t.database.db, company.id, { name: 'Çağla Bayi' })
    const key = tag()
    const cagla = await createUser(t.database.db, null, { name: `Çağla Işık ${key}`, staffRole: 'sales' })
    const signedInOnce = await signedIn('catalogue', `Ömer Güneş ${key}`)
    const invited = (
      await invite(owner, { email: `davet-${key}@toptan.test`, name: `Ayşe ${key}`, role: 'accounting' })
    ).json() as StaffUser

    const res = await list(owner, `?q=${key}`)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json() as StaffUserList
    expect(body).toMatchObject({ total: 3, page: 1, pages: 1, limit: 50 })
    expect(body.items.map((u) => [u.name, u.role, u.active, u.invited, u.lastLoginAt !== null])).toEqual([
      [`Ayşe ${key}`, 'accounting', true, true, false],
      [`Çağla Işık ${key}`, 'sales', true, false, false],
      [`Ömer Güneş ${key}`, 'catalogue', true, false, true],
    ])
    expect(body.items.map((u) => u.id)).toEqual([invited.id, cagla.id, signedInOnce.user.id])

    // Turkish letters fold both ways, and the e-mail is searched too.
    const folded = (
      await list(owner, `?q=${encodeURIComponent(`CAGLA ISIK ${key}`)}`)
    ).json() as StaffUserList
    expect(folded.items.map((u) => u.id)).toEqual([cagla.id])
    const byMail = (await list(owner, `?q=davet-${key}`)).json() as StaffUserList
    expect(byMail.items.map((u) => u.id)).toEqual([invited.id])
    const dealers = (await list(owner, `?q=${encodeURIComponent('Çağla Bayi')}`)).json() as StaffUserList
    expect(dealers.items.map((u) => u.id)).not.toContain(dealer.id)
    expect(dealers.total).toBe(0)
  })

  it('filters by role and state, ignores a filter value that is not one, and keeps the page in bounds', async () => {
    const key = tag()
    const off = await createUser(t.database.db, null, { name: `Pasif ${key}`, staffRole: 'readonly' })
    await createUser(t.database.db, null, { name: `Etkin ${key}`, staffRole: 'readonly' })
    await createUser(t.database.db, null, { name: `Satış ${key}`, staffRole: 'sales' })
    expect((await patch(owner, off.id, { active: false })).statusCode).toBe(200)

    const names = async (query: string) =>
      ((await list(owner, `?q=${key}${query}`)).json() as StaffUserList).items.map((u) => u.name)
    expect(await names('&role=readonly')).toEqual([`Etkin ${key}`, `Pasif ${key}`])
    expect(await names('&role=readonly&active=false')).toEqual([`Pasif ${key}`])
    expect(await names('&active=true')).toEqual([`Etkin ${key}`, `Satış ${key}`])
    expect(await names('&role=admin&active=maybe')).toEqual([`Etkin ${key}`, `Pasif ${key}`, `Satış ${key}`])
    const past = (await list(owner, `?q=${key}&page=40`)).json() as StaffUserList
    expect(past).toMatchObject({ page: 1, pages: 1, total: 3 })
  })

  it('is read by the read-only role and refused to the others but the owner with 403 staff_role', async () => {
    expect((await list(await signedIn('readonly'))).statusCode).toBe(200)
    for (const role of ['sales', 'catalogue', 'accounting'] as const) {
      const res = await list(await signedIn(role))
      expect([role, res.statusCode, err(res).code]).toEqual([role, 403, 'staff_role'])
    }
  })
})

describe('POST /yonetim/staff-users (invitation)', () => {
  it('makes a staff user of the role without a usable password, mails the link; the link sets one and they log in', async () => {
    const email = `Personel-${tag()}@Toptan.test`
    const res = await invite(owner, { email, name: 'Deniz Satış', role: 'sales' })
    expect(res.statusCode, res.body).toBe(200)
    const user = res.json() as StaffUser
    expect(user).toMatchObject({
      name: 'Deniz Satış',
      email: email.toLowerCase(),
      role: 'sales',
      active: true,
      invited: true,
      lastLoginAt: null,
    })
    const [mail] = await mailsTo(email.toLowerCase())
    expect(mail).toMatchObject({ kind: 'user_invite', subject: 'Sipariş portalına davet' })
    expect(mail!.text).toContain('72 saat')
    expect((await new TestClient(t.app).login(email, 'invited:no-password')).statusCode).toBe(401)

    expect((await setPassword(await linkTokenOf(email.toLowerCase()), 'Satis-2026!')).statusCode).toBe(200)
    const browser = new TestClient(t.app)
    const login = await browser.login(email, 'Satis-2026!')
    expect(login.statusCode, login.body).toBe(200)
    expect(login.json().user).toMatchObject({ id: user.id, role: 'admin', staffRole: 'sales' })
    // Their role opens the sales area and not the system one.
    expect((await browser.send({ method: 'GET', url: '/yonetim/orders' })).statusCode).toBe(200)
    expect((await list(browser)).statusCode).toBe(403)

    const listed = (
      await list(owner, `?q=${encodeURIComponent(email.toLowerCase())}`)
    ).json() as StaffUserList
    expect(listed.items[0]).toMatchObject({ id: user.id, invited: false })
    expect(listed.items[0]!.lastLoginAt).not.toBeNull()

    const trail = await auditTrail(t.database.db, 'user', user.id)
    expect(trail.map((r) => [r.actorUserId, r.action])).toEqual([[owner.user.id, 'invite']])
    expect(trail[0]!.changes).toEqual([
      { field: 'email', old: null, new: email.toLowerCase() },
      { field: 'name', old: null, new: 'Deniz Satış' },
      { field: 'role', old: null, new: 'sales' },
      { field: 'active', old: null, new: true },
    ])
  })

  it('answers 409 email_taken for an address any user has, in the language asked, and 400 for a bad body', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await createUser(t.database.db, company.id)
    const taken = await invite(owner, { email: dealer.email.toUpperCase(), name: 'X', role: 'sales' })
    expect(taken.statusCode).toBe(409)
    expect(err(taken)).toEqual({
      code: 'email_taken',
      message: 'Bu e-posta adresi başka bir kullanıcı tarafından kullanılıyor.',
    })
    const en = await invite(
      owner,
      { email: owner.user.email, name: 'X', role: 'sales' },
      { 'accept-language': 'en' },
    )
    expect(en.statusCode).toBe(409)
    expect(err(en).message).toBe('This e-mail address is already used by another user.')
    expect(await mailsTo(dealer.email)).toEqual([])

    const email = `x-${tag()}@toptan.test`
    for (const body of [
      { email, name: 'X', role: 'admin' },
      { email, name: 'X' },
      { email: 'not-an-address', name: 'X', role: 'sales' },
      { email, name: '  ', role: 'sales' },
      { email, name: 'X', role: 'sales', customerId: company.id },
    ]) {
      expect((await invite(owner, body)).statusCode, JSON.stringify(body)).toBe(400)
    }
    expect(await mailsTo(email)).toEqual([])
  })

  it('is the owner’s: every other role gets 403 staff_role and nothing is mailed', async () => {
    for (const role of ['sales', 'catalogue', 'accounting', 'readonly'] as const) {
      const email = `r-${tag()}@toptan.test`
      const res = await invite(await signedIn(role), { email, name: 'R', role: 'owner' })
      expect([role, res.statusCode, err(res).code]).toEqual([role, 403, 'staff_role'])
      expect(await mailsTo(email)).toEqual([])
    }
  })
})

describe('PATCH /yonetim/staff-users/{id}', () => {
  it('changes the role: every session of the user ends, the new role is theirs at the next login, audited', async () => {
    const user = await signedIn('sales')
    const second = new TestClient(t.app)
    expect((await second.login(user.user.email, user.user.password)).statusCode).toBe(200)
    expect(await sessionsOf(user.user.id)).toBe(2)

    const res = await patch(owner, user.user.id, { role: 'accounting' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ id: user.user.id, role: 'accounting', active: true })
    expect(await sessionsOf(user.user.id)).toBe(0)
    expect(await stillSignedIn(user)).toBe(false)
    expect(await stillSignedIn(second)).toBe(false)

    const again = new TestClient(t.app)
    expect((await again.login(user.user.email, user.user.password)).json().user.staffRole).toBe('accounting')
    expect((await again.send({ method: 'GET', url: '/yonetim/payments' })).statusCode).toBe(200)
    expect((await again.send({ method: 'GET', url: '/yonetim/orders?page=1' })).statusCode).toBe(200)

    // The same role again changes nothing and ends no session.
    expect((await patch(owner, user.user.id, { role: 'accounting' })).statusCode).toBe(200)
    expect(await stillSignedIn(again)).toBe(true)

    const trail = await auditTrail(t.database.db, 'user', user.user.id)
    expect(trail.map((r) => [r.actorUserId, r.action, r.changes])).toEqual([
      [owner.user.id, 'role', [{ field: 'role', old: 'sales', new: 'accounting' }]],
    ])
  })

  it('disables a user: their sessions end, login is refused, their unused links die; enable lets them in again', async () => {
    const user = await signedIn('catalogue')
    expect((await reset(owner, user.user.id)).statusCode).toBe(200)
    const token = await linkTokenOf(user.user.email)

    const res = await patch(owner, user.user.id, { active: false })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ active: false, role: 'catalogue' })
    expect(await stillSignedIn(user)).toBe(false)
    expect((await new TestClient(t.app).login(user.user.email, user.user.password)).statusCode).toBe(401)
    expect(err(await setPassword(token, 'Baska-2026!')).code).toBe('link_invalid')
    // A disabled user is sent no link.
    const refused = await reset(owner, user.user.id)
    expect(refused.statusCode).toBe(409)
    expect(err(refused).code).toBe('user_inactive')

    const enabled = await patch(owner, user.user.id, { active: true })
    expect(enabled.json()).toMatchObject({ active: true })
    expect((await new TestClient(t.app).login(user.user.email, user.user.password)).statusCode).toBe(200)

    // Role and state at once: one row, both fields.
    expect((await patch(owner, user.user.id, { role: 'readonly', active: false })).statusCode).toBe(200)
    const trail = await auditTrail(t.database.db, 'user', user.user.id)
    expect(trail.map((r) => [r.action, r.changes])).toEqual([
      ['password_reset', [{ field: 'resetLinkUntil', old: null, new: expect.any(String) }]],
      ['disable', [{ field: 'active', old: true, new: false }]],
      ['enable', [{ field: 'active', old: false, new: true }]],
      [
        'update',
        [
          { field: 'role', old: 'catalogue', new: 'readonly' },
          { field: 'active', old: true, new: false },
        ],
      ],
    ])
    expect(trail.every((r) => r.actorUserId === owner.user.id && r.actorName === 'Zeynep Sahip')).toBe(true)
  })

  it('refuses a change of one’s own account with 409 own_account, while another owner is there', async () => {
    await createUser(t.database.db, null, { staffRole: 'owner' })
    for (const body of [{ role: 'sales' }, { active: false }]) {
      const res = await patch(owner, owner.user.id, body)
      expect(res.statusCode).toBe(409)
      expect(err(res)).toEqual({
        code: 'own_account',
        message:
          'Kendi rolünüzü değiştiremez, kendinizi devre dışı bırakamazsınız. Bunu başka bir mağaza sahibi yapabilir.',
      })
    }
    // Sending what already is changes nothing, and is no refusal.
    expect((await patch(owner, owner.user.id, { role: 'owner', active: true })).statusCode).toBe(200)
    expect(await stillSignedIn(owner)).toBe(true)
    expect(await auditTrail(t.database.db, 'user', owner.user.id)).toEqual([])
  })

  it('answers 404 for a dealer user and for no user, 400 for an empty or unknown change', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await createUser(t.database.db, company.id)
    expect((await patch(owner, dealer.id, { active: false })).statusCode).toBe(404)
    expect((await reset(owner, dealer.id)).statusCode).toBe(404)
    expect((await patch(owner, 2_000_000_000, { active: false })).statusCode).toBe(404)
    expect((await new TestClient(t.app).login(dealer.email, dealer.password)).statusCode).toBe(200)
    const staff = await createUser(t.database.db, null, { staffRole: 'sales' })
    for (const body of [{}, { role: 'admin' }, { active: 'no' }, { name: 'X' }]) {
      expect((await patch(owner, staff.id, body)).statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  it('is the owner’s: every other role gets 403 staff_role and nothing changes', async () => {
    const target = await signedIn('sales')
    for (const role of ['sales', 'catalogue', 'accounting', 'readonly'] as const) {
      const staff = await signedIn(role)
      for (const res of [
        await patch(staff, target.user.id, { active: false }),
        await patch(staff, target.user.id, { role: 'owner' }),
        await reset(staff, target.user.id),
      ]) {
        expect([role, res.statusCode, err(res).code]).toEqual([role, 403, 'staff_role'])
      }
    }
    expect(await stillSignedIn(target)).toBe(true)
    expect(await auditTrail(t.database.db, 'user', target.user.id)).toEqual([])
    expect(await mailsTo(target.user.email)).toEqual([])
  })
})

describe('POST /yonetim/staff-users/{id}/password-reset', () => {
  it('mails a 1-hour reset link in the user’s language that sets a new password; audited', async () => {
    const user = await signedIn('sales')
    await t.database.db.insert(userPreferences).values({ userId: user.user.id, locale: 'en' })
    const res = await reset(owner, user.user.id)
    expect(res.statusCode, res.body).toBe(200)
    const [mail] = await mailsTo(user.user.email)
    expect(mail).toMatchObject({ kind: 'password_reset', subject: 'Password reset' })
    expect(mail!.text).toContain('/en/sifre-belirle?token=')
    expect(new Date(res.json().expiresAt).getTime() - Date.now()).toBeGreaterThan(59 * 60_000)
    // Until it is used the password stays, and so does the session.
    expect(await stillSignedIn(user)).toBe(true)
    expect((await setPassword(await linkTokenOf(user.user.email), 'Yepyeni-26')).statusCode).toBe(200)
    expect((await new TestClient(t.app).login(user.user.email, 'Yepyeni-26')).statusCode).toBe(200)
    expect((await auditTrail(t.database.db, 'user', user.user.id)).map((r) => r.action)).toEqual([
      'password_reset',
    ])
  })
})

describe('the last active owner', () => {
  let store: TestApp
  let sole: TestClient & { user: TestUser }

  beforeAll(async () => {
    // A store of its own, where one owner is the only one.
    store = await createTestApp()
    sole = await loggedInUser(store, null, { name: 'Tek Sahip' })
  })
  afterAll(() => store.close())

  it('cannot be demoted or disabled (409 last_owner), in the language asked; of two owners demoting each other at once, one stays', async () => {
    for (const body of [{ role: 'readonly' }, { active: false }, { role: 'sales', active: false }]) {
      const res = await sole.send({
        method: 'PATCH',
        url: `/yonetim/staff-users/${sole.user.id}`,
        payload: body,
      })
      expect(res.statusCode).toBe(409)
      expect(err(res)).toEqual({
        code: 'last_owner',
        message:
          'Son etkin mağaza sahibinin rolü değiştirilemez ve devre dışı bırakılamaz. Önce başka bir kullanıcıyı mağaza sahibi yapın.',
      })
    }
    const en = await sole.send({
      method: 'PATCH',
      url: `/yonetim/staff-users/${sole.user.id}`,
      payload: { active: false },
      headers: { 'accept-language': 'en' },
    })
    expect(err(en).message).toBe(
      'The last active owner cannot be given another role or be disabled. Make another user an owner first.',
    )

    // A second owner; then the two demote each other at once (straight through the service, so neither
    // request finds its own session ended by the other first): one of them stays an owner.
    const other = await createUser(store.database.db, null, { staffRole: 'sales', name: 'İkinci Sahip' })
    const promoted = await sole.send({
      method: 'PATCH',
      url: `/yonetim/staff-users/${other.id}`,
      payload: { role: 'owner' },
    })
    expect(promoted.json()).toMatchObject({ role: 'owner' })
    // Both changes start while another transaction holds the two users' rows, so on PostgreSQL each
    // has begun before either can commit: the owners' lock is what lets only one of them through.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let taken = () => {}
    const lockTaken = new Promise<void>((resolve) => {
      taken = resolve
    })
    const blocker = store.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id in (${sole.user.id}, ${other.id}) for update`)
      taken()
      await held
    })
    await lockTaken
    const deps = { db: store.database.db, sessions: store.deps.sessions }
    const as = (user: TestUser) => ({ id: user.id, name: user.name, ip: '127.0.0.1' })
    const changes = Promise.allSettled([
      changeStaffUser(deps, as(sole.user), other.id, { role: 'sales' }, new Date()),
      changeStaffUser(deps, as(other), sole.user.id, { role: 'sales' }, new Date()),
    ])
    await new Promise((resolve) => setTimeout(resolve, 300))
    release()
    await blocker
    const answers = await changes
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refusal = answers.find((a) => a.status === 'rejected')!.reason
    expect(refusal).toMatchObject({ code: 'last_owner', status: 409 })
    const owners = await queryRows<{ n: number }>(
      store.database.db,
      sql`select count(*)::int as n from users where staff_role = 'owner' and is_active`,
    )
    expect(owners[0]!.n).toBe(1)
  })
})
