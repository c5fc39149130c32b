import Big from 'big.js'
import { type CheckoutInfo, ORDERS_PAGE_SIZE, type Order, type OrderList } from '../../../contracts/orders'
import { cartAmounts } from '../../../domain/cart-amounts'
import { ledgerDay } from '../../../domain/ledger'
import { dealerMayCancel, type OrderStatus } from '../../../domain/order-status'
import { pageBounds } from '../../../domain/paging'
import { offeredPlans, SALE_PLAN } from '../../../domain/payment-plan'
import { riskUsed } from '../../../domain/risk-limit'
import { allocateStock } from '../../../domain/warehouse-allocation'
import { type CachedDb, productKey } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { Dealer } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { lockCartOf, readCartForOrder } from '../cart/cart.service'
import { loadPricingContext } from '../catalog/pricing.service'
import { recordIntegrationChange } from '../integration-feeds/integration-feeds.service'
import { loadPaymentPlans, loadStoreSettings } from '../store/store.service'
import { draftCartOrder, type OrderDraft, releaseOrderDraft, writeOrderDraft } from './order-draft'
import { orderView } from './order-view'
import {
  countOrders,
  findCustomerRisk,
  findOrder,
  findOrderItems,
  findOrderingUser,
  findOrderPage,
  findStocks,
  lockCustomer,
  lockProductsOfLines,
  moveOrderStatus,
  putStockBack,
  takeStock,
} from './orders.repository'
import {
  basisOf,
  checkRiskLimitOf,
  checkStock,
  choosePlan,
  findRepeatedOrder,
  linePriceInPlan,
  prepareCartOrder,
  priceLinesInPlan,
  writeCartOrder,
} from './place-order-steps'

/** The next number of a document (an order, an offer, a fault report), in the caller's transaction. */
export { nextDocumentNo } from './orders.repository'
export type { OrderDraft }

/**
 * POST /api/catalog/cart: the cart becomes an order in one transaction — prices recomputed from the
 * catalogue in the chosen plan, lines snapshotted, stock taken, the risk limit checked against the
 * locked customer, the order numbered and the cart emptied (prepareCartOrder and writeCartOrder,
 * which a card payment's callback uses too). A repeated Idempotency-Key answers the order it already made. Each
 * step is a function of place-order-steps.ts.
 */
