import { stringify } from 'csv-stringify/sync'
import type { Locale } from '../../../contracts/common'
import type { Job } from '../../../contracts/integration-jobs'
import type { RowError, SyncResource } from '../../../domain/bulk-upsert'
import { neutraliseCell } from '../../../domain/spreadsheet-cell'
import type { Db } from '../../db/client'
import { faultPoint } from '../../fault-points'
import { translate } from '../../http/messages'
import type { AuditActor } from '../audit/audit.service'
import { type BulkInput, rowErrorMessage, runBulk } from './integration-sync.service'
import {
  claimJob,
  completeChunk,
  deleteJob,
  findJobRecord,
  finishJob,
  insertChunk,
  insertJob,
  type JobRecord,
  markJobQueued,
  nextChunk,
  REJECTS_PAGE,
  recentJobRecords,
  rejectsAfter,
  requeueJob,
  requeueRunningJobs,
} from './jobs.repository'

/** The most rows one job takes. */
export const JOB_MAX_ROWS = 1_000_000
/**
 * Rows stored and written together, one transaction each: on the embedded database (one session, and
 * a statement holds the process) a dealer's request that comes during a chunk waits for it, so a
 * chunk stays near 25 ms there (2,000 rows took ~70 ms; the list's p99 during a job was 4.9× idle).
 */
export const JOB_CHUNK_ROWS = 500
/** A running job whose heartbeat is older than this lost its process: another worker takes it over. */
export const JOB_STALE_MS = 30_000

export class JobTooLarge extends Error {}

export type StartJobInput = {
  resource: SyncResource
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>
  actor: AuditActor
  source: 'api' | 'import' | 'bulk'
  fileName?: string | null
  locale: Locale
  now: Date
}

/**
 * Stores a load's rows as chunks and queues the job; answers its id as soon as the rows are stored
 * (the writing happens in the worker). Each chunk is stored in a statement of its own, so a large
 * upload never holds one long transaction; an upload that fails part way (a broken stream, more than
 * JOB_MAX_ROWS) leaves nothing behind.
 */
export async function startJob(db: Db, input: StartJobInput): Promise<{ jobId: number }> {
  const jobId = await insertJob(db, {
    resource: input.resource,
    status: 'receiving',
    source: input.source,
    keyId: 'apiKeyId' in input.actor ? input.actor.apiKeyId : null,
    userId: 'apiKeyId' in input.actor ? null : input.actor.id,
    actorName: input.actor.name,
    actorIp: input.actor.ip,
    locale: input.locale,
    fileName: input.fileName ?? null,
    createdAt: input.now,
  })
  try {
    let total = 0
    let seq = 0
    let chunk: Record<string, unknown>[] = []
    const flush = async () => {
      if (chunk.length === 0) return
      await insertChunk(db, { jobId, seq, firstRow: total - chunk.length + 1, rows: chunk })
      seq++
      chunk = []
    }
    for await (const row of input.rows) {
      if (++total > JOB_MAX_ROWS) throw new JobTooLarge()
      chunk.push(row)
      if (chunk.length >= JOB_CHUNK_ROWS) await flush()
    }
    await flush()
    await markJobQueued(db, jobId, total)
    return { jobId }
  } catch (err) {
    await deleteJob(db, jobId)
    throw err
  }
}

function jobView(job: JobRecord, now: Date, rejectedRowsUrl: JobReader['rejectedRowsUrl']): Job {
  const started = job.startedAt?.getTime()
  const until = job.finishedAt?.getTime() ?? now.getTime()
  const seconds = started === undefined ? 0 : (until - started) / 1000
  const rate = job.done > 0 && seconds > 0 ? job.done / seconds : null
  return {
    id: job.id,
    resource: job.resource as SyncResource,
    status: job.status === 'receiving' ? 'queued' : (job.status as Job['status']),
    source: job.source,
    fileName: job.fileName,
    total: job.total,
    done: job.done,
    counts: { created: job.created, updated: job.updated, unchanged: job.unchanged, rejected: job.rejected },
    rowsPerSecond: rate === null ? null : Math.round(rate),
    secondsLeft:
      job.status === 'done' ? 0 : rate === null ? null : Math.ceil(Math.max(0, job.total - job.done) / rate),
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    error: job.error,
    rejectedRowsUrl: job.rejected > 0 ? rejectedRowsUrl(job.id, job) : null,
  }
}

