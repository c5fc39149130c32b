import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { StaffRole } from '../../../domain/staff-access'
import type { Db } from '../../db/client'
import { customers, userPreferences, users } from '../../db/schema/accounts'

/**
 * The hash an invited user has until they set a password through their link: no password verifies
 * against it (it is no hash), and the staff users' list reads it as "invited, not signed in yet".
 */
export const NO_PASSWORD_YET = 'invited:no-password'

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return rows[0] ?? null
}

export async function markLoggedIn(db: Db, userId: number, now: Date) {
  await db.update(users).set({ lastLoginAt: now, lastSeenAt: now }).where(eq(users.id, userId))
}

export async function insertUser(
  db: Db,
  values: {
    email: string
    name: string
    passwordHash: string
    role: 'dealer' | 'admin'
    customerId: number | null
    /** A staff user's role; an administrator given none is an owner. */
    staffRole?: StaffRole | null
  },
) {
  const staffRole = values.role === 'admin' ? (values.staffRole ?? 'owner') : null
  const [row] = await db
    .insert(users)
    .values({ ...values, staffRole })
    .returning({ id: users.id })
  return row!.id
}

/** The stored hash of an active user's password, or null (no such user, or deactivated). */
export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const rows = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)))
    .limit(1)
  return rows[0]?.passwordHash ?? null
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
}

/** Marks a login active or not (findSession and login refuse an inactive one); answers whether it exists. */
export async function setUserActive(db: Db, userId: number, isActive: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isActive })
    .where(eq(users.id, userId))
    .returning({ id: users.id })
  return rows.length > 0
}

/** A dealer company's users, in the order they were created. */
export async function findCompanyUsers(db: Db, customerId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(eq(users.customerId, customerId))
    .orderBy(asc(users.id))
}

/** Active staff users of these roles, by name. */
export async function findStaffUsers(db: Db, roles: readonly string[]) {
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), inArray(users.staffRole, [...roles])))
    .orderBy(asc(users.name), asc(users.id))
}

/** A user of this dealer company (null: no such user, or one of another company). */
export async function findCompanyUser(db: Db, customerId: number, userId: number) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      isActive: users.isActive,
      lastLoginAt: users.lastLoginAt,
      locale: userPreferences.locale,
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.customerId, customerId), eq(users.role, 'dealer')))
    .limit(1)
  return rows[0] ?? null
}

/** Whether the dealer company exists (staff add users only to one that does). */
export async function customerExists(db: Db, customerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1)
  return rows.length > 0
}

/** An active user by e-mail with the language their mail goes out in (null: none, or inactive). */
export async function findActiveUserByEmail(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: userPreferences.locale })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.isActive, true)))
    .limit(1)
  return rows[0] ?? null
}

/** The users of these addresses (lower-cased), staff included: the ERP's dealer user upsert reads them. */
export async function findUsersByEmails(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return []
  return db
    .select({
      id: users.id,
      email: sql<string>`lower(${users.email})`,
      name: users.name,
      role: users.role,
      customerId: users.customerId,
      isActive: users.isActive,
    })
    .from(users)
    .where(sql`lower(${users.email}) = any(${sql.param([...emails])}::text[])`)
}

export async function renameUser(db: Db, userId: number, name: string) {
  await db.update(users).set({ name }).where(eq(users.id, userId))
}
