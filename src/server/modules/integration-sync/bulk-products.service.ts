import type { Locale } from '../../../contracts/common'
import type { Job } from '../../../contracts/integration-jobs'
import { BULK_PRODUCTS_MAX, type BulkProductsBody } from '../../../contracts/staff-products'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { bulkActionRows, countBulkTargets } from '../catalog/products-admin.service'
import { findJob, rejectedRowsCsv, startJob } from './jobs.service'

/**
 * The back office's bulk actions on products (activate, deactivate, move category, change prices by
 * percent) as jobs of the ERP's rows: the catalogue module says which rows, the job worker writes them
 * chunk by chunk with progress, a restart resumes them, and the rows it refused come back as CSV.
 */

const tooMany = () =>
  new AppError('bad_request', 'products.bulkTooMany', { max: BULK_PRODUCTS_MAX.toLocaleString('tr-TR') })

/**
 * POST /yonetim/products/bulk: answers the job's id as soon as its rows are stored. A filter matching
 * nothing, or more than BULK_PRODUCTS_MAX products, is refused before a job exists.
 */
export async function startBulkAction(
  db: Db,
  actor: StaffActor,
  body: BulkProductsBody,
  locale: Locale,
  now: Date,
): Promise<{ jobId: number }> {
  const { total, capped } = await countBulkTargets(db, body.filter, BULK_PRODUCTS_MAX)
  if (capped) throw tooMany()
  if (total === 0) throw new AppError('bad_request', 'products.bulkNone')
  return startJob(db, {
    resource: body.action.kind === 'changePrice' ? 'prices' : 'products',
    rows: bulkActionRows(db, body),
    actor,
    source: 'bulk',
    locale,
    now,
  })
}

/** GET /yonetim/products/bulk/{id}: a bulk action's progress (another kind of job: 404). */
export async function bulkJob(db: Db, id: number, now: Date): Promise<Job> {
  const job = await findJob(db, id, {
    now,
    rejectedRowsUrl: (jobId) => `/yonetim/products/bulk/${jobId}/rejected`,
  })
  if (job?.source !== 'bulk') throw notFound()
  return job
}

/** GET /yonetim/products/bulk/{id}/rejected: the rows a bulk action could not write, as CSV. */
export async function bulkRejectedRows(db: Db, id: number, locale: Locale, now: Date) {
  const job = await bulkJob(db, id, now)
  return { job, lines: rejectedRowsCsv(db, job.id, locale) }
}
