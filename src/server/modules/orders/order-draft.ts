import type Big from 'big.js'
import type { PaymentPlan } from '../../../contracts/bootstrap'
import type { Locale } from '../../../contracts/common'
import { DEFAULT_ORDER_DESCRIPTION } from '../../../contracts/orders'
import type { CartAmounts } from '../../../domain/cart-amounts'
import type { CartTotalsLine } from '../../../domain/cart-totals'
import { allocateStock, type StockTake } from '../../../domain/warehouse-allocation'
import type { Db } from '../../db/client'
import type { Dealer } from '../../identity'
import { emptyLockedCart, type OrderLineSource, putLinesBack } from '../cart/cart.service'
import type { PricingContext } from '../catalog/pricing.service'
import { recordIntegrationEvent } from '../integration-feeds/integration-feeds.service'
import { storeMailRecipients } from '../store/store.service'
import { queueOrderConfirmation } from './order-mail'
import { queueStoreOrderNotice } from './order-store-notice'
import {
  findStocks,
  insertOrder,
  insertOrderItem,
  insertStockMoves,
  nextDocumentNo,
  returnStock,
  takeStock,
} from './orders.repository'

/**
 * An order priced and with its stock taken, not yet numbered or written: plain JSON, so a card payment
 * can keep it on its intent while the bank is asked (the stock is held meanwhile, nobody else can take
 * it) and write it — or put its stock back — later, in another transaction or another process.
 */
export type OrderDraft = {
  userId: number
  customerId: number
  cartId: number
  branchId: number | null
  /** Who the confirmation goes to, as they were when the order was drafted, and the store's zone then. */
  recipient: { email: string; name: string; locale: Locale; timeZone: string }
  head: {
    description: string
    paymentPlanId: number | null
    paymentPlanName: string
    priceName: string
    currencyCode: string
    currencyRate: string
    subtotal: string
    tax: string
    total: string
    baseTotal: string
  }
  lines: Array<{
    productId: number
    unitId: number
    code: string
    name: string
    image: string | null
    unitName: string
    multiplier: number
    quantity: number
    price: string
    priceCurrency: string
    priceRate: string
    taxRate: string
    unitPrice: string
    amount: string
    tax: string
    /** The base units each warehouse gave this line. */
    takes: StockTake[]
  }>
}

const baseUnits = (line: { quantity: number; multiplier: number }) => line.quantity * line.multiplier

/** What a draft is made from: a cart order prepared by place-order-steps (prepareCartOrder). */
export type DraftSource = {
  cartId: number
  lines: OrderLineSource[]
  priced: Array<{ line: OrderLineSource; unitPrice: Big; basis: CartTotalsLine }>
  amounts: CartAmounts
  customer: { branchId: number | null }
}

/**
 * Takes the stock of a prepared cart order (its products are locked by prepareCartOrder) from the
 * warehouses in the store's order (domain allocateStock), empties the cart, and answers the draft
 * that records both.
 */
export async function draftCartOrder(
  tx: Db,
  prepared: DraftSource,
  input: { user: Dealer; plan: PaymentPlan; ctx: PricingContext; description: string | undefined },
): Promise<OrderDraft> {
  const { user, plan, ctx } = input
  const { amounts, lines } = prepared
  const productIds = [...new Set(lines.map((line) => line.productId))]
  const takesByLine = allocateStock(
    lines.map((line) => ({ productId: line.productId, baseUnits: baseUnits(line) })),
    await findStocks(tx, productIds),
  )
  for (const [i, line] of lines.entries()) {
    for (const take of takesByLine[i]!) await takeStock(tx, line.productId, take.warehouseId, take.quantity)
  }
  // The lines leave the cart with their stock: what is drafted cannot be ordered a second time (a
  // card payment still with the bank; releaseOrderDraft puts them back if it does not go through).
  await emptyLockedCart(tx, prepared.cartId)
  return {
    userId: user.id,
    customerId: user.customerId,
    cartId: prepared.cartId,
    // The branch the cart page shows: the stored choice while it is still the company's, else the first.
    branchId: prepared.customer.branchId,
    recipient: {
      email: user.email,
      name: user.name,
      locale: user.locale ?? 'tr',
      timeZone: ctx.settings.timeZone,
    },
    head: {
      description: input.description?.trim() || DEFAULT_ORDER_DESCRIPTION,
      paymentPlanId: plan.id || null,
      paymentPlanName: plan.name,
      priceName: plan.priceName,
      currencyCode: ctx.target.code,
      currencyRate: String(ctx.target.exchangeRate),
      subtotal: amounts.totals.subtotal.toString(),
      tax: amounts.totals.tax.toString(),
      total: amounts.totals.total.toString(),
      baseTotal: amounts.baseTotals.total.toString(),
    },
    lines: prepared.priced.map(({ line, unitPrice, basis }, i) => {
      const lineAmounts = amounts.lines[i]!
      return {
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
        takes: takesByLine[i]!,
      }
    }),
  }
}

