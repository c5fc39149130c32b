import Big from 'big.js'
import type { PaymentPlan } from '../../../contracts/bootstrap'
import {
  type CheckoutInfo,
  DEFAULT_ORDER_DESCRIPTION,
  ORDERS_PAGE_SIZE,
  type Order,
  type OrderList,
} from '../../../contracts/orders'
import { cartTotals } from '../../../domain/cart-totals'
import { planUnitPrice } from '../../../domain/pricing'
import { checkRiskLimit } from '../../../domain/risk-limit'
import { stockOffset } from '../../../domain/stock'
import { listCache } from '../../cache/ttl-cache'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import { lockCart } from '../cart/cart.repository'
import type { Dealer } from '../cart/cart.service'
import { loadPricingContext, type PricingContext } from '../catalog/pricing-context'
import { loadPaymentPlans } from '../store/store.repository'
import { orderView } from './order-view'
import {
  countOrders,
  emptyCartOf,
  findCustomerRisk,
  findOrder,
  findOrderByKey,
  findOrderItems,
  findOrderPage,
  findStocks,
  insertOrder,
  insertOrderItem,
  insertStockMoves,
  lockCartForOrder,
  lockCustomer,
  markCancelled,
  nextDocumentNo,
  type OrderLineSource,
  putStockBack,
  readCartForOrder,
  takeStock,
} from './orders.repository'

const PRICE_COLUMNS = [
  'advencePrice1',
  'advencePrice2',
  'advencePrice3',
  'advencePrice4',
  'advencePrice5',
] as const

const SALE_PLAN: PaymentPlan = {
  id: 0,
  name: 'Peşin',
  priceName: 'salePrice',
  varsayilan: true,
  isVirtual: false,
}

/**
 * The plan the order is priced in: when plans are not offered, the sale prices the cart shows; when
 * they are, the one the dealer chose (by id or price name), else the store's default. A card
 * (virtual) plan is paid through the payment step, never by this call.
 */
function choosePlan(plans: PaymentPlan[], offered: boolean, chosen: string | undefined): PaymentPlan {
  if (!offered) return SALE_PLAN
  const plan = chosen
    ? plans.find((p) => String(p.id) === chosen || p.priceName === chosen)
    : (plans.find((p) => p.varsayilan) ?? plans[0] ?? SALE_PLAN)
  if (!plan) {
    throw new AppError('validation', 'orders.unknownPlan', undefined, 'unknown_plan', {
      advencePrice: { key: 'orders.unknownPlan' },
    })
  }
  if (plan.isVirtual) throw new AppError('validation', 'orders.virtualPlan', undefined, 'card_payment_plan')
  return plan
}

function planPriceOf(line: OrderLineSource, priceName: string): string | null {
  const column = PRICE_COLUMNS.find((c) => c === priceName)
  return column ? line[column] : null
}

/** What an order charges for a unit of this line in this plan: the plan's price with the company's %. */
function linePriceInPlan(line: OrderLineSource, plan: PaymentPlan, ctx: PricingContext): Big {
  return planUnitPrice({
    unitPrice: line.unitPrice,
    salePrice: line.salePrice,
    planPrice: planPriceOf(line, plan.priceName),
  }).times(new Big(ctx.profitPercent).div(100).plus(1))
}

const totalsLine = (line: OrderLineSource, unitPrice: Big, ctx: PricingContext) => ({
  unitPrice,
  fromRate: ctx.currencies.get(line.currencyId)?.exchangeRate ?? 1,
  quantity: line.quantity,
  taxRate: line.taxRate,
})

/**
 * Which warehouses give the stock: in the warehouses' order, each as much as it has, until the line is
 * covered. What no warehouse has (only possible when the store lets carts pass the stock) is not taken.
 */
function planStockTakes(
  needed: number,
  stocks: Array<{ warehouseId: number; quantity: number }>,
): Array<{ warehouseId: number; quantity: number }> {
  const takes: Array<{ warehouseId: number; quantity: number }> = []
  let left = needed
  for (const stock of stocks) {
    if (left <= 0) break
    const take = Math.min(left, Math.max(0, stock.quantity))
    if (take > 0) {
      takes.push({ warehouseId: stock.warehouseId, quantity: take })
      stock.quantity -= take
      left -= take
    }
  }
  return takes
}

