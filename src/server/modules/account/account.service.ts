import type { StaffRole } from '../../../domain/staff-access'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import { newSessionToken, SESSION_DAYS, sessionIdOf } from '../../http/session'
import { createSession, deleteSession, deleteUserSessions } from '../../http/session.repository'
import type { SessionCache } from '../../http/session-cache'
import { decoyHash, hashPassword, verifyPassword } from '../../security/password'
import { recordIntegrationEvent } from '../integration-feeds/integration-feeds.service'
import { findUserByEmail, insertUser, markLoggedIn, setUserActive } from './account.repository'
import { knownDeviceId, newDeviceId } from './device-cookie'
import type { LoginThrottle } from './login-throttle'
import { deleteUnusedLinks } from './password-links.repository'

/** What logging in and out work with: the database, the app's login throttle, its session cache and secret. */
export type AccountDeps = { db: Db; throttle: LoginThrottle; sessions: SessionCache; secret: string }

export type LoginContext = {
  ip: string
  userAgent: string | null
  previousToken: string
  now: Date
  /** The request's device cookie, if any (device-cookie.ts). */
  deviceCookie: string | undefined
}

/**
 * Checks the password and opens a new session under a new token (the old one is destroyed, so a token
 * planted before login is worthless after it). Failures never tell whether the account exists. Tries
 * go through the login throttle (login-throttle.ts), each taking its slot before the password is
 * checked: a browser with this account's device cookie is judged as that device, any other by its IP. Answers the device id to set (or renew) the cookie with.
 */
export async function login(
  { db, throttle, sessions, secret }: AccountDeps,
  input: { email: string; password: string },
  ctx: LoginContext,
): Promise<{ token: string; userId: number; deviceId: string }> {
  const nowMs = ctx.now.getTime()
  const user = await findUserByEmail(db, input.email)
  const deviceId = knownDeviceId(secret, user?.id, ctx.deviceCookie)
  const attempt = { email: input.email, ip: ctx.ip, deviceId }
  // The try is counted as a failure before the password is checked (login-throttle.ts, take).
  const slot = await throttle.take(attempt, nowMs, 'auth.rateLimited')
  // An invited user without a password yet has a hash that is no scrypt hash: checked against the
  // decoy, so the answer takes as long as for any account and does not tell such an address apart.
  const stored = user?.passwordHash.startsWith('scrypt$') ? user.passwordHash : await decoyHash()
  const valid = (await verifyPassword(input.password, stored)) && stored === user?.passwordHash
  if (!user?.isActive || !valid) {
    throw new AppError('unauthenticated', 'auth.invalidCredentials', undefined, 'invalid_credentials')
  }
  await throttle.succeeded(slot)
  const token = newSessionToken()
  await db.transaction(async (tx) => {
    await deleteSession(tx, sessionIdOf(ctx.previousToken))
    await createSession(tx, {
      id: sessionIdOf(token),
      userId: user.id,
      expiresAt: new Date(nowMs + SESSION_DAYS * 24 * 60 * 60 * 1000),
      // As the request named it; a trusted proxy's header can hold anything, the column 64 characters.
      ip: ctx.ip.slice(0, 64),
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    })
    await markLoggedIn(tx, user.id, ctx.now)
  })
  // After the commit, as logout does: a lookup in another process between a forget and the commit
  // could cache the old row again.
  sessions.forget(sessionIdOf(ctx.previousToken))
  return { token, userId: user.id, deviceId: deviceId ?? newDeviceId() }
}

/** Destroys the session on the server; the browser gets a fresh anonymous token. */
export async function logout({ db, sessions }: AccountDeps, token: string): Promise<string> {
  await deleteSession(db, sessionIdOf(token))
  sessions.forget(sessionIdOf(token))
  return newSessionToken()
}

/**
 * Disables a login: it can no longer log in, and every session of it ends at once. The forget after
 * the commit reaches the session caches and the staff sockets of every process (they close with 4401).
 * Answers whether the user exists.
 */
export async function disableUser(
  { db, sessions }: Pick<AccountDeps, 'db' | 'sessions'>,
  userId: number,
): Promise<boolean> {
  const found = await db.transaction(async (tx) => {
    if (!(await setUserActive(tx, userId, false))) return false
    await deleteUserSessions(tx, userId)
    // A password link must not bring a disabled login back.
    await deleteUnusedLinks(tx, userId)
    return true
  })
  if (found) sessions.forgetUser(userId)
  return found
}

/** A login to create (the demo data, `npm run user:create`). */
export type NewUser = {
  email: string
  name: string
  password: string
  role: 'dealer' | 'admin'
  /** A staff user's role (an administrator without one is an owner). */
  staffRole?: StaffRole
  /** The dealer's company; an administrator has none. */
  customerId: number | null
}

/**
 * Creates a login: the e-mail kept in lower case (logins compare it so), the password hashed, an
 * administrator tied to no company. Answers the new user's id, or null when the e-mail is taken.
 */
export async function createUser(db: Db, user: NewUser): Promise<number | null> {
  const email = user.email.trim().toLowerCase()
  if (await findUserByEmail(db, email)) return null
  const passwordHash = await hashPassword(user.password)
  return db.transaction(async (tx) => {
    const id = await insertUser(tx, {
      email,
      name: user.name,
      passwordHash,
      role: user.role,
      staffRole: user.role === 'admin' ? (user.staffRole ?? 'owner') : null,
      customerId: user.role === 'dealer' ? user.customerId : null,
    })
    // A new dealer user is news for the ERP (the customer users feed); staff are not.
    if (user.role === 'dealer')
      await recordIntegrationEvent(tx, { kind: 'customer_user', entityId: id }, new Date())
    return id
  })
}
