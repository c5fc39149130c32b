import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { products, productUnits } from './catalogue'

/** One cart per user, kept on the server: it survives logout, restarts and a second device. */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change: a priced view cached under an older version is never served. */
    version: integer('version').notNull().default(0),
  },
  (t) => [uniqueIndex('carts_user_uq').on(t.userId), index('carts_updated_idx').on(t.updatedAt)],
)

/**
 * A line: a product in one unit. No price is stored: the cart is always priced from the catalogue
 * when it is read, so it can never show a stale price.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => productUnits.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_line_uq').on(t.cartId, t.productId, t.unitId),
    index('cart_items_product_idx').on(t.productId),
    index('cart_items_unit_idx').on(t.unitId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
)
