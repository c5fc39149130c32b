import type { Locale } from '../../../contracts/common'
import type { IntegrationHealth, JobHealth } from '../../../contracts/integration-health'
import { IMPORT_RESOURCES, isImportResource } from '../../../domain/import-fields'
import {
  resourceHealth,
  SYNC_HEALTH_DELIVERIES,
  SYNC_HEALTH_JOBS,
  SYNC_HEALTH_KEYS,
  SYNC_HEALTH_WINDOW_MS,
} from '../../../domain/sync-health'
import type { Db } from '../../db/client'
import { failingDeliveries } from '../integration-feeds/webhooks.service'
import { apiKeyNames, keyCallFigures } from '../integration-keys/integration-keys.service'
import { recentJobsStartedBy } from '../integration-sync/jobs.service'
import { resourceWriteFigures } from '../integration-sync/write-log.service'

/**
 * A job's rejected rows as staff download them: an import's at its area's door (the screen's link);
 * an API load's only through the key that sent it, so none here.
 */
const staffRejectedUrl = (id: number, job: { source: string; resource: string }) =>
  job.source === 'import' && isImportResource(job.resource)
    ? `/yonetim/import/${IMPORT_RESOURCES[job.resource].area}/jobs/${id}/rejected`
    : null

/**
 * GET /yonetim/integration-health: the sync health screen's figures, each from the module that owns
 * them — the write log (integration-sync), the keys and their calls (integration-keys), the jobs
 * (integration-sync) and the webhook deliveries (integration-feeds). Read only; every list bounded.
 */
export async function integrationHealth(db: Db, now: Date, locale: Locale): Promise<IntegrationHealth> {
  const since = new Date(now.getTime() - SYNC_HEALTH_WINDOW_MS)
  const [writes, keys, jobs, deliveries] = await Promise.all([
    resourceWriteFigures(db, since, locale),
    keyCallFigures(db, since, now, SYNC_HEALTH_KEYS),
    recentJobsStartedBy(db, SYNC_HEALTH_JOBS, { now, rejectedRowsUrl: staffRejectedUrl }),
    failingDeliveries(db, SYNC_HEALTH_DELIVERIES),
  ])
  // A rejected row names the key that sent it; the keys shown above may not include it (revoked).
  const keyIds = new Set(
    writes.flatMap((w) => w.lastErrors.flatMap((e) => (e.keyId === null ? [] : [e.keyId]))),
  )
  const names = await apiKeyNames(db, [...keyIds])
  return {
    at: now.toISOString(),
    since: since.toISOString(),
    resources: writes.map((w) => ({
      resource: w.resource,
      health: resourceHealth({ lastWriteAt: w.lastWriteAt, rejectedInWindow: w.window.rejected }),
      lastWriteAt: w.lastWriteAt?.toISOString() ?? null,
      window: w.window,
      lastErrors: w.lastErrors.map((e) => ({
        at: e.at.toISOString(),
        code: e.code,
        keyName: e.keyId === null ? null : (names.get(e.keyId) ?? null),
        jobId: e.jobId,
        errors: e.errors,
      })),
    })),
    keys,
    jobs: jobs satisfies JobHealth[],
    failingDeliveries: deliveries,
  }
}
