import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Locale } from '../../contracts/common'
import type { Db } from '../db/client'
import type { AuthUser } from '../identity'
import { isIntegrationRequest } from './integration-path'
import { requestKind } from './request-log'
import { extendSession, findSession } from './session.repository'
import type { SessionCache } from './session-cache'

export const SESSION_COOKIE = 'toptan_sid'
export const SESSION_DAYS = 30
const DAY_MS = 24 * 60 * 60 * 1000
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

declare module 'fastify' {
  interface FastifyRequest {
    /** The browser's session cookie value; every visitor has one, so every page can carry a CSRF token. */
    sessionToken: string
    user: AuthUser | null
    locale: Locale
  }
}

export const newSessionToken = () => randomBytes(32).toString('base64url')
/** The database keeps only this hash of the cookie's token. */
export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** The visitor a request comes from, as one key for guests and users alike: its session's stored id. */
export const visitorOf = (request: FastifyRequest) => sessionIdOf(request.sessionToken)

export function csrfTokenFor(secret: string, sessionToken: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionToken}`).digest('base64url')
}

export function csrfTokenMatches(secret: string, sessionToken: string, sent: string | undefined): boolean {
  if (!sent) return false
  const expected = Buffer.from(csrfTokenFor(secret, sessionToken))
  const given = Buffer.from(sent)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  })
}

/** Reads (or issues) the session cookie and loads the logged-in user, once per request. */
export function registerSession(
  app: FastifyInstance,
  deps: { db: Db; sessions: SessionCache; secureCookies: boolean; now: () => Date },
) {
  app.decorateRequest('sessionToken', '')
  app.decorateRequest('user', null)
  app.decorateRequest('locale', 'tr')

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // Files and health checks need no session (and get no cookie).
    if (requestKind(request.url) === 'quiet') return
    // The integration API authenticates by key alone: no session is read there, and no cookie issued.
    if (isIntegrationRequest(request)) return
    const cookie = request.cookies[SESSION_COOKIE]
    if (!cookie || !TOKEN_PATTERN.test(cookie)) {
      request.sessionToken = newSessionToken()
      setSessionCookie(reply, request.sessionToken, deps.secureCookies)
      return
    }
    request.sessionToken = cookie
    const now = deps.now()
    const sessionId = sessionIdOf(cookie)
    let session = deps.sessions.get(sessionId)
    if (session === undefined || (session && session.expiresAt <= now)) {
      const readAt = deps.sessions.generation
      session = await findSession(deps.db, sessionId, now)
      deps.sessions.set(sessionId, session, readAt)
    }
    if (!session) return
    request.user = session.user
    // Sliding expiry, written at most once a day per session.
    if (session.expiresAt.getTime() - now.getTime() < (SESSION_DAYS - 1) * DAY_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS)
      const readAt = deps.sessions.generation
      await extendSession(deps.db, sessionId, expiresAt)
      deps.sessions.set(sessionId, { ...session, expiresAt }, readAt)
      setSessionCookie(reply, cookie, deps.secureCookies)
    }
  })
}
