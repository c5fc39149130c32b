import type { AddToCartResponse, Cart, CartLinePatch } from '../../../contracts/cart'
import { type AddRefusal, refuseAdd } from '../../../domain/cart-rules'
import { listCache } from '../../cache/ttl-cache'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import { loadPricingContext, type PricingContext } from '../catalog/pricing-context'
import type { AuthUser } from '../session/session.repository'
import { loadStoreSettings } from '../store/store.repository'
import {
  addToLine,
  clearCart,
  deleteLine,
  findCartLines,
  findCartVersion,
  findLine,
  findLineByUnit,
  findProductForCart,
  lockCart,
  lockCartVersion,
  setLineQuantity,
  setLineUnit,
} from './cart.repository'
import { assembleCart, type PricedLine, priceLine } from './cart-view'
import { PerUserQueue } from './per-user-queue'

export type Dealer = AuthUser & { customerId: number }

/** Cart changes of one user run one after another in this process (see PerUserQueue). */
const cartQueue = new PerUserQueue()

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

/**
 * A cart's priced lines are remembered under its version (raised by every change, in any process) and
 * the pricing that applies to this user, so reading an unchanged cart costs one small query.
 */
const pricedKey = (user: Dealer, version: number, ctx: PricingContext) =>
  `cart:${user.id}:${version}:${ctx.target.id}:${ctx.profitPercent}:${ctx.withTax}`

async function pricedLines(
  db: Db,
  user: Dealer,
  version: number,
  ctx: PricingContext,
): Promise<PricedLine[]> {
  return listCache.get(pricedKey(user, version, ctx), async () =>
    (await findCartLines(db, user.id)).map((row) => priceLine(row, ctx)),
  )
}

export async function getCart(db: Db, user: Dealer): Promise<Cart> {
  const ctx = await loadPricingContext(db, user)
  const version = await findCartVersion(db, user.id)
  return assembleCart(await pricedLines(db, user, version, ctx), ctx)
}

/** POST /api/catalog/cart/{productId}: the same product and unit add to their line, else a new line. */
async function addToCartNow(
  db: Db,
  user: Dealer,
  input: { productId: number; unitId: number; quantity: number },
): Promise<AddToCartResponse> {
  const { version, line } = await db.transaction(async (tx) => {
    const cart = await lockCartVersion(tx, user.id)
    const product = await findProductForCart(tx, input.productId, input.unitId, { id: cart.id })
    if (!product) throw notFound()
    await checkAllowed(tx, product, input.quantity, product.heldBaseUnits)
    return {
      version: cart.version,
      line: await addToLine(tx, cart.id, input.productId, input.unitId, input.quantity),
    }
  })
  const ctx = await loadPricingContext(db, user)
  // The view of the version just before this add, plus this add, is exactly the new cart.
  const before = await listCache.peek<PricedLine[]>(pricedKey(user, version - 1, ctx))
  let lines: PricedLine[]
  if (!before) {
    lines = await pricedLines(db, user, version, ctx)
  } else if (before.some((l) => l.view.id === line.id)) {
    lines = before.map((l) =>
      l.view.id === line.id ? { ...l, basis: { ...l.basis, quantity: line.quantity } } : l,
    )
  } else {
    const [row] = await findCartLines(db, user.id, line.id)
    lines = [...before, priceLine(row!, ctx)]
  }
  listCache.set(pricedKey(user, version, ctx), lines)
  const cart = assembleCart(lines, ctx)
  return { item: cart.items.find((l) => l.id === line.id)!, cart }
}

/** PATCH /api/catalog/cart/{lineId}: set or add to the quantity, or change the unit. */
async function changeLineNow(db: Db, user: Dealer, lineId: number, patch: CartLinePatch): Promise<Cart> {
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

async function removeLineNow(db: Db, user: Dealer, lineId: number): Promise<Cart> {
  await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, user.id)
    if (!(await findLine(tx, cartId, lineId))) throw notFound()
    await deleteLine(tx, cartId, lineId)
  })
  return getCart(db, user)
}

async function emptyCartNow(db: Db, user: Dealer): Promise<Cart> {
  await db.transaction(async (tx) => clearCart(tx, await lockCart(tx, user.id)))
  return getCart(db, user)
}

export function addToCart(
  db: Db,
  user: Dealer,
  input: { productId: number; unitId: number; quantity: number },
) {
  return cartQueue.run(user.id, () => addToCartNow(db, user, input))
}

export function changeLine(db: Db, user: Dealer, lineId: number, patch: CartLinePatch) {
  return cartQueue.run(user.id, () => changeLineNow(db, user, lineId, patch))
}

export function removeLine(db: Db, user: Dealer, lineId: number) {
  return cartQueue.run(user.id, () => removeLineNow(db, user, lineId))
}

export function emptyCart(db: Db, user: Dealer) {
  return cartQueue.run(user.id, () => emptyCartNow(db, user))
}
