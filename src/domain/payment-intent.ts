/*
 * A card payment's life as an explicit state machine (docs/payments.md, "States"). Every change of
 * state is one of the transitions below, written as one guarded UPDATE … WHERE status = <from>, so a
 * second attempt at the same step (a re-posted callback, two reconcilers, a double click) changes
 * nothing. The bank is asked only between two committed states, never inside a transaction.
 */

export const intentStatuses = [
  /** Made with the amount the server computed; waiting for the bank's 3-D Secure answer. */
  'pending',
  /** 3-D Secure passed and the bank's signed answer was verified. */
  'authorized',
  /** Committed before the bank is asked to take the money: the cart's stock and the link are held. */
  'capturing',
  /** The money was taken and its effect booked (order, ledger credit, link paid) in one transaction. */
  'succeeded',
  /**
   * Nothing was taken (3-D Secure failed, the bank declined, the effect could not be held); holds
   * released. Left only when the bank reports a charge after all (needs_attention: staff refund it).
   */
  'failed',
  /** No 3-D Secure answer came within the intent's time. */
  'expired',
  /** The money may have been taken but could not be booked or confirmed: staff decide. */
  'needs_attention',
  /**
   * Staff asked the bank to give the money back (a payment needing attention, or a paid order being
   * cancelled); waiting for its answer.
   */
  'refunding',
  /** The bank gave the money back; holds released and nothing booked, or the paid order cancelled. */
  'refunded',
] as const
export type IntentStatus = (typeof intentStatuses)[number]

/** Who moved an intent: the payer's start, the bank's callback, the reconciler, or a staff member. */
export type IntentActor = 'payer' | 'gateway' | 'reconciler' | 'staff'

/** Every allowed step, from → to. Anything else is refused before the database is asked. */
const TRANSITIONS: Record<IntentStatus, readonly IntentStatus[]> = {
  pending: ['authorized', 'failed', 'expired'],
  authorized: ['capturing', 'failed'],
  capturing: ['succeeded', 'failed', 'needs_attention'],
  needs_attention: ['succeeded', 'refunding'],
  // Back to succeeded: the bank refused to refund a paid order's payment, so the order stays as it was.
  refunding: ['refunded', 'needs_attention', 'succeeded'],
  // The bank's answer arrived after the payment was given up and released: the money must go back.
  failed: ['needs_attention'],
  // Staff cancel the order it paid: the whole payment goes back (payments/payment-order-cancel.ts).
  succeeded: ['refunding'],
  expired: [],
  refunded: [],
}

export function canTransition(from: IntentStatus, to: IntentStatus): boolean {
  return TRANSITIONS[from].includes(to)
}

/** The states a step to `to` may start from (the WHERE of its guarded UPDATE). */
export function sourcesOf(to: IntentStatus): IntentStatus[] {
  return intentStatuses.filter((from) => TRANSITIONS[from].includes(to))
}

export const isFinal = (status: IntentStatus): boolean => TRANSITIONS[status].length === 0

/** The states a payment ends in, unless the bank later reports a charge of a failed one. */
export const ENDED_STATUSES: readonly IntentStatus[] = ['succeeded', 'failed', 'expired', 'refunded']

/** States in which the cart's stock or the link may be held for the intent (released on leaving them). */
export const HOLDING_STATUSES: readonly IntentStatus[] = ['capturing', 'needs_attention', 'refunding']

/** States the reconciler looks after once they are older than its timeout. */
export const STUCK_STATUSES: readonly IntentStatus[] = ['authorized', 'capturing', 'refunding']

/**
 * How an intent reads at `now`: a pending intent past its expiry is expired, whether or not the
 * reconciler has written it yet (its SQL twins are in payment-intent.sql.ts).
 */
export function intentStatusAt(status: IntentStatus, expiresAt: Date, now: Date): IntentStatus {
  return status === 'pending' && now.getTime() > expiresAt.getTime() ? 'expired' : status
}

/** What the payer's result screen says: the bank's steps and staff's checks all read as "processing". */
export type PayerStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'expired'

export function payerStatusOf(status: IntentStatus): PayerStatus {
  switch (status) {
    case 'pending':
    case 'succeeded':
    case 'failed':
    case 'expired':
      return status
    case 'refunded':
      return 'failed'
    case 'authorized':
    case 'capturing':
    case 'needs_attention':
    case 'refunding':
      return 'processing'
  }
}

/** A payment link whose last this many payments all failed pauses for LINK_PAUSE_MS after the last. */
export const LINK_FAILURES_IN_A_ROW = 3
export const LINK_PAUSE_MS = 30 * 60_000

/**
 * Whether a link is paused (card-testing defence): its last LINK_FAILURES_IN_A_ROW payments, newest
 * first, all failed, the last less than LINK_PAUSE_MS ago; answers how long it still waits (0: not).
 */
export function linkPauseMs(
  recent: ReadonlyArray<{ status: IntentStatus; stateChangedAt: Date }>,
  now: Date,
): number {
  if (recent.length < LINK_FAILURES_IN_A_ROW) return 0
  const lastFew = recent.slice(0, LINK_FAILURES_IN_A_ROW)
  if (!lastFew.every((intent) => intent.status === 'failed')) return 0
  const last = Math.max(...lastFew.map((intent) => intent.stateChangedAt.getTime()))
  return Math.max(0, last + LINK_PAUSE_MS - now.getTime())
}
