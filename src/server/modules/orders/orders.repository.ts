import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import { type DocumentKind, documentCounterKey, documentNumber } from '../../../domain/document-number'
import { overdueBalanceSql } from '../../../domain/ledger.sql'
import type { OrderStatus } from '../../../domain/order-status'
import { openOrdersSql } from '../../../domain/risk-limit.sql'
import type { Db } from '../../db/client'
import { customers, userPreferences, users } from '../../db/schema/accounts'
import { productStocks, products, productUnits } from '../../db/schema/catalogue'
import {
  documentCounters,
  orderItems,
  orderStatusChanges,
  orderStockMoves,
  orders,
} from '../../db/schema/orders'

/**
 * The next number of a document of `kind` made at `now` (domain document-number.ts: S2026-000042,
 * T2026-…, AR-2026-…), taken inside the caller's transaction. Other modules reach it through
 * orders.service.
 */
export async function nextDocumentNo(db: Db, kind: DocumentKind, now: Date): Promise<string> {
  const key = documentCounterKey(kind, now)
  const [row] = await db
    .insert(documentCounters)
    .values({ key, value: 1 })
    .onConflictDoUpdate({ target: documentCounters.key, set: { value: sql`${documentCounters.value} + 1` } })
    .returning({ value: documentCounters.value })
  return documentNumber(key, row!.value)
}

export async function findOrderByKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1)
  return row?.id ?? null
}

/**
 * The customer's risk figures: limit, overdue balance (from the ledger, on the day `today`) and the TRY
 * total of open orders not paid by card (domain riskUsed adds the two).
 */
export async function findCustomerRisk(db: Db, customerId: number, today: string) {
  const [row] = await customerRiskQuery(db, customerId, today)
  return row!
}

/**
 * The same figures with the customer row locked, so parallel orders cannot pass the limit together, and
 * the branch an order records: `preferredBranchId` while it is still the customer's, else its first.
 */
export async function lockCustomer(
  db: Db,
  customerId: number,
  preferredBranchId: number | null,
  today: string,
) {
  const [row] = await customerRiskQuery(db, customerId, today, preferredBranchId).for('update', {
    of: customers,
  })
  return row!
}

function customerRiskQuery(
  db: Db,
  customerId: number,
  today: string,
  preferredBranchId: number | null = null,
) {
  return db
    .select({
      id: customers.id,
      // The dealer's chosen branch while it is open, else the company's first open one.
      branchId: sql<number | null>`(select b.id from branches b where b.customer_id = "customers"."id"
        and b.is_active order by (b.id = ${preferredBranchId ?? 0}) desc, b.id limit 1)`,
      riskLimit: customers.riskLimit,
      overdueBalance: overdueBalanceSql(sql`"customers"."id"`, today),
      // Written qualified: in a one-table select Drizzle would render a bare "id", which the
      // subquery would read as orders.id.
      openOrders: openOrdersSql(sql`"customers"."id"`),
    })
    .from(customers)
    .where(eq(customers.id, customerId))
}

/**
 * The products and units of lines ordered on a dealer's behalf (not from a cart), with the products
 * locked in id order as a cart order locks them, so parallel orders of a product run one after
 * another. A unit that is gone or no longer the product's is left out.
 */
export async function lockProductsOfLines(db: Db, productIds: number[], unitIds: number[]) {
  if (productIds.length === 0) return []
  return db
    .select({
      productId: products.id,
      name: products.name,
      isActive: products.isActive,
      stock: products.quantity,
      unitId: productUnits.id,
      multiplier: productUnits.multiplier,
    })
    .from(products)
    .innerJoin(productUnits, and(eq(productUnits.productId, products.id), inArray(productUnits.id, unitIds)))
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id), asc(productUnits.id))
    .for('update', { of: products })
}

/**
 * The dealer user an order is written for: whom its confirmation goes to, their chosen branch, and
 * whether they and their company may still order (both active).
 */
export async function findOrderingUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      locale: userPreferences.locale,
      branchId: userPreferences.branchId,
      active: sql<boolean>`(${users.isActive} and coalesce(${customers.isActive}, false))`,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId))
  return row ?? null
}

/** Stock per warehouse of the given products, in the order stock is taken from (warehouse order). */
export async function findStocks(db: Db, productIds: number[]) {
  return db
    .select({
      productId: productStocks.productId,
      warehouseId: productStocks.warehouseId,
      quantity: productStocks.quantity,
    })
    .from(productStocks)
    .where(inArray(productStocks.productId, productIds))
    .orderBy(
      asc(productStocks.productId),
      sql`(select w.sort_order from warehouses w where w.id = ${productStocks.warehouseId})`,
      asc(productStocks.warehouseId),
    )
}

export async function takeStock(db: Db, productId: number, warehouseId: number, quantity: number) {
  await db
    .update(productStocks)
    .set({ quantity: sql`${productStocks.quantity} - ${quantity}` })
    .where(and(eq(productStocks.productId, productId), eq(productStocks.warehouseId, warehouseId)))
  await db
    .update(products)
    .set({ quantity: sql`${products.quantity} - ${quantity}` })
    .where(eq(products.id, productId))
}

/** The order's stock moves undone; answers the products whose stock changed. */
export async function putStockBack(db: Db, orderId: number): Promise<number[]> {
  const moves = await db
    .select({
      productId: orderItems.productId,
      warehouseId: orderStockMoves.warehouseId,
      quantity: orderStockMoves.quantity,
    })
    .from(orderStockMoves)
    .innerJoin(orderItems, eq(orderItems.id, orderStockMoves.orderItemId))
    .where(eq(orderItems.orderId, orderId))
  const kept = moves.flatMap((move) =>
    move.productId === null ? [] : [{ ...move, productId: move.productId }],
  )
  await returnStock(db, kept)
  return kept.map((move) => move.productId)
}

