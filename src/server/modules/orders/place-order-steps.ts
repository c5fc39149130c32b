import Big from 'big.js'
import type { PaymentPlan } from '../../../contracts/bootstrap'
import { DEFAULT_ORDER_DESCRIPTION } from '../../../contracts/orders'
import type { StoreSettings } from '../../../contracts/settings'
import { type CartAmounts, cartAmounts } from '../../../domain/cart-amounts'
import type { CartTotalsLine } from '../../../domain/cart-totals'
import { ledgerDay } from '../../../domain/ledger'
import { choosePaymentPlan, orderLinePrice, priceInPlan } from '../../../domain/payment-plan'
import { checkRiskLimit } from '../../../domain/risk-limit'
import { orderFitsStock } from '../../../domain/stock'
import { isVariantParent } from '../../../domain/variant'
import { allocateStock, type StockTake } from '../../../domain/warehouse-allocation'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import type { Dealer } from '../cart/cart.service'
import type { PricingContext } from '../catalog/pricing-context'
import { queueOrderConfirmation } from './order-mail'
import {
  emptyCartOf,
  findOrderByKey,
  findStocks,
  insertOrder,
  insertOrderItem,
  insertStockMoves,
  lockCartForOrder,
  lockCustomer,
  nextDocumentNo,
  type OrderLineSource,
  takeStock,
} from './orders.repository'

/*
 * The steps placeOrder takes, in its order, each with the rule it applies and the refusal it answers.
 * Every step after findRepeatedOrder runs inside the order's transaction.
 */

/** The plan the order is priced in (domain/payment-plan choosePaymentPlan), or its refusal. */
export function choosePlan(plans: PaymentPlan[], offered: boolean, chosen: string | undefined): PaymentPlan {
  const choice = choosePaymentPlan({ plans, offered, chosen })
  if ('plan' in choice) return choice.plan
  if (choice.refusal === 'unknownPlan') {
    throw new AppError('validation', 'orders.unknownPlan', undefined, 'unknown_plan', {
      advencePrice: { key: 'orders.unknownPlan' },
    })
  }
  throw new AppError('validation', 'orders.virtualPlan', undefined, 'card_payment_plan')
}

/** The order this user already made with this Idempotency-Key, so a retry answers it again. */
export async function findRepeatedOrder(tx: Db, user: Dealer, idempotencyKey: string | undefined) {
  return idempotencyKey ? findOrderByKey(tx, user.id, idempotencyKey) : null
}

/** The cart's lines with their products locked (parallel orders of a product wait); an empty cart is refused. */
export async function lockCartLines(tx: Db, cartId: number): Promise<OrderLineSource[]> {
  const lines = await lockCartForOrder(tx, cartId)
  if (lines.length === 0) throw new AppError('validation', 'orders.emptyCart', undefined, 'empty_cart')
  return lines
}

const planLine = (line: OrderLineSource, plan: PaymentPlan, ctx: PricingContext) => ({
  unitPrice: line.unitPrice,
  salePrice: line.salePrice,
  prices: line,
  priceName: plan.priceName,
  profitPercent: ctx.profitPercent,
})

const basisOf = (line: OrderLineSource, unitPrice: Big, ctx: PricingContext): CartTotalsLine => ({
  unitPrice,
  fromRate: ctx.currencies.get(line.currencyId)?.exchangeRate ?? 1,
  quantity: line.quantity,
  taxRate: line.taxRate,
})

/** A line priced in a plan for the totals, as the checkout shows it (a line without a price counts 0). */
export function basisInPlan(line: OrderLineSource, plan: PaymentPlan, ctx: PricingContext): CartTotalsLine {
  return basisOf(line, priceInPlan(planLine(line, plan, ctx)), ctx)
}

export type PricedOrderLine = { line: OrderLineSource; unitPrice: Big; basis: CartTotalsLine }

/**
 * Each line priced in the plan, checked one line after another: a product no longer sold, a variant
 * family's parent and a line without a price in the plan are refused, naming the line.
 */
export function priceLinesInPlan(
  lines: OrderLineSource[],
  plan: PaymentPlan,
  ctx: PricingContext,
): PricedOrderLine[] {
  return lines.map((line) => {
    if (!line.isActive)
      throw new AppError('conflict', 'orders.unavailable', { name: line.name }, 'unavailable')
    if (isVariantParent(line)) {
      throw new AppError('validation', 'cart.variantRequired', undefined, 'variant_required')
    }
    const unitPrice = orderLinePrice(planLine(line, plan, ctx))
    if (!unitPrice) throw new AppError('validation', 'orders.noPrice', { name: line.name }, 'no_price')
    return { line, unitPrice, basis: basisOf(line, unitPrice, ctx) }
  })
}

