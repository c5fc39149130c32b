import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIVE_CLOSE_SESSION_ENDED } from '../../../contracts/staff-live'
import { sessions } from '../../db/schema/accounts'
import { sessionIdOf } from '../../http/session'
import { DEALER_PASSWORD, loggedInUser } from '../../test/dealers'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { isOnlineList, openSocket, type TestSocket } from '../../test/ws-client'
import { disableUser } from '../account/account.service'

/**
 * A staff socket lives only as long as its session: logout, a password change and a disabled user
 * close it with 4401 at once (the session cache's forget, heard by the sockets of every process), and
 * every socket's session is checked again at an interval (here 200 ms, 60 s by default).
 */
const apps: TestApp[] = []
const opened: TestSocket[] = []

async function app(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options)
  apps.push(t)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return t
}

afterAll(async () => {
  for (const socket of opened) socket.close()
  await Promise.all(apps.map((t) => t.close()))
})

/** A staff socket of the client's session, open and answered once. */
async function staffSocket(t: TestApp, client: TestClient): Promise<TestSocket> {
  const { port } = t.app.server.address() as AddressInfo
  const socket = await openSocket(`ws://127.0.0.1:${port}/ws/online-users`, {
    cookie: client.cookie,
    origin: `http://127.0.0.1:${port}`,
  })
  opened.push(socket)
  socket.ask()
  await socket.next(isOnlineList)
  return socket
}

/** The socket's close code, or 'open' when it is still open after `ms`. */
const closedWithin = (socket: TestSocket, ms: number) =>
  Promise.race([
    socket.closed.then((c) => c.code),
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
  ])

const sessionUser = async (client: TestClient) =>
  (await client.send({ method: 'GET', url: '/api/bootstrap' })).json().user

function multipart(fields: Record<string, string>) {
  const boundary = 'SessionEndBoundary'
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('a staff socket is closed with 4401 at once', () => {
  // The periodic check is a minute away: whatever closes these sockets within a second is the event.
  let t: TestApp
  beforeAll(async () => {
    t = await app()
  })

  it('when its session logs out; another session of the same user keeps its socket', async () => {
    const admin = await loggedInUser(t, null)
    const socket = await staffSocket(t, admin)
    const elsewhere = new TestClient(t.app)
    await elsewhere.login(admin.user.email, admin.user.password)
    const other = await staffSocket(t, elsewhere)

    expect((await admin.send({ method: 'POST', url: '/api/account/logout' })).statusCode).toBe(200)
    expect(await closedWithin(socket, 1000)).toBe(LIVE_CLOSE_SESSION_ENDED)
    expect(await closedWithin(other, 300)).toBe('open')
    other.ask()
    await other.next(isOnlineList)
  })

  it('when its user changes the password, in the asking session and in the others', async () => {
    const admin = await loggedInUser(t, null)
    const socket = await staffSocket(t, admin)
    const elsewhere = new TestClient(t.app)
    await elsewhere.login(admin.user.email, admin.user.password)
    const other = await staffSocket(t, elsewhere)
    const oldCookie = admin.cookie
    const oldCsrf = admin.csrf

    const form = multipart({
      currentPassword: DEALER_PASSWORD,
      password: 'Yeni-Sifre-7',
      passwordVerify: 'Yeni-Sifre-7',
    })
    const res = await admin.send({ method: 'POST', url: '/api/catalog/account/settings', ...form })
    expect(res.statusCode, res.body).toBe(200)
    expect(await closedWithin(socket, 1000)).toBe(LIVE_CLOSE_SESSION_ENDED)
    expect(await closedWithin(other, 1000)).toBe(LIVE_CLOSE_SESSION_ENDED)
    // The asking session goes on under a new cookie: its sockets open again with it.
    expect(admin.cookie).not.toBe(oldCookie)
    expect(admin.csrf).not.toBe(oldCsrf)
    await staffSocket(t, admin)
  })

  it('when its user is disabled', async () => {
    const admin = await loggedInUser(t, null)
    const socket = await staffSocket(t, admin)

    await disableUser({ db: t.database.db, sessions: t.deps.sessions }, admin.user.id)

    expect(await closedWithin(socket, 1000)).toBe(LIVE_CLOSE_SESSION_ENDED)
    expect(await sessionUser(admin)).toBeNull()
    expect((await new TestClient(t.app).login(admin.user.email, admin.user.password)).statusCode).toBe(401)
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.user.id))).toEqual([])
  })
})

describe('every staff socket is checked again at an interval', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await app({ staffSocketRecheckMs: 200 })
  })

  it('closes a socket whose session row was deleted directly in SQL, or expired', async () => {
    const gone = await loggedInUser(t, null)
    const expired = await loggedInUser(t, null)
    const kept = await loggedInUser(t, null)
    const [goneSocket, expiredSocket, keptSocket] = [
      await staffSocket(t, gone),
      await staffSocket(t, expired),
      await staffSocket(t, kept),
    ]
    const idOf = (client: TestClient) => sessionIdOf(client.cookie.replace(/^toptan_sid=/, ''))
    await t.database.db.execute(sql`delete from sessions where id = ${idOf(gone)}`)
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where id = ${idOf(expired)}`,
    )

    expect(await closedWithin(goneSocket, 1500)).toBe(LIVE_CLOSE_SESSION_ENDED)
    expect(await closedWithin(expiredSocket, 1500)).toBe(LIVE_CLOSE_SESSION_ENDED)
    expect(await closedWithin(keptSocket, 500)).toBe('open')
  })
})
