import type { AddToCartResponse, Cart, CartLinePatch } from '../../../contracts/cart'
import type { StoreSettings } from '../../../contracts/settings'
import { type AddRefusal, refuseAdd } from '../../../domain/cart-rules'
import { isVariantParent } from '../../../domain/variant'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { Dealer } from '../../identity'
import { loadPricingContext, type PricingContext } from '../catalog/pricing.service'
import { loadStoreSettings } from '../store/store.service'
import {
  addToLines,
  type CartLineRow,
  clearCart,
  deleteLine,
  findCartLines,
  findCartVersion,
  findLine,
  findLineByUnit,
  findLinesOfCarts,
  findProductForCart,
  findProductsForCart,
  lockCart,
  lockCartVersion,
  setLineQuantity,
  setLineUnit,
} from './cart.repository'
import type { AddInput, CartQueue, PendingAdd } from './cart-queue'
import { assembleCart, type PricedLine, priceLine } from './cart-view'

/** What the cart service works with: the database, the app's caches and the app's cart queue. */
export type CartDeps = CachedDb & { queue: CartQueue }

function refusalError(refusal: AddRefusal): AppError {
  switch (refusal.reason) {
    case 'variantRequired':
      return new AppError('validation', 'cart.variantRequired', undefined, 'variant_required')
    case 'noPrice':
      return new AppError('validation', 'cart.noPrice', undefined, 'no_price')
    case 'stock':
      return new AppError('conflict', 'cart.stock', { n: refusal.requested }, 'insufficient_stock')
    case 'lineFull':
      return new AppError('validation', 'cart.lineFull', { max: refusal.max }, 'line_full')
  }
}

const unknownUnit = () =>
  new AppError('validation', 'cart.unknownUnit', undefined, 'unknown_unit', {
    productValue: { key: 'cart.unknownUnit' },
  })

/**
 * Checks the product, unit and stock rules for `requested` more units with `inCartBaseUnits` held, on
 * a line that holds `lineQuantity` already. The store settings are read by the caller before its
 * transaction opens: on the embedded database every statement inside a transaction holds the one
 * session, so the settings' version check is one round trip fewer while it is held.
 */
function checkAllowed(
  settings: StoreSettings,
  product: NonNullable<Awaited<ReturnType<typeof findProductForCart>>>,
  requested: number,
  inCartBaseUnits: number,
  lineQuantity = 0,
) {
  if (product.unitId === null || product.multiplier === null) throw unknownUnit()
  const refusal = refuseAdd({
    isVariantParent: isVariantParent(product),
    salePrice: Number(product.salePrice),
    multiplier: product.multiplier,
    requested,
    stock: product.stock,
    stockInfoStatus: settings.stockInfoStatus,
    inCartBaseUnits,
    cartStockControl: settings.cartStockControl,
    lineQuantity,
  })
  if (refusal) throw refusalError(refusal)
}

/**
 * A cart's priced lines are remembered under its version (raised by every change, in any process), the
 * products' change number (cache/change-clock.ts: raised by every product insert or update, so a
 * price or stock change anywhere is a new key at once, never a wait for the TTL) and the pricing that
 * applies to this user (its currency, profit, tax setting and the exchange rates), so reading an unchanged cart costs one small query.
 */
const pricedKey = (user: Dealer, version: number, products: number, ctx: PricingContext) =>
  `cart:${user.id}:${version}:${products}:${ctx.target.id}:${ctx.profitPercent}:${ctx.withTax}:${ratesKey(ctx)}`

/**
 * The rates the lines were priced at: a new bulletin or a manual rate (any process) reloads the
 * currencies by change (reference-cache.ts), and with them comes a new key, not a wait for the TTL.
 */
const ratesKey = (ctx: PricingContext) =>
  [...ctx.currencies.values()].map((c) => `${c.id}=${c.exchangeRate}`).join(',')

async function pricedLines(
  { db, caches }: CachedDb,
  user: Dealer,
  version: number,
  ctx: PricingContext,
): Promise<PricedLine[]> {
  const { products } = await caches.clock(db)
  return caches.list.get(pricedKey(user, version, products, ctx), async () =>
    (await findCartLines(db, user.id)).map((row) => priceLine(row, ctx)),
  )
}

