import { sql } from 'drizzle-orm'
import type { Db } from './client'

/**
 * Serialises the writes of one kind of record (products, categories, campaigns…) for the rest of the
 * caller's transaction: an ERP batch, a job's chunk and a staff edit of the same records each take it,
 * so none reads what another is half-way through writing. The key keeps the name the ERP's batches
 * first used, so the lock is the same one however the writer is reached.
 */
export async function lockWrites(tx: Db, records: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`integration-sync:${records}`}))`)
}
