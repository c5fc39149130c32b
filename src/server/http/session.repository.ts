import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { Role } from '../../contracts/account'
import { isStaffRole } from '../../domain/staff-access'
import type { Db } from '../db/client'
import { preparedPerHandle } from '../db/prepared'
import { customers, sessions, userPreferences, users } from '../db/schema/accounts'
import type { AuthUser } from '../identity'

export type SessionRow = { user: AuthUser; expiresAt: Date }

/**
 * One indexed lookup per request: the session with its user, preferences, company discount and plan.
 * Prepared (db/prepared.ts): every request of a logged-in user runs it.
 */
const findSessionStatement = preparedPerHandle((db) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      staffRole: users.staffRole,
      customerId: users.customerId,
      expiresAt: sessions.expiresAt,
      prefs: userPreferences,
      profitPercent: customers.profitPercent,
      customerName: customers.name,
      defaultPaymentPlanId: customers.defaultPaymentPlanId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
    .prepare('find_session'),
)

export async function findSession(db: Db, sessionId: string, now: Date): Promise<SessionRow | null> {
  const rows = await findSessionStatement(db).execute({ sessionId, now })
  const row = rows[0]
  if (!row) return null
  const { expiresAt, prefs, profitPercent, role, staffRole, ...user } = row
  const locale = prefs?.locale
  return {
    user: {
      ...user,
      role: role as Role,
      staffRole: isStaffRole(staffRole) ? staffRole : null,
      locale: locale === 'en' || locale === 'tr' ? locale : null,
      preferences: prefs,
      profitPercent: profitPercent ?? '0',
    },
    expiresAt,
  }
}

export async function createSession(
  db: Db,
  values: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
) {
  await db.insert(sessions).values(values)
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Ends every session of the user but `keepSessionId` (sessions_user_idx); answers how many ended. */
export async function deleteUserSessionsExcept(
  db: Db,
  userId: number,
  keepSessionId: string,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id })
  return deleted.length
}

/** Ends every session of the user (a disabled login); answers how many ended. */
export async function deleteUserSessions(db: Db, userId: number): Promise<number> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
  return deleted.length
}

/**
 * Gives a session a new id (the hash of a new token), keeping its user, creation, expiry and device;
 * answers false when the session is gone (ended meanwhile).
 */
export async function renameSession(db: Db, sessionId: string, newSessionId: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ id: newSessionId })
    .where(eq(sessions.id, sessionId))
    .returning({ id: sessions.id })
  return rows.length > 0
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId))
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })
  return deleted.length
}
