import Big from 'big.js'
import { STUCK_STATUSES } from '../../../domain/payment-intent'
import { pendingPaidOrderCancel } from '../orders/orders-staff.service'
import type { Failure } from './payment-failures'
import { intentGateway } from './payment-gateway-choice'
import { resumeOrderCancel } from './payment-order-cancel'
import { bookIntent, flagIntent, releaseIntent } from './payment-settlement'
import {
  countReconcileAttempt,
  expirePendingIntents,
  findStuckIntents,
  type IntentRow,
  type StepBy,
  stepIntent,
} from './payments.repository'
import type { PaymentsDeps } from './payments.service'

export type ReconcilerOptions = {
  /**
   * An intent untouched in 'authorized', 'capturing' or 'refunding' for this long is taken as stuck
   * (its process died, or the bank's answer was lost). Longer than any call to the gateway may take
   * (iyzico's 20 s), so the reconciler never settles a payment whose completion is still under way.
   */
  stuckAfterMs: number
  /** How often it runs (it also runs once at start). */
  intervalMs: number
  /** Times the gateway may fail to answer about one intent before it goes to staff. */
  maxAttempts: number
}

export const DEFAULT_RECONCILER: ReconcilerOptions = {
  stuckAfterMs: 2 * 60_000,
  intervalMs: 60_000,
  maxAttempts: 3,
}

/** At most this many stuck intents a run: the next run takes the rest. */
const BATCH = 50

export type ReconcileReport = {
  expired: number
  booked: number
  released: number
  flagged: number
  /** Card-paid orders whose cancellation was finished (the bank refunded their payment). */
  cancelled: number
  /** Cancellations the bank refused to refund: the payment back to succeeded, the order as it was. */
  refused: number
  /** Asked about, no answer yet: tried again next run. */
  unanswered: number
}

/**
 * One pass over the payments that did not end by themselves (docs/payments.md, "Reconciler"):
 * - pending past its time → expired;
 * - authorized (the process died before it held anything) → failed: nothing was charged;
 * - capturing → the gateway is asked what happened (iyzico's payment detail by conversation id, the
 *   sandbox's books): charged for our amount → booked; not charged → failed, holds released; charged
 *   for another amount, or refunded behind our back → needs_attention; no answer → tried again, and
 *   after maxAttempts → needs_attention;
 * - refunding of a cancelled card-paid order (the process died before or after the bank answered) →
 *   the bank is asked and the cancellation finished (payment-order-cancel.ts, resumeOrderCancel);
 * - other refunding (the process died while the bank was asked) → needs_attention: staff see the bank's panel.
 * Every step is guarded, so two processes reconciling at once settle each intent once.
 */
export async function reconcilePayments(
  deps: PaymentsDeps,
  now: Date,
  options: ReconcilerOptions = DEFAULT_RECONCILER,
): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    expired: 0,
    booked: 0,
    released: 0,
    flagged: 0,
    cancelled: 0,
    refused: 0,
    unanswered: 0,
  }
  report.expired = await deps.db.transaction((tx) => expirePendingIntents(tx, now))
  const stuck = await findStuckIntents(
    deps.db,
    STUCK_STATUSES,
    new Date(now.getTime() - options.stuckAfterMs),
    BATCH,
  )
  const by: StepBy = { actor: 'reconciler', now }
  for (const intent of stuck) {
    try {
      await settleStuck(deps, intent, by, options, report)
    } catch (err) {
      // One intent that cannot be settled now (the database went away) does not stop the others.
      deps.log.error(
        { intentId: intent.id, err: err instanceof Error ? err.message : 'unknown' },
        'payment reconciliation failed for an intent',
      )
      report.unanswered++
    }
  }
  if (
    report.expired + report.booked + report.released + report.flagged + report.cancelled + report.refused >
    0
  ) {
    deps.log.info(report, 'payments reconciled')
  }
  return report
}

