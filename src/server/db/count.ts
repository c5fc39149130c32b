import { count, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client'

/**
 * How many rows match, counting no further than `cap`: answers `{ total, capped }`, where `capped`
 * says there are more than `total` (= cap). A staff list of 100,000 orders does not count all of
 * them for every page it shows; its pages stop at the cap (docs/decisions.md, "Staff lists count up
 * to 1,000").
 */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
): Promise<{ total: number; capped: boolean }> {
  const rows = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matching')
  const [row] = await db.select({ n: count() }).from(rows)
  const n = row?.n ?? 0
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false }
}
