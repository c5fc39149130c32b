import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers, userPreferences, users } from '../../db/schema/accounts'
import { carts } from '../../db/schema/carts'

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
