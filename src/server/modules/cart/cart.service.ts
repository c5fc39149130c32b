import type { AddToCartResponse, Cart, CartLinePatch } from '../../../contracts/cart'
import { type AddRefusal, refuseAdd } from '../../../domain/cart-rules'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import { loadPricingContext } from '../catalog/pricing-context'
import type { AuthUser } from '../session/session.repository'
import { loadStoreSettings } from '../store/store.repository'
import {
  addToLine,
  clearCart,
  deleteLine,
  findCartId,
  findCartLines,
  findLine,
  findLineByUnit,
  findProductForCart,
  lockCart,
  setLineQuantity,
  setLineUnit,
} from './cart.repository'
import { cartView } from './cart-view'

export type Dealer = AuthUser & { customerId: number }

function refusalError(refusal: AddRefusal): AppError {
  switch (refusal.reason) {
    case 'variantRequired':
      return new AppError('validation', 'cart.variantRequired', undefined, 'variant_required')
    case 'noPrice':
      return new AppError('validation', 'cart.noPrice', undefined, 'no_price')
    case 'stock':
      return new AppError('conflict', 'cart.stock', { n: refusal.requested }, 'insufficient_stock')
  }
}

const unknownUnit = () =>
  new AppError('validation', 'cart.unknownUnit', undefined, 'unknown_unit', {
    productValue: { key: 'cart.unknownUnit' },
  })

/** Checks the product, unit and stock rules for `requested` more units with `inCart` base units held. */
async function checkAllowed(
  db: Db,
  product: NonNullable<Awaited<ReturnType<typeof findProductForCart>>>,
  requested: number,
  inCartBaseUnits: number,
) {
  if (product.unitId === null || product.multiplier === null) throw unknownUnit()
  const settings = await loadStoreSettings(db)
  const refusal = refuseAdd({
    isVariantParent: Boolean(product.variantDimensions?.length) && product.parentId === null,
    salePrice: Number(product.salePrice),
    multiplier: product.multiplier,
    requested,
    stock: product.stock,
    stockInfoStatus: settings.stockInfoStatus,
    inCartBaseUnits,
    cartStockControl: settings.cartStockControl,
  })
  if (refusal) throw refusalError(refusal)
}

export async function getCart(db: Db, user: Dealer): Promise<Cart> {
  const ctx = await loadPricingContext(db, user)
  return cartView(await findCartLines(db, user.id), ctx)
}

/** POST /api/catalog/cart/{productId}: the same product and unit add to their line, else a new line. */
export async function addToCart(
  db: Db,
  user: Dealer,
  input: { productId: number; unitId: number; quantity: number },
): Promise<AddToCartResponse> {
  const lineId = await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, user.id)
    const product = await findProductForCart(tx, input.productId, input.unitId, { id: cartId })
    if (!product) throw notFound()
    await checkAllowed(tx, product, input.quantity, product.heldBaseUnits)
    return addToLine(tx, cartId, input.productId, input.unitId, input.quantity)
  })
  const cart = await getCart(db, user)
  return { item: cart.items.find((l) => l.id === lineId)!, cart }
}

/** PATCH /api/catalog/cart/{lineId}: set or add to the quantity, or change the unit. */
export async function changeLine(db: Db, user: Dealer, lineId: number, patch: CartLinePatch): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, user.id)
    const line = await findLine(tx, cartId, lineId)
    if (!line) throw notFound()
    const unitId = 'unit' in patch ? patch.unit : line.unitId
    if (unitId === line.unitId && 'unit' in patch) return
    // Everything else the cart holds of this product, without this line.
    const product = await findProductForCart(tx, line.productId, unitId, {
      id: cartId,
      exceptLineId: line.id,
    })
    if (!product) throw notFound()
    const others = product.heldBaseUnits
    if ('quantity' in patch) {
      await checkAllowed(tx, product, patch.quantity, others)
      await setLineQuantity(tx, line.id, patch.quantity)
    } else if ('addQuantity' in patch) {
      await checkAllowed(tx, product, patch.addQuantity, others + line.quantity * line.multiplier)
      await setLineQuantity(tx, line.id, line.quantity + patch.addQuantity)
    } else {
      await checkAllowed(tx, product, line.quantity, others)
      // The line's price follows its unit (it is read from the unit); a line with that unit already
      // there takes this line's quantity.
      const twin = await findLineByUnit(tx, cartId, line.productId, patch.unit)
      if (twin) {
        await setLineQuantity(tx, twin.id, twin.quantity + line.quantity)
        await deleteLine(tx, cartId, line.id)
      } else {
        await setLineUnit(tx, line.id, patch.unit)
      }
    }
  })
  return getCart(db, user)
}

export async function removeLine(db: Db, user: Dealer, lineId: number): Promise<Cart> {
  const cartId = await findCartId(db, user.id)
  const line = cartId ? await findLine(db, cartId, lineId) : null
  if (!cartId || !line) throw notFound()
  await deleteLine(db, cartId, lineId)
  return getCart(db, user)
}

export async function emptyCart(db: Db, user: Dealer): Promise<Cart> {
  const cartId = await findCartId(db, user.id)
  if (cartId) await clearCart(db, cartId)
  return getCart(db, user)
}
