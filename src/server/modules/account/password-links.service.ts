import { createHash, randomBytes } from 'node:crypto'
import type { PasswordSetRequest } from '../../../contracts/account'
import type { Locale } from '../../../contracts/common'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordChangeProblem,
  passwordChangeProblem,
} from '../../../domain/password-change'
import type { Db } from '../../db/client'
import { AppError, RateLimitedError } from '../../http/errors'
import type { MessageKey } from '../../http/messages'
import { deleteUserSessions } from '../../http/session.repository'
import type { SessionCache } from '../../http/session-cache'
import { enqueueMail } from '../../integrations/mail/outbox.repository'
import { hashPassword } from '../../security/password'
import { findActiveUserByEmail, setPasswordHash } from './account.repository'
import { passwordLinkAddress, passwordLinkMail } from './password-link-mail'
import {
  claimLink,
  deleteUnusedLinks,
  findUsableLink,
  insertLink,
  type PasswordLinkKind,
} from './password-links.repository'

/**
 * How long a link works (docs/decisions.md, "Password links"): an invitation waits for someone who
 * may read it after a weekend; a reset is asked for by the person who uses it, at once.
 */
export const LINK_HOURS: Record<PasswordLinkKind, number> = { invite: 72, reset: 1 }
const HOUR_MS = 60 * 60 * 1000

/** The link's token: 32 random bytes, as the session tokens are written. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex')

export const linkInvalid = () => new AppError('bad_request', 'account.linkInvalid', undefined, 'link_invalid')

/**
 * Issues a link of this kind to the user (their older unused links of the kind stop working) and
 * queues its mail, both in the caller's transaction: the link exists exactly when its mail does.
 * The token leaves only in the mail. Answers until when it works.
 */
export async function queuePasswordLink(
  tx: Db,
  input: {
    kind: PasswordLinkKind
    user: { id: number; email: string; name: string; locale: Locale }
    createdBy: number | null
    publicUrl: string
    now: Date
  },
): Promise<{ expiresAt: Date }> {
  const { kind, user, now } = input
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + LINK_HOURS[kind] * HOUR_MS)
  await deleteUnusedLinks(tx, user.id, kind)
  await insertLink(tx, {
    tokenHash: tokenHashOf(token),
    kind,
    userId: user.id,
    expiresAt,
    createdBy: input.createdBy,
    now,
  })
  const mail = passwordLinkMail(kind, user, passwordLinkAddress(input.publicUrl, token, user.locale))
  await enqueueMail(tx, { ...mail, kind: kind === 'invite' ? 'user_invite' : 'password_reset' }, now)
  return { expiresAt }
}

type Field = 'password' | 'passwordAgain'
const PROBLEMS: Record<PasswordChangeProblem, { field: Field; key: MessageKey; code: string }> = {
  empty: { field: 'password', key: 'account.passwordEmpty', code: 'password_empty' },
  length: { field: 'password', key: 'account.passwordLength', code: 'password_length' },
  verifyMissing: {
    field: 'passwordAgain',
    key: 'account.passwordVerifyRequired',
    code: 'password_verify_required',
  },
  mismatch: { field: 'passwordAgain', key: 'account.passwordMismatch', code: 'password_mismatch' },
}

function passwordProblem(problem: PasswordChangeProblem): AppError {
  const { field, key, code } = PROBLEMS[problem]
  const params = problem === 'length' ? { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } : undefined
  return new AppError('validation', key, params, code, { [field]: { key, params } })
}

/**
 * Sets the password through a link: the link is checked first (a dead link is the one answer, however
 * it died), then the password by the password change's rules. In one transaction the link is marked
 * used (a conditional update: of two uses at once only one gets it), the password stored, the user's
 * other unused links deleted and every session of the user ended; the forget after the commit reaches
 * every process's session cache. An invited user becomes able to log in by this alone (their stored
 * hash was unusable).
 */
export async function usePasswordLink(
  deps: { db: Db; sessions: SessionCache },
  input: PasswordSetRequest,
  now: Date,
): Promise<void> {
  if (!TOKEN_PATTERN.test(input.token)) throw linkInvalid()
  const tokenHash = tokenHashOf(input.token)
  if (!(await findUsableLink(deps.db, tokenHash, now))) throw linkInvalid()
  const problem = passwordChangeProblem(input.password, input.passwordAgain)
  if (problem) throw passwordProblem(problem)
  const passwordHash = await hashPassword(input.password)
  const userId = await deps.db.transaction(async (tx) => {
    const link = await claimLink(tx, tokenHash, now)
    if (!link) throw linkInvalid()
    await setPasswordHash(tx, link.userId, passwordHash)
    await deleteUnusedLinks(tx, link.userId)
    await deleteUserSessions(tx, link.userId)
    return link.userId
  })
  deps.sessions.forgetUser(userId)
}

/** Reset requests one IP may make per window (a few people behind one office address, no more). */
export const RESETS_PER_IP = 10
/** Reset mails one address may be sent per window: enough to retry, too few to flood a mailbox. */
export const RESETS_PER_EMAIL = 3
export const RESET_WINDOW_MS = 15 * 60_000

export type ResetRequestDeps = {
  db: Db
  publicUrl: string
  /** Counted per IP and per address in the store every process shares (http/rate-window.ts). */
  perIp: { take(key: string, now: number): Promise<number> }
  perEmail: { take(key: string, now: number): Promise<number> }
}

/**
 * A forgotten password (POST /api/account/password-reset). The answer never tells whether the address
 * has an account: an active user's reset mail is queued, anything else does nothing, and both return
 * alike. Too many requests from one IP answer 429 (that says nothing of the address); too many for one
 * address are dropped silently, so its owner's mailbox cannot be flooded. Answers whether a mail was
 * queued (for the route to wake the outbox worker; never for the answer).
 */
export async function requestPasswordReset(
  deps: ResetRequestDeps,
  email: string,
  ctx: { ipKey: string; now: Date },
): Promise<boolean> {
  const nowMs = ctx.now.getTime()
  const ipWait = await deps.perIp.take(ctx.ipKey, nowMs)
  if (ipWait > 0) throw new RateLimitedError('account.resetRateLimited', ipWait)
  const address = email.trim().toLowerCase()
  // The address is counted as a digest: no e-mail address is kept in the counter store.
  if ((await deps.perEmail.take(tokenHashOf(address).slice(0, 32), nowMs)) > 0) return false
  return deps.db.transaction(async (tx) => {
    const user = await findActiveUserByEmail(tx, address)
    if (!user) return false
    await queuePasswordLink(tx, {
      kind: 'reset',
      user: { ...user, locale: user.locale === 'en' ? 'en' : 'tr' },
      createdBy: null,
      publicUrl: deps.publicUrl,
      now: ctx.now,
    })
    return true
  })
}