const baseUnits = (line: OrderLineSource) => line.quantity * line.multiplier

/** Every product's lines together must fit its stock by the cart's own rule (domain orderFitsStock). */
export function checkStock(
  lines: OrderLineSource[],
  settings: Pick<StoreSettings, 'stockInfoStatus' | 'cartStockControl'>,
): void {
  const needed = new Map<number, { stock: number; units: number; name: string }>()
  for (const line of lines) {
    const entry = needed.get(line.productId) ?? { stock: line.stock, units: 0, name: line.name }
    entry.units += baseUnits(line)
    needed.set(line.productId, entry)
  }
  for (const entry of needed.values()) {
    const fits = orderFitsStock({
      quantity: entry.stock,
      mode: settings.stockInfoStatus,
      orderedBaseUnits: entry.units,
      cartStockControl: settings.cartStockControl,
    })
    if (!fits) {
      throw new AppError(
        'conflict',
        'orders.stock',
        { name: entry.name, n: entry.units },
        'insufficient_stock',
      )
    }
  }
}

type LockedCustomer = Awaited<ReturnType<typeof lockCustomer>>

/** The order's TRY-base total against the locked customer's risk limit (domain checkRiskLimit). */
export function checkRiskLimitOf(
  customer: LockedCustomer,
  baseTotal: Big,
  settings: Pick<StoreSettings, 'b2b_risk_limit_islem'>,
): void {
  const risk = checkRiskLimit({
    enforced: settings.b2b_risk_limit_islem,
    riskLimit: customer.riskLimit,
    // Open orders use the limit too, so parallel orders cannot pass it together.
    overdueBalance: new Big(customer.overdueBalance).plus(customer.openOrders),
    orderTotal: baseTotal,
  })
  if (risk.allowed) return
  throw risk.reason === 'blocked'
    ? new AppError('conflict', 'orders.riskBlocked', undefined, 'risk_limit')
    : new AppError(
        'conflict',
        'orders.riskExceeded',
        { excess: { amount: risk.excess.toNumber() }, max: { amount: risk.maxOrder.toNumber() } },
        'risk_limit',
      )
}

/** Takes each line's stock from the warehouses (domain allocateStock); answers the takes per line. */
export async function takeStockForLines(tx: Db, lines: OrderLineSource[]): Promise<StockTake[][]> {
  const productIds = [...new Set(lines.map((line) => line.productId))]
  const takesByLine = allocateStock(
    lines.map((line) => ({ productId: line.productId, baseUnits: baseUnits(line) })),
    await findStocks(tx, productIds),
  )
  for (const [i, line] of lines.entries()) {
    for (const take of takesByLine[i]!) await takeStock(tx, line.productId, take.warehouseId, take.quantity)
  }
  return takesByLine
}

/**
 * Numbers the order and writes its head. The number is taken here, last, so the store-wide counter
 * row stays locked only for the inserts and the commit (docs/decisions.md).
 */
export async function insertNumberedOrder(
  tx: Db,
  order: {
    user: Dealer
    customer: LockedCustomer
    plan: PaymentPlan
    ctx: PricingContext
    amounts: CartAmounts
    description: string | undefined
    idempotencyKey: string | undefined
    now: Date
    /** A card payment's order: paid when it is made. */
    payment?: { intentId: string }
  },
): Promise<{ id: number; orderNo: string }> {
  const { user, plan, ctx, amounts, now } = order
  const orderNo = await nextDocumentNo(tx, 'S', now.getFullYear())
  const id = await insertOrder(tx, {
    orderNo,
    userId: user.id,
    customerId: user.customerId,
    // The branch the cart page shows: the stored choice while it is still the company's, else the first.
    branchId: order.customer.branchId,
    description: order.description?.trim() || DEFAULT_ORDER_DESCRIPTION,
    paymentPlanId: plan.id || null,
    paymentPlanName: plan.name,
    priceName: plan.priceName,
    currencyCode: ctx.target.code,
    currencyRate: String(ctx.target.exchangeRate),
    subtotal: amounts.totals.subtotal.toString(),
    tax: amounts.totals.tax.toString(),
    total: amounts.totals.total.toString(),
    baseTotal: amounts.baseTotals.total.toString(),
    idempotencyKey: order.idempotencyKey ?? null,
    createdAt: now,
    ...(order.payment ? { paymentIntentId: order.payment.intentId, paidAt: now } : {}),
  })
  return { id, orderNo }
}

