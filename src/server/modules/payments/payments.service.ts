import { randomBytes } from 'node:crypto'
import Big from 'big.js'
import type { FastifyBaseLogger } from 'fastify'
import type { Locale } from '../../../contracts/common'
import type { PaymentResult, StartPaymentBody, StartPaymentResponse } from '../../../contracts/payments'
import { cardOrganizationOf, installmentTotal, monthlyAmount } from '../../../domain/installments'
import { cardExpired, cardNetworkOf, luhnValid, maskCardNumber } from '../../../domain/payment-card'
import {
  intentStatusAt,
  LINK_FAILURES_IN_A_ROW,
  linkPauseMs,
  payerStatusOf,
} from '../../../domain/payment-intent'
import type { CachedDb } from '../../cache/caches'
import { AppError, forbidden, notFound, RateLimitedError, unauthenticated } from '../../http/errors'
import type { AuthUser, Dealer } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import type { ThreeDsStartResult } from '../../integrations/payments/gateway'
import { type CardPlan, lookupCard } from '../bin/bin.service'
import { checkSettleable } from '../ledger/ledger.service'
import { cardOrderAmount } from '../orders/orders.service'
import { isTokenOfLink, payableLinkByToken } from '../payment-links/payment-links.service'
import { failureOf, failureText, paymentRefused } from './payment-failures'
import type { GatewayChoice } from './payment-gateway-choice'
import type { StartLimits, StartRule } from './payment-start-limits'
import {
  countStartRefusal,
  findBuyer,
  findIntentForResult,
  findRecentLinkIntents,
  findStoreForSlip,
  insertIntent,
  type StepBy,
  setGatewayRef,
  stepIntent,
} from './payments.repository'

/** A callback later than this after the start changes nothing (docs/payments.md). */
export const INTENT_MINUTES = 15

export type PaymentLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
export type PaymentsDeps = CachedDb & {
  /** Which gateway a payment starts with, and the one a started payment goes on with (by its name). */
  gateways: GatewayChoice
  log: PaymentLog
  /** Wakes the outbox worker after a booking queued an order's confirmation. */
  mailSignal: MailSignal
  /** A booked order emptied its cart: the live staff screens read the carts again. */
  cartCommitted: () => void
  /** The app's clock: each step is stamped when it happens (a bank may take seconds between two). */
  now: () => Date
  /** The portal's address (PUBLIC_URL), for the link in the store's mail of a paid order. */
  publicUrl: string
}

/** What starting a payment needs besides: the card-testing limits (payment-start-limits.ts). */
export type StartDeps = PaymentsDeps & { startLimits: StartLimits }

/** A start refused by a limit: counted for the staff payments screen, answered 429 with the wait. */
async function startRefused(deps: PaymentsDeps, rule: StartRule, waitMs: number, now: Date) {
  await countStartRefusal(deps.db, rule, now)
  deps.log.warn({ rule }, 'payment start refused by a limit')
  return new RateLimitedError(
    rule === 'link_paused' ? 'payments.linkPaused' : 'payments.tooManyStarts',
    waitMs,
  )
}

/**
 * Who starts a payment and from where: the dealer (null for a payment link paid logged out), the
 * client address as the limits key it (`ipKey`: IPv6 by its /64) and as the bank records it (`ip`).
 */
export type StartContext = {
  user: AuthUser | null
  origin: string
  ip: string
  ipKey: string
  locale: Locale
  now: Date
}

/** What is paid and for whom, as the server computes it (never the amount a client sends, but for 'pay'). */
type Payable = {
  customerId: number
  userId: number | null
  amount: Big
  paymentPlanId: number | null
  settleEntryIds: number[]
  paymentLinkId: number | null
}

/** 'order' and 'pay' are a dealer's: a guest gets 401, an administrator 403 (as the cart answers). */
const dealerOf = (user: AuthUser | null) => {
  if (!user) throw unauthenticated()
  if (user.role !== 'dealer' || user.customerId === null) throw forbidden('error.adminCart', 'admin_cart')
  return user as Dealer
}

/** 'order': the cart priced in the chosen card (virtual) plan, its TRY total; checked as an order is. */
async function orderPayable(deps: PaymentsDeps, body: StartPaymentBody, who: StartContext): Promise<Payable> {
  const user = dealerOf(who.user)
  const { planId, amount } = await cardOrderAmount(deps, user, body.advencePrice)
  return {
    customerId: user.customerId,
    userId: user.id,
    amount,
    paymentPlanId: planId,
    settleEntryIds: [],
    paymentLinkId: null,
  }
}

