import { type SQL, sql } from 'drizzle-orm'
import type { FeedKind, FeedName, FeedPosition } from '../../../domain/integration-feeds'
import type { Db } from '../../db/client'

const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

/** A timestamp as ISO 8601 in UTC, whatever the session's time zone. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** Ids as one array parameter (a list of parameters would grow the statement with the page). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`

/** Appends an event to its feed; the row takes the writing transaction's id by its column default. */
export async function insertFeedRow(
  db: Db,
  row: { feed: FeedName; kind: FeedKind; entityId: string; at: Date },
) {
  await db.execute(
    sql`insert into integration_feed (feed, kind, entity_id, created_at)
        values (${row.feed}, ${row.kind}, ${row.entityId}, ${row.at})`,
  )
}

export type FeedRow = { id: number; kind: FeedKind; entityId: string; xact: string; at: string }

/**
 * The next rows of a feed after `after`, in (xact_id, id) order, of transactions older than every
 * transaction still running: a row whose transaction may yet be joined by an earlier-numbered one
 * still open stays back until that one ends (docs/decisions.md, "Integration feeds").
 */
export function findFeedRows(db: Db, feed: FeedName, after: FeedPosition | null, limit: number) {
  const position = after ? sql`and (xact_id, id) > (${after.xact}::xid8, ${after.id}::bigint)` : sql``
  return rowsOf<FeedRow>(
    db,
    sql`select id::int as id, kind, entity_id as "entityId", xact_id::text as xact, ${iso(sql`created_at`)} as at
        from integration_feed
        where feed = ${feed} and xact_id < pg_snapshot_xmin(pg_current_snapshot()) ${position}
        order by xact_id, id
        limit ${limit}`,
  )
}

const customerJson = sql`json_build_object('id', c.id, 'code', c.code, 'name', c.name)`
const userJson = sql`json_build_object('id', u.id, 'email', u.email, 'name', u.name)`

/** Orders as the feed shows them, with their lines (amounts as text: NUMERIC, never floats). */
export function findFeedOrders(db: Db, ids: readonly number[]) {
  return rowsOf<{ id: number; item: Record<string, unknown> }>(
    db,
    sql`select o.id, json_build_object(
          'id', o.id, 'orderNo', o.order_no, 'createdAt', ${iso(sql`o.created_at`)}, 'status', o.status,
          'customer', ${customerJson},
          'branch', case when b.id is null then null else json_build_object('id', b.id, 'name', b.name) end,
          'user', ${userJson},
          'paymentPlan', o.payment_plan_name, 'priceName', o.price_name, 'currency', o.currency_code,
          'currencyRate', o.currency_rate::text, 'subtotal', o.subtotal::text, 'tax', o.tax::text,
          'total', o.total::text, 'totalTry', o.base_total::text, 'note', o.description,
          'paidAt', ${iso(sql`o.paid_at`)},
          'lines', coalesce((
            select json_agg(json_build_object(
              'productId', i.product_id, 'code', i.code, 'name', i.name, 'unit', i.unit_name,
              'multiplier', i.multiplier, 'quantity', i.quantity, 'unitPrice', i.unit_price::text,
              'amount', i.amount::text, 'tax', i.tax::text, 'taxRate', i.tax_rate::text) order by i.id)
            from order_items i where i.order_id = o.id), '[]'::json),
          'erp', case when o.erp_document_no is null then null else json_build_object(
            'documentNumber', o.erp_document_no, 'transferredAt', ${iso(sql`o.erp_transferred_at`)}) end
        ) as item
        from orders o
        join customers c on c.id = o.customer_id
        join users u on u.id = o.user_id
        left join branches b on b.id = o.branch_id
        where o.id = any(${intArray(ids)})`,
  )
}

export function findFeedOffers(db: Db, ids: readonly number[]) {
  return rowsOf<{ id: number; item: Record<string, unknown> }>(
    db,
    sql`select o.id, json_build_object(
          'id', o.id, 'offerNo', o.offer_no, 'createdAt', ${iso(sql`o.created_at`)},
          'status', case when o.is_cancel then 'cancelled' when o.order_id is not null then 'ordered' else 'open' end,
          'orderId', o.order_id, 'customer', ${customerJson}, 'user', ${userJson},
          'currency', o.currency_code, 'currencyRate', o.currency_rate::text, 'note', o.description,
          'endCustomer', json_build_object('name', o.customer_name, 'companyName', o.customer_company_name,
            'email', o.customer_email, 'phone', o.customer_phone),
          'lines', coalesce((
            select json_agg(json_build_object(
              'productId', i.product_id, 'code', i.code, 'name', i.name, 'unit', i.unit_name,
              'multiplier', i.multiplier, 'quantity', i.quantity, 'unitPrice', i.unit_price::text,
              'taxRate', i.tax_rate::text) order by i.sort_order, i.id)
            from offer_items i where i.offer_id = o.id), '[]'::json)
        ) as item
        from offers o
        join customers c on c.id = o.customer_id
        join users u on u.id = o.user_id
        where o.id = any(${intArray(ids)})`,
  )
}

/** Card payments and bank transfers: the current-account credit each was booked as. */
export function findFeedPayments(db: Db, ids: readonly number[]) {
  return rowsOf<{ id: number; item: Record<string, unknown> }>(
    db,
    sql`select e.id, json_build_object(
          'kind', e.kind, 'id', e.id, 'customer', ${customerJson}, 'amount', e.credit::text, 'currency', 'TRY',
          'date', e.entry_date::text, 'createdAt', ${iso(sql`e.created_at`)}, 'reference', e.document_no,
          'description', e.description, 'reversedAt', ${iso(sql`e.reversed_at`)},
          'card', case when p.id is null then null else json_build_object(
            'paymentId', p.id, 'installments', p.installment, 'totalCharged', p.total_amount::text,
            'maskedNumber', p.card_masked, 'gatewayReference', p.gateway_ref, 'orderId', p.order_id,
            'status', p.status) end
        ) as item
        from ledger_entries e
        join customers c on c.id = e.customer_id
        left join payment_intents p on p.id = e.payment_intent_id
        where e.id = any(${intArray(ids)}) and e.kind in ('card_payment', 'bank_transfer')`,
  )
}

export function findFeedCustomerUsers(db: Db, ids: readonly number[]) {
  return rowsOf<{ id: number; item: Record<string, unknown> }>(
    db,
    sql`select u.id, json_build_object(
          'id', u.id, 'email', u.email, 'name', u.name, 'customer', ${customerJson},
          'active', u.is_active, 'createdAt', ${iso(sql`u.created_at`)}
        ) as item
        from users u
        join customers c on c.id = u.customer_id
        where u.id = any(${intArray(ids)})`,
  )
}

/** The current-account credits a card payment was booked as (one; none before it succeeded). */
export function findCardPaymentEntryIds(db: Db, paymentIntentId: string) {
  return rowsOf<{ id: number }>(
    db,
    sql`select id from ledger_entries where payment_intent_id = ${paymentIntentId} and kind = 'card_payment'`,
  )
}
