import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import { MAX_LINE_QUANTITY } from '../../../domain/cart-rules'
import type { Db } from '../../db/client'
import { cartItems, carts } from '../../db/schema/carts'
import { products, productUnits } from '../../db/schema/catalogue'

// A cart's lines as an order takes them, and the lines a failed card payment gives back: the cart's
// table is read and written here, in the cart module; orders reach these through cart.service.

/** The cart's lines with everything an order needs to price and snapshot them, products locked. */
export async function lockCartForOrder(db: Db, cartId: number) {
  // Row locks on the products: parallel orders for the same product run one after another.
  return cartLinesForOrder(db, eq(cartItems.cartId, cartId)).for('update', { of: products })
}

/** The same lines of a user's cart without locks, for what the cart page shows before the order. */
export async function readCartForOrder(db: Db, userId: number): Promise<OrderLineSource[]> {
  const cart = db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))
  return cartLinesForOrder(db, inArray(cartItems.cartId, cart))
}

function cartLinesForOrder(db: Db, whichCart: SQL) {
  return db
    .select({
      lineId: cartItems.id,
      quantity: cartItems.quantity,
      productId: products.id,
      code: products.code,
      name: products.name,
      image: products.image,
      isActive: products.isActive,
      parentId: products.parentId,
      variantDimensions: products.variantDimensions,
      currencyId: products.currencyId,
      taxRate: products.taxRate,
      salePrice: products.salePrice,
      advencePrice1: products.advencePrice1,
      advencePrice2: products.advencePrice2,
      advencePrice3: products.advencePrice3,
      advencePrice4: products.advencePrice4,
      advencePrice5: products.advencePrice5,
      stock: products.quantity,
      unitId: productUnits.id,
      unitName: productUnits.value,
      multiplier: productUnits.multiplier,
      unitPrice: productUnits.defaultPrice,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productUnits, eq(productUnits.id, cartItems.unitId))
    .where(whichCart)
    .orderBy(asc(products.id), asc(cartItems.id))
}

export type OrderLineSource = Awaited<ReturnType<typeof lockCartForOrder>>[number]

/**
 * Lines back into a cart (a card payment that failed gives back what it took): added to what the cart
 * holds now, at most MAX_LINE_QUANTITY a line, and the cart's version raised so no priced view of it
 * is served from before.
 */
export async function putLinesBack(
  db: Db,
  cartId: number,
  lines: ReadonlyArray<{ productId: number; unitId: number; quantity: number }>,
) {
  if (lines.length === 0) return
  // The cart's row first (locked by this update until the commit), as every other writer of the cart
  // takes it before its lines or any product.
  await db
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId))
  await db
    .insert(cartItems)
    .values(lines.map((line) => ({ cartId, ...line })))
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId, cartItems.unitId],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
    })
}
