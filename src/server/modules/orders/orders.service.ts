import Big from 'big.js'
import { type CheckoutInfo, ORDERS_PAGE_SIZE, type Order, type OrderList } from '../../../contracts/orders'
import { cartAmounts } from '../../../domain/cart-amounts'
import { ledgerDay } from '../../../domain/ledger'
import { type CachedDb, productKey } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { lockCart } from '../cart/cart.repository'
import type { Dealer } from '../cart/cart.service'
import { loadPricingContext } from '../catalog/pricing-context'
import { loadPaymentPlans } from '../store/store.repository'
import { orderView } from './order-view'
import {
  countOrders,
  findCustomerRisk,
  findOrder,
  findOrderItems,
  findOrderPage,
  markCancelled,
  putStockBack,
  readCartForOrder,
} from './orders.repository'
import {
  basisInPlan,
  choosePlan,
  findRepeatedOrder,
  prepareCartOrder,
  writeCartOrder,
} from './place-order-steps'

/**
 * POST /api/catalog/cart: the cart becomes an order in one transaction — prices recomputed from the
 * catalogue in the chosen plan, lines snapshotted, stock taken, the risk limit checked against the
 * locked customer, the order numbered and the cart emptied (prepareCartOrder and writeCartOrder,
 * which a card payment's callback uses too). A repeated Idempotency-Key answers the order it already made. Each
 * step is a function of place-order-steps.ts.
 */
export async function placeOrder(
  { db, caches, mailSignal }: CachedDb & { mailSignal: MailSignal },
  user: Dealer,
  input: { description?: string; advencePrice?: string; idempotencyKey?: string },
  now: Date,
): Promise<{ order: Order; created: boolean }> {
  const ctx = await loadPricingContext({ db, caches }, user)
  const plan = choosePlan(
    await loadPaymentPlans({ db, caches }),
    ctx.settings.showPaymentPlanPrice,
    input.advencePrice,
  )
  const placed = await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, user.id)
    const existing = await findRepeatedOrder(tx, user, input.idempotencyKey)
    if (existing) return { id: existing, created: false, productIds: [] }
    const prepared = await prepareCartOrder(tx, { cartId, user, plan, ctx, now, checkRiskLimit: true })
    const { id, productIds } = await writeCartOrder(tx, prepared, {
      user,
      plan,
      ctx,
      description: input.description,
      idempotencyKey: input.idempotencyKey,
      now,
    })
    return { id, created: true, productIds }
  })
  if (placed.created) forgetOrderEffects(caches, user.customerId, placed.productIds)
  // The confirmation queued above is committed now: wake the outbox worker to send it at once.
  if (placed.created) mailSignal.notify()
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
export async function getCheckoutInfo(
  { db, caches }: CachedDb,
  user: Dealer,
  now: Date,
): Promise<CheckoutInfo> {
  const [ctx, customer] = await Promise.all([
    loadPricingContext({ db, caches }, user),
    findCustomerRisk(db, user.customerId, ledgerDay(now)),
  ])
  const plans = ctx.settings.showPaymentPlanPrice ? await loadPaymentPlans({ db, caches }) : []
  const lines = plans.length > 0 ? await readCartForOrder(db, user.id) : []
  const money = (value: Big) => ({ value: value.toNumber(), currency: ctx.target.code })
  return {
    risk: {
      enforced: ctx.settings.b2b_risk_limit_islem,
      limit: Number(customer.riskLimit),
      used: new Big(customer.overdueBalance).plus(customer.openOrders).toNumber(),
    },
    plans: plans.map((plan) => {
      const basis = lines.map((line) => basisInPlan(line, plan, ctx))
      const { totals, baseTotals } = cartAmounts(basis, ctx.target.exchangeRate)
      return {
        id: plan.id,
        subtotal: money(totals.subtotal),
        tax: money(totals.tax),
        total: money(totals.total),
        baseTotal: baseTotals.total.toNumber(),
      }
    }),
  }
}

/**
 * How many orders the company has, remembered for the cache window: orders are only ever added, and
 * every process forgets the figure when one is added (cache/invalidation.ts).
 */
const orderCountKey = (customerId: number) => `orders:count:${customerId}`

/**
 * After an order of the company was committed (placed, or paid by card), in every process: the
 * company's order count and the rows of the products whose stock it took.
 */
export const forgetOrderEffects = (caches: CachedDb['caches'], customerId: number, productIds: number[]) =>
  caches.forget(
    { list: orderCountKey(customerId) },
    ...[...new Set(productIds)].map((id) => ({ list: productKey(id) })),
  )

/** GET /api/catalog/orders: the company's orders, newest first, a bounded page at a time. */
export async function listOrders(
  { db, caches }: CachedDb,
  user: Dealer,
  pageInput: number,
): Promise<OrderList> {
  const total = await caches.list.get<number>(orderCountKey(user.customerId), () =>
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

/** PATCH /api/catalog/order/{id} {cancel:true}: a new, unpaid order of the company; its stock goes back. */
export async function cancelOrder(
  { db, caches }: CachedDb,
  user: Dealer,
  orderId: number,
  now: Date,
): Promise<Order> {
  const productIds = await db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, user.customerId)
    if (!order) throw notFound()
    // An order paid by card is not cancelled by the dealer: the store refunds it (docs/payments.md).
    if (order.paidAt || !(await markCancelled(tx, orderId, now))) {
      throw new AppError('conflict', 'orders.cannotCancel', undefined, 'not_cancellable')
    }
    return putStockBack(tx, orderId)
  })
  // Committed: every process forgets the products' rows with their old stock.
  caches.forget(...[...new Set(productIds)].map((id) => ({ list: productKey(id) })))
  return getOrder(db, user, orderId)
}