/**
 * POST /api/catalog/cart: the cart becomes an order in one transaction — prices recomputed from the
 * catalogue in the chosen plan, lines snapshotted, stock taken, the risk limit checked against the
 * locked customer, the order numbered and the cart emptied. A repeated Idempotency-Key answers the
 * order it already made.
 */
export async function placeOrder(
  db: Db,
  user: Dealer,
  input: { description?: string; advencePrice?: string; idempotencyKey?: string },
  now: Date,
): Promise<{ order: Order; created: boolean }> {
  const ctx = await loadPricingContext(db, user)
  const plan = choosePlan(await loadPaymentPlans(db), ctx.settings.showPaymentPlanPrice, input.advencePrice)
  const placed = await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, user.id)
    if (input.idempotencyKey) {
      const existing = await findOrderByKey(tx, user.id, input.idempotencyKey)
      if (existing) return { id: existing, created: false }
    }
    const lines = await lockCartForOrder(tx, cartId)
    if (lines.length === 0) throw new AppError('validation', 'orders.emptyCart', undefined, 'empty_cart')

    const needed = new Map<number, { stock: number; units: number; name: string }>()
    const priced = lines.map((line) => {
      if (!line.isActive)
        throw new AppError('conflict', 'orders.unavailable', { name: line.name }, 'unavailable')
      if (line.variantDimensions?.length && line.parentId === null) {
        throw new AppError('validation', 'cart.variantRequired', undefined, 'variant_required')
      }
      if (!(Number(line.salePrice) > 0))
        throw new AppError('validation', 'orders.noPrice', { name: line.name }, 'no_price')
      const entry = needed.get(line.productId) ?? { stock: line.stock, units: 0, name: line.name }
      entry.units += line.quantity * line.multiplier
      needed.set(line.productId, entry)
      const unitPrice = linePriceInPlan(line, plan, ctx)
      // A plan or unit price of 0 (an ERP import's gap) is no price: nothing is sold for free.
      if (unitPrice.lte(0))
        throw new AppError('validation', 'orders.noPrice', { name: line.name }, 'no_price')
      const basis = totalsLine(line, unitPrice, ctx)
      return { line, unitPrice, rate: basis.fromRate, totalsLine: basis }
    })
    if (!ctx.settings.cartStockControl) {
      const offset = stockOffset(ctx.settings.stockInfoStatus)
      for (const entry of needed.values()) {
        if (entry.units > entry.stock + offset) {
          throw new AppError(
            'conflict',
            'orders.stock',
            { name: entry.name, n: entry.units },
            'insufficient_stock',
          )
        }
      }
    }

    const shown = cartTotals(
      priced.map((p) => p.totalsLine),
      ctx.target.exchangeRate,
    )
    const base = cartTotals(
      priced.map((p) => p.totalsLine),
      1,
    )
    const customer = await lockCustomer(tx, user.customerId, user.preferences?.branchId ?? null)
    const risk = checkRiskLimit({
      enforced: ctx.settings.b2b_risk_limit_islem,
      riskLimit: customer.riskLimit,
      // Open orders use the limit too, so parallel orders cannot pass it together.
      overdueBalance: new Big(customer.overdueBalance).plus(customer.openOrders),
      orderTotal: base.total,
    })
    if (!risk.allowed) {
      throw risk.reason === 'blocked'
        ? new AppError('conflict', 'orders.riskBlocked', undefined, 'risk_limit')
        : new AppError(
            'conflict',
            'orders.riskExceeded',
            { excess: { amount: risk.excess.toNumber() }, max: { amount: risk.maxOrder.toNumber() } },
            'risk_limit',
          )
    }

    // Stock first; the number last, so the store-wide counter row stays locked only for the inserts.
    const stocks = await findStocks(tx, [...needed.keys()])
    const takesByLine: Array<Array<{ warehouseId: number; quantity: number }>> = []
    for (const { line } of priced) {
      const takes = planStockTakes(
        line.quantity * line.multiplier,
        stocks.filter((s) => s.productId === line.productId),
      )
      for (const take of takes) await takeStock(tx, line.productId, take.warehouseId, take.quantity)
      takesByLine.push(takes)
    }
    const id = await insertOrder(tx, {
      orderNo: await nextDocumentNo(tx, 'S', now.getFullYear()),
      userId: user.id,
      customerId: user.customerId,
      // The branch the cart page shows: the stored choice while it is still the company's, else the first.
      branchId: customer.branchId,
      description: input.description?.trim() || DEFAULT_ORDER_DESCRIPTION,
      paymentPlanId: plan.id || null,
      paymentPlanName: plan.name,
      priceName: plan.priceName,
      currencyCode: ctx.target.code,
      currencyRate: String(ctx.target.exchangeRate),
      subtotal: shown.subtotal.toString(),
      tax: shown.tax.toString(),
      total: shown.total.toString(),
      baseTotal: base.total.toString(),
      idempotencyKey: input.idempotencyKey ?? null,
      createdAt: now,
    })
    for (const [i, { line, unitPrice, rate }] of priced.entries()) {
      const amounts = shown.lines[i]!
      const itemId = await insertOrderItem(tx, {
        orderId: id,
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
        priceRate: String(rate),
        taxRate: line.taxRate,
        unitPrice: amounts.unitPrice.toString(),
        amount: amounts.amount.toString(),
        tax: amounts.tax.toString(),
      })
      await insertStockMoves(
        tx,
        takesByLine[i]!.map((take) => ({ orderItemId: itemId, ...take })),
      )
    }
    await emptyCartOf(tx, cartId)
    return { id, created: true }
  })
  if (placed.created) listCache.delete(orderCountKey(user.customerId))
  return { order: await getOrder(db, user, placed.id), created: placed.created }
}

