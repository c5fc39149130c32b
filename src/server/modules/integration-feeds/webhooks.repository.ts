import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import type { FeedKind, WebhookEvent } from '../../../domain/integration-feeds'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/accounts'
import { apiKeys, webhookDeliveries, webhookEndpoints } from '../../db/schema/integration'

/**
 * Queues the event for every live endpoint of a usable key that wants it, in one statement inside the
 * event's transaction (no endpoint: no row, and nothing more read).
 */
export async function queueDeliveries(
  db: Db,
  event: { event: WebhookEvent; kind: FeedKind; entityId: string },
  now: Date,
) {
  await db.execute(
    sql`insert into webhook_deliveries (endpoint_id, event, kind, entity_id, next_attempt_at, created_at)
        select e.id, ${event.event}, ${event.kind}, ${event.entityId}, ${now}, ${now}
        from webhook_endpoints e join api_keys k on k.id = e.key_id
        where e.disabled_at is null and ${event.event} = any(e.events)
          and k.revoked_at is null and (k.expires_at is null or k.expires_at > ${now})`,
  )
}

const endpointColumns = {
  id: webhookEndpoints.id,
  keyId: webhookEndpoints.keyId,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  createdAt: webhookEndpoints.createdAt,
  createdBy: users.name,
}

/** A key's live endpoints, oldest first. */
export function findEndpoints(db: Db, keyId: number) {
  return db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(and(eq(webhookEndpoints.keyId, keyId), isNull(webhookEndpoints.disabledAt)))
    .orderBy(asc(webhookEndpoints.id))
}

export async function findEndpoint(db: Db, keyId: number, id: number) {
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .leftJoin(users, eq(users.id, webhookEndpoints.createdBy))
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.keyId, keyId),
        isNull(webhookEndpoints.disabledAt),
      ),
    )
  return rows[0] ?? null
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<number> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id })
  if (!row) throw new Error('webhook endpoint not inserted')
  return row.id
}

/** Removes an endpoint (its row stays for the log); its deliveries still waiting are failed. */
export async function disableEndpoint(db: Db, id: number, now: Date) {
  await db.update(webhookEndpoints).set({ disabledAt: now }).where(eq(webhookEndpoints.id, id))
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: 'endpoint removed', nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')))
}

/** A rotated key's endpoints go on with its successor. */
export async function moveEndpoints(db: Db, fromKeyId: number, toKeyId: number) {
  await db.update(webhookEndpoints).set({ keyId: toKeyId }).where(eq(webhookEndpoints.keyId, fromKeyId))
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  url: webhookEndpoints.url,
  event: webhookDeliveries.event,
  kind: webhookDeliveries.kind,
  entityId: webhookDeliveries.entityId,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
}
export type DeliveryRow = Awaited<ReturnType<typeof findDeliveries>>[number]

/** The latest deliveries to a key's endpoints (removed ones too), newest first. */
export function findDeliveries(db: Db, keyId: number, limit: number) {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookEndpoints.keyId, keyId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
}

export async function findDelivery(db: Db, keyId: number, id: number, lock = false) {
  const query = db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.keyId, keyId)))
  const rows = lock ? await query.for('update', { of: webhookDeliveries }) : await query
  return rows[0] ?? null
}

const failingColumns = {
  ...deliveryColumns,
  keyId: webhookEndpoints.keyId,
  keyName: apiKeys.name,
}
export type FailingDeliveryRow = Awaited<ReturnType<typeof findRetryingDeliveries>>[number]