export type JobReader = {
  keyId?: number
  now: Date
  /** Where the reader downloads a job's rejected rows (null: not at any door of theirs). */
  rejectedRowsUrl: (id: number, job: Pick<JobRecord, 'source' | 'resource'>) => string | null
}

/** A job as its reader sees it; an integration key sees only the jobs it started (else null). */
export async function findJob(db: Db, id: number, reader: JobReader): Promise<Job | null> {
  const job = await findJobRecord(db, id)
  if (!job || (reader.keyId !== undefined && job.keyId !== reader.keyId)) return null
  return jobView(job, reader.now, reader.rejectedRowsUrl)
}

export async function recentJobs(db: Db, limit: number, reader: JobReader): Promise<Job[]> {
  return (await recentJobRecords(db, limit)).map((job) => jobView(job, reader.now, reader.rejectedRowsUrl))
}

/** The latest jobs of every key and import, newest first, each with who started it (sync health). */
export async function recentJobsStartedBy(
  db: Db,
  limit: number,
  reader: JobReader,
): Promise<(Job & { startedBy: string })[]> {
  return (await recentJobRecords(db, limit)).map((job) => ({
    ...jobView(job, reader.now, reader.rejectedRowsUrl),
    startedBy: job.actorName,
  }))
}

const cellText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value)

/**
 * The rejected rows as CSV (the statement's dialect: `;`, BOM, CRLF), a page of rows at a time: row
 * number, code, the reasons in `locale`, then the row's own fields as it was sent (the first rejected
 * row's fields as columns, any other field of a row as JSON in the last column). Every cell is
 * neutralised against formula injection.
 */
export async function* rejectedRowsCsv(db: Db, jobId: number, locale: Locale): AsyncIterable<string> {
  let after = 0
  let fields: string[] | null = null
  for (;;) {
    const page = await rejectsAfter(db, jobId, after)
    if (page.length === 0 && fields !== null) return
    if (fields === null) {
      fields = Object.keys((page[0]?.row as Record<string, unknown> | undefined) ?? {})
      const header = [
        translate(locale, 'jobs.rejected.row'),
        translate(locale, 'jobs.rejected.code'),
        translate(locale, 'jobs.rejected.reasons'),
        ...fields,
        translate(locale, 'jobs.rejected.otherFields'),
      ]
      yield `\ufeff${stringify([header.map(neutraliseCell)], { delimiter: ';', record_delimiter: 'windows' })}`
      if (page.length === 0) return
    }
    const records = page.map((r) => {
      const row = r.row as Record<string, unknown>
      const reasons = (r.errors as RowError[]).map((e) => rowErrorMessage(locale, e)).join(' ')
      const others = Object.fromEntries(Object.entries(row).filter(([f]) => !fields!.includes(f)))
      const rest = Object.keys(others).length > 0 ? JSON.stringify(others) : ''
      const cells = [String(r.rowNumber), r.code, reasons, ...fields!.map((f) => cellText(row[f])), rest]
      return cells.map(neutraliseCell)
    })
    yield stringify(records, { delimiter: ';', record_delimiter: 'windows' })
    after = page.at(-1)!.rowNumber
    if (page.length < REJECTS_PAGE) return
  }
}

const actorOf = (job: JobRecord): AuditActor =>
  job.keyId !== null
    ? { apiKeyId: job.keyId, name: job.actorName, ip: job.actorIp }
    : { id: job.userId ?? 0, name: job.actorName, ip: job.actorIp }

/**
 * Writes one chunk of a claimed job: the rows through the resource's writer, and in the same
 * transaction the chunk leaves the queue and its counts and rejected rows join the job's. A crash
 * anywhere before the commit leaves the chunk to be written again; after it, it is done exactly once.
 * Answers false when the job has no chunk left.
 */
export async function writeNextChunk(
  db: Db,
  job: JobRecord,
  now: Date,
  app?: BulkInput['app'],
): Promise<boolean> {
  const chunk = await nextChunk(db, job.id)
  if (!chunk) return false
  const rows = chunk.rows as Record<string, unknown>[]
  await runBulk(db, {
    resource: job.resource as SyncResource,
    items: rows,
    policy: 'rejectFailedRows',
    actor: actorOf(job),
    jobId: job.id,
    locale: job.locale as Locale,
    now,
    app,
    alsoInTransaction: async (tx, answer) => {
      const rejects = answer.results.flatMap((r, i) =>
        r.status === 'rejected'
          ? [
              {
                rowNumber: chunk.firstRow + i,
                code: r.code,
                errors: (r.errors ?? []).map(({ field, code }) => ({ field, code })),
                row: rows[i] ?? {},
              },
            ]
          : [],
      )
      await completeChunk(tx, chunk, { rows: rows.length, ...answer.counts }, rejects, now)
      faultPoint('job.inside-chunk')
    },
  })
  faultPoint('job.after-chunk')
  return true
}

