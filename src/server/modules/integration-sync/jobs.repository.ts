import { and, asc, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { integrationJobChunks, integrationJobRejects, integrationJobs } from '../../db/schema/integration'

export type JobRecord = typeof integrationJobs.$inferSelect
export type NewJob = typeof integrationJobs.$inferInsert

export async function insertJob(db: Db, job: NewJob): Promise<number> {
  const [row] = await db.insert(integrationJobs).values(job).returning({ id: integrationJobs.id })
  return row!.id
}

export async function insertChunk(
  db: Db,
  chunk: { jobId: number; seq: number; firstRow: number; rows: unknown[] },
) {
  await db.insert(integrationJobChunks).values(chunk)
}

export async function markJobQueued(db: Db, id: number, total: number) {
  await db.update(integrationJobs).set({ status: 'queued', total }).where(eq(integrationJobs.id, id))
}

/** An upload that broke off: its job and stored chunks go (nothing of it was written). */
export async function deleteJob(db: Db, id: number) {
  await db.delete(integrationJobs).where(eq(integrationJobs.id, id))
}

export async function findJobRecord(db: Db, id: number): Promise<JobRecord | null> {
  const [row] = await db.select().from(integrationJobs).where(eq(integrationJobs.id, id))
  return row ?? null
}

export const recentJobRecords = (db: Db, limit: number) =>
  db.select().from(integrationJobs).orderBy(sql`${integrationJobs.id} desc`).limit(limit)

/**
 * Takes the oldest job that may run now: queued, or running with a heartbeat older than `staleBefore`
 * (its process died), and no other live job of its resource (one per resource at a time). The row is
 * taken under `for update skip locked`, so two workers never take the same job.
 */
export async function claimJob(db: Db, now: Date, staleBefore: Date): Promise<JobRecord | null> {
  const rows = (await db.execute(sql`
    update integration_jobs set status = 'running', started_at = coalesce(started_at, ${now}), heartbeat_at = ${now}
    where id = (
      select j.id from integration_jobs j
      where (j.status = 'queued' or (j.status = 'running' and j.heartbeat_at < ${staleBefore}))
        and not exists (
          select 1 from integration_jobs o
          where o.resource = j.resource and o.id <> j.id and o.status = 'running' and o.heartbeat_at >= ${staleBefore})
      order by j.id
      limit 1
      for update skip locked)
    returning id`)) as unknown as { rows: { id: number }[] }
  const id = rows.rows[0]?.id
  return id === undefined ? null : findJobRecord(db, id)
}

export async function nextChunk(db: Db, jobId: number) {
  const [chunk] = await db
    .select()
    .from(integrationJobChunks)
    .where(eq(integrationJobChunks.jobId, jobId))
    .orderBy(asc(integrationJobChunks.seq))
    .limit(1)
  return chunk ?? null
}

/** A written chunk: gone from the queue, its counts added to the job, its rejected rows kept. */
export async function completeChunk(
  tx: Db,
  chunk: { jobId: number; seq: number },
  progress: { rows: number; created: number; updated: number; unchanged: number; rejected: number },
  rejects: { rowNumber: number; code: string; errors: unknown; row: unknown }[],
  now: Date,
) {
  await tx
    .delete(integrationJobChunks)
    .where(and(eq(integrationJobChunks.jobId, chunk.jobId), eq(integrationJobChunks.seq, chunk.seq)))
  if (rejects.length > 0)
    await tx.insert(integrationJobRejects).values(rejects.map((r) => ({ ...r, jobId: chunk.jobId })))
  await tx
    .update(integrationJobs)
    .set({
      done: sql`${integrationJobs.done} + ${progress.rows}`,
      created: sql`${integrationJobs.created} + ${progress.created}`,
      updated: sql`${integrationJobs.updated} + ${progress.updated}`,
      unchanged: sql`${integrationJobs.unchanged} + ${progress.unchanged}`,
      rejected: sql`${integrationJobs.rejected} + ${progress.rejected}`,
      heartbeatAt: now,
    })
    .where(eq(integrationJobs.id, chunk.jobId))
}

export async function finishJob(db: Db, id: number, now: Date, error: string | null = null) {
  await db
    .update(integrationJobs)
    .set({ status: error ? 'failed' : 'done', finishedAt: now, heartbeatAt: now, error })
    .where(eq(integrationJobs.id, id))
  if (error) await db.delete(integrationJobChunks).where(eq(integrationJobChunks.jobId, id))
}

export const REJECTS_PAGE = 1000

export const rejectsAfter = (db: Db, jobId: number, afterRow: number) =>
  db
    .select()
    .from(integrationJobRejects)
    .where(and(eq(integrationJobRejects.jobId, jobId), gt(integrationJobRejects.rowNumber, afterRow)))
    .orderBy(asc(integrationJobRejects.rowNumber))
    .limit(REJECTS_PAGE)

/** A job its worker let go of (the process is stopping): queued again, to resume at its next chunk. */
/** Every running job back in the queue: their process is gone (the embedded database has only one). */
export async function requeueRunningJobs(db: Db): Promise<number> {
  const rows = await db
    .update(integrationJobs)
    .set({ status: 'queued' })
    .where(eq(integrationJobs.status, 'running'))
    .returning({ id: integrationJobs.id })
  return rows.length
}

export async function requeueJob(db: Db, id: number) {
  await db
    .update(integrationJobs)
    .set({ status: 'queued' })
    .where(and(eq(integrationJobs.id, id), eq(integrationJobs.status, 'running')))
}