export async function getCart(data: CachedDb, user: Dealer): Promise<Cart> {
  const ctx = await loadPricingContext(data, user)
  const version = await findCartVersion(data.db, user.id)
  return assembleCart(await pricedLines(data, user, version, ctx), ctx)
}

type AddOutcome = { line: { id: number; quantity: number } } | { error: AppError }

/** Every add of a batch was refused: its transaction is rolled back, so the cart is not touched. */
class AllAddsRefused extends Error {
  constructor(readonly errors: AppError[]) {
    super('every add refused')
  }
}

/**
 * POST /api/catalog/cart/{productId}: the same product and unit add to their line, else a new line.
 *
 * Adds that arrive while the user's cart is busy wait together and then run in one transaction (group
 * commit): one cart lock and one commit for all of them, each still checked against the stock with
 * what the adds before it put in. Each add gets its own answer or its own refusal; the cart in the
 * answers is the cart after the batch.
 */
export function addToCart(cart: CartDeps, user: Dealer, input: AddInput): Promise<AddToCartResponse> {
  const { turns, waitingAdds } = cart.queue
  return new Promise((resolve, reject) => {
    const waiting = waitingAdds.get(user.id)
    if (waiting) {
      waiting.push({ input, resolve, reject })
      return
    }
    const batch: PendingAdd[] = [{ input, resolve, reject }]
    waitingAdds.set(user.id, batch)
    void turns.run(user.id, async () => {
      // One turn of the event loop lets requests that have already arrived join: on the embedded
      // database a whole request runs without yielding to I/O, so without it every batch is one add.
      await new Promise((resolve) => setImmediate(resolve))
      // From here on, new adds start the next batch, queued behind this one.
      waitingAdds.delete(user.id)
      await addBatchNow(cart, user, batch)
    })
  })
}

const lineKey = (line: { productId: number; unitId: number }) => `${line.productId}:${line.unitId}`

/**
 * The batch's adds, decided in order on the stored cart (`found`: one row per add, from
 * findProductsForCart) plus the adds before them: each add's refusal, or its line and the quantity the
 * batch has put on that line up to and including it; and, per line, the batch's whole quantity.
 */
export function decideAdds(
  settings: StoreSettings,
  inputs: AddInput[],
  found: Awaited<ReturnType<typeof findProductsForCart>>,
) {
  const added = new Map<string, AddInput>()
  const addedBaseUnits = new Map<number, number>()
  const outcomes = inputs.map((input, i): { error: AppError } | { key: string; upTo: number } => {
    try {
      const product = found[i]
      if (!product) throw notFound()
      const key = lineKey(input)
      const onLine = added.get(key)?.quantity ?? 0
      const addedBefore = addedBaseUnits.get(input.productId) ?? 0
      checkAllowed(
        settings,
        product,
        input.quantity,
        product.heldBaseUnits + addedBefore,
        product.lineQuantity + onLine,
      )
      // checkAllowed has refused an unknown unit, so the multiplier is there.
      addedBaseUnits.set(input.productId, addedBefore + input.quantity * product.multiplier!)
      added.set(key, { ...input, quantity: onLine + input.quantity })
      return { key, upTo: onLine + input.quantity }
    } catch (error) {
      // A refusal is decided before any statement runs, so the transaction is still good.
      if (!(error instanceof AppError)) throw error
      return { error }
    }
  })
  return { outcomes, added }
}