export type JobWorkerOptions = {
  /** How often an idle worker looks for a job. */
  pollMs: number
  /**
   * The pause between two chunks (0: one turn of the event loop, which the job always gives, so the
   * requests that came in during a chunk are read and counted before the next one).
   */
  pauseMs: number
  /**
   * This process is the database's only one (the embedded database): a job left running was left by
   * this process's previous life, and is resumed at once rather than after JOB_STALE_MS.
   */
  onlyProcess?: boolean
  /**
   * The requests this process is answering (they share its thread, and on the embedded database its
   * one session): before each chunk the job waits until they are answered, for up to yieldMaxMs.
   */
  yieldTo?: { whenQuiet: (maxMs: number, graceMs?: number) => Promise<void> }
  /** The longest a chunk waits for requests in flight (default 250 ms: under steady traffic a job still moves). */
  yieldMaxMs?: number
  /**
   * How long no request must have been in flight before the next chunk (default 20 ms): the next
   * request of a page or of a busy dealer comes within it and is answered first.
   */
  yieldGraceMs?: number
}

export const DEFAULT_JOB_WORKER: JobWorkerOptions = { pollMs: 1000, pauseMs: 0 }

export type JobWorkerDeps = {
  db: Db
  now: () => Date
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void }
  /** What the writers need of the app: the portal's address for invitation links, the mail signal. */
  app?: BulkInput['app']
}

/**
 * Claims one job that may run and writes its chunks until none is left (or `shouldStop`), then marks
 * it done. A writer's failure (not a rejected row: those are answers) fails the job with the error;
 * the chunks written before it stay. Answers whether a job was found.
 */
export async function runOneJob(deps: JobWorkerDeps, options: JobWorkerOptions, shouldStop = () => false) {
  const now = deps.now()
  const job = await claimJob(deps.db, now, new Date(now.getTime() - JOB_STALE_MS))
  if (!job) return false
  try {
    for (;;) {
      if (shouldStop()) {
        await requeueJob(deps.db, job.id)
        break
      }
      if (!(await writeNextChunk(deps.db, job, deps.now(), deps.app))) {
        await finishJob(deps.db, job.id, deps.now())
        break
      }
      await new Promise((resolve) =>
        options.pauseMs > 0 ? setTimeout(resolve, options.pauseMs) : setImmediate(resolve),
      )
      await options.yieldTo?.whenQuiet(options.yieldMaxMs ?? 250, options.yieldGraceMs ?? 20)
    }
  } catch (err) {
    deps.log.error({ err, jobId: job.id }, 'import job failed')
    await finishJob(deps.db, job.id, deps.now(), err instanceof Error ? err.message : String(err)).catch(
      () => {},
    )
  }
  return true
}

/** The in-process job worker: polls while idle, runs jobs one after another, stops between chunks. */
export function startJobWorker(deps: JobWorkerDeps, options: JobWorkerOptions = DEFAULT_JOB_WORKER) {
  let stopped = false
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let orphansRequeued = !options.onlyProcess
  const loop = () => {
    if (stopped) return
    running = (async () => {
      try {
        if (!orphansRequeued) {
          const requeued = await requeueRunningJobs(deps.db)
          orphansRequeued = true
          if (requeued > 0) deps.log.info({ jobs: requeued }, 'jobs left running by the last process resumed')
        }
        while (!stopped && (await runOneJob(deps, options, () => stopped))) {}
      } catch (err) {
        deps.log.error({ err }, 'job worker')
      }
    })().finally(() => {
      running = null
      if (!stopped) {
        timer = setTimeout(loop, options.pollMs)
        timer.unref()
      }
    })
  }
  loop()
  return {
    /** Looks for a job now (a new one was queued) instead of at the next poll. */
    poke: () => {
      if (running || stopped) return
      if (timer) clearTimeout(timer)
      loop()
    },
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
