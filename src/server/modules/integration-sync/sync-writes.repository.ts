import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { integrationIdempotency, integrationWrites } from '../../db/schema/integration'
import { lockWrites } from '../../db/write-lock'

export type WriteLogRow = typeof integrationWrites.$inferInsert

export async function insertWriteLog(db: Db, row: WriteLogRow) {
  await db.insert(integrationWrites).values(row)
}

export async function pruneWriteLog(db: Db, before: Date) {
  await db.delete(integrationWrites).where(lt(integrationWrites.at, before))
}

/** Serialises the writes of one resource: two batches never interleave their reads and writes. */
export const lockResource = (tx: Db, resource: string) => lockWrites(tx, resource)

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

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows

/** `(values ('categories'), ('brands'), …) r(resource)`: the lateral reads below run once per resource. */
const resourceList = (resources: readonly string[]) =>
  sql`(values ${sql.join(
    resources.map((r) => sql`(${r}::varchar)`),
    sql`, `,
  )}) r(resource)`

/** Rows by outcome per resource written since `since` (the `at` index's range). */
export function writeSumsSince(db: Db, since: Date) {
  return db
    .select({
      resource: integrationWrites.resource,
      created: sql<number>`coalesce(sum(${integrationWrites.created}), 0)::int`,
      updated: sql<number>`coalesce(sum(${integrationWrites.updated}), 0)::int`,
      unchanged: sql<number>`coalesce(sum(${integrationWrites.unchanged}), 0)::int`,
      rejected: sql<number>`coalesce(sum(${integrationWrites.rejected}), 0)::int`,
    })
    .from(integrationWrites)
    .where(gte(integrationWrites.at, since))
    .groupBy(integrationWrites.resource)
}

/**
 * Each resource's last write that kept at least one row (created, updated or unchanged): one backward
 * walk of the (resource, at) index per resource, stopping at the first such write.
 */
export function lastKeptWrites(db: Db, resources: readonly string[]) {
  return rowsOf<{ resource: string; at: Date | string | null }>(
    db,
    sql`select r.resource, w.at from ${resourceList(resources)}
        left join lateral (
          select at from integration_writes w
          where w.resource = r.resource and w.created + w.updated + w.unchanged > 0
          order by w.at desc limit 1
        ) w on true`,
  )
}

export type LoggedRejectedRow = {
  resource: string
  at: Date | string
  keyId: number | null
  jobId: number | null
  /** As recordBatch logged it: {code, errors: [{field, code, value?}]}. */
  row: { code: string; errors: { field: string; code: string; value?: string }[] }
}

/**
 * Each resource's latest `perResource` rejected rows, newest first: its latest writes that rejected
 * any (the (resource, at) index, backwards), their logged rows in the order sent.
 */
export function latestRejectedRows(db: Db, resources: readonly string[], perResource: number) {
  return rowsOf<LoggedRejectedRow>(
    db,
    sql`select r.resource, e.at, e.key_id as "keyId", e.job_id as "jobId", e.row
        from ${resourceList(resources)}
        cross join lateral (
          select w.at, w.id, w.key_id, w.job_id, x.row, x.n
          from (
            select id, at, key_id, job_id, errors from integration_writes w
            where w.resource = r.resource and w.rejected > 0
            order by w.at desc, w.id desc limit ${perResource}
          ) w
          cross join lateral jsonb_array_elements(w.errors) with ordinality as x(row, n)
          order by w.at desc, w.id desc, x.n
          limit ${perResource}
        ) e
        order by r.resource, e.at desc, e.id desc, e.n`,
  )
}
