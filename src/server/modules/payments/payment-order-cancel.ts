import Big from 'big.js'
import { ledgerDay } from '../../../domain/ledger'
import { faultPoint } from '../../fault-points'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import type { RefundResult } from '../../integrations/payments/gateway'
import { recordAudit } from '../audit/audit.service'
import { recordCardPaymentChange } from '../integration-feeds/integration-feeds.service'
import { cardPaymentDocumentNo, recordCardRefund } from '../ledger/ledger.service'
import {
  afterPaidOrderCancel,
  completePaidOrderCancel,
  findPaidOrder,
  requestPaidOrderCancel,
  withdrawPaidOrderCancel,
} from '../orders/orders-staff.service'
import { intentGateway } from './payment-gateway-choice'
import {
  countReconcileAttempt,
  type IntentRow,
  lockIntent,
  type StepBy,
  stepIntent,
} from './payments.repository'
import type { PaymentsDeps } from './payments.service'

/*
 * Staff cancel an order paid by card: its whole payment goes back through the bank (docs/decisions.md,
 * "Cancelling a card-paid order"). Three short steps, the bank asked between them, never inside one:
 * 1. one transaction: the order locked and checked, staff's cancellation kept on it
 *    (orders.cancel_request: no other move meanwhile), the payment succeeded → refunding;
 * 2. the bank asked to refund the whole charge;
 * 3. one transaction: refunding → refunded, the order cancelled (history, audit row, status mail,
 *    stock back) and the ledger's refund entries — or, when the bank refuses, refunding → succeeded
 *    and the cancellation withdrawn, the order as it was.
 * A process that dies between them leaves the payment 'refunding' with the order's cancellation
 * kept: the reconciler asks the bank and finishes the same way (resumeOrderCancel). Every step is
 * guarded by the intent's status, so a repeated or parallel cancel refunds and cancels once.
 */

const notRefundable = () => new AppError('conflict', 'payments.notRefundable', undefined, 'not_refundable')

/** How a refund asked of the bank ended for the order. */
type RefundOutcome =
  | { kind: 'cancelled' }
  /** The bank refused and the payment is back to succeeded; `message` is the bank's. */
  | { kind: 'refused'; message: string }
  /** No answer to rely on: the payment stays 'refunding' for the reconciler. */
  | { kind: 'unknown'; message: string }
  /** Another request (or the reconciler) settled it first. */
  | { kind: 'moved' }

/**
 * PATCH /yonetim/orders/{id} {status: 'cancelled', note} of an order paid by card (handed to the
 * orders route by the app). Answers when the order is cancelled (or already was); throws 409 when the
 * order may not be cancelled or a cancellation is under way, 502 when the bank refused (the order
 * stays as it was) or did not answer (the reconciler finishes it).
 */
export async function cancelPaidOrder(
  deps: PaymentsDeps,
  input: { staff: StaffActor; orderId: number; note: string },
): Promise<void> {
  const { staff, orderId, note } = input
  const order = await findPaidOrder(deps.db, orderId)
  if (!order) throw notFound()
  if (order.status === 'cancelled') return
  const intentId = order.paymentIntentId
  if (!intentId) throw notRefundable()
  const now = deps.now()
  const by: StepBy = { actor: 'staff', now, userId: staff.id, ip: staff.ip, reason: note }
  const refunding = await deps.db.transaction(async (tx) => {
    // The payment first, then the order: the order in which the outcome's transaction locks them.
    const intent = await lockIntent(tx, intentId)
    // Only a payment of exactly this order for exactly its total can be given back whole with it
    // (one payment pays one order at checkout, so anything else is a record to look at by hand).
    if (
      intent?.paymentType !== 'order' ||
      intent.orderId !== order.id ||
      !new Big(intent.amount).eq(order.baseTotal)
    ) {
      throw notRefundable()
    }
    if ((await requestPaidOrderCancel(tx, orderId, { staff, note, now })) === 'cancelled') return null
    // Not succeeded (a refund already under way, or never booked): the request above rolls back.
    const stepped = await stepIntent(tx, intentId, 'succeeded', 'refunding', by)
    if (!stepped) throw notRefundable()
    await recordAudit(
      tx,
      staff,
      {
        entity: 'payment',
        entityId: intentId,
        action: 'refund',
        before: { status: 'succeeded' },
        after: { status: 'refunding', reason: note },
      },
      now,
    )
    return stepped
  })
  if (!refunding) return
  faultPoint('order-cancel.after-refunding')
  const outcome = await refundAndSettle(deps, refunding, { ...by, reason: null }, staff.ip)
  if (outcome.kind === 'refused') {
    throw new AppError('upstream', 'orders.cancelRefundFailed', { message: outcome.message }, 'refund_failed')
  }
  if (outcome.kind === 'unknown') {
    throw new AppError('upstream', 'orders.cancelRefundUnknown', undefined, 'refund_unanswered')
  }
}

/**
 * The reconciler's turn for a cancelled order's payment left 'refunding' (its process died before or
 * after the bank answered): the bank is asked what it holds. Refunded (or holding no charge) → the
 * cancellation is finished; still charged → the refund is asked again, as staff had asked; no answer
 * → left for the next run (counted, and logged once it keeps failing: the money may be back already,
 * so it is never put back to succeeded on a guess).
 */