async function addBatchNow(data: CartDeps, user: Dealer, batch: PendingAdd[]): Promise<void> {
  const { db } = data
  let committed: { version: number; outcomes: AddOutcome[] }
  try {
    const settings = await loadStoreSettings(data)
    committed = await db.transaction(async (tx) => {
      const cart = await lockCartVersion(tx, user.id)
      const inputs = batch.map((add) => add.input)
      const decided = decideAdds(settings, inputs, await findProductsForCart(tx, cart.id, inputs))
      // Nothing added: no new cart, no new version (lockCartVersion made or raised them).
      if (decided.added.size === 0) {
        throw new AllAddsRefused(decided.outcomes.map((o) => ('error' in o ? o.error : notFound())))
      }
      const lines = await addToLines(tx, cart.id, [...decided.added.values()])
      const byKey = new Map(lines.map((line) => [lineKey(line), line]))
      const outcomes = decided.outcomes.map((o): AddOutcome => {
        if ('error' in o) return o
        const line = byKey.get(o.key)!
        // The line's quantity right after this add: what it holds now, less the batch's later adds.
        return {
          line: { id: line.id, quantity: line.quantity - decided.added.get(o.key)!.quantity + o.upTo },
        }
      })
      return { version: cart.version, outcomes }
    })
  } catch (error) {
    if (error instanceof AllAddsRefused) {
      for (const [i, add] of batch.entries()) add.reject(error.errors[i]!)
      return
    }
    if (batch.length === 1) return batch[0]!.reject(error)
    // Something unexpected failed the whole batch: run each add alone, so only its own add fails.
    for (const add of batch) await addBatchNow(data, user, [add])
    return
  }
  if (committed.outcomes.some((o) => 'line' in o)) data.queue.committed.notify()
  try {
    const cart = await cartAfterAdds(data, user, committed.version, committed.outcomes)
    const { items: _lines, ...summary } = cart
    for (const [i, add] of batch.entries()) {
      const outcome = committed.outcomes[i]!
      if ('error' in outcome) add.reject(outcome.error)
      else add.resolve({ item: cart.items.find((l) => l.id === outcome.line.id)!, cart: summary })
    }
  } catch (error) {
    for (const add of batch) add.reject(error)
  }
}

/** What addLinesToCart did: lines added, and for each refused one its position and reason. */
export type LinesAdded = { added: number; refused: { index: number; error: AppError }[] }

/**
 * Many lines into the cart at once (a quick order, a reorder): in the user's turn and one
 * transaction, each line checked by the cart's rules with what the lines before it put in, as a batch
 * of adds is. A refused line is left out and says why; the others go in. Nothing is written when
 * every line is refused.
 */
export function addLinesToCart(cart: CartDeps, user: Dealer, inputs: AddInput[]): Promise<LinesAdded> {
  return cart.queue.turns
    .run(user.id, async () => {
      const settings = await loadStoreSettings(cart)
      const outcome = await cart.db.transaction(async (tx) => {
        const { id: cartId } = await lockCartVersion(tx, user.id)
        const decided = decideAdds(settings, inputs, await findProductsForCart(tx, cartId, inputs))
        const refused = decided.outcomes.flatMap((o, index) =>
          'error' in o ? [{ index, error: o.error }] : [],
        )
        if (decided.added.size === 0) throw new AllAddsRefused(refused.map((r) => r.error))
        await addToLines(tx, cartId, [...decided.added.values()])
        return { added: inputs.length - refused.length, refused }
      })
      cart.queue.committed.notify()
      return outcome
    })
    .catch((error: unknown) => {
      if (!(error instanceof AllAddsRefused)) throw error
      return { added: 0, refused: error.errors.map((e, index) => ({ index, error: e })) }
    })
}

/** The view of the version just before the adds, plus the adds, is exactly the new cart. */
async function cartAfterAdds(
  { db, caches }: CachedDb,
  user: Dealer,
  version: number,
  outcomes: AddOutcome[],
): Promise<Cart> {
  const ctx = await loadPricingContext({ db, caches }, user)
  const { products } = await caches.clock(db)
  const cached = caches.list.peek<PricedLine[]>(pricedKey(user, version - 1, products, ctx))
  const before = await cached?.value
  const added = outcomes.flatMap((o) => ('line' in o ? [o.line] : []))
  let lines: PricedLine[]
  // Built on the view before, the new view expires with it: prices and stock are read afresh at the
  // end of the first view's window, however many adds follow one another.
  let ttlLeft: number | undefined
  if (before && added.every((line) => before.some((l) => l.view.id === line.id))) {
    ttlLeft = cached!.ttlLeft
    const quantities = new Map(added.map((line) => [line.id, line.quantity]))
    lines = before.map((l) => {
      const quantity = quantities.get(l.view.id)
      return quantity === undefined ? l : { ...l, basis: { ...l.basis, quantity } }
    })
  } else {
    lines = (await findCartLines(db, user.id)).map((row) => priceLine(row, ctx))
  }
  caches.list.set(pricedKey(user, version, products, ctx), lines, ttlLeft)
  return assembleCart(lines, ctx)
}

