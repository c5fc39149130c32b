import type { IntentStatus } from '../../../domain/payment-intent'
import { productKey } from '../../cache/caches'
import { AppError } from '../../http/errors'
import { translate } from '../../http/messages'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import { forgetOrderEffects } from '../orders/orders.service'
import { type Failure, failureOfError } from './payment-failures'
import { bookEffect, holdEffect, releaseEffect, reservationOf } from './payment-hold'
import { type IntentRow, lockIntent, type StepBy, setIntentOrder, stepIntent } from './payments.repository'
import type { PaymentsDeps } from './payments.service'

/*
 * The steps of a payment after the bank's 3-D Secure answer, each its own short transaction, shared by
 * the callback, the reconciler and staff. The bank is asked between them, never inside one.
 */

export type CaptureOutcome =
  | { kind: 'capturing'; intent: IntentRow }
  | { kind: 'failed'; intent: IntentRow; failure: Failure; message: string }
  | { kind: 'moved'; intent: IntentRow | null }

/**
 * authorized → capturing: the effect checked and held (the cart's stock taken, the link held) and the
 * step committed before the bank is asked for the money; a refusal (cart changed, stock gone, link
 * paid) fails the intent instead, and nothing is charged. 'moved': another request took this step.
 */
export async function captureIntent(
  deps: PaymentsDeps,
  intentId: string,
  by: StepBy,
  locale: 'tr' | 'en',
): Promise<CaptureOutcome> {
  return deps.db.transaction(async (tx): Promise<CaptureOutcome> => {
    const intent = await lockIntent(tx, intentId)
    if (intent?.status !== 'authorized') return { kind: 'moved', intent }
    try {
      // A savepoint: a refusal undoes whatever the hold had written before it (the cart's lock row).
      const reservation = await tx.transaction((hold) => holdEffect(hold, deps, intent, by.now))
      const held = await stepIntent(tx, intent.id, 'authorized', 'capturing', by, { reservation })
      return { kind: 'capturing', intent: held! }
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      const failure = failureOfError(err)
      const failed = await stepIntent(
        tx,
        intent.id,
        'authorized',
        'failed',
        { ...by, reason: failure.code },
        {
          failureCode: failure.code.slice(0, 40),
          failureMessage: failure.message,
          completedAt: by.now,
        },
      )
      return {
        kind: 'failed',
        intent: failed!,
        failure,
        message: translate(locale, err.messageKey, err.params),
      }
    }
  })
}

/**
 * capturing (or, by staff, needs_attention) → succeeded: the money is taken; the step and the effect
 * it held (the paid order, the ledger credit, the link paid) commit together, once: a second booking
 * of the same intent finds it no longer in `from` and writes nothing. Answers null then.
 */
export async function bookIntent(
  deps: PaymentsDeps,
  intentId: string,
  from: Extract<IntentStatus, 'capturing' | 'needs_attention'>,
  gatewayRef: string | null,
  by: StepBy,
  /** The staff user who booked it by hand, recorded in the audit trail with the booking. */
  staff?: StaffActor,
): Promise<{ intent: IntentRow; orderId: number | null } | null> {
  const booked = await deps.db.transaction(async (tx) => {
    const intent = await stepIntent(tx, intentId, from, 'succeeded', by, {
      ...(gatewayRef ? { gatewayRef } : {}),
      attentionReason: null,
      completedAt: by.now,
    })
    if (!intent) return null
    if (staff) {
      await recordAudit(
        tx,
        staff,
        {
          entity: 'payment',
          entityId: intentId,
          action: 'book',
          before: { status: from },
          after: { status: 'succeeded', reason: by.reason ?? null },
        },
        by.now,
      )
    }
    const written = await bookEffect(tx, intent, reservationOf(intent), by.now, deps.publicUrl)
    if (written.orderId !== null) await setIntentOrder(tx, intent.id, written.orderId)
    return { intent, ...written }
  })
  if (!booked) return null
  if (booked.orderId !== null) {
    forgetOrderEffects(deps.caches, booked.intent.customerId, booked.productIds)
    // The order's confirmation was queued in the transaction, and its cart emptied.
    deps.mailSignal.notify()
    deps.cartCommitted()
  }
  deps.log.info(
    { intentId, paymentType: booked.intent.paymentType, orderId: booked.orderId, actor: by.actor },
    'payment intent succeeded',
  )
  return { intent: booked.intent, orderId: booked.orderId }
}

/**
 * A step that ends the payment without booking it — failed (the bank declined, nothing was taken) or
 * refunded — with what it held given back in the same transaction. Answers null when another request
 * moved the intent first.
 */
export async function releaseIntent(
  deps: PaymentsDeps,
  intentId: string,
  from: IntentStatus,
  to: Extract<IntentStatus, 'failed' | 'refunded'>,
  by: StepBy,
  outcome: { failure?: Failure; refundRef?: string },
): Promise<IntentRow | null> {
  const released = await deps.db.transaction(async (tx) => {
    const before = await lockIntent(tx, intentId)
    if (before?.status !== from) return null
    const intent = await stepIntent(tx, intentId, from, to, by, {
      completedAt: by.now,
      attentionReason: null,
      // What it held goes back now: nothing of it can be booked any more.
      reservation: null,
      ...(outcome.failure
        ? { failureCode: outcome.failure.code.slice(0, 40), failureMessage: outcome.failure.message }
        : {}),
      ...(outcome.refundRef ? { refundRef: outcome.refundRef } : {}),
    })
    if (!intent) return null
    return { intent, productIds: await releaseEffect(tx, reservationOf(before)) }
  })
  if (!released) return null
  if (released.productIds.length > 0) {
    deps.caches.forget(...released.productIds.map((id) => ({ list: productKey(id) })))
    // Its lines went back into the dealer's cart: the live staff screens read the carts again.
    deps.cartCommitted()
  }
  deps.log.info({ intentId, from, to, actor: by.actor }, `payment intent ${to}`)
  return released.intent
}

/** → needs_attention, with the reason staff read: the money may be taken, and what it holds stays held. */
export async function flagIntent(
  deps: PaymentsDeps,
  intentId: string,
  from: Extract<IntentStatus, 'capturing' | 'refunding' | 'failed'>,
  reason: string,
  by: StepBy,
): Promise<IntentRow | null> {
  const flagged = await deps.db.transaction((tx) =>
    stepIntent(tx, intentId, from, 'needs_attention', { ...by, reason }, { attentionReason: reason }),
  )
  if (flagged) deps.log.warn({ intentId, from, reason, actor: by.actor }, 'payment intent needs attention')
  return flagged
}
