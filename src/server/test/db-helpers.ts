import type { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { storeSettings } from '../db/schema/store'

/** Changes one store setting directly in the database, as an administrator's save would. */
export async function setStoreSetting(db: Db, key: string, value: unknown) {
  await db
    .insert(storeSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: storeSettings.key, set: { value } })
}

export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}