export async function placeOrder(
  { db, caches, mailSignal, publicUrl }: CachedDb & { mailSignal: MailSignal; publicUrl: string },
  user: Dealer,
  input: { description?: string; advencePrice?: string; idempotencyKey?: string },
  now: Date,
): Promise<{ order: Order; created: boolean }> {
  const ctx = await loadPricingContext({ db, caches }, user)
  const plan = choosePlan(
    await loadPaymentPlans({ db, caches }),
    ctx.settings.showPaymentPlanPrice,
    input.advencePrice,
    user.defaultPaymentPlanId,
  )
  const placed = await db.transaction(async (tx) => {
    const cartId = await lockCartOf(tx, user.id)
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
      publicUrl,
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
  // In the cart's own order (the order's read is in its locking order, by product).
  const lines =
    plans.length > 0 ? (await readCartForOrder(db, user.id)).sort((a, b) => a.lineId - b.lineId) : []
  const money = (value: Big) => ({ value: value.toNumber(), currency: ctx.target.code })
  return {
    risk: {
      enforced: ctx.settings.b2b_risk_limit_islem,
      limit: Number(customer.riskLimit),
      used: riskUsed(customer).toNumber(),
    },
    plans: plans.map((plan) => {
      const prices = lines.map((line) => linePriceInPlan(line, plan, ctx))
      const basis = lines.map((line, i) => basisOf(line, prices[i] ?? new Big(0), ctx))
      const amounts = cartAmounts(basis, ctx.target.exchangeRate)
      const { totals, baseTotals } = amounts
      const tryMoney = (value: Big) => ({ value: value.toNumber(), currency: 'TRY' })
      return {
        id: plan.id,
        subtotal: money(totals.subtotal),
        tax: money(totals.tax),
        total: money(totals.total),
        baseTotal: baseTotals.total.toNumber(),
        baseTotals: {
          subtotal: tryMoney(baseTotals.subtotal),
          tax: tryMoney(baseTotals.tax),
          total: tryMoney(baseTotals.total),
        },
        lines: lines.map((line, i) => {
          const shown = amounts.lines[i]!
          return {
            id: line.lineId,
            unitId: line.unitId,
            quantity: line.quantity,
            unitPrice: money(shown.unitPrice),
            amount: money(shown.amount),
            tax: money(shown.tax),
            priced: prices[i] !== null,
          }
        }),
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
  const { page, pages, offset } = pageBounds(total, pageInput, ORDERS_PAGE_SIZE)
  const rows = await findOrderPage(db, user.customerId, offset, ORDERS_PAGE_SIZE)
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
    const moved =
      dealerMayCancel({ status: order.status as OrderStatus, paid: order.paidAt !== null }) &&
      (await moveOrderStatus(tx, orderId, {
        from: 'new',
        to: 'cancelled',
        note: null,
        byUserId: user.id,
        byStaff: false,
        now,
      }))
    if (!moved) {
      throw new AppError('conflict', 'orders.cannotCancel', undefined, 'not_cancellable')
    }
    await recordIntegrationChange(tx, { kind: 'order', entityId: orderId }, now)
    return putStockBack(tx, orderId)
  })
  // Committed: every process forgets the products' rows with their old stock.
  caches.forget(...[...new Set(productIds)].map((id) => ({ list: productKey(id) })))
  return getOrder(db, user, orderId)
}

/**
 * A card payment of the cart ('order'): the chosen card (virtual) plan — by id or price name, else
 * the first offered — and the cart's TRY total in it, checked as an order is (no line without a price,
 * stock there). The amount the bank is asked for is this, never one a client sends.
 */
export async function cardOrderAmount(
  { db, caches }: CachedDb,
  user: Dealer,
  chosen: string | undefined,
): Promise<{ planId: number; amount: Big }> {
  const ctx = await loadPricingContext({ db, caches }, user)
  const plans = offeredPlans(await loadPaymentPlans({ db, caches }), ctx.settings.showPaymentPlanPrice)
  const plan = chosen
    ? plans.find((p) => String(p.id) === chosen || p.priceName === chosen)
    : plans.find((p) => p.isVirtual)
  if (!plan?.isVirtual) {
    throw new AppError('validation', 'payments.notVirtualPlan', undefined, 'not_virtual_plan', {
      advencePrice: { key: 'payments.notVirtualPlan' },
    })
  }
  const lines = await readCartForOrder(db, user.id)
  if (lines.length === 0) throw new AppError('validation', 'orders.emptyCart', undefined, 'empty_cart')
  const priced = priceLinesInPlan(lines, plan, ctx)
  checkStock(lines, ctx.settings)
  const amount = cartAmounts(
    priced.map((p) => p.basis),
    ctx.target.exchangeRate,
  ).baseTotals.total
  return { planId: plan.id, amount }
}

/**
 * Inside a card payment's capture transaction, before the bank is asked to take the money: the
 * dealer's cart locked, priced in the intent's plan and checked as an order is (no risk limit: it is
 * paid), refused when it no longer costs what is being paid; then its stock taken and the order
 * drafted. The draft is the payment's to write (bookHeldOrder) or give back (releaseHeldOrder).
 */
export async function holdCartOrder(
  tx: Db,
  { caches }: Pick<CachedDb, 'caches'>,
  user: Dealer,
  input: { planId: number | null; expectedBaseTotal: Big; description: string; now: Date },
): Promise<OrderDraft> {
  const data = { db: tx, caches }
  const ctx = await loadPricingContext(data, user)
  const plan = (await loadPaymentPlans(data)).find((p) => p.id === input.planId && p.isVirtual)
  if (!plan) throw new AppError('conflict', 'payments.cartChanged', undefined, 'plan_gone')
  const cartId = await lockCartOf(tx, user.id)
  const prepared = await prepareCartOrder(tx, {
    cartId,
    user,
    plan,
    ctx,
    now: input.now,
    checkRiskLimit: false,
    expectedBaseTotal: input.expectedBaseTotal,
  })
  return draftCartOrder(tx, prepared, { user, plan, ctx, description: input.description })
}

/** The held order written as paid by this intent (its stock was taken when it was held). */
export const bookHeldOrder = (tx: Db, draft: OrderDraft, intentId: string, now: Date, publicUrl: string) =>
  writeOrderDraft(tx, draft, { now, payment: { intentId }, publicUrl })

/** The held order's stock given back; answers the products whose stock changed. */
export const releaseHeldOrder = (tx: Db, draft: OrderDraft) => releaseOrderDraft(tx, draft)

/** A line of an order written on a dealer's behalf, at the price it is to be charged. */
export type OnBehalfLine = {
  /** Null when the product or its unit has been removed since the line was written. */
  productId: number | null
  unitId: number | null
  code: string
  name: string
  image: string | null
  unitName: string
  quantity: number
  /** Net unit price in the order's currency. */
  unitPrice: string
  taxRate: string
}

const productGone = (name: string) => new AppError('conflict', 'orders.productGone', { name }, 'unavailable')

/**
 * An order staff write for a dealer user (an offer converted), inside the caller's transaction, by a
 * dealer order's own rules apart from the prices, which the caller gives: the user and their company
 * still active, every product still sold
 * with its unit, locked and its stock checked (domain orderFitsStock, the same 409), the customer
 * locked and the risk limit checked, the stock taken from the warehouses in the store's order, and
 * the order written through the same draft as a cart order (order-draft.ts), which queues the
 * dealer's confirmation and the store's mail. The caller forgets the caches (forgetOrderEffects) and
 * wakes the outbox once it has committed.
 */
export async function placeOrderOnBehalf(
  tx: Db,
  { caches }: Pick<CachedDb, 'caches'>,
  input: {
    userId: number
    customerId: number
    currency: { code: string; rate: string }
    description: string
    lines: OnBehalfLine[]
    now: Date
    publicUrl: string
  },
): Promise<{ id: number; orderNo: string; productIds: number[] }> {
  const { currency, now } = input
  const settings = await loadStoreSettings({ db: tx, caches })
  const user = await findOrderingUser(tx, input.userId)
  if (!user) throw notFound()
  // A user or company switched off cannot sign in to order; nobody orders in their name either.
  if (!user.active) throw new AppError('conflict', 'orders.dealerInactive', undefined, 'dealer_inactive')
  if (input.lines.length === 0) throw new AppError('validation', 'orders.emptyCart', undefined, 'empty_cart')
  const gone = input.lines.find((line) => line.productId === null || line.unitId === null)
  if (gone) throw productGone(gone.name)
  const lines = input.lines as Array<OnBehalfLine & { productId: number; unitId: number }>
  const productIds = [...new Set(lines.map((line) => line.productId))]
  const locked = await lockProductsOfLines(
    tx,
    productIds,
    lines.map((line) => line.unitId),
  )
  const sources = lines.map((line) => {
    const product = locked.find((p) => p.productId === line.productId && p.unitId === line.unitId)
    if (!product?.isActive) throw productGone(line.name)
    return { line, product }
  })
  checkStock(
    sources.map(({ line, product }) => ({
      productId: line.productId,
      name: line.name,
      stock: product.stock,
      quantity: line.quantity,
      multiplier: product.multiplier,
    })),
    settings,
  )
  // Priced in the order's own currency at its own rate: the lines' prices are charged as given.
  const amounts = cartAmounts(
    lines.map((line) => ({
      unitPrice: line.unitPrice,
      fromRate: currency.rate,
      quantity: line.quantity,
      taxRate: line.taxRate,
    })),
    currency.rate,
  )
  const customer = await lockCustomer(tx, input.customerId, user.branchId, ledgerDay(now))
  checkRiskLimitOf(customer, amounts.baseTotals.total, settings)
  const takes = allocateStock(
    sources.map(({ line, product }) => ({
      productId: line.productId,
      baseUnits: line.quantity * product.multiplier,
    })),
    await findStocks(tx, productIds),
  )
  for (const [i, { line }] of sources.entries()) {
    for (const take of takes[i]!) await takeStock(tx, line.productId, take.warehouseId, take.quantity)
  }
  return writeOrderDraft(
    tx,
    {
      userId: input.userId,
      customerId: input.customerId,
      branchId: customer.branchId,
      recipient: {
        email: user.email,
        name: user.name,
        locale: user.locale === 'en' ? 'en' : 'tr',
        timeZone: settings.timeZone,
      },
      head: {
        description: input.description,
        paymentPlanId: null,
        paymentPlanName: SALE_PLAN.name,
        priceName: SALE_PLAN.priceName,
        currencyCode: currency.code,
        currencyRate: currency.rate,
        subtotal: amounts.totals.subtotal.toString(),
        tax: amounts.totals.tax.toString(),
        total: amounts.totals.total.toString(),
        baseTotal: amounts.baseTotals.total.toString(),
      },
      lines: sources.map(({ line, product }, i) => {
        const shown = amounts.lines[i]!
        return {
          productId: line.productId,
          unitId: line.unitId,
          code: line.code,
          name: line.name,
          image: line.image,
          unitName: line.unitName,
          multiplier: product.multiplier,
          quantity: line.quantity,
          price: new Big(line.unitPrice).toFixed(4),
          priceCurrency: currency.code,
          priceRate: currency.rate,
          taxRate: line.taxRate,
          unitPrice: shown.unitPrice.toString(),
          amount: shown.amount.toString(),
          tax: shown.tax.toString(),
          takes: takes[i]!,
        }
      }),
    },
    { now, publicUrl: input.publicUrl },
  )
}
