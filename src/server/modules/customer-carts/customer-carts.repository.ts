import { asc, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers, userPreferences, users } from '../../db/schema/accounts'
import { cartItems, carts } from '../../db/schema/carts'
import { products, productUnits } from '../../db/schema/catalogue'
import { cartLineColumns } from '../cart/cart.repository'

/**
 * The `limit` carts changed most recently that hold a line, with what pricing them as their dealer sees
 * them needs (the user's preferences, the company's profit %), and their number of lines. One query:
 * carts_updated_idx read backwards, each cart's lines found through cart_items_line_uq (cart_id first).
 */
export async function findRecentCarts(db: Db, limit: number) {
  return db
    .select({
      id: carts.id,
      userId: users.id,
      userName: users.name,
      updatedAt: carts.updatedAt,
      companyName: customers.name,
      profitPercent: customers.profitPercent,
      preferences: userPreferences,
      lineCount: sql<number>`(select count(*)::int from cart_items ci where ci.cart_id = ${carts.id})`,
    })
    .from(carts)
    .innerJoin(users, eq(users.id, carts.userId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(sql`exists (select 1 from cart_items ci where ci.cart_id = ${carts.id})`)
    .orderBy(desc(carts.updatedAt), desc(carts.id))
    .limit(limit)
}

/** The first `perCart` lines (in the order they were added) of each of these carts, priced-ready: one query. */
export async function findLinesOfCarts(db: Db, cartIds: number[], perCart: number) {
  if (cartIds.length === 0) return []
  const ids = sql.join(
    cartIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return db
    .select({ cartId: cartItems.cartId, ...cartLineColumns })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productUnits, eq(productUnits.id, cartItems.unitId))
    .where(
      sql`${cartItems.id} in (select numbered.id from (select ci.id, row_number() over
        (partition by ci.cart_id order by ci.id) as n from cart_items ci where ci.cart_id in (${ids})) numbered
        where numbered.n <= ${perCart})`,
    )
    .orderBy(asc(cartItems.cartId), asc(cartItems.id))
}
