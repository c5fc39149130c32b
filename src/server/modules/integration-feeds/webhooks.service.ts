import { randomBytes } from 'node:crypto'
import {
  WEBHOOK_LOG_SIZE,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointIssued,
  type WebhooksView,
} from '../../../contracts/integration-feeds'
import type { FailingDelivery } from '../../../contracts/integration-health'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import { apiKeyStateOf } from '../integration-keys/integration-keys.service'
import {
  type DeliveryRow,
  disableEndpoint,
  type FailingDeliveryRow,
  findDeliveries,
  findDelivery,
  findEndpoint,
  findEndpoints,
  findFailedDeliveries,
  findRetryingDeliveries,
  insertEndpoint,
  moveEndpoints,
  resetDelivery,
} from './webhooks.repository'

const iso = (d: Date | null) => d?.toISOString() ?? null

const endpointView = (row: Awaited<ReturnType<typeof findEndpoints>>[number]): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
})

const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  url: row.url,
  event: row.event,
  entity: { kind: row.kind, id: row.entityId },
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  deliveredAt: iso(row.deliveredAt),
  createdAt: row.createdAt.toISOString(),
})

const webhookNotFound = () => new AppError('not_found', 'webhooks.notFound', undefined, 'webhook_not_found')

async function keyOr404(db: Db, keyId: number, now: Date, lock = false) {
  const state = await apiKeyStateOf(db, keyId, now, lock)
  if (!state) throw new AppError('not_found', 'error.notFound')
  return state
}

/** GET /yonetim/api-keys/{id}/webhooks: the key's endpoints and its latest deliveries. */
export async function webhooksOf(db: Db, keyId: number, now: Date): Promise<WebhooksView> {
  await keyOr404(db, keyId, now)
  const [endpoints, deliveries] = [
    await findEndpoints(db, keyId),
    await findDeliveries(db, keyId, WEBHOOK_LOG_SIZE),
  ]
  return { endpoints: endpoints.map(endpointView), deliveries: deliveries.map(deliveryView) }
}

/**
 * POST /yonetim/api-keys/{id}/webhooks: a new endpoint of a usable key; the answer carries its signing
 * secret this once (the audit trail records the address and events, never the secret).
 */
export async function createWebhookEndpoint(
  db: Db,
  actor: StaffActor,
  keyId: number,
  input: WebhookEndpointCreate,
  now: Date,
): Promise<WebhookEndpointIssued> {
  return db.transaction(async (tx) => {
    const state = await keyOr404(tx, keyId, now, true)
    if (state !== 'active' && state !== 'retiring')
      throw new AppError('conflict', 'apiKeys.inactive', undefined, 'key_inactive')
    const secret = `whsec_${randomBytes(32).toString('base64url')}`
    const events = [...input.events]
    const id = await insertEndpoint(tx, {
      keyId,
      url: input.url,
      events,
      secret,
      createdBy: actor.id,
      createdAt: now,
    })
    await recordAudit(
      tx,
      actor,
      {
        entity: 'webhook_endpoint',
        entityId: id,
        action: 'create',
        before: null,
        after: { keyId, url: input.url, events },
      },
      now,
    )
    const row = await findEndpoint(tx, keyId, id)
    if (!row) throw new Error('webhook endpoint not found after insert')
    return { ...endpointView(row), secret }
  })
}

/** DELETE /yonetim/api-keys/{id}/webhooks/{webhookId}: no more deliveries; the log stays. */
export async function removeWebhookEndpoint(
  db: Db,
  actor: StaffActor,
  keyId: number,
  endpointId: number,
  now: Date,
): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const row = await findEndpoint(tx, keyId, endpointId)
    if (!row) throw webhookNotFound()
    await disableEndpoint(tx, endpointId, now)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'webhook_endpoint',
        entityId: endpointId,
        action: 'delete',
        before: { keyId, url: row.url, events: row.events },
        after: { keyId: null, url: null, events: null },
      },
      now,
    )
    return { ok: true as const }
  })
}

/**
 * POST /yonetim/api-keys/{id}/webhooks/deliveries/{deliveryId}/replay: due now, with the whole retry
 * schedule ahead, whatever became of it (a sent one goes again: the receiver asked for it). The same
 * body and delivery id go again, so a receiver that keeps ids sees a repeat.
 */
export async function replayWebhookDelivery(
  db: Db,
  actor: StaffActor,
  keyId: number,
  deliveryId: number,
  now: Date,
): Promise<WebhookDelivery> {
  return db.transaction(async (tx) => {
    const row = await findDelivery(tx, keyId, deliveryId, true)
    if (!row) throw webhookNotFound()
    const endpoint = await findEndpoint(tx, keyId, row.endpointId)
    // A removed endpoint has nowhere to send to.
    if (!endpoint) throw webhookNotFound()
    await resetDelivery(tx, deliveryId, now)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'webhook_delivery',
        entityId: deliveryId,
        action: 'replay',
        before: { status: row.status, attempts: row.attempts },
        after: { status: 'pending', attempts: 0 },
      },
      now,
    )
    const after = await findDelivery(tx, keyId, deliveryId)
    if (!after) throw webhookNotFound()
    return deliveryView(after)
  })
}

const failingView = (row: FailingDeliveryRow): FailingDelivery => ({
  id: row.id,
  keyId: row.keyId,
  keyName: row.keyName,
  url: row.url,
  event: row.event,
  status: row.status === 'failed' ? 'failed' : 'pending',
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
})

/**
 * The deliveries that fail, over every key (the sync health screen): those still retrying after a
 * failed attempt, soonest due first, then those given up, latest first; at most `limit` of each.
 * A removed endpoint's are left out: they cannot be sent again.
 */
export async function failingDeliveries(db: Db, limit: number): Promise<FailingDelivery[]> {
  const [retrying, failed] = await Promise.all([
    findRetryingDeliveries(db, limit),
    findFailedDeliveries(db, limit),
  ])
  return [...retrying, ...failed].map(failingView)
}

/** A rotated key's endpoints go on with its successor (integration-keys' rotation calls it, via app.ts). */
export async function moveWebhookEndpoints(tx: Db, fromKeyId: number, toKeyId: number): Promise<void> {
  await moveEndpoints(tx, fromKeyId, toKeyId)
}
