import type { CompanyUser, CompanyUserInvite } from '../../../contracts/staff-customers'
import type { AuditValue } from '../../../domain/audit'
import type { StaffRole } from '../../../domain/staff-access'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import { deleteUserSessions } from '../../http/session.repository'
import type { SessionCache } from '../../http/session-cache'
import type { StaffActor } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { recordAudit } from '../audit/audit.service'
import { recordIntegrationEvent } from '../integration-feeds/integration-feeds.service'
import {
  customerExists,
  findCompanyUser,
  findCompanyUsers,
  findStaffUsers,
  findUserByEmail,
  insertUser,
  NO_PASSWORD_YET,
  setUserActive,
} from './account.repository'
import { deleteUnusedLinks } from './password-links.repository'
import { queuePasswordLink } from './password-links.service'

/** A dealer company's users as staff see them on the company's page. */
export async function companyUsers(db: Db, customerId: number): Promise<CompanyUser[]> {
  const rows = await findCompanyUsers(db, customerId)
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    active: row.isActive,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  }))
}

/** The roles whose users look after companies: who may be a company's sales person. */
export const SALES_PERSON_ROLES: readonly StaffRole[] = ['owner', 'sales']

/** Active staff who may be assigned to a company as its sales person, by name. */
export function salesPeople(db: Db): Promise<{ id: number; name: string }[]> {
  return findStaffUsers(db, SALES_PERSON_ROLES)
}

/** Whether this user may be a company's sales person (an active owner or sales user). */
export async function isSalesPerson(db: Db, userId: number): Promise<boolean> {
  return (await salesPeople(db)).some((person) => person.id === userId)
}

/**
 * What the staff's user actions work with: the database, the session cache, the mail worker's signal.
 * The staff users' own actions (staff-users.service.ts) go through the same invitation, reset and
 * disable steps below, so a dealer's and a staff user's login are invited and shut alike.
 */
export type UserAdminDeps = { db: Db; sessions: SessionCache; mailSignal: MailSignal; publicUrl: string }

const userView = (row: {
  id: number
  name: string
  email: string
  isActive: boolean
  lastLoginAt: Date | null
}): CompanyUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  active: row.isActive,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
})

/** PostgreSQL's unique_violation, as the driver throws it or as Drizzle wraps it. */
function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? e.code : undefined)
  return code(err) === '23505' || (err instanceof Error && code(err.cause) === '23505')
}

async function companyUserOr404(db: Db, customerId: number, userId: number) {
  const user = await findCompanyUser(db, customerId, userId)
  if (!user) throw notFound()
  return user
}

/** Who is invited: a dealer user of a company, or a staff user with their role. */
export type Invitee = { email: string; name: string } & (
  | { customerId: number; staffRole?: undefined }
  | { customerId: null; staffRole: StaffRole }
)

/**
 * A user invited by mail to set their own password. Active from the start with a hash no password
 * matches: they cannot log in until they set one through the link (or through a reset, if the
 * invitation is lost), and staff's disable means only "disabled". The user, the link, its mail and the
 * audit row commit together. 409 for an e-mail any user already has (the unique index decides when two
 * invitations race). Answers the new user's id.
 */
export async function inviteUser(
  deps: UserAdminDeps,
  actor: StaffActor,
  invitee: Invitee,
  now: Date,
): Promise<number> {
  const email = invitee.email.trim().toLowerCase()
  const { name, customerId } = invitee
  const emailTaken = () => new AppError('conflict', 'account.emailTaken', undefined, 'email_taken')
  if (await findUserByEmail(deps.db, email)) throw emailTaken()
  let userId: number
  try {
    userId = await deps.db.transaction(async (tx) => {
      const id = await insertUser(tx, {
        email,
        name,
        passwordHash: NO_PASSWORD_YET,
        ...(customerId === null
          ? { role: 'admin', customerId: null, staffRole: invitee.staffRole }
          : { role: 'dealer', customerId }),
      })
      await queuePasswordLink(tx, {
        kind: 'invite',
        user: { id, email, name, locale: 'tr' },
        createdBy: actor.id,
        publicUrl: deps.publicUrl,
        now,
      })
      const after: Record<string, AuditValue> =
        customerId === null
          ? { email, name, role: invitee.staffRole, active: true }
          : { email, name, customerId, active: true }
      await recordAudit(
        tx,
        actor,
        { entity: 'user', entityId: id, action: 'invite', before: null, after },
        now,
      )
      // A new dealer user is news for the ERP (the customer users feed); staff are not.
      if (customerId !== null) await recordIntegrationEvent(tx, { kind: 'customer_user', entityId: id }, now)
      return id
    })
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken()
    throw err
  }
  deps.mailSignal.notify()
  return userId
}