export async function resumeOrderCancel(
  deps: PaymentsDeps,
  intent: IntentRow,
  by: StepBy,
  ip: string,
  maxAttempts: number,
): Promise<RefundOutcome> {
  const bank = await (await intentGateway(deps.gateways, intent)).retrieve({
    intentId: intent.id,
    gatewayRef: intent.gatewayRef,
  })
  if (bank.state === 'refunded') {
    return finishOrderCancel(deps, intent, { ...by, reason: 'the bank shows it refunded' })
  }
  if (bank.state === 'not_charged') return finishOrderCancel(deps, intent, { ...by, reason: bank.message })
  if (bank.state === 'charged') return refundAndSettle(deps, intent, by, ip)
  const attempts = await countReconcileAttempt(deps.db, intent.id)
  if (attempts >= maxAttempts) {
    deps.log.warn(
      { intentId: intent.id, attempts, message: bank.message },
      'order cancellation waits for the bank: its refund is not confirmed',
    )
  }
  return { kind: 'unknown', message: bank.message }
}

/** Step 2 and 3: the bank asked to refund the whole charge, then its answer committed. */
async function refundAndSettle(
  deps: PaymentsDeps,
  intent: IntentRow,
  by: StepBy,
  ip: string,
): Promise<RefundOutcome> {
  let answer: RefundResult
  try {
    answer = await (await intentGateway(deps.gateways, intent)).refund({
      intentId: intent.id,
      gatewayRef: intent.gatewayRef,
      totalAmount: intent.totalAmount,
      ip,
    })
  } catch (err) {
    // The request may or may not have reached the bank: only the bank's books can tell (reconciler).
    const message = err instanceof Error ? err.message : 'unknown'
    deps.log.warn({ intentId: intent.id, err: message }, 'refund unanswered: left for the reconciler')
    return { kind: 'unknown', message }
  }
  if (answer.outcome === 'refunded') {
    return finishOrderCancel(deps, intent, { ...by, reason: 'refunded by the bank' }, answer.refundRef)
  }
  if (answer.outcome === 'not_charged') {
    // Nothing to give back at the bank (given back by hand in its panel): the order is cancelled.
    return finishOrderCancel(deps, intent, { ...by, reason: answer.message })
  }
  // A refusal may be a timeout whose refund went through after all: the bank's books decide.
  const bank = await (await intentGateway(deps.gateways, intent)).retrieve({
    intentId: intent.id,
    gatewayRef: intent.gatewayRef,
  })
  if (bank.state === 'refunded') {
    return finishOrderCancel(deps, intent, { ...by, reason: 'the bank shows it refunded' })
  }
  if (bank.state !== 'charged') return { kind: 'unknown', message: answer.message }
  const reason = `İade yapılamadı, sipariş iptal edilmedi: ${answer.message}`.slice(0, 500)
  const back = await deps.db.transaction(async (tx) => {
    const stepped = await stepIntent(tx, intent.id, 'refunding', 'succeeded', { ...by, reason })
    if (stepped && intent.orderId !== null) await withdrawPaidOrderCancel(tx, intent.orderId)
    return stepped
  })
  if (!back) return { kind: 'moved' }
  deps.log.warn({ intentId: intent.id, message: answer.message }, 'refund refused: order not cancelled')
  return { kind: 'refused', message: answer.message }
}

/**
 * Step 3 when the money is back: one transaction ends the payment 'refunded', cancels the order as
 * staff asked and books the ledger's refund; a second attempt finds the payment no longer
 * 'refunding' and writes nothing.
 */
async function finishOrderCancel(
  deps: PaymentsDeps,
  intent: IntentRow,
  by: StepBy,
  refundRef?: string,
): Promise<RefundOutcome> {
  const orderId = intent.orderId
  if (orderId === null) throw new Error(`payment ${intent.id} is refunding an order it does not have`)
  const done = await deps.db.transaction(async (tx) => {
    const refunded = await stepIntent(tx, intent.id, 'refunding', 'refunded', by, {
      completedAt: by.now,
      attentionReason: null,
      ...(refundRef ? { refundRef } : {}),
    })
    if (!refunded) return null
    const cancelled = await completePaidOrderCancel(tx, deps, orderId, by.now)
    // The request is written with the step to refunding, in one transaction: it cannot be missing.
    if (!cancelled) throw new Error(`order ${orderId} has no cancellation waiting for its refund`)
    await recordCardRefund(tx, {
      customerId: refunded.customerId,
      orderId,
      orderNo: cancelled.orderNo,
      amount: refunded.amount,
      paymentIntentId: refunded.id,
      paymentDocumentNo: cardPaymentDocumentNo(refunded.id),
      card: refunded.cardMasked,
      reason: cancelled.note,
      entryDate: ledgerDay(by.now),
      createdByUserId: cancelled.staff.id,
    })
    // The payments feed shows the card payment again, refunded (the order's own event is the move's).
    await recordCardPaymentChange(tx, refunded.id, by.now)
    return cancelled
  })
  if (!done) return { kind: 'moved' }
  afterPaidOrderCancel(deps, done.productIds)
  deps.log.info({ intentId: intent.id, orderId, actor: by.actor }, 'card-paid order cancelled and refunded')
  return { kind: 'cancelled' }
}