export async function getOrder(db: Db, user: Dealer, orderId: number): Promise<Order> {
  const order = await findOrder(db, orderId, user.customerId)
  if (!order) throw notFound()
  return orderView(order, await findOrderItems(db, [order.id]))
}

/**
 * GET /api/catalog/cart/checkout: the risk-limit figures the cart page checks the total against and,
 * when plans are offered, what the cart costs in each plan, priced exactly as placeOrder prices it.
 */
export async function getCheckoutInfo(db: Db, user: Dealer): Promise<CheckoutInfo> {
  const [ctx, customer] = await Promise.all([
    loadPricingContext(db, user),
    findCustomerRisk(db, user.customerId),
  ])
  const plans = ctx.settings.showPaymentPlanPrice ? await loadPaymentPlans(db) : []
  const lines = plans.length > 0 ? await readCartForOrder(db, user.id) : []
  const money = (value: Big) => ({ value: value.toNumber(), currency: ctx.target.code })
  return {
    risk: {
      enforced: ctx.settings.b2b_risk_limit_islem,
      limit: Number(customer.riskLimit),
      used: new Big(customer.overdueBalance).plus(customer.openOrders).toNumber(),
    },
    plans: plans.map((plan) => {
      const basis = lines.map((line) => totalsLine(line, linePriceInPlan(line, plan, ctx), ctx))
      const shown = cartTotals(basis, ctx.target.exchangeRate)
      return {
        id: plan.id,
        subtotal: money(shown.subtotal),
        tax: money(shown.tax),
        total: money(shown.total),
        baseTotal: cartTotals(basis, 1).total.toNumber(),
      }
    }),
  }
}

/**
 * How many orders the company has, remembered for the cache window: orders are only ever added, and
 * this process forgets the figure when it adds one; another process's new order shows within seconds.
 */
const orderCountKey = (customerId: number) => `orders:count:${customerId}`

/** GET /api/catalog/orders: the company's orders, newest first, a bounded page at a time. */
export async function listOrders(db: Db, user: Dealer, pageInput: number): Promise<OrderList> {
  const total = await listCache.get<number>(orderCountKey(user.customerId), () =>
    countOrders(db, user.customerId),
  )
  const pages = Math.ceil(total / ORDERS_PAGE_SIZE)
  const page = Math.min(Math.max(1, pageInput), Math.max(1, pages))
  const rows = await findOrderPage(db, user.customerId, (page - 1) * ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE)
  return {
    items: rows.map((row) => orderView(row, row.items)),
    page,
    pages,
    limit: ORDERS_PAGE_SIZE,
    total,
    customer: user.customerName ?? '',
  }
}

/** PATCH /api/catalog/order/{id} {cancel:true}: a new order of the company; its stock goes back. */
export async function cancelOrder(db: Db, user: Dealer, orderId: number, now: Date): Promise<Order> {
  await db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, user.customerId)
    if (!order) throw notFound()
    if (!(await markCancelled(tx, orderId, now))) {
      throw new AppError('conflict', 'orders.cannotCancel', undefined, 'not_cancellable')
    }
    await putStockBack(tx, orderId)
  })
  return getOrder(db, user, orderId)
}
