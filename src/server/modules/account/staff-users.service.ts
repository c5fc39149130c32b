import {
  STAFF_USERS_PAGE_SIZE,
  type StaffUser,
  type StaffUserInvite,
  type StaffUserList,
  type StaffUserPatch,
  type StaffUsersQuery,
} from '../../../contracts/staff-users'
import { pageBounds } from '../../../domain/paging'
import { isStaffRole, type StaffRole } from '../../../domain/staff-access'
import { foldTurkish } from '../../../domain/turkish-text'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import { deleteUserSessions } from '../../http/session.repository'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import { inviteUser, mailResetLink, shutDisabledLogin, type UserAdminDeps } from './company-users.service'
import {
  countStaffUsers,
  findStaffUser,
  findStaffUserPage,
  lockActiveOwners,
  type StaffUserRow,
  updateStaffUser,
} from './staff-users.repository'

// A staff user's role column is checked by the database (users_staff_role_valid); 'readonly' stands
// in for a value it would never hold, so a row always reads as some role.
const roleOf = (value: string | null): StaffRole => (isStaffRole(value) ? value : 'readonly')

const view = (row: StaffUserRow): StaffUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: roleOf(row.staffRole),
  active: row.isActive,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  invited: row.invited,
})

async function staffUserOr404(db: Db, id: number, lock = false) {
  const user = await findStaffUser(db, id, lock)
  if (!user) throw notFound()
  return user
}

/** GET /yonetim/staff-users: staff users whose name or e-mail contains q, by role and state, by name. */
export async function listStaffUsers(db: Db, query: StaffUsersQuery): Promise<StaffUserList> {
  const filter = {
    folded: foldTurkish(query.q),
    role: query.role,
    active: query.active === undefined ? undefined : query.active === 'true',
  }
  const total = await countStaffUsers(db, filter)
  const { page, pages, offset } = pageBounds(total, query.page, STAFF_USERS_PAGE_SIZE)
  const rows = total === 0 ? [] : await findStaffUserPage(db, filter, offset, STAFF_USERS_PAGE_SIZE)
  return { items: rows.map(view), page, pages, limit: STAFF_USERS_PAGE_SIZE, total }
}

/**
 * POST /yonetim/staff-users: a staff user of this role, invited by mail to set their own password (the
 * dealer users' invitation: a 72-hour link, 409 email_taken for an address any user has).
 */
export async function inviteStaffUser(
  deps: UserAdminDeps,
  actor: StaffActor,
  input: StaffUserInvite,
  now: Date,
): Promise<StaffUser> {
  const id = await inviteUser(
    deps,
    actor,
    { email: input.email, name: input.name, customerId: null, staffRole: input.role },
    now,
  )
  return view(await staffUserOr404(deps.db, id))
}

const ownAccount = () => new AppError('conflict', 'staffUsers.ownAccount', undefined, 'own_account')
const lastOwner = () => new AppError('conflict', 'staffUsers.lastOwner', undefined, 'last_owner')

/** The audit trail's word for a change: a role, a disable or enable, or both at once. */
function actionOf(roleChanged: boolean, activeChanged: boolean, active: boolean): string {
  if (roleChanged && activeChanged) return 'update'
  if (roleChanged) return 'role'
  return active ? 'enable' : 'disable'
}

/**
 * PATCH /yonetim/staff-users/{id}: another role, disabled or enabled again. A new role or a disable
 * ends every session of the user (the role is read with the session, and a signed-in screen would go
 * on showing the old one's menu); a disable also deletes their unused password links. Refused with
 * 409: a change that would leave the store without an active owner, and a change of one's own account
 * (another owner does it). Nothing is written (or audited) when the user already is so.
 */
export async function changeStaffUser(
  deps: Pick<UserAdminDeps, 'db' | 'sessions'>,
  actor: StaffActor,
  id: number,
  patch: StaffUserPatch,
  now: Date,
): Promise<StaffUser> {
  const endedSessions = await deps.db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx)
    const user = await staffUserOr404(tx, id, true)
    const before = { role: roleOf(user.staffRole), active: user.isActive }
    const after = { role: patch.role ?? before.role, active: patch.active ?? before.active }
    const roleChanged = after.role !== before.role
    const activeChanged = after.active !== before.active
    if (!roleChanged && !activeChanged) return false
    // Checked before the own-account rule: the sole owner stepping down is told the store needs another.
    const wasOwner = before.active && before.role === 'owner'
    const staysOwner = after.active && after.role === 'owner'
    if (wasOwner && !staysOwner && !owners.some((ownerId) => ownerId !== user.id)) throw lastOwner()
    if (user.id === actor.id) throw ownAccount()
    await updateStaffUser(tx, id, { staffRole: after.role, isActive: after.active })
    if (!after.active) await shutDisabledLogin(tx, id)
    else if (roleChanged) await deleteUserSessions(tx, id)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'user',
        entityId: id,
        action: actionOf(roleChanged, activeChanged, after.active),
        before,
        after,
      },
      now,
    )
    return roleChanged || !after.active
  })
  if (endedSessions) deps.sessions.forgetUser(id)
  return view(await staffUserOr404(deps.db, id))
}

/**
 * POST /yonetim/staff-users/{id}/password-reset: a reset link (1 hour) by mail, as for a dealer user;
 * 409 user_inactive for a disabled user.
 */
export async function sendStaffUserReset(
  deps: UserAdminDeps,
  actor: StaffActor,
  id: number,
  now: Date,
): Promise<{ expiresAt: string }> {
  const expiresAt = await deps.db.transaction(async (tx) =>
    mailResetLink(tx, deps, actor, await staffUserOr404(tx, id), now),
  )
  deps.mailSignal.notify()
  return { expiresAt: expiresAt.toISOString() }
}
