import Big from 'big.js'
import type { Locale } from '../../../contracts/common'
import { intentStatusAt } from '../../../domain/payment-intent'
import type { Db } from '../../db/client'
import { faultPoint } from '../../fault-points'
import { translate } from '../../http/messages'
import type { PaymentGateway, VerifiedCallback } from '../../integrations/payments/gateway'
import { failureOf, failureText } from './payment-failures'
import { bookIntent, captureIntent, flagIntent, releaseIntent } from './payment-settlement'
import { findIntent, type IntentRow, lockIntent, type StepBy, stepIntent } from './payments.repository'
import type { PaymentsDeps } from './payments.service'

/**
 * What the frame is told: the intent succeeded, failed (and why, in the payer's language), or is still
 * being settled ('processing': the bank's answer was lost or another request is finishing it; the page
 * asks GET /api/payments/{id} until it ends).
 */
export type CallbackOutcome =
  | { result: 'succeeded'; intentId: string }
  | { result: 'failed'; intentId: string | null; message: string }
  | { result: 'processing'; intentId: string }

type Verified = Extract<VerifiedCallback, { valid: true }>

const sameAmount = (a: string, b: string) => {
  try {
    return new Big(a).eq(b)
  } catch {
    return false
  }
}

/**
 * POST /payment/callback/{gateway}: the bank's 3-D Secure answer, trusted only once verified, taken
 * through the payment's states (domain/payment-intent.ts), each step its own short transaction:
 * 1. pending → authorized (3-D Secure passed; what complete needs is kept) or failed/expired;
 * 2. authorized → capturing: the cart's stock and the link held, committed — or failed when the effect
 *    can no longer be had (nothing is charged then);
 * 3. the bank takes the money (complete), outside any transaction;
 * 4. capturing → succeeded with the order, ledger credit and link booked in one transaction; → failed
 *    with the holds released when the bank declined; left 'capturing' when its answer was lost, for
 *    the reconciler to ask the bank (payment-reconciler.ts).
 * A forged, replayed, late or amount-changed callback changes nothing; one that finds the intent past
 * step 1 tells the frame how it stands, and one that finds it 'authorized' (the process died there)
 * carries it on.
 */
export async function handleCallback(
  deps: PaymentsDeps,
  /** The gateway the callback's address names (the one its intent must have started with). */
  gateway: PaymentGateway,
  body: Record<string, unknown>,
  locale: Locale,
  now: Date,
): Promise<CallbackOutcome> {
  const verified = await gateway.verifyCallback(body)
  if (!verified.valid) {
    deps.log.warn({ reason: verified.reason, gateway: gateway.name }, 'payment callback refused')
    return { result: 'failed', intentId: null, message: translate(locale, 'payments.notVerified') }
  }
  const by: StepBy = { actor: 'gateway', now }
  const first = await deps.db.transaction((tx) => authorize(tx, gateway.name, verified, by))
  if (first.kind === 'ignored') {
    deps.log.warn({ intentId: verified.intentId, reason: first.reason }, 'payment callback changed nothing')
    return { result: 'failed', intentId: first.intentId, message: translate(locale, 'payments.notVerified') }
  }
  const intent = first.intent
  if (intent.status !== 'authorized') return toldOf(intent, locale, now)
  faultPoint('payment.after-authorized')

  const captured = await captureIntent(deps, intent.id, { ...by, now: deps.now() }, locale)
  if (captured.kind === 'failed') {
    deps.log.info({ intentId: intent.id, code: captured.failure.code }, 'payment intent failed')
    return { result: 'failed', intentId: intent.id, message: captured.message }
  }
  // Another request (a re-posted callback) is taking this payment on: it answers for it.
  if (captured.kind === 'moved')
    return captured.intent ? toldOf(captured.intent, locale, now) : processing(intent)
  faultPoint('payment.after-capturing')

  const done = await gateway.complete({
    intentId: intent.id,
    totalAmount: intent.totalAmount,
    callbackData: captured.intent.callbackData ?? {},
  })
  if (done.outcome === 'unknown') {
    deps.log.warn(
      { intentId: intent.id, why: done.message },
      'payment completion unanswered: left for the reconciler',
    )
    return processing(intent)
  }
  // Stamped when the bank answered, which may be seconds after the callback arrived.
  const answered: StepBy = { ...by, now: deps.now() }
  if (done.outcome === 'declined') {
    const failure = failureOf(done.code, done.message)
    await releaseIntent(
      deps,
      intent.id,
      'capturing',
      'failed',
      { ...answered, reason: failure.code },
      { failure },
    )
    return {
      result: 'failed',
      intentId: intent.id,
      message: failureText(locale, failure.code, failure.message),
    }
  }
  faultPoint('payment.after-complete')
  const gatewayRef = done.gatewayRef ?? captured.intent.gatewayRef
  try {
    const booked = await bookIntent(deps, intent.id, 'capturing', gatewayRef, answered)
    if (booked) return { result: 'succeeded', intentId: intent.id }
    return await afterLateCharge(deps, intent.id, answered, locale)
  } catch (err) {
    // The money is taken and the intent still holds what it pays for: the reconciler books it (or,
    // after repeated failures, hands it to staff). Never the error object: it may carry the request.
    deps.log.error(
      { intentId: intent.id, gatewayRef, err: err instanceof Error ? err.message : 'unknown' },
      'payment taken but not booked yet: the reconciler retries',
    )
    return processing(intent)
  }
}

