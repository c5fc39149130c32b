import { z } from 'zod'
import { SYNC_RESOURCES } from '../domain/bulk-upsert'

/**
 * Large loads as jobs: the rows are stored at once in chunks, then written chunk by chunk in the
 * background (one job per resource at a time), each chunk in its own transaction with the job's
 * progress, so a restart resumes at the first chunk not written.
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

export const jobSchema = z.object({
  id: z.number(),
  resource: z.enum(SYNC_RESOURCES),
  status: z.enum(JOB_STATUSES),
  /** Who started it: an API key (the ERP), a staff user's spreadsheet import or bulk action. */
  source: z.enum(['api', 'import', 'bulk']),
  fileName: z.string().nullable(),
  total: z.number(),
  done: z.number(),
  counts: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), rejected: z.number() }),
  /** Rows a second since the job started writing; null before its first chunk. */
  rowsPerSecond: z.number().nullable(),
  /** At that rate, seconds until the last row; null when unknown. */
  secondsLeft: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why a job failed as a whole (the rows it had written stay). */
  error: z.string().nullable(),
  /** Where the rejected rows are, as CSV with their reasons; null while there are none. */
  rejectedRowsUrl: z.string().nullable(),
})
export type Job = z.infer<typeof jobSchema>

export const jobStartedSchema = z.object({ jobId: z.number() })
