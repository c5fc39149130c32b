import {
  STAFF_PAYMENTS_PAGE_SIZE,
  type StaffPayment,
  type StaffPaymentDetail,
  type StaffPaymentList,
  type StaffPaymentsSummary,
  startRefusalRules,
} from '../../../contracts/payments-staff'
import { pageBounds } from '../../../domain/paging'
import { type IntentStatus, intentStatuses } from '../../../domain/payment-intent'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import { intentGateway } from './payment-gateway-choice'
import { bookIntent, flagIntent, releaseIntent } from './payment-settlement'
import {
  findIntent,
  findIntentEvents,
  lockIntent,
  type StepBy,
  stepIntent,
  sumStartRefusals,
} from './payments.repository'
import type { PaymentsDeps } from './payments.service'
import {
  countInStates,
  countStaffPayments,
  findCardPaymentFigures,
  findStaffPayment,
  findStaffPaymentPage,
  type StaffPaymentRow,
} from './payments-staff.repository'

/** Staff's cancellation of a card-paid order, through the refund of its payment. */
export { cancelPaidOrder } from './payment-order-cancel'

function staffPaymentView(row: StaffPaymentRow): StaffPayment {
  return {
    id: row.id,
    status: row.status,
    paymentType: row.paymentType as StaffPayment['paymentType'],
    cardMasked: row.cardMasked,
    cardHolder: row.cardHolder,
    amount: Number(row.amount),
    totalAmount: Number(row.totalAmount),
    installment: row.installment,
    dealer: { id: row.customerId, code: row.customerCode, name: row.customerName },
    order: row.orderId !== null && row.orderNo !== null ? { id: row.orderId, no: row.orderNo } : null,
    gatewayRef: row.gatewayRef,
    failureMessage: row.failureMessage,
    attentionReason: row.attentionReason,
    createdAt: row.createdAt.toISOString(),
    stateChangedAt: row.stateChangedAt.toISOString(),
  }
}

/** GET /yonetim/payments: card payments, newest first, 50 a page, optionally of one status. */
export async function listStaffPayments(
  db: Db,
  status: IntentStatus | undefined,
  asked: number,
  now: Date,
): Promise<StaffPaymentList> {
  const total = await countStaffPayments(db, status, now)
  const { page, pages, offset } = pageBounds(total, asked, STAFF_PAYMENTS_PAGE_SIZE)
  const rows = await findStaffPaymentPage(db, status, now, offset, STAFF_PAYMENTS_PAGE_SIZE)
  return { items: rows.map(staffPaymentView), page, pages, limit: STAFF_PAYMENTS_PAGE_SIZE, total }
}

/** GET /yonetim/payments/{id}: one payment and its trail. */
export async function getStaffPayment(db: Db, id: string, now: Date): Promise<StaffPaymentDetail> {
  const row = await findStaffPayment(db, id, now)
  if (!row) throw notFound()
  const events = await findIntentEvents(db, id)
  return {
    ...staffPaymentView(row),
    refundRef: row.refundRef,
    events: events.map((e) => ({
      from: e.fromStatus as IntentStatus | null,
      to: e.toStatus as IntentStatus,
      actor: e.actor as StaffPaymentDetail['events'][number]['actor'],
      user: e.userName,
      ip: e.ip,
      reason: e.reason,
      at: e.at.toISOString(),
    })),
  }
}

/**
 * The metrics' payment intents per state, as staff see them at `now` (a pending one past its time
 * reads expired): every state named, 0 when none; each count served by the status index.
 */
export async function intentCountsByStatus(db: Db, now: Date): Promise<Record<IntentStatus, number>> {
  const counts = await Promise.all(intentStatuses.map((status) => countStaffPayments(db, status, now)))
  return Object.fromEntries(intentStatuses.map((status, i) => [status, counts[i] ?? 0])) as Record<
    IntentStatus,
    number
  >
}