/**
 * The bank took the money, but this request could not book it: another one did (succeeded), or the
 * payment had been given up meanwhile (the reconciler found no charge yet and released it). Money taken
 * for a released payment goes to staff to refund; the payer is told it is being checked.
 */
async function afterLateCharge(deps: PaymentsDeps, intentId: string, by: StepBy, locale: Locale) {
  const now = await findIntent(deps.db, intentId)
  if (now?.status === 'failed') {
    deps.log.error({ intentId }, 'payment charged after it was released: handed to staff to refund')
    const reason = 'Banka, ödeme serbest bırakıldıktan sonra tahsil etti: iade edilmeli.'
    const flagged = await flagIntent(deps, intentId, 'failed', reason, by)
    return flagged ? processing(flagged) : toldOf(now, locale, by.now)
  }
  return now ? toldOf(now, locale, by.now) : processing({ id: intentId } as IntentRow)
}

type FirstStep =
  | { kind: 'ignored'; reason: string; intentId: string | null }
  | { kind: 'seen'; intent: IntentRow }

/**
 * Step 1, with the intent's row locked: only a pending intent of this gateway, inside its time, whose
 * signed amount and currency are its own, moves. Any other state is answered as it stands.
 */
async function authorize(tx: Db, gatewayName: string, verified: Verified, by: StepBy): Promise<FirstStep> {
  const intent = await lockIntent(tx, verified.intentId)
  if (!intent) return { kind: 'ignored', reason: 'unknown_intent', intentId: null }
  if (intent.gateway !== gatewayName) return { kind: 'ignored', reason: 'gateway_mismatch', intentId: null }
  if (
    verified.totalAmount !== null &&
    (!sameAmount(verified.totalAmount, intent.totalAmount) || verified.currency !== intent.currency)
  ) {
    return { kind: 'ignored', reason: 'amount_mismatch', intentId: intent.id }
  }
  if (intent.status !== 'pending') return { kind: 'seen', intent }
  if (intentStatusAt('pending', intent.expiresAt, by.now) === 'expired') {
    const expired = await stepIntent(tx, intent.id, 'pending', 'expired', { ...by, reason: 'late callback' })
    return { kind: 'seen', intent: expired ?? intent }
  }
  if (!verified.approved) {
    const failure = failureOf(verified.failureCode ?? 'three_ds_failed', verified.failureMessage)
    const failed = await stepIntent(
      tx,
      intent.id,
      'pending',
      'failed',
      { ...by, reason: failure.code },
      {
        failureCode: failure.code.slice(0, 40),
        failureMessage: failure.message,
        completedAt: by.now,
      },
    )
    return { kind: 'seen', intent: failed ?? intent }
  }
  const authorized = await stepIntent(tx, intent.id, 'pending', 'authorized', by, {
    callbackData: verified.callbackData,
    ...(verified.gatewayRef ? { gatewayRef: verified.gatewayRef } : {}),
  })
  return { kind: 'seen', intent: authorized ?? intent }
}

const processing = (intent: IntentRow): CallbackOutcome => ({ result: 'processing', intentId: intent.id })

/** How an intent that this callback did not move stands, for the frame (a repeat of a success is a success). */
function toldOf(intent: IntentRow, locale: Locale, now: Date): CallbackOutcome {
  const status = intentStatusAt(intent.status, intent.expiresAt, now)
  switch (status) {
    case 'succeeded':
      return { result: 'succeeded', intentId: intent.id }
    case 'expired':
      return { result: 'failed', intentId: intent.id, message: translate(locale, 'payments.expired') }
    case 'failed':
    case 'refunded':
      return {
        result: 'failed',
        intentId: intent.id,
        message: failureText(locale, intent.failureCode, intent.failureMessage),
      }
    default:
      return processing(intent)
  }
}
