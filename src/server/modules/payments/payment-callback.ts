import Big from 'big.js'
import type { Locale } from '../../../contracts/common'
import { AppError } from '../../http/errors'
import { translate } from '../../http/messages'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { forgetOrderEffects } from '../orders/orders.service'
import { type PreparedEffect, prepareEffect } from './payment-effects'
import { type Failure, failureOf, failureOfError, failureText } from './payment-failures'
import { type IntentRow, lockIntent, markIntentFailed, markIntentSucceeded } from './payments.repository'
import type { PaymentsDeps } from './payments.service'

/** What the frame is told: the intent succeeded, or why it did not (in the payer's language). */
export type CallbackOutcome =
  | { result: 'succeeded'; intentId: string }
  | { result: 'failed'; intentId: string | null; message: string }

/** Why a callback changed nothing, for the log. */
type Ignored = 'unknown_intent' | 'not_pending' | 'late' | 'amount_mismatch' | 'gateway_mismatch'

type TxOutcome =
  | { kind: 'ignored'; reason: Ignored; intent: IntentRow | null }
  | { kind: 'failed'; intent: IntentRow; failure: Failure; message: string | undefined }
  | { kind: 'succeeded'; intent: IntentRow; orderId: number | null; productIds: number[] }

const sameAmount = (a: string, b: string) => {
  try {
    return new Big(a).eq(b)
  } catch {
    return false
  }
}

/**
 * POST /payment/callback/{gateway}: the gateway's answer, trusted only once verified. In ONE
 * transaction the intent's row is locked, and only a pending intent, inside its 15 minutes, whose
 * signed amount and currency are its own, changes: a failure marks it failed; an approval checks the
 * effect (the cart still costs what was paid, stock, the link still open), has the gateway take the
 * money (complete) and then writes the effect (the paid order, the ledger, the link) and marks it
 * succeeded. A forged, replayed, late, amount-changed or second callback changes nothing.
 */
export async function handleCallback(
  deps: PaymentsDeps & { mailSignal: MailSignal },
  body: Record<string, unknown>,
  locale: Locale,
  now: Date,
): Promise<CallbackOutcome> {
  const verified = await deps.gateway.verifyCallback(body)
  if (!verified.valid) {
    deps.log.warn({ reason: verified.reason, gateway: deps.gateway.name }, 'payment callback refused')
    return { result: 'failed', intentId: null, message: translate(locale, 'payments.notVerified') }
  }
  const outcome = await deps.db.transaction(async (tx): Promise<TxOutcome> => {
    const intent = await lockIntent(tx, verified.intentId)
    const ignored = ignoredBecause(intent, verified, deps.gateway.name, now)
    if (ignored || !intent) return { kind: 'ignored', reason: ignored ?? 'unknown_intent', intent }
    const fail = async (failure: Failure, message?: string): Promise<TxOutcome> => {
      await markIntentFailed(tx, intent.id, failure, now)
      return { kind: 'failed', intent, failure, message }
    }
    if (!verified.approved) {
      return fail(failureOf(verified.failureCode ?? 'three_ds_failed', verified.failureMessage))
    }
    let effect: PreparedEffect
    try {
      effect = await prepareEffect(tx, deps, intent, now)
    } catch (err) {
      if (!(err instanceof AppError)) throw err
      return fail(failureOfError(err), translate(locale, err.messageKey, err.params))
    }
    const done = await deps.gateway.complete({
      intentId: intent.id,
      ...(verified.gatewayRef ? { gatewayRef: verified.gatewayRef } : {}),
      totalAmount: intent.totalAmount,
      currency: 'TRY',
      body,
    })
    if (!done.ok) return fail(failureOf(done.code, done.message))
    let written: Awaited<ReturnType<PreparedEffect['write']>>
    try {
      written = await effect.write()
    } catch (err) {
      // Nothing should fail here (all was checked before); if the database does, the money is taken.
      deps.log.error(
        {
          intentId: intent.id,
          gatewayRef: done.gatewayRef ?? null,
          err: err instanceof Error ? err.message : 'unknown',
        },
        'payment taken but not booked: reconcile with the gateway',
      )
      throw err
    }
    const gatewayRef = done.gatewayRef ?? verified.gatewayRef ?? null
    await markIntentSucceeded(tx, intent.id, { gatewayRef, orderId: written.orderId }, now)
    return { kind: 'succeeded', intent, orderId: written.orderId, productIds: written.productIds }
  })

  if (outcome.kind === 'ignored') {
    deps.log.warn({ intentId: verified.intentId, reason: outcome.reason }, 'payment callback changed nothing')
    return afterIgnored(outcome.reason, outcome.intent, locale)
  }
  const { intent } = outcome
  if (outcome.kind === 'failed') {
    deps.log.info({ intentId: intent.id, code: outcome.failure.code }, 'payment intent failed')
    const message = outcome.message ?? failureText(locale, outcome.failure.code, outcome.failure.message)
    return { result: 'failed', intentId: intent.id, message }
  }
  deps.log.info(
    { intentId: intent.id, paymentType: intent.paymentType, orderId: outcome.orderId },
    'payment intent succeeded',
  )
  if (outcome.orderId !== null) {
    forgetOrderEffects(deps.caches, intent.customerId, outcome.productIds)
    // The order's confirmation was queued in the transaction: send it now.
    deps.mailSignal.notify()
  }
  return { result: 'succeeded', intentId: intent.id }
}

function ignoredBecause(
  intent: IntentRow | null,
  verified: { totalAmount: string | null; currency: string | null },
  gateway: string,
  now: Date,
): Ignored | null {
  if (!intent) return 'unknown_intent'
  if (intent.gateway !== gateway) return 'gateway_mismatch'
  if (intent.status !== 'pending') return 'not_pending'
  if (now.getTime() > intent.expiresAt.getTime()) return 'late'
  if (
    verified.totalAmount !== null &&
    (!sameAmount(verified.totalAmount, intent.totalAmount) || verified.currency !== intent.currency)
  ) {
    return 'amount_mismatch'
  }
  return null
}

/** A callback that changed nothing tells the frame how the intent stands (a repeat of a success is a success). */
function afterIgnored(reason: Ignored, intent: IntentRow | null, locale: Locale): CallbackOutcome {
  if (!intent || reason === 'unknown_intent' || reason === 'gateway_mismatch') {
    return { result: 'failed', intentId: null, message: translate(locale, 'payments.notVerified') }
  }
  if (reason === 'not_pending') {
    return intent.status === 'succeeded'
      ? { result: 'succeeded', intentId: intent.id }
      : {
          result: 'failed',
          intentId: intent.id,
          message: failureText(locale, intent.failureCode, intent.failureMessage),
        }
  }
  const key = reason === 'late' ? 'payments.expired' : 'payments.notVerified'
  return { result: 'failed', intentId: intent.id, message: translate(locale, key) }
}