/** 'pay': the typed amount on account; the chosen ledger items must be the company's open debits. */
async function accountPayable(
  deps: PaymentsDeps,
  body: StartPaymentBody,
  who: StartContext,
): Promise<Payable> {
  const user = dealerOf(who.user)
  const typed = body.amount ?? { ok: false, reason: 'empty' }
  if (!typed.ok) {
    // Nothing or 0 typed has the spec's words; anything else that is not an amount is a bad field.
    throw typed.reason === 'empty' || typed.reason === 'zero'
      ? new AppError('validation', 'payments.amountRequired', undefined, 'amount_required', {
          amount: { key: 'payments.amountRequired' },
        })
      : new AppError('validation', 'field.invalid', undefined, 'validation', {
          amount: { key: 'field.invalid' },
        })
  }
  const amount = new Big(typed.amount)
  const settleEntryIds = [...new Set(body.settleEntryIds)]
  if (settleEntryIds.length > 0) await checkSettleable(deps.db, user.customerId, settleEntryIds)
  return {
    customerId: user.customerId,
    userId: user.id,
    amount,
    paymentPlanId: null,
    settleEntryIds,
    paymentLinkId: null,
  }
}

/** 'link': the link's amount and items, credited to the link's company, whoever holds the token. */
async function linkPayable(deps: StartDeps, body: StartPaymentBody, who: StartContext): Promise<Payable> {
  const found = await payableLinkByToken(deps.db, body.linkToken ?? '', who.now)
  if ('refused' in found) {
    throw found.refused === 'unavailable'
      ? new AppError('conflict', 'payments.linkUnavailable', undefined, 'link_unavailable')
      : new AppError('not_found', 'payments.linkRequired', undefined, 'link_not_found')
  }
  const { link } = found
  const pausedMs = linkPauseMs(await findRecentLinkIntents(deps.db, link.id, LINK_FAILURES_IN_A_ROW), who.now)
  if (pausedMs > 0) throw await startRefused(deps, 'link_paused', pausedMs, who.now)
  return {
    customerId: link.customerId,
    userId: who.user?.id ?? null,
    amount: new Big(link.amount),
    paymentPlanId: null,
    settleEntryIds: link.settleEntryIds,
    paymentLinkId: link.id,
  }
}

/** The chosen installment plan, valid for this card's BIN (the BIN table or the gateway decides). */
function chosenPlan(plans: CardPlan[], planId: number | undefined): CardPlan | null {
  if (planId === undefined) return null
  const plan = plans.find((p) => p.id === planId)
  if (!plan) {
    throw new AppError('validation', 'payments.unknownInstallment', undefined, 'unknown_installment', {
      planId: { key: 'payments.unknownInstallment' },
    })
  }
  return plan
}

function checkCard(body: StartPaymentBody, now: Date) {
  if (!luhnValid(body.card)) {
    throw new AppError('validation', 'payments.cardInvalid', undefined, 'card_invalid', {
      card: { key: 'payments.cardInvalid' },
    })
  }
  if (cardExpired(body.expire, now)) {
    throw new AppError('validation', 'payments.cardExpired', undefined, 'card_expired', {
      expire: { key: 'payments.cardExpired' },
    })
  }
}

/**
 * POST /api/payments/start: an intent with the amount the server computes, then the gateway's 3-D
 * Secure start. The card number and CCV go to the gateway only; the intent keeps the masked number.
 */
