import Big from 'big.js'
import { ledgerDay } from '../../../domain/ledger'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import { lockCart } from '../cart/cart.repository'
import { loadPricingContext } from '../catalog/pricing-context'
import { recordCredit, recordOrderDebit } from '../ledger/ledger.service'
import { prepareCartOrder, writeCartOrder } from '../orders/place-order-steps'
import { lockPayableLink, markLinkPaid } from '../payment-links/payment-links.repository'
import { loadPaymentPlans } from '../store/store.repository'
import { findDealer, type IntentRow } from './payments.repository'

/** What a succeeded payment writes, checked beforehand: `write` runs only once the card is charged. */
export type PreparedEffect = {
  write: () => Promise<{ orderId: number | null; orderNo: string | null; productIds: number[] }>
}

const refused = (
  code: string,
  key: 'payments.cartChanged' | 'payments.linkUnavailable' | 'payments.failed',
) => new AppError('conflict', key, undefined, code)

/**
 * Everything that can refuse a payment's effect, checked in the callback's transaction before the
 * gateway takes the money (an AppError then: the intent fails and nothing is charged or taken):
 * - 'order': the dealer's cart locked, priced in the intent's card plan, its stock checked, and its
 *   TRY total still what was paid;
 * - 'link': the link locked, still unpaid and unexpired, for this company and amount.
 */
export async function prepareEffect(
  tx: Db,
  deps: Pick<CachedDb, 'caches'>,
  intent: IntentRow,
  now: Date,
): Promise<PreparedEffect> {
  let writeOrder: (() => Promise<{ id: number; orderNo: string; productIds: number[] }>) | null = null
  if (intent.paymentType === 'order') {
    const user = intent.userId === null ? null : await findDealer(tx, intent.userId)
    if (!user || user.customerId !== intent.customerId) throw refused('dealer_gone', 'payments.failed')
    const data = { db: tx, caches: deps.caches }
    const ctx = await loadPricingContext(data, user)
    const plan = (await loadPaymentPlans(data)).find((p) => p.id === intent.paymentPlanId && p.isVirtual)
    if (!plan) throw refused('plan_gone', 'payments.cartChanged')
    const cartId = await lockCart(tx, user.id)
    const prepared = await prepareCartOrder(tx, {
      cartId,
      user,
      plan,
      ctx,
      now,
      checkRiskLimit: false,
      expectedBaseTotal: new Big(intent.amount),
    })
    writeOrder = () =>
      writeCartOrder(tx, prepared, {
        user,
        plan,
        ctx,
        description: intent.description,
        now,
        payment: { intentId: intent.id },
      })
  }
  if (intent.paymentType === 'link') {
    const link = intent.paymentLinkId === null ? null : await lockPayableLink(tx, intent.paymentLinkId, now)
    if (!link || link.customerId !== intent.customerId || !new Big(link.amount).eq(intent.amount)) {
      throw refused('link_unavailable', 'payments.linkUnavailable')
    }
  }
  return {
    write: async () => {
      const order = writeOrder ? await writeOrder() : null
      await bookPayment(tx, intent, order, now)
      if (intent.paymentType === 'link' && intent.paymentLinkId !== null) {
        await markLinkPaid(tx, intent.paymentLinkId, intent.id, now)
      }
      return {
        orderId: order?.id ?? null,
        orderNo: order?.orderNo ?? null,
        productIds: order?.productIds ?? [],
      }
    },
  }
}

/**
 * The ledger: a paid order is booked as its debit, settled at once by the card payment's credit (so
 * it nets to zero); every payment is a 'card_payment' credit for the amount (the commission is the
 * bank's), settling the chosen items first, then the debits due first.
 */
async function bookPayment(
  tx: Db,
  intent: IntentRow,
  order: { id: number; orderNo: string } | null,
  now: Date,
) {
  const day = ledgerDay(now)
  const orderDebit = order
    ? await recordOrderDebit(tx, {
        customerId: intent.customerId,
        orderId: order.id,
        orderNo: order.orderNo,
        amount: intent.amount,
        entryDate: day,
        dueDate: day,
        description: 'Kartla ödenen sipariş',
      })
    : null
  const parts = [
    `Kredi kartı ödemesi ${intent.cardMasked}`,
    intent.installment > 1 ? `${intent.installment} taksit` : null,
    order ? order.orderNo : null,
    intent.paymentType === 'link' ? 'ödeme bağlantısı' : null,
  ]
  await recordCredit(tx, {
    customerId: intent.customerId,
    kind: 'card_payment',
    amount: intent.amount,
    documentNo: `KK-${intent.id.slice(0, 12).toUpperCase()}`,
    description: parts.filter(Boolean).join(' · '),
    entryDate: day,
    paymentIntentId: intent.id,
    createdByUserId: intent.userId,
    settleEntryIds: [...(orderDebit ? [orderDebit.entryId] : []), ...intent.settleEntryIds],
  })
}
