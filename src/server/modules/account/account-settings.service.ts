import type { AccountSettingsRequest } from '../../../contracts/account-settings'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordChangeProblem,
  passwordChangeProblem,
} from '../../../domain/password-change'
import { AppError, unauthenticated } from '../../http/errors'
import type { MessageKey, MessageParams } from '../../http/messages'
import { newSessionToken, sessionIdOf } from '../../http/session'
import { deleteUserSessionsExcept, renameSession } from '../../http/session.repository'
import { hashPassword, verifyPassword } from '../../security/password'
import { findPasswordHash, setPasswordHash } from './account.repository'
import type { AccountDeps } from './account.service'
import { knownDeviceId } from './device-cookie'

type Field = keyof AccountSettingsRequest

/** A 400 naming the field, with the message both as the error's text and as the field's. */
function invalid(field: Field, key: MessageKey, code: string, params?: MessageParams): AppError {
  return new AppError('validation', key, params, code, { [field]: { key, params } })
}

const PROBLEMS: Record<PasswordChangeProblem, { field: Field; key: MessageKey; code: string }> = {
  empty: { field: 'password', key: 'account.passwordEmpty', code: 'password_empty' },
  length: { field: 'password', key: 'account.passwordLength', code: 'password_length' },
  verifyMissing: {
    field: 'passwordVerify',
    key: 'account.passwordVerifyRequired',
    code: 'password_verify_required',
  },
  mismatch: { field: 'passwordVerify', key: 'account.passwordMismatch', code: 'password_mismatch' },
}

/** The user asking, as the session knows them. */
export type PasswordOwner = { id: number; email: string }

export type PasswordChangeContext = {
  ip: string
  sessionToken: string
  now: Date
  /** The request's device cookie, if any: a guess from a known device is judged as that device. */
  deviceCookie: string | undefined
}

/**
 * Changes the logged-in user's password (spec/2 §5 rules, in the spec's words). The current password
 * must be given and right, so a stolen session cannot take the account over silently; wrong guesses
 * count against the account in the login throttle, as failed logins do. The new hash is stored and
 * every other session of the user ends in one transaction; the session asking stays logged in under
 * a new token (a token someone may have copied is worthless after the change, as after a login).
 * Answers how many other sessions ended and the asking session's new token (its cookie and CSRF token).
 */
export async function changePassword(
  { db, throttle, sessions, secret }: AccountDeps,
  user: PasswordOwner,
  input: AccountSettingsRequest,
  ctx: PasswordChangeContext,
): Promise<{ endedSessions: number; token: string }> {
  const problem = passwordChangeProblem(input.password, input.passwordVerify)
  if (problem) {
    const { field, key, code } = PROBLEMS[problem]
    const params = problem === 'length' ? { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } : undefined
    throw invalid(field, key, code, params)
  }
  if (input.currentPassword === '') {
    throw invalid('currentPassword', 'account.currentPasswordRequired', 'current_password_required')
  }

  const nowMs = ctx.now.getTime()
  const attempt = {
    email: user.email,
    ip: ctx.ip,
    deviceId: knownDeviceId(secret, user.id, ctx.deviceCookie),
  }
  const stored = await findPasswordHash(db, user.id)
  // Deactivated since the session was read: as logged out.
  if (stored === null) throw unauthenticated()
  // Counted as a failure before the password is checked (login-throttle.ts, take).
  const slot = await throttle.take(attempt, nowMs, 'account.rateLimited')
  if (!(await verifyPassword(input.currentPassword, stored))) {
    throw invalid('currentPassword', 'account.currentPasswordWrong', 'wrong_current_password')
  }
  await throttle.succeeded(slot)

  const passwordHash = await hashPassword(input.password)
  const token = newSessionToken()
  const endedSessions = await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash)
    const ended = await deleteUserSessionsExcept(tx, user.id, sessionIdOf(ctx.sessionToken))
    // Ended meanwhile (a logout in another tab): the password stays as it was.
    if (!(await renameSession(tx, sessionIdOf(ctx.sessionToken), sessionIdOf(token)))) throw unauthenticated()
    return ended
  })
  // After the commit, so no request of this process can read an ended session back into the cache;
  // the old id goes with the user's others, and the staff sockets of all of them close (4401).
  sessions.forgetUser(user.id)
  return { endedSessions, token }
}
