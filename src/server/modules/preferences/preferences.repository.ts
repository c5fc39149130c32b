import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { branches, userPreferences } from '../../db/schema/accounts'
import { currencies } from '../../db/schema/catalogue'

import type { StoredPreferences } from '../../identity'

export async function upsertPreference(
  db: Db,
  userId: number,
  values: Partial<Omit<StoredPreferences, 'userId'>>,
) {
  await db
    .insert(userPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userPreferences.userId, set: values })
}

export async function currencyExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, id)).limit(1)
  return rows.length > 0
}

export async function branchBelongsTo(db: Db, branchId: number, customerId: number): Promise<boolean> {
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.customerId, customerId), eq(branches.isActive, true)))
    .limit(1)
  return rows.length > 0
}
