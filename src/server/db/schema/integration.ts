import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigserial,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { FeedKind, FeedName, WebhookEvent } from '../../../domain/integration-feeds'
import { users } from './accounts'

/** PostgreSQL's 64-bit transaction id; read as text (it may pass 2^53). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' })

/**
 * Keys of the ERP integration API (`/api/integration/v1/`). A key reads `tpk_<prefix>_<secret>`: the
 * prefix finds the row, and only the SHA-256 of the secret is kept, compared in constant time — the
 * database never holds a usable key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    /** The key's public part: random, shown on the screen and in logs. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    scopes: text('scopes').array().notNull(),
    /** SHA-256 (hex) of the secret part. */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key (domain/integration-scopes.ts LAST_USE_WRITE_MS). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Set when the key is rotated: it keeps working until then beside its successor. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    rotatedFromId: integer('rotated_from_id').references((): AnyPgColumn => apiKeys.id),
  },
  (t) => [uniqueIndex('api_keys_prefix_uq').on(t.prefix)],
)

/**
 * One row per call of the integration API, for the sync health screen (what the ERP sent,
 * when, and what failed). Kept 30 days; pruned by the integration door.
 */
export const integrationCalls = pgTable(
  'integration_calls',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id),
    method: varchar('method', { length: 8 }).notNull(),
    /** The route's pattern (`/api/integration/v1/key`), never the raw URL. */
    route: varchar('route', { length: 200 }).notNull(),
    status: integer('status').notNull(),
    /** Rows the route reports having handled (bulk upserts, feeds); null when it reports none. */
    rows: integer('rows'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('integration_calls_key_idx').on(t.keyId, t.id), index('integration_calls_at_idx').on(t.at)],
)

/**
 * What a bulk upsert with an Idempotency-Key answered, kept 24 hours: the same key and body get the
 * stored answer again, another body under the same key is refused. A row without an answer is a call
 * still running (or one that died: it is taken over after a few minutes).
 */
export const integrationIdempotency = pgTable(
  'integration_idempotency',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    /** SHA-256 of the method, route and body: what "the same request" means. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.keyId, t.idempotencyKey] }),
    index('integration_idempotency_created_idx').on(t.createdAt),
  ],
)

/**
 * One row per bulk write of a resource (an API call or a job's batch): counts per status and the first
 * rejected rows, for the sync health screen. Kept 30 days with the call log.
 */
export const integrationWrites = pgTable(
  'integration_writes',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    resource: varchar('resource', { length: 32 }).notNull(),
    keyId: integer('key_id').references(() => apiKeys.id),
    /** The import job the batch belonged to (null: a direct API call). */
    jobId: integer('job_id'),
    created: integer('created').notNull(),
    updated: integer('updated').notNull(),
    unchanged: integer('unchanged').notNull(),
    rejected: integer('rejected').notNull(),
    /** The first rejected rows: [{code, errors: [{field, code, message}]}]. */
    errors: jsonb('errors').notNull(),
  },
  (t) => [
    index('integration_writes_resource_idx').on(t.resource, t.at),
    index('integration_writes_at_idx').on(t.at),
  ],
)

/**
 * A large load (docs/integration.md "Jobs"): its rows wait in integration_job_chunks and are written
 * a chunk at a time by the job worker, each chunk in one transaction with the job's progress, so a
 * restart resumes at the first chunk left. Status: receiving (the upload is being stored), queued,
 * running, done, failed.
 */
export const integrationJobs = pgTable(
  'integration_jobs',
  {
    id: serial('id').primaryKey(),
    resource: varchar('resource', { length: 32 }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    source: varchar('source', { length: 8 }).$type<'api' | 'import' | 'bulk'>().notNull(),
    keyId: integer('key_id').references(() => apiKeys.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author as the audit trail names it (the key's or the user's name) and the address. */
    actorName: text('actor_name').notNull(),
    actorIp: varchar('actor_ip', { length: 64 }).notNull(),
    locale: varchar('locale', { length: 2 }).notNull(),
    fileName: text('file_name'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Written by the worker with every chunk: a running job whose beat stopped is taken over. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    index('integration_jobs_status_idx').on(t.status, t.id),
    index('integration_jobs_key_idx').on(t.keyId, t.id),
    check(
      'integration_jobs_status_valid',
      sql`${t.status} in ('receiving', 'queued', 'running', 'done', 'failed')`,
    ),
  ],
)

/** A job's rows not written yet, a chunk a row; a chunk is deleted in the transaction that writes it. */
export const integrationJobChunks = pgTable(
  'integration_job_chunks',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => integrationJobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** Number of the chunk's first row in the load (1-based). */
    firstRow: integer('first_row').notNull(),
    rows: jsonb('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
)

/** A job's rejected rows with their reasons (error codes, translated when the file is read). */
export const integrationJobRejects = pgTable(
  'integration_job_rejects',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => integrationJobs.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    code: text('code').notNull(),
    errors: jsonb('errors').notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.rowNumber] })],
)

/**
 * The append-only feed the ERP reads (`GET /api/integration/v1/<feed>?since=`): one row per event
 * (an order placed, an offer made or ordered, a card payment or bank transfer booked, a dealer user
 * made), written by the owning service in the transaction of the change. `xact_id` is that
 * transaction's id: the feed hands out only rows whose transaction is older than every transaction
 * still running (pg_snapshot_xmin), ordered by (xact_id, id), so a transaction that took a lower id
 * but commits late is never skipped by a cursor (docs/decisions.md, "Integration feeds").
 */
export const integrationFeed = pgTable(
  'integration_feed',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    feed: varchar('feed', { length: 16 }).$type<FeedName>().notNull(),
    kind: varchar('kind', { length: 24 }).$type<FeedKind>().notNull(),
    /** The row the event is about: an order, offer or user id, a ledger entry id for payments. */
    entityId: varchar('entity_id', { length: 40 }).notNull(),
    xactId: xid8('xact_id').notNull().default(sql`pg_current_xact_id()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('integration_feed_read_idx').on(t.feed, t.xactId, t.id),
    check(
      'integration_feed_feed_valid',
      sql`${t.feed} in ('orders', 'offers', 'payments', 'customer_users')`,
    ),
  ],
)

/**
 * Where an API key's webhooks go: an absolute http(s) URL, the events it wants, and the secret its
 * deliveries are signed with (kept as is: signing needs it; shown to staff once). A removed endpoint
 * keeps its row (`disabled_at`) so its delivery log stays readable.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEvent[]>().notNull(),
    secret: varchar('secret', { length: 80 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_key_idx').on(t.keyId)],
)

/**
 * One event for one endpoint (an outbox row): queued in the transaction that made the event, sent by
 * the webhook worker outside any transaction, retried with backoff (domain/webhook-delivery.ts).
 * The body is built at the first attempt and kept, so retries and replays send the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    event: varchar('event', { length: 32 }).$type<WebhookEvent>().notNull(),
    kind: varchar('kind', { length: 24 }).$type<FeedKind>().notNull(),
    entityId: varchar('entity_id', { length: 40 }).notNull(),
    body: text('body'),
    status: varchar('status', { length: 16 })
      .$type<'pending' | 'sent' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** A pending delivery is due from then on; a worker sending it moves it ahead (its lease). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    /** The last failure in one short line (a status, a timeout, a refused connection). */
    lastError: varchar('last_error', { length: 300 }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The worker's pick: pending rows in the order they fall due.
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    // The staff log of an endpoint, newest first.
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    check('webhook_deliveries_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
)
