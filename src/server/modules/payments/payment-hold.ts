import Big from 'big.js'
import { ledgerDay } from '../../../domain/ledger'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import { recordIntegrationEvent } from '../integration-feeds/integration-feeds.service'
import { cardPaymentDocumentNo, recordCredit, recordOrderDebit } from '../ledger/ledger.service'
import { bookHeldOrder, holdCartOrder, type OrderDraft, releaseHeldOrder } from '../orders/orders.service'
import { lockLinkForPayment, markLinkPaidBy } from '../payment-links/payment-links.service'
import { findDealer, type IntentRow, linkHeldByAnother } from './payments.repository'

/**
 * What a payment holds from 'capturing' on, kept on its intent (payment_intents.reservation): the
 * cart's order drafted with its stock already taken, and the payment link it pays. Nobody else can
 * take that stock or pay that link meanwhile; booking writes exactly this, a release gives it back.
 */
export type Reservation = { order: OrderDraft | null; linkId: number | null }

const refused = (
  code: string,
  key: 'payments.cartChanged' | 'payments.linkUnavailable' | 'payments.failed',
) => new AppError('conflict', key, undefined, code)

/**
 * In the capture transaction, before the bank is asked: everything that could refuse the payment's
 * effect is checked and held. An AppError here fails the intent and nothing is charged:
 * - 'order': the dealer's cart priced in the intent's card plan, its stock, and its TRY total still
 *   what is being paid; the order is drafted and its stock taken;
 * - 'link': the link still unpaid, unexpired, for this company and amount, and held by no other payment.
 */
export async function holdEffect(
  tx: Db,
  deps: Pick<CachedDb, 'caches'>,
  intent: IntentRow,
  now: Date,
): Promise<Reservation> {
  let order: OrderDraft | null = null
  if (intent.paymentType === 'order') {
    const user = intent.userId === null ? null : await findDealer(tx, intent.userId)
    if (!user || user.customerId !== intent.customerId) throw refused('dealer_gone', 'payments.failed')
    order = await holdCartOrder(tx, deps, user, {
      planId: intent.paymentPlanId,
      expectedBaseTotal: new Big(intent.amount),
      description: intent.description,
      now,
    })
  }
  if (intent.paymentType === 'link') {
    const link =
      intent.paymentLinkId === null ? null : await lockLinkForPayment(tx, intent.paymentLinkId, now)
    if (
      !link ||
      link.customerId !== intent.customerId ||
      !new Big(link.amount).eq(intent.amount) ||
      (await linkHeldByAnother(tx, link.id, intent.id))
    ) {
      throw refused('link_unavailable', 'payments.linkUnavailable')
    }
  }
  return { order, linkId: intent.paymentType === 'link' ? intent.paymentLinkId : null }
}

/**
 * In the booking transaction, right after the intent's step to 'succeeded': the held order written as
 * paid, the ledger (the order's debit settled at once by the card payment's credit, and the credit
 * settling the chosen items, then the debits due first), the link marked paid. Nothing here refuses:
 * it was all checked and held before the money was taken.
 */
export async function bookEffect(
  tx: Db,
  intent: IntentRow,
  reservation: Reservation | null,
  now: Date,
  /** The portal's address, for the link in the store's mail of the paid order. */
  publicUrl: string,
): Promise<{ orderId: number | null; productIds: number[] }> {
  // A payment whose hold was released (it failed, then the bank reported the charge) has nothing to
  // book but its credit: its order's stock went back and its link may be paid by now. Refund it.
  if (!reservation && intent.paymentType !== 'pay') {
    throw new AppError('conflict', 'payments.releasedCannotBook', undefined, 'hold_released')
  }
  const order = reservation?.order
    ? await bookHeldOrder(tx, reservation.order, intent.id, now, publicUrl)
    : null
  await bookPayment(tx, intent, order, now)
  if (reservation && reservation.linkId !== null) await markLinkPaidBy(tx, reservation.linkId, intent.id, now)
  return { orderId: order?.id ?? null, productIds: order?.productIds ?? [] }
}

/** What a payment held, given back (it failed or was refunded); answers the products whose stock changed. */
export async function releaseEffect(tx: Db, reservation: Reservation | null): Promise<number[]> {
  return reservation?.order ? releaseHeldOrder(tx, reservation.order) : []
}

/** The reservation kept on an intent, or null before 'capturing'. */
export const reservationOf = (intent: IntentRow): Reservation | null =>
  (intent.reservation as Reservation | null) ?? null

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
        description: { key: 'card_order' },
      })
    : null
  const { entryId } = await recordCredit(tx, {
    customerId: intent.customerId,
    kind: 'card_payment',
    amount: intent.amount,
    documentNo: cardPaymentDocumentNo(intent.id),
    description: {
      key: 'card_payment',
      card: intent.cardMasked,
      installments: intent.installment,
      orderNo: order?.orderNo ?? null,
      viaLink: intent.paymentType === 'link',
    },
    entryDate: day,
    paymentIntentId: intent.id,
    createdByUserId: intent.userId,
    settleEntryIds: [...(orderDebit ? [orderDebit.entryId] : []), ...intent.settleEntryIds],
  })
  // The ERP's payments feed and webhooks, in the booking's transaction.
  await recordIntegrationEvent(tx, { kind: 'card_payment', entityId: entryId }, now)
}