/** Snapshots each line (price, unit, amounts as shown) with the warehouses its stock came from. */
export async function writeOrderLines(
  tx: Db,
  orderId: number,
  lines: {
    priced: PricedOrderLine[]
    amounts: CartAmounts
    takesByLine: StockTake[][]
    ctx: PricingContext
  },
): Promise<void> {
  const { amounts, takesByLine, ctx } = lines
  for (const [i, { line, unitPrice, basis }] of lines.priced.entries()) {
    const lineAmounts = amounts.lines[i]!
    const itemId = await insertOrderItem(tx, {
      orderId,
      productId: line.productId,
      unitId: line.unitId,
      code: line.code,
      name: line.name,
      image: line.image,
      unitName: line.unitName,
      multiplier: line.multiplier,
      quantity: line.quantity,
      price: unitPrice.toFixed(4),
      priceCurrency: ctx.currencies.get(line.currencyId)?.code ?? 'TRY',
      priceRate: String(basis.fromRate),
      taxRate: line.taxRate,
      unitPrice: lineAmounts.unitPrice.toString(),
      amount: lineAmounts.amount.toString(),
      tax: lineAmounts.tax.toString(),
    })
    await insertStockMoves(
      tx,
      takesByLine[i]!.map((take) => ({ orderItemId: itemId, ...take })),
    )
  }
}

export type PreparedCartOrder = {
  cartId: number
  lines: OrderLineSource[]
  priced: PricedOrderLine[]
  amounts: CartAmounts
  customer: LockedCustomer
}

/**
 * The checks of placing an order, in its transaction, before anything is written: the cart's lines
 * locked and priced in the plan, stock checked, the customer locked and (unless the order is paid by
 * card) the risk limit checked. A card payment's callback passes `expectedBaseTotal`, what was paid:
 * a cart that no longer costs that is refused before the card is charged.
 */
export async function prepareCartOrder(
  tx: Db,
  input: {
    cartId: number
    user: Dealer
    plan: PaymentPlan
    ctx: PricingContext
    now: Date
    checkRiskLimit: boolean
    expectedBaseTotal?: Big
  },
): Promise<PreparedCartOrder> {
  const { user, plan, ctx } = input
  const lines = await lockCartLines(tx, input.cartId)
  const priced = priceLinesInPlan(lines, plan, ctx)
  checkStock(lines, ctx.settings)
  const amounts = cartAmounts(
    priced.map((p) => p.basis),
    ctx.target.exchangeRate,
  )
  if (input.expectedBaseTotal && !amounts.baseTotals.total.eq(input.expectedBaseTotal)) {
    throw new AppError('conflict', 'payments.cartChanged', undefined, 'cart_changed')
  }
  const customer = await lockCustomer(
    tx,
    user.customerId,
    user.preferences?.branchId ?? null,
    ledgerDay(input.now),
  )
  if (input.checkRiskLimit) checkRiskLimitOf(customer, amounts.baseTotals.total, ctx.settings)
  return { cartId: input.cartId, lines, priced, amounts, customer }
}

/**
 * The writes of placing an order, after prepareCartOrder in the same transaction: stock taken, the
 * order numbered and snapshotted (paid, for a card payment), the cart emptied, the confirmation queued.
 */
export async function writeCartOrder(
  tx: Db,
  prepared: PreparedCartOrder,
  input: {
    user: Dealer
    plan: PaymentPlan
    ctx: PricingContext
    description: string | undefined
    idempotencyKey?: string | undefined
    now: Date
    payment?: { intentId: string }
  },
): Promise<{ id: number; orderNo: string; productIds: number[] }> {
  const { user, plan, ctx, now } = input
  const { amounts, priced } = prepared
  // Stock first; the number last, so the store-wide counter row stays locked only for the inserts.
  const takesByLine = await takeStockForLines(tx, prepared.lines)
  const order = await insertNumberedOrder(tx, {
    user,
    customer: prepared.customer,
    plan,
    ctx,
    amounts,
    description: input.description,
    idempotencyKey: input.idempotencyKey,
    now,
    ...(input.payment ? { payment: input.payment } : {}),
  })
  await writeOrderLines(tx, order.id, { priced, amounts, takesByLine, ctx })
  await emptyCartOf(tx, prepared.cartId)
  await queueOrderConfirmation(tx, user, order.id, now)
  // The products whose stock changed, for the caches to forget once this commits.
  return { ...order, productIds: prepared.lines.map((line) => line.productId) }
}