const failing = (db: Db) =>
  db
    .select(failingColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(apiKeys, eq(apiKeys.id, webhookEndpoints.keyId))

/**
 * Deliveries of live endpoints still retrying after a failed attempt, the soonest due first (the
 * worker's (status, next_attempt_at) index: the pending rows are the backlog, few).
 */
export function findRetryingDeliveries(db: Db, limit: number) {
  return failing(db)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        gt(webhookDeliveries.attempts, 0),
        isNull(webhookEndpoints.disabledAt),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(limit)
}

/**
 * Deliveries of live endpoints given up, the latest first: a failed row's next_attempt_at is when it
 * was given up, so the same index read backwards. A removed endpoint's are left out (nowhere to send).
 */
export function findFailedDeliveries(db: Db, limit: number) {
  return failing(db)
    .where(and(eq(webhookDeliveries.status, 'failed'), isNull(webhookEndpoints.disabledAt)))
    .orderBy(desc(webhookDeliveries.nextAttemptAt), desc(webhookDeliveries.id))
    .limit(limit)
}

/** Makes a delivery due now with the whole retry schedule ahead (staff's replay). */
export async function resetDelivery(db: Db, id: number, now: Date) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(eq(webhookDeliveries.id, id))
}

export type ClaimedDelivery = {
  id: number
  endpointId: number
  event: WebhookEvent
  kind: FeedKind
  entityId: string
  body: string | null
  attempts: number
  createdAt: Date
}

/**
 * Takes the pending delivery that fell due first, counts the attempt and leases it, in one statement
 * (as the mail outbox does: SKIP LOCKED, so several processes never send one delivery at once).
 */
export async function claimDueDelivery(db: Db, now: Date, leaseUntil: Date): Promise<ClaimedDelivery | null> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil, lastAttemptAt: now })
    .where(and(sql`${webhookDeliveries.id} = (${due})`, eq(webhookDeliveries.status, 'pending')))
    .returning({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      event: webhookDeliveries.event,
      kind: webhookDeliveries.kind,
      entityId: webhookDeliveries.entityId,
      body: webhookDeliveries.body,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
    })
  return row ?? null
}

/** Where a claimed delivery goes and what signs it (also a removed endpoint's, to fail it). */
export async function findEndpointTarget(db: Db, id: number) {
  const rows = await db
    .select({
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      disabledAt: webhookEndpoints.disabledAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
  return rows[0] ?? null
}

/** The body built at a delivery's first attempt, kept so every retry and replay sends the same bytes. */
export async function storeDeliveryBody(db: Db, id: number, body: string) {
  await db
    .update(webhookDeliveries)
    .set({ body })
    .where(and(eq(webhookDeliveries.id, id), isNull(webhookDeliveries.body)))
}

/** The claim this worker holds: still pending at the attempt it counted (staff may have replayed it). */
const stillClaimed = (d: ClaimedDelivery) =>
  and(
    eq(webhookDeliveries.id, d.id),
    eq(webhookDeliveries.attempts, d.attempts),
    eq(webhookDeliveries.status, 'pending'),
  )

export async function markDelivered(db: Db, d: ClaimedDelivery, statusCode: number, now: Date) {
  await db
    .update(webhookDeliveries)
    .set({ status: 'sent', deliveredAt: now, lastStatusCode: statusCode, lastError: null })
    .where(stillClaimed(d))
}

/** A failed attempt: due again at `next`, or failed for good when there is none. */
export async function markAttemptFailed(
  db: Db,
  d: ClaimedDelivery,
  failure: { statusCode: number | null; error: string },
  next: Date | null,
  now: Date,
) {
  await db
    .update(webhookDeliveries)
    .set({
      status: next ? 'pending' : 'failed',
      nextAttemptAt: next ?? now,
      lastStatusCode: failure.statusCode,
      lastError: failure.error.slice(0, 300),
    })
    .where(stillClaimed(d))
}

/**
 * Removes deliveries sent or given up before `before`, a bounded batch per statement; a pending one
 * stays whatever its age. A settled row's next_attempt_at is when it settled (a sent row's is its last
 * lease, a minute or so after it was sent), so the worker's own index finds them. Returns how many.
 */
export async function deleteSettledDeliveriesBefore(db: Db, before: Date, batch = 5_000): Promise<number> {
  let removed = 0
  for (;;) {
    const settled = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.status, ['sent', 'failed']),
          lt(webhookDeliveries.nextAttemptAt, before),
        ),
      )
      .limit(batch)
    const rows = await db
      .delete(webhookDeliveries)
      .where(inArray(webhookDeliveries.id, settled))
      .returning({ id: webhookDeliveries.id })
    removed += rows.length
    if (rows.length < batch) return removed
  }
}
