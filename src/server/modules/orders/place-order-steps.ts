import type Big from 'big.js'
import type { PaymentPlan } from '../../../contracts/bootstrap'
import type { StoreSettings } from '../../../contracts/settings'
import { type CartAmounts, cartAmounts } from '../../../domain/cart-amounts'
import type { CartTotalsLine } from '../../../domain/cart-totals'
import { ledgerDay } from '../../../domain/ledger'
import { choosePaymentPlan, orderLinePrice } from '../../../domain/payment-plan'
import { checkRiskLimit, riskUsed } from '../../../domain/risk-limit'
import { orderFitsStock } from '../../../domain/stock'
import { isVariantParent } from '../../../domain/variant'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import type { Dealer } from '../../identity'
import { lockCartForOrder, type OrderLineSource } from '../cart/cart.service'
import type { PricingContext } from '../catalog/pricing.service'
import { draftCartOrder, writeOrderDraft } from './order-draft'
import { findOrderByKey, lockCustomer } from './orders.repository'

/*
 * The steps placeOrder takes, in its order, each with the rule it applies and the refusal it answers.
 * Every step after findRepeatedOrder runs inside the order's transaction.
 */

/**
 * The plan the order is priced in (domain/payment-plan choosePaymentPlan): the one chosen, else the
 * company's default, else the store's; or its refusal.
 */
export function choosePlan(
  plans: PaymentPlan[],
  offered: boolean,
  chosen: string | undefined,
  companyPlanId: number | null,
): PaymentPlan {
  const choice = choosePaymentPlan({ plans, offered, chosen, companyPlanId })
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

/** A line priced at `unitPrice` (product currency) for the totals. */
export const basisOf = (line: OrderLineSource, unitPrice: Big, ctx: PricingContext): CartTotalsLine => ({
  unitPrice,
  fromRate: ctx.currencies.get(line.currencyId)?.exchangeRate ?? 1,
  quantity: line.quantity,
  taxRate: line.taxRate,
})

/**
 * A line's net unit price in a plan, in the product's currency, by the one rule an order charges
 * (domain orderLinePrice), or null when the line has no price there. The cart page's figures per plan
 * (getCheckoutInfo), the order and the card payment of a cart all price through here.
 */
export function linePriceInPlan(line: OrderLineSource, plan: PaymentPlan, ctx: PricingContext): Big | null {
  return orderLinePrice(planLine(line, plan, ctx))
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
    const unitPrice = linePriceInPlan(line, plan, ctx)
    if (!unitPrice) throw new AppError('validation', 'orders.noPrice', { name: line.name }, 'no_price')
    return { line, unitPrice, basis: basisOf(line, unitPrice, ctx) }
  })
}

type StockLine = Pick<OrderLineSource, 'productId' | 'name' | 'stock' | 'quantity' | 'multiplier'>

const baseUnits = (line: StockLine) => line.quantity * line.multiplier

/** Every product's lines together must fit its stock by the cart's own rule (domain orderFitsStock). */
export function checkStock(
  lines: StockLine[],
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
    used: riskUsed(customer),
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
 * order numbered and snapshotted, the cart emptied, the dealer's confirmation and the store's mail
 * queued (order-draft.ts; a card
 * payment makes the same draft when it holds the cart and writes it once the bank took the money).
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
    /** The portal's address, for the link in the store's mail. */
    publicUrl: string
  },
): Promise<{ id: number; orderNo: string; productIds: number[] }> {
  const draft = await draftCartOrder(tx, prepared, input)
  return writeOrderDraft(tx, draft, {
    idempotencyKey: input.idempotencyKey,
    now: input.now,
    publicUrl: input.publicUrl,
  })
}