/** Puts these base units back into their warehouses (a cancelled order, a released card payment). */
export async function returnStock(
  db: Db,
  moves: ReadonlyArray<{ productId: number; warehouseId: number; quantity: number }>,
): Promise<void> {
  const ordered = [...moves].sort((a, b) => a.productId - b.productId || a.warehouseId - b.warehouseId)
  // Locks in the order an order takes them (lockCartForOrder, then takeStock): the products' rows
  // first, by id, then their stock rows. A stock row first, a cancel and an order of the same product
  // each waited for the other's row until PostgreSQL broke the deadlock with a 500.
  const productIds = [...new Set(ordered.map((move) => move.productId))]
  if (productIds.length > 0) {
    await db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, productIds))
      .orderBy(asc(products.id))
      .for('update')
  }
  for (const move of ordered) {
    await db
      .update(productStocks)
      .set({ quantity: sql`${productStocks.quantity} + ${move.quantity}` })
      .where(
        and(eq(productStocks.productId, move.productId), eq(productStocks.warehouseId, move.warehouseId)),
      )
    await db
      .update(products)
      .set({ quantity: sql`${products.quantity} + ${move.quantity}` })
      .where(eq(products.id, move.productId))
  }
}

export async function insertOrder(db: Db, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id })
  return row!.id
}

export async function insertOrderItem(db: Db, values: typeof orderItems.$inferInsert) {
  const [row] = await db.insert(orderItems).values(values).returning({ id: orderItems.id })
  return row!.id
}

export async function insertStockMoves(db: Db, values: Array<typeof orderStockMoves.$inferInsert>) {
  if (values.length) await db.insert(orderStockMoves).values(values)
}

/** A status change as the order's JSON history carries it (created_at as PostgreSQL writes it). */
export type StatusChangeRow = {
  from: string
  to: string
  at: string
  note: string | null
  byStaff: boolean
}

/** Order columns with the creator's and branch's names and the status history, oldest first. */
export const orderColumns = {
  ...getTableColumns(orders),
  creator: sql<string>`(select u.name from users u where u.id = ${orders.userId})`,
  branch: sql<string | null>`(select b.name from branches b where b.id = ${orders.branchId})`,
  history: sql<StatusChangeRow[]>`coalesce((select json_agg(json_build_object('from', c.from_status,
      'to', c.to_status, 'at', c.created_at, 'note', c.note, 'byStaff', c.by_staff) order by c.id)
    from order_status_changes c where c.order_id = ${orders.id}), '[]'::json)`,
}

export async function findOrder(db: Db, orderId: number, customerId: number) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)))
    .limit(1)
  return row ?? null
}

export async function findOrderItems(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return []
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id))
}

/**
 * One page of the company's orders with their lines, in one statement. The page's ids are picked from
 * the (customer_id, created_at, id) index first, so a deep page skips index entries, not whole rows
 * with their subqueries; the lines come along as JSON.
 */
export async function findOrderPage(db: Db, customerId: number, offset: number, limit: number) {
  const page = db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset)
    .as('page')
  return db
    .select({
      ...orderColumns,
      items: sql<OrderItemRow[]>`coalesce((select json_agg(json_build_object(
          'id', oi.id, 'productId', oi.product_id, 'image', oi.image, 'code', oi.code, 'name', oi.name,
          'unitName', oi.unit_name, 'multiplier', oi.multiplier, 'quantity', oi.quantity,
          'unitPrice', oi.unit_price::text, 'amount', oi.amount::text, 'tax', oi.tax::text) order by oi.id)
        from order_items oi where oi.order_id = ${orders.id}), '[]'::json)`,
    })
    .from(orders)
    .innerJoin(page, eq(page.id, orders.id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
}

/** What the order list shows of a line. */
export type OrderItemRow = Pick<
  typeof orderItems.$inferSelect,
  | 'id'
  | 'productId'
  | 'image'
  | 'code'
  | 'name'
  | 'unitName'
  | 'multiplier'
  | 'quantity'
  | 'unitPrice'
  | 'amount'
  | 'tax'
>

export async function countOrders(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.customerId, customerId))
  return row?.n ?? 0
}

/**
 * Moves the order from `from` to `to` and appends the change to its history, only while it is still in
 * `from` (a parallel move finds it moved and answers false). A staff note replaces the order's note;
 * the dealer's own cancellation leaves it as it was.
 */
export async function moveOrderStatus(
  db: Db,
  orderId: number,
  change: {
    from: OrderStatus
    to: OrderStatus
    note: string | null
    byUserId: number
    byStaff: boolean
    now: Date
  },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      status: change.to,
      statusChangedAt: change.now,
      ...(change.to === 'cancelled' ? { cancelledAt: change.now } : {}),
      ...(change.byStaff ? { staffNote: change.note } : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, change.from)))
    .returning({ id: orders.id })
  if (rows.length !== 1) return false
  await db.insert(orderStatusChanges).values({
    orderId,
    fromStatus: change.from,
    toStatus: change.to,
    note: change.note,
    byUserId: change.byUserId,
    byStaff: change.byStaff,
    createdAt: change.now,
  })
  return true
}

/** Who an order is from, for the store's mail: the company and the user who placed it. */
export async function findOrderParties(db: Db, orderId: number) {
  const [row] = await db
    .select({
      customerId: orders.customerId,
      customerCode: customers.code,
      customerName: customers.name,
      userName: users.name,
      userEmail: users.email,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
  return row ?? null
}