async function settleStuck(
  deps: PaymentsDeps,
  intent: IntentRow,
  by: StepBy,
  options: ReconcilerOptions,
  report: ReconcileReport,
) {
  if (intent.status === 'authorized') {
    const failure: Failure = { code: 'interrupted', message: 'Ödeme yarıda kaldı; kart tahsil edilmedi.' }
    const failed = await deps.db.transaction((tx) =>
      stepIntent(
        tx,
        intent.id,
        'authorized',
        'failed',
        { ...by, reason: failure.code },
        {
          failureCode: failure.code,
          failureMessage: failure.message,
          completedAt: by.now,
        },
      ),
    )
    if (failed) report.released++
    return
  }
  if (intent.status === 'refunding') {
    const cancel = intent.orderId === null ? null : await pendingPaidOrderCancel(deps.db, intent.orderId)
    if (cancel) {
      const outcome = await resumeOrderCancel(deps, intent, by, cancel.staff.ip, options.maxAttempts)
      if (outcome.kind === 'cancelled') report.cancelled++
      else if (outcome.kind === 'refused') report.refused++
      else if (outcome.kind === 'unknown') report.unanswered++
      return
    }
    const reason = 'İade sonucu alınamadı: ödeme kuruluşunun panelinden kontrol edip yeniden deneyin.'
    if (await flagIntent(deps, intent.id, 'refunding', reason, by)) report.flagged++
    return
  }
  const gateway = await intentGateway(deps.gateways, intent)
  const bank = await gateway.retrieve({ intentId: intent.id, gatewayRef: intent.gatewayRef })
  switch (bank.state) {
    case 'charged': {
      if (!new Big(bank.totalAmount).eq(intent.totalAmount) || bank.currency !== intent.currency) {
        const reason = `Banka ${bank.totalAmount} ${bank.currency} tahsil etti; beklenen ${intent.totalAmount} ${intent.currency}.`
        if (await flagIntent(deps, intent.id, 'capturing', reason, by)) report.flagged++
        return
      }
      try {
        if (await bookIntent(deps, intent.id, 'capturing', bank.gatewayRef, by)) report.booked++
      } catch (err) {
        // Booking keeps failing (the money is taken): after maxAttempts, staff decide.
        const attempts = await countReconcileAttempt(deps.db, intent.id)
        if (attempts < options.maxAttempts) throw err
        const reason = `Tahsil edildi ama kaydedilemedi: ${err instanceof Error ? err.message : 'bilinmeyen hata'}`
        if (await flagIntent(deps, intent.id, 'capturing', reason.slice(0, 500), by)) report.flagged++
      }
      return
    }
    case 'not_charged': {
      const failure: Failure = { code: 'not_charged', message: bank.message }
      if (
        await releaseIntent(
          deps,
          intent.id,
          'capturing',
          'failed',
          { ...by, reason: 'not_charged' },
          { failure },
        )
      ) {
        report.released++
      }
      return
    }
    case 'refunded': {
      const reason = 'Banka bu ödemeyi iade edilmiş gösteriyor; iadeyi biz başlatmadık.'
      if (await flagIntent(deps, intent.id, 'capturing', reason, by)) report.flagged++
      return
    }
    case 'unknown': {
      const attempts = await countReconcileAttempt(deps.db, intent.id)
      if (attempts < options.maxAttempts) {
        report.unanswered++
        return
      }
      const reason = `Ödeme kuruluşu ${attempts} denemede yanıt vermedi: ${bank.message}`
      if (await flagIntent(deps, intent.id, 'capturing', reason.slice(0, 500), by)) report.flagged++
    }
  }
}

/**
 * Runs reconcilePayments at start and every `intervalMs` in this process; stop() on close. Runs never
 * overlap: a slow gateway delays the next one instead of doubling the questions.
 */
export function startReconciler(
  deps: PaymentsDeps,
  now: () => Date,
  options: ReconcilerOptions = DEFAULT_RECONCILER,
): { stop: () => Promise<void>; runNow: () => Promise<ReconcileReport | null> } {
  let running: Promise<ReconcileReport | null> | null = null
  let stopped = false
  const run = () => {
    if (stopped) return Promise.resolve(null)
    if (!running) {
      running = reconcilePayments(deps, now(), options)
        .catch((err: unknown) => {
          deps.log.error(
            { err: err instanceof Error ? err.message : 'unknown' },
            'payment reconciliation failed',
          )
          return null
        })
        .finally(() => {
          running = null
        })
    }
    return running
  }
  const timer = setInterval(() => void run(), options.intervalMs)
  timer.unref()
  void run()
  return {
    runNow: run,
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
