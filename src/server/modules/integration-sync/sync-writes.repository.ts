import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { integrationIdempotency, integrationWrites } from '../../db/schema/integration'

export type WriteLogRow = typeof integrationWrites.$inferInsert

export async function insertWriteLog(db: Db, row: WriteLogRow) {
  await db.insert(integrationWrites).values(row)
}

export async function pruneWriteLog(db: Db, before: Date) {
  await db.delete(integrationWrites).where(lt(integrationWrites.at, before))
}

/** Serialises the writes of one resource: two batches never interleave their reads and writes. */
export async function lockResource(tx: Db, resource: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`integration-sync:${resource}`}))`)
}

export type IdempotencyRecord = typeof integrationIdempotency.$inferSelect

/** Claims the key for a call: true when this call holds it now (no row was there). */
export async function claimIdempotencyKey(
  db: Db,
  row: { keyId: number; idempotencyKey: string; requestHash: string; createdAt: Date },
): Promise<boolean> {
  const claimed = await db
    .insert(integrationIdempotency)
    .values(row)
    .onConflictDoNothing()
    .returning({ keyId: integrationIdempotency.keyId })
  return claimed.length > 0
}

export async function findIdempotencyRecord(db: Db, keyId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(integrationIdempotency)
    .where(
      and(eq(integrationIdempotency.keyId, keyId), eq(integrationIdempotency.idempotencyKey, idempotencyKey)),
    )
  return row ?? null
}

/**
 * Takes over a record that expired or whose call died without an answer: only when it is still the
 * record that was read (its creation time), so two callers never both take it.
 */
export async function retakeIdempotencyKey(
  db: Db,
  row: { keyId: number; idempotencyKey: string; requestHash: string; createdAt: Date },
  readCreatedAt: Date,
): Promise<boolean> {
  const taken = await db
    .update(integrationIdempotency)
    .set({ requestHash: row.requestHash, createdAt: row.createdAt, status: null, response: null })
    .where(
      and(
        eq(integrationIdempotency.keyId, row.keyId),
        eq(integrationIdempotency.idempotencyKey, row.idempotencyKey),
        eq(integrationIdempotency.createdAt, readCreatedAt),
      ),
    )
    .returning({ keyId: integrationIdempotency.keyId })
  return taken.length > 0
}

export async function storeIdempotentAnswer(
  db: Db,
  keyId: number,
  idempotencyKey: string,
  status: number,
  response: unknown,
) {
  await db
    .update(integrationIdempotency)
    .set({ status, response })
    .where(
      and(eq(integrationIdempotency.keyId, keyId), eq(integrationIdempotency.idempotencyKey, idempotencyKey)),
    )
}

export async function releaseIdempotencyKey(db: Db, keyId: number, idempotencyKey: string) {
  await db
    .delete(integrationIdempotency)
    .where(
      and(eq(integrationIdempotency.keyId, keyId), eq(integrationIdempotency.idempotencyKey, idempotencyKey)),
    )
}

export async function pruneIdempotency(db: Db, before: Date) {
  await db.delete(integrationIdempotency).where(lt(integrationIdempotency.createdAt, before))
}
