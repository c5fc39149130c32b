/**
 * The sync health screen (/yonetim/entegrasyon, docs/integration.md "Sync health"): how far back its
 * figures look, how long its lists are, and the one-word state of a resource.
 */

/** The window of the screen's sums: rows and calls of the last 24 hours. */
export const SYNC_HEALTH_WINDOW_MS = 24 * 60 * 60 * 1000
/** The latest rejected rows shown per resource. */
export const SYNC_HEALTH_ERRORS_PER_RESOURCE = 5
/** The reasons shown per rejected row (a malformed row can break many fields at once). */
export const SYNC_HEALTH_REASONS_PER_ROW = 5
/** The latest jobs shown, API loads and spreadsheet imports together. */
export const SYNC_HEALTH_JOBS = 20
/** Failing webhook deliveries shown: of those still retrying, and of those given up, each. */
export const SYNC_HEALTH_DELIVERIES = 20
/** Keys shown: the usable ones and any other that called in the window, newest first. */
export const SYNC_HEALTH_KEYS = 50

export const SYNC_HEALTH_STATES = ['ok', 'rejected', 'never'] as const
export type SyncHealthState = (typeof SYNC_HEALTH_STATES)[number]

/**
 * A resource's state: `rejected` when any row of it was rejected in the window (someone has to fix the
 * ERP's data), else `never` when no row of it was ever written (the write log keeps 30 days), else `ok`.
 * Rejections come first: a resource whose every row is refused was never written either, and the
 * refusals are what to look at.
 */
export function resourceHealth(figures: {
  lastWriteAt: Date | string | null
  rejectedInWindow: number
}): SyncHealthState {
  if (figures.rejectedInWindow > 0) return 'rejected'
  if (figures.lastWriteAt === null) return 'never'
  return 'ok'
}
