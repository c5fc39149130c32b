import { z } from 'zod'
import { ROW_ERROR_CODES, SYNC_RESOURCES } from '../domain/bulk-upsert'
import { SYNC_HEALTH_ERRORS_PER_RESOURCE, SYNC_HEALTH_STATES } from '../domain/sync-health'
import { apiKeyStateSchema, integrationScopeSchema } from './api-keys'
import { webhookEventSchema } from './integration-feeds'
import { jobSchema } from './integration-jobs'

/**
 * GET /yonetim/integration-health: the sync health screen (/yonetim/entegrasyon). What the ERP wrote
 * per resource, its keys' calls, the jobs and the webhook deliveries that fail — each list bounded
 * (domain/sync-health.ts). Times are ISO 8601 in UTC; the screen draws them in the store's zone.
 */

const outcomeCounts = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
})

/** One rejected row of a bulk write, as the write log kept it; `message` is in the request's language. */
export const syncRejectedRowSchema = z.object({
  at: z.string(),
  /** The row's own code as the ERP sent it ('' when it had none). */
  code: z.string(),
  /** Who wrote the batch: the API key's name (null for a spreadsheet import, or a key since deleted). */
  keyName: z.string().nullable(),
  /** The job the batch belonged to; null for a direct API call. */
  jobId: z.number().nullable(),
  errors: z.array(z.object({ field: z.string(), code: z.enum(ROW_ERROR_CODES), message: z.string() })),
})
export type SyncRejectedRow = z.infer<typeof syncRejectedRowSchema>

export const resourceHealthSchema = z.object({
  resource: z.enum(SYNC_RESOURCES),
  health: z.enum(SYNC_HEALTH_STATES),
  /** The last write with at least one row created, updated or unchanged; null: none in the log's 30 days. */
  lastWriteAt: z.string().nullable(),
  /** Rows by outcome over the window (the last 24 hours), API calls, jobs and imports together. */
  window: outcomeCounts,
  /** The latest rejected rows, newest first, whatever their age within the log's 30 days. */
  lastErrors: z.array(syncRejectedRowSchema).max(SYNC_HEALTH_ERRORS_PER_RESOURCE),
})
export type ResourceHealth = z.infer<typeof resourceHealthSchema>

export const keyHealthSchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(integrationScopeSchema),
  state: apiKeyStateSchema,
  lastUsedAt: z.string().nullable(),
  /** Calls in the window, and those answered with a status of 400 or more. */
  calls: z.number(),
  errorCalls: z.number(),
})
export type KeyHealth = z.infer<typeof keyHealthSchema>

export const jobHealthSchema = jobSchema.extend({
  /** The key's or the staff user's name, as the job's audit record names it. */
  startedBy: z.string(),
})
export type JobHealth = z.infer<typeof jobHealthSchema>

/** A webhook delivery given up, or still retrying after a failed attempt. */
export const failingDeliverySchema = z.object({
  id: z.number(),
  /** The key whose endpoint it is: the replay's address names it. */
  keyId: z.number(),
  keyName: z.string(),
  url: z.string(),
  event: webhookEventSchema,
  status: z.enum(['pending', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** When a retrying one is tried next; null once given up. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
})
export type FailingDelivery = z.infer<typeof failingDeliverySchema>

export const integrationHealthSchema = z.object({
  /** When the figures were read, and where their window starts (24 hours before). */
  at: z.string(),
  since: z.string(),
  /** Every resource of the bulk upserts, in their order, written or not. */
  resources: z.array(resourceHealthSchema),
  keys: z.array(keyHealthSchema),
  /** The latest jobs, newest first. */
  jobs: z.array(jobHealthSchema),
  /** Retrying ones first (soonest due first), then those given up (latest first). */
  failingDeliveries: z.array(failingDeliverySchema),
})
export type IntegrationHealth = z.infer<typeof integrationHealthSchema>