/** GET /yonetim/payments/summary: payments staff must decide on, those under way, refused starts in 24 h. */
export async function staffPaymentsSummary(db: Db, now: Date): Promise<StaffPaymentsSummary> {
  const [needsAttention, processing, refusals] = await Promise.all([
    countInStates(db, ['needs_attention']),
    countInStates(db, ['authorized', 'capturing', 'refunding']),
    sumStartRefusals(db, new Date(now.getTime() - 24 * 3_600_000)),
  ])
  return {
    needsAttention,
    processing,
    refusals: refusals.flatMap(({ rule, count }) =>
      (startRefusalRules as readonly string[]).includes(rule)
        ? [{ rule: rule as (typeof startRefusalRules)[number], count }]
        : [],
    ),
  }
}

const notAttention = () =>
  new AppError('conflict', 'payments.notNeedingAttention', undefined, 'not_needs_attention')

/**
 * POST /yonetim/payments/{id}/book: staff say the money was taken; the intent's held effect (the paid
 * order, the ledger credit, the link) is booked as the callback would have. Refused when the bank
 * answers that it holds no charge for it (refund it instead: nothing is taken twice).
 */
export async function bookByStaff(
  deps: PaymentsDeps,
  id: string,
  by: StepBy & { userId: number },
  staff: StaffActor,
): Promise<StaffPaymentDetail> {
  const intent = await findIntent(deps.db, id)
  if (!intent) throw notFound()
  if (intent.status !== 'needs_attention') throw notAttention()
  const bank = await (await intentGateway(deps.gateways, intent)).retrieve({
    intentId: id,
    gatewayRef: intent.gatewayRef,
  })
  if (bank.state === 'not_charged' || bank.state === 'refunded') {
    throw new AppError('conflict', 'payments.bankHoldsNoCharge', undefined, 'not_charged')
  }
  const gatewayRef = bank.state === 'charged' ? bank.gatewayRef : intent.gatewayRef
  if (!(await bookIntent(deps, id, 'needs_attention', gatewayRef, by, staff))) throw notAttention()
  return getStaffPayment(deps.db, id, by.now)
}

/**
 * POST /yonetim/payments/{id}/refund: the bank is asked to give the whole amount back. The step to
 * 'refunding' commits first, the bank is asked outside any transaction, then the payment ends
 * refunded (its holds released) — or goes back to needs_attention with the bank's reason.
 */
export async function refundByStaff(
  deps: PaymentsDeps,
  id: string,
  by: StepBy & { userId: number; ip: string },
  staff: StaffActor,
): Promise<StaffPaymentDetail> {
  const refunding = await deps.db.transaction(async (tx) => {
    const intent = await lockIntent(tx, id)
    if (!intent) throw notFound()
    const stepped = await stepIntent(tx, id, 'needs_attention', 'refunding', by)
    if (stepped) {
      await recordAudit(
        tx,
        staff,
        {
          entity: 'payment',
          entityId: id,
          action: 'refund',
          before: { status: 'needs_attention' },
          after: { status: 'refunding', reason: by.reason ?? null },
        },
        by.now,
      )
    }
    return stepped
  })
  if (!refunding) throw notAttention()
  const answer = await (await intentGateway(deps.gateways, refunding)).refund({
    intentId: id,
    gatewayRef: refunding.gatewayRef,
    totalAmount: refunding.totalAmount,
    ip: by.ip,
  })
  const after: StepBy = { ...by, reason: null }
  if (answer.outcome === 'failed') {
    await flagIntent(deps, id, 'refunding', `İade yapılamadı: ${answer.message}`.slice(0, 500), after)
    throw new AppError('upstream', 'payments.refundFailed', { message: answer.message }, 'refund_failed')
  }
  const refundRef = answer.outcome === 'refunded' ? answer.refundRef : undefined
  await releaseIntent(
    deps,
    id,
    'refunding',
    'refunded',
    { ...after, reason: answer.outcome === 'refunded' ? 'refunded by the bank' : answer.message },
    refundRef ? { refundRef } : {},
  )
  return getStaffPayment(deps.db, id, by.now)
}

/** The staff home's card payment figures: payments started in [from, to) that went through. */
export async function cardPaymentFigures(db: Db, from: Date, to: Date) {
  const figures = await findCardPaymentFigures(db, from, to)
  return { count: figures.count, total: Number(figures.total) }
}