/** PATCH /api/catalog/cart/{lineId}: set or add to the quantity, or change the unit. */
async function changeLineNow(
  data: CachedDb,
  user: Dealer,
  lineId: number,
  patch: CartLinePatch,
): Promise<Cart> {
  const settings = await loadStoreSettings(data)
  await data.db.transaction(async (tx) => {
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
      checkAllowed(settings, product, patch.quantity, others)
      await setLineQuantity(tx, line.id, patch.quantity)
    } else if ('addQuantity' in patch) {
      checkAllowed(
        settings,
        product,
        patch.addQuantity,
        others + line.quantity * line.multiplier,
        line.quantity,
      )
      await setLineQuantity(tx, line.id, line.quantity + patch.addQuantity)
    } else {
      // The line's price follows its unit (it is read from the unit); a line with that unit already
      // there takes this line's quantity.
      const twin = await findLineByUnit(tx, cartId, line.productId, patch.unit)
      checkAllowed(settings, product, line.quantity, others, twin?.quantity ?? 0)
      if (twin) {
        await setLineQuantity(tx, twin.id, twin.quantity + line.quantity)
        await deleteLine(tx, cartId, line.id)
      } else {
        await setLineUnit(tx, line.id, patch.unit)
      }
    }
  })
  return getCart(data, user)
}

async function removeLineNow(data: CachedDb, user: Dealer, lineId: number): Promise<Cart> {
  await data.db.transaction(async (tx) => {
    const cartId = await lockCart(tx, user.id)
    if (!(await findLine(tx, cartId, lineId))) throw notFound()
    await deleteLine(tx, cartId, lineId)
  })
  return getCart(data, user)
}

async function emptyCartNow(data: CachedDb, user: Dealer): Promise<Cart> {
  await data.db.transaction(async (tx) => clearCart(tx, await lockCart(tx, user.id)))
  return getCart(data, user)
}

/** A change that went through: whoever follows carts (the live staff screens) hears of it. */
async function thenNotify(cart: CartDeps, change: Promise<Cart>): Promise<Cart> {
  const answer = await change
  cart.queue.committed.notify()
  return answer
}

export function changeLine(cart: CartDeps, user: Dealer, lineId: number, patch: CartLinePatch) {
  return thenNotify(
    cart,
    cart.queue.turns.run(user.id, () => changeLineNow(cart, user, lineId, patch)),
  )
}

export function removeLine(cart: CartDeps, user: Dealer, lineId: number) {
  return thenNotify(
    cart,
    cart.queue.turns.run(user.id, () => removeLineNow(cart, user, lineId)),
  )
}

export function emptyCart(cart: CartDeps, user: Dealer) {
  return thenNotify(
    cart,
    cart.queue.turns.run(user.id, () => emptyCartNow(cart, user)),
  )
}

// What other modules do with a dealer's cart inside a transaction of their own (an order or an offer
// made of the cart: lock it, read and price its lines, empty it), and the staff's view of carts.

/** Locks the user's cart (made if missing) until the caller's transaction ends; answers its id. */
export function lockCartOf(tx: Db, userId: number): Promise<number> {
  return lockCart(tx, userId)
}

/** Every line of the user's cart with what pricing it needs. */
export function cartLinesOf(tx: Db, userId: number): Promise<CartLineRow[]> {
  return findCartLines(tx, userId)
}

// An order's use of the cart's lines: read them with what it snapshots, lock them with their products
// in id order, and put back the lines of a card payment that failed.
export {
  lockCartForOrder,
  type OrderLineSource,
  putLinesBack,
  readCartForOrder,
} from './cart-order-lines.repository'

/** Empties a cart locked by `lockCartOf` in the same transaction. */
export function emptyLockedCart(tx: Db, cartId: number): Promise<void> {
  return clearCart(tx, cartId)
}

/** The lines priced as the cart page prices them (its unit, net and shown prices). */
export function priceCartLines(rows: CartLineRow[], ctx: PricingContext): PricedLine[] {
  return rows.map((row) => priceLine(row, ctx))
}

/** The first `perCart` lines of each of these carts (staff's view of the dealers' carts), one query. */
export function linesOfCarts(db: Db, cartIds: number[], perCart: number) {
  return findLinesOfCarts(db, cartIds, perCart)
}

/** A cart as its dealer sees it, from its lines in the dealer's pricing. */
export function cartAsSeen(rows: CartLineRow[], ctx: PricingContext): Cart {
  return assembleCart(priceCartLines(rows, ctx), ctx)
}
