import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { passwordLinks, users } from '../../db/schema/accounts'

export type PasswordLinkKind = 'invite' | 'reset'

/** Deletes the user's unused links of this kind (all kinds without one): a newer link replaces them. */
export async function deleteUnusedLinks(db: Db, userId: number, kind?: PasswordLinkKind): Promise<void> {
  await db
    .delete(passwordLinks)
    .where(
      and(
        eq(passwordLinks.userId, userId),
        isNull(passwordLinks.usedAt),
        kind ? eq(passwordLinks.kind, kind) : undefined,
      ),
    )
}

export async function insertLink(
  db: Db,
  values: {
    tokenHash: string
    kind: PasswordLinkKind
    userId: number
    expiresAt: Date
    createdBy: number | null
    now: Date
  },
): Promise<void> {
  const { now, ...rest } = values
  await db.insert(passwordLinks).values({ ...rest, createdAt: now })
}

/** An unused, unexpired link of an active user, or null: what a link page may go on with. */
export async function findUsableLink(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .select({ id: passwordLinks.id, userId: passwordLinks.userId, kind: passwordLinks.kind })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(
      and(
        eq(passwordLinks.tokenHash, tokenHash),
        isNull(passwordLinks.usedAt),
        gt(passwordLinks.expiresAt, now),
        eq(users.isActive, true),
      ),
    )
    .limit(1)
  return rows[0] ?? null
}

/**
 * Marks the link used if it still is usable, in one conditional statement: of two uses at once the
 * second finds used_at set (PostgreSQL re-reads the row after the first commits) and gets nothing.
 */
export async function claimLink(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(passwordLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordLinks.tokenHash, tokenHash),
        isNull(passwordLinks.usedAt),
        gt(passwordLinks.expiresAt, now),
        sql`exists (select 1 from ${users} where ${users.id} = ${passwordLinks.userId} and ${users.isActive})`,
      ),
    )
    .returning({ userId: passwordLinks.userId, kind: passwordLinks.kind })
  return rows[0] ?? null
}
