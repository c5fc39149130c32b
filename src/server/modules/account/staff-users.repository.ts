import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm'
import type { StaffRole } from '../../../domain/staff-access'
import { foldTurkishSql } from '../../../domain/turkish-text.sql'
import type { Db } from '../../db/client'
import { userPreferences, users } from '../../db/schema/accounts'
import { NO_PASSWORD_YET } from './account.repository'

export type StaffUserFilter = { folded: string; role?: StaffRole; active?: boolean }

// A store has a handful of staff: the name and e-mail are folded per row, no index is needed.
function whereOf(filter: StaffUserFilter): SQL | undefined {
  const pattern = `%${filter.folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return and(
    eq(users.role, 'admin'),
    filter.folded
      ? sql`${foldTurkishSql(sql`${users.name} || ' ' || ${users.email}`)} like ${pattern}`
      : undefined,
    filter.role ? eq(users.staffRole, filter.role) : undefined,
    filter.active === undefined ? undefined : eq(users.isActive, filter.active),
  )
}

export async function countStaffUsers(db: Db, filter: StaffUserFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(whereOf(filter))
  return row?.n ?? 0
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  staffRole: users.staffRole,
  isActive: users.isActive,
  lastLoginAt: users.lastLoginAt,
  invited: sql<boolean>`${users.passwordHash} = ${NO_PASSWORD_YET}`,
}

export type StaffUserRow = Awaited<ReturnType<typeof findStaffUserPage>>[number]

/** A page of the matching staff users, by name. */
export function findStaffUserPage(db: Db, filter: StaffUserFilter, offset: number, limit: number) {
  return db
    .select(columns)
    .from(users)
    .where(whereOf(filter))
    .orderBy(asc(users.name), asc(users.id))
    .offset(offset)
    .limit(limit)
}

/**
 * A staff user with the language their mail goes out in (null: no such user, or a dealer). `lock`
 * holds the row until the transaction ends, so two changes of one user take turns.
 */
export async function findStaffUser(db: Db, id: number, lock = false) {
  const query = db
    .select({ ...columns, locale: userPreferences.locale })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
  const [row] = await (lock ? query.for('update', { of: users }) : query)
  return row ?? null
}

/**
 * The active owners' ids, their rows locked until the transaction ends (in id order, so two
 * transactions lock them alike). A change that may take away an owner locks them first: of two owners
 * demoting each other at once, the second sees the first's change when its turn comes, and refuses to
 * leave the store without one.
 */
export async function lockActiveOwners(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.staffRole, 'owner'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update')
  return rows.map((row) => row.id)
}

export async function updateStaffUser(
  tx: Db,
  id: number,
  changes: { staffRole: StaffRole; isActive: boolean },
): Promise<void> {
  await tx
    .update(users)
    .set(changes)
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
}