/** POST /yonetim/customers/{id}/users: a dealer user of the company, invited (inviteUser). */
export async function inviteCompanyUser(
  deps: UserAdminDeps,
  actor: StaffActor,
  customerId: number,
  input: CompanyUserInvite,
  now: Date,
): Promise<CompanyUser> {
  if (!(await customerExists(deps.db, customerId))) throw notFound()
  const userId = await inviteUser(deps, actor, { email: input.email, name: input.name, customerId }, now)
  return userView(await companyUserOr404(deps.db, customerId, userId))
}

/**
 * Shuts a login that was just disabled, in the caller's transaction: every session of the user ends
 * and their unused password links are deleted. The caller forgets the user's sessions in the session
 * cache after the commit (that reaches every process's cache), so a session's next request is a
 * guest's.
 */
export async function shutDisabledLogin(tx: Db, userId: number): Promise<void> {
  await deleteUserSessions(tx, userId)
  await deleteUnusedLinks(tx, userId)
}

/**
 * Disables or enables a dealer user. Disabling ends every session of the user and deletes their unused
 * password links in the same transaction; the forget after the commit reaches every process's session
 * cache, so a session's next request is a guest's. Nothing is written (or audited) when the user
 * already is so.
 */
export async function setCompanyUserActive(
  deps: Pick<UserAdminDeps, 'db' | 'sessions'>,
  actor: StaffActor,
  ids: { customerId: number; userId: number },
  active: boolean,
  now: Date,
): Promise<CompanyUser> {
  const { customerId, userId } = ids
  await deps.db.transaction(async (tx) => {
    const user = await companyUserOr404(tx, customerId, userId)
    if (user.isActive === active) return
    await setUserActive(tx, userId, active)
    if (!active) await shutDisabledLogin(tx, userId)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'user',
        entityId: userId,
        action: active ? 'enable' : 'disable',
        before: { active: !active },
        after: { active },
      },
      now,
    )
  })
  if (!active) deps.sessions.forgetUser(userId)
  return userView(await companyUserOr404(deps.db, customerId, userId))
}

/** Ends every session of a dealer user (signs them out everywhere); answers how many ended. */
export async function endCompanyUserSessions(
  deps: Pick<UserAdminDeps, 'db' | 'sessions'>,
  actor: StaffActor,
  ids: { customerId: number; userId: number },
  now: Date,
): Promise<{ endedSessions: number }> {
  const endedSessions = await deps.db.transaction(async (tx) => {
    await companyUserOr404(tx, ids.customerId, ids.userId)
    const ended = await deleteUserSessions(tx, ids.userId)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'user',
        entityId: ids.userId,
        action: 'end_sessions',
        before: { sessions: ended },
        after: { sessions: 0 },
      },
      now,
    )
    return ended
  })
  deps.sessions.forgetUser(ids.userId)
  return { endedSessions }
}

/**
 * Mails a user a reset link (1 hour) in their transaction with its audit row; their older unused reset
 * links stop working. The password stays as it is until the link is used. 409 for a disabled user:
 * the link would not work. Answers until when the link works.
 */
export async function mailResetLink(
  tx: Db,
  deps: Pick<UserAdminDeps, 'publicUrl'>,
  actor: StaffActor,
  user: { id: number; email: string; name: string; isActive: boolean; locale: string | null },
  now: Date,
): Promise<Date> {
  if (!user.isActive) throw new AppError('conflict', 'account.userInactive', undefined, 'user_inactive')
  const { expiresAt } = await queuePasswordLink(tx, {
    kind: 'reset',
    user: { id: user.id, email: user.email, name: user.name, locale: user.locale === 'en' ? 'en' : 'tr' },
    createdBy: actor.id,
    publicUrl: deps.publicUrl,
    now,
  })
  await recordAudit(
    tx,
    actor,
    {
      entity: 'user',
      entityId: user.id,
      action: 'password_reset',
      before: null,
      after: { resetLinkUntil: expiresAt.toISOString() },
    },
    now,
  )
  return expiresAt
}

/** POST /yonetim/customers/{id}/users/{userId}/password-reset: a dealer user's reset link (mailResetLink). */
export async function sendCompanyUserReset(
  deps: UserAdminDeps,
  actor: StaffActor,
  ids: { customerId: number; userId: number },
  now: Date,
): Promise<{ expiresAt: string }> {
  const expiresAt = await deps.db.transaction(async (tx) =>
    mailResetLink(tx, deps, actor, await companyUserOr404(tx, ids.customerId, ids.userId), now),
  )
  deps.mailSignal.notify()
  return { expiresAt: expiresAt.toISOString() }
}
