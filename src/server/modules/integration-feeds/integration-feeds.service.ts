import {
  decodeFeedCursor,
  encodeFeedCursor,
  type FeedKind,
  type FeedName,
  feedOfKind,
  webhookEventOfKind,
} from '../../../domain/integration-feeds'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import {
  findCardPaymentEntryIds,
  findFeedCustomerUsers,
  findFeedOffers,
  findFeedOrders,
  findFeedPayments,
  findFeedRows,
  insertFeedRow,
} from './integration-feeds.repository'
import { queueDeliveries } from './webhooks.repository'

/**
 * Records an event for the ERP, inside the transaction that made it (call it with that `tx`): a row of
 * its feed, and for a new order or a payment received a delivery to every endpoint that wants it. Both
 * commit with the change or not at all; nothing here reads or calls anything outside the database.
 */
export async function recordIntegrationEvent(
  tx: Db,
  event: { kind: FeedKind; entityId: number | string },
  now: Date,
): Promise<void> {
  const entityId = String(event.entityId)
  await insertFeedRow(tx, { feed: feedOfKind(event.kind), kind: event.kind, entityId, at: now })
  const webhook = webhookEventOfKind(event.kind)
  if (webhook) await queueDeliveries(tx, { event: webhook, kind: event.kind, entityId }, now)
}

/**
 * Something already in a feed changed (an order's status, an offer cancelled, a bank transfer
 * reversed): the feed shows it again, as it is then. No webhook: those are for a new order and money
 * received. Inside the transaction that made the change.
 */
export async function recordIntegrationChange(
  tx: Db,
  event: { kind: FeedKind; entityId: number | string },
  now: Date,
): Promise<void> {
  await insertFeedRow(tx, {
    feed: feedOfKind(event.kind),
    kind: event.kind,
    entityId: String(event.entityId),
    at: now,
  })
}

/**
 * A card payment changed after it was received (its order cancelled, the money refunded): the
 * payments feed shows it again by the credit it was booked as. Inside the transaction that changed it.
 */
export async function recordCardPaymentChange(tx: Db, paymentIntentId: string, now: Date): Promise<void> {
  for (const { id } of await findCardPaymentEntryIds(tx, paymentIntentId))
    await recordIntegrationChange(tx, { kind: 'card_payment', entityId: id }, now)
}

type EntityData = Record<string, unknown>

const LOADERS: Record<FeedKind, (db: Db, ids: number[]) => Promise<{ id: number; item: EntityData }[]>> = {
  order: findFeedOrders,
  offer: findFeedOffers,
  card_payment: findFeedPayments,
  bank_transfer: findFeedPayments,
  customer_user: findFeedCustomerUsers,
}

/** The entities of `refs` as the feed shows them now, keyed "kind:id" (a vanished one is missing). */
async function loadEntities(
  db: Db,
  refs: { kind: FeedKind; entityId: string }[],
): Promise<Map<string, EntityData>> {
  const found = new Map<string, EntityData>()
  const byLoader = new Map<(typeof LOADERS)[FeedKind], { kinds: Set<FeedKind>; ids: Set<number> }>()
  for (const ref of refs) {
    const loader = LOADERS[ref.kind]
    const group = byLoader.get(loader) ?? { kinds: new Set(), ids: new Set() }
    group.kinds.add(ref.kind)
    group.ids.add(Number(ref.entityId))
    byLoader.set(loader, group)
  }
  for (const [loader, group] of byLoader) {
    for (const row of await loader(db, [...group.ids])) {
      for (const kind of group.kinds) found.set(`${kind}:${row.id}`, row.item)
    }
  }
  return found
}

/** One entity as a webhook's `data` carries it (the feed item without its event fields), or null. */
export async function integrationEntity(
  db: Db,
  kind: FeedKind,
  entityId: string,
): Promise<EntityData | null> {
  return (await loadEntities(db, [{ kind, entityId }])).get(`${kind}:${entityId}`) ?? null
}

const invalidCursor = () =>
  new AppError('validation', 'feeds.invalidCursor', undefined, 'invalid_cursor', {
    since: { key: 'feeds.invalidCursor' },
  })

/**
 * A page of a feed after the cursor `since` (none: from the start): at most `limit` events in the
 * feed's order, each with its entity as it is now, and the cursor to go on from. A page may hold fewer
 * than `limit` items while more exist: events of transactions still running wait for them to end.
 */
export async function readFeed(
  db: Db,
  feed: FeedName,
  query: { since?: string | undefined; limit: number },
): Promise<{ items: EntityData[]; next: string }> {
  const after = query.since === undefined ? null : decodeFeedCursor(query.since)
  if (query.since !== undefined && !after) throw invalidCursor()
  const rows = await findFeedRows(db, feed, after, query.limit)
  const entities = await loadEntities(db, rows)
  const items: EntityData[] = []
  for (const row of rows) {
    const entity = entities.get(`${row.kind}:${row.entityId}`)
    // An entity gone since (a dealer company deleted with its users) leaves its event out.
    if (entity) items.push({ eventId: row.id, eventAt: row.at, ...entity })
  }
  const last = rows.at(-1)
  const next = last ? { xact: last.xact, id: last.id } : (after ?? { xact: '0', id: 0 })
  return { items, next: encodeFeedCursor(next) }
}
