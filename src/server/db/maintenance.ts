import { sql } from 'drizzle-orm'
import type { Db } from './client'

/**
 * After a bulk load: fresh planner statistics, and a visibility map so list pages can walk their
 * indexes without visiting the table. Cannot run inside a transaction.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`)
}