export async function startPayment(
  deps: StartDeps,
  body: StartPaymentBody,
  who: StartContext,
): Promise<StartPaymentResponse> {
  const { now } = who
  const refusal = await deps.startLimits.take(
    {
      linkToken: body.paymentType === 'link' ? (body.linkToken ?? '') : null,
      userId: who.user?.id ?? null,
      ip: who.ipKey,
      bin: body.card.slice(0, 8),
    },
    now.getTime(),
  )
  if (refusal) throw await startRefused(deps, refusal.rule, refusal.waitMs, now)
  // Chosen once for the whole start: a change saved meanwhile applies to the next payment.
  const gateway = await deps.gateways.current()
  if (!gateway) throw new AppError('unavailable', 'payments.noGateway', undefined, 'no_gateway')
  checkCard(body, now)
  const payable =
    body.paymentType === 'order'
      ? await orderPayable(deps, body, who)
      : body.paymentType === 'pay'
        ? await accountPayable(deps, body, who)
        : await linkPayable(deps, body, who)
  const card = await lookupCard(
    { db: deps.db, caches: deps.caches, gateway, log: deps.log },
    body.card.slice(0, 8),
  )
  const plan = chosenPlan(card.plans, body.planId)
  const commission = plan?.commissionFee ?? '0'
  const installment = plan?.installment ?? 1
  const amount = payable.amount.toFixed(2)
  const totalAmount = installmentTotal(amount, commission).toFixed(2)
  const id = randomBytes(16).toString('hex')
  const description = body.description.trim()
  const created: StepBy = { actor: 'payer', now, userId: payable.userId, ip: who.ip }
  await deps.db.transaction((tx) =>
    insertIntent(
      tx,
      {
        id,
        customerId: payable.customerId,
        userId: payable.userId,
        paymentType: body.paymentType,
        gateway: gateway.name,
        amount,
        installment,
        commissionFee: new Big(commission).toFixed(2),
        totalAmount,
        currency: 'TRY',
        bankId: card.bank.id,
        paymentPlanId: payable.paymentPlanId,
        description,
        settleEntryIds: payable.settleEntryIds,
        paymentLinkId: payable.paymentLinkId,
        cardMasked: maskCardNumber(body.card),
        cardHolder: body.holder,
        cardNetwork: cardOrganizationOf(card.network) ?? cardNetworkOf(body.card),
        cardExpiry: body.expire,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INTENT_MINUTES * 60_000),
      },
      created,
    ),
  )
  deps.log.info(
    { intentId: id, paymentType: body.paymentType, gateway: gateway.name, totalAmount, installment },
    'payment intent created',
  )
  const buyer = await findBuyer(deps.db, payable.customerId, payable.userId)
  let started: ThreeDsStartResult
  try {
    started = await gateway.startThreeDs({
      intentId: id,
      amount,
      totalAmount,
      currency: 'TRY',
      installment,
      card: { number: body.card, ccv: body.ccv, expire: body.expire, holder: body.holder },
      callbackUrl: `${who.origin}/payment/callback/${gateway.name}?lang=${who.locale}`,
      buyer: {
        id: payable.customerId,
        name: buyer?.name ?? body.holder,
        email: buyer?.userEmail ?? buyer?.email ?? 'odeme@toptan.local',
        ip: who.ip,
        city: buyer?.city ?? 'Istanbul',
        address: [buyer?.address, buyer?.town, buyer?.city].filter(Boolean).join(', ') || 'Türkiye',
        ...(buyer?.taxNumber ? { identityNumber: buyer.taxNumber } : {}),
      },
      description,
    })
  } catch (err) {
    // Never the error object itself: it could carry the request the gateway was sent.
    deps.log.error(
      { intentId: id, err: err instanceof Error ? err.message : 'unknown' },
      'payment gateway start threw',
    )
    started = { ok: false, code: 'technical_error', message: '' }
  }
  if (!started.ok) {
    const failure = failureOf(started.code, started.message)
    await deps.db.transaction((tx) =>
      stepIntent(
        tx,
        id,
        'pending',
        'failed',
        { actor: 'gateway', now, reason: failure.code },
        {
          failureCode: failure.code.slice(0, 40),
          failureMessage: failure.message,
          completedAt: now,
        },
      ),
    )
    deps.log.info({ intentId: id, code: started.code }, 'payment intent failed')
    throw paymentRefused(started.code, started.message)
  }
  if (started.gatewayRef) await setGatewayRef(deps.db, id, started.gatewayRef)
  return { intentId: id, action: started.action }
}

/**
 * GET /api/payments/:id: the result, for the intent's own company or (a link's payment) whoever holds
 * the link's token; anyone else gets 404. A pending intent past its 15 minutes reads as expired; the
 * steps after 3-D Secure and a staff check read as processing (domain payerStatusOf).
 */
export async function getPaymentResult(
  deps: CachedDb,
  id: string,
  who: { customerId: number | null; linkToken: string | undefined; locale: Locale; now: Date },
): Promise<PaymentResult> {
  const row = await findIntentForResult(deps.db, id)
  const ownCompany = row && who.customerId !== null && row.intent.customerId === who.customerId
  const holdsLink = row?.linkTokenHash && who.linkToken && isTokenOfLink(who.linkToken, row.linkTokenHash)
  if (!row || !(ownCompany || holdsLink)) throw notFound()
  const { intent } = row
  const status = payerStatusOf(intentStatusAt(intent.status, intent.expiresAt, who.now))
  const succeeded = status === 'succeeded'
  const store = succeeded ? await findStoreForSlip(deps.db) : null
  return {
    id: intent.id,
    status,
    succeed: succeeded,
    paymentType: intent.paymentType as PaymentResult['paymentType'],
    orderId: intent.orderId,
    orderNo: row.orderNo,
    amount: Number(intent.amount),
    totalAmount: Number(intent.totalAmount),
    installment: intent.installment,
    description: intent.description,
    failureMessage:
      status === 'expired'
        ? failureText(who.locale, 'expired', null)
        : status === 'failed'
          ? failureText(who.locale, intent.failureCode, intent.failureMessage)
          : null,
    mailOrder: succeeded
      ? {
          store: {
            name: store?.name ?? '',
            logo: store?.logo ?? null,
            address: [store?.address, store?.town, store?.city].filter(Boolean).join(', '),
            phone: store?.phone ?? '',
          },
          customerName: row.customerName,
          currency: intent.currency,
          installmentAmount: monthlyAmount(intent.totalAmount, intent.installment).toNumber(),
          installment: intent.installment,
          cardHolder: intent.cardHolder,
          cardNumber: intent.cardMasked,
          expiryDate: intent.cardExpiry,
          description: intent.description,
          // The moment; the page writes it in its language and the store's time zone.
          date: (intent.completedAt ?? intent.createdAt).toISOString(),
        }
      : null,
  }
}