/**
 * Writes a draft as the order: numbered (late, so the store-wide counter row stays locked only for
 * the inserts, the reads of the two mails and the commit), its lines snapshotted with the warehouses
 * their stock came from, and the dealer's confirmation and the store's mail queued. The stock was
 * taken, and the cart emptied, when the draft was made.
 */
export async function writeOrderDraft(
  tx: Db,
  // The cart is only for giving a draft back (releaseOrderDraft): an order made on a dealer's behalf has none.
  draft: Omit<OrderDraft, 'cartId'>,
  input: {
    idempotencyKey?: string | undefined
    now: Date
    payment?: { intentId: string }
    /** The portal's address, for the link in the store's mail. */
    publicUrl: string
  },
): Promise<{ id: number; orderNo: string; productIds: number[] }> {
  const { now } = input
  // Read before the counter row is locked: every order of the store waits on that lock.
  const storeRecipients = await storeMailRecipients(tx)
  // The year of the store's calendar (as fault reports'), not the machine's: an order placed just after
  // midnight on New Year's Day in Istanbul is numbered in the new year on a server running in UTC.
  const orderNo = await nextDocumentNo(tx, 'order', now)
  const id = await insertOrder(tx, {
    orderNo,
    userId: draft.userId,
    customerId: draft.customerId,
    branchId: draft.branchId,
    ...draft.head,
    idempotencyKey: input.idempotencyKey ?? null,
    createdAt: now,
    ...(input.payment ? { paymentIntentId: input.payment.intentId, paidAt: now } : {}),
  })
  for (const { takes, ...line } of draft.lines) {
    const itemId = await insertOrderItem(tx, { orderId: id, ...line })
    await insertStockMoves(
      tx,
      takes.map((take) => ({ orderItemId: itemId, ...take })),
    )
  }
  const { timeZone, ...recipient } = draft.recipient
  await queueOrderConfirmation(tx, { ...recipient, customerId: draft.customerId }, id, now, timeZone)
  await queueStoreOrderNotice(tx, id, {
    now,
    timeZone,
    publicUrl: input.publicUrl,
    paidByCard: input.payment !== undefined,
    recipients: storeRecipients,
  })
  // The ERP's feed and webhooks learn of it in the same transaction (integration-feeds).
  await recordIntegrationEvent(tx, { kind: 'order', entityId: id }, now)
  // The products whose stock changed, for the caches to forget once this commits.
  return { id, orderNo, productIds: draft.lines.map((line) => line.productId) }
}

/**
 * Puts a draft's stock back and its lines back into the dealer's cart (a card payment that did not go
 * through: the cart is as it was, with whatever was added meanwhile); answers the products.
 */
export async function releaseOrderDraft(tx: Db, draft: OrderDraft): Promise<number[]> {
  const moves = draft.lines.flatMap((line) =>
    line.takes.map((take) => ({
      productId: line.productId,
      warehouseId: take.warehouseId,
      quantity: take.quantity,
    })),
  )
  // The cart first, then the products: the order in which placing an order locks them. Stock first,
  // a failed card payment and the same dealer's order each waited for the other's row until
  // PostgreSQL broke the deadlock by failing the order with a 500.
  await putLinesBack(
    tx,
    draft.cartId,
    draft.lines.map((line) => ({ productId: line.productId, unitId: line.unitId, quantity: line.quantity })),
  )
  await returnStock(tx, moves)
  return [...new Set(draft.lines.map((line) => line.productId))]
}
