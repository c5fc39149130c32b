import Big from 'big.js'
import { z } from 'zod'
import type { Locale } from '../../../contracts/common'
import type { PaymentLinkGone, PaymentLinkResponse, PublicPaymentLink } from '../../../contracts/payments'
import type { ParsedAmount } from '../../../domain/amount'
import { type PaymentLinkStatus, paymentLinkStatusAt } from '../../../domain/payment-link'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError, forbidden } from '../../http/errors'
import { translate } from '../../http/messages'
import type { Dealer } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { enqueueMail } from '../../integrations/mail/outbox.repository'
import { paymentLinkMail } from '../../integrations/mail/payment-link-mail'
import { checkSettleable } from '../ledger/ledger.service'
import { loadStoreInfo, loadStoreSettings } from '../store/store.service'
import { newPaymentLinkToken, paymentLinkTokenHash } from './payment-link-token'
import {
  findLinkByToken,
  findOwnOpenLink,
  findPayableLink,
  insertPaymentLink,
  lockPayableLink,
  markLinkEmailed,
  markLinkPaid,
  type PayableLink,
} from './payment-links.repository'

/** Where the public page of a link lives; the token is the last segment. */
export const PAYMENT_LINK_PATH = '/odeme-linki'

/** publicUrl: the site's address (PUBLIC_URL), the only base of the links it writes. */
export type PaymentLinkDeps = CachedDb & { mailSignal: MailSignal; linkDays: number; publicUrl: string }

export type PaymentLinkInput = {
  /** The typed amount's verdict (contracts typedAmount). */
  amount: ParsedAmount
  email: string
  sendEmail: boolean
  settleEntryIds: number[]
  token?: string | undefined
}

const DAY_MS = 24 * 60 * 60_000

/** Making links needs the store setting b2b_cari_odeme_baglantisi (spec/2 §6); else 403. */
export async function assertPaymentLinksEnabled(data: CachedDb) {
  const settings = await loadStoreSettings(data)
  if (!settings.b2b_cari_odeme_baglantisi) throw forbidden('paymentLink.disabled', 'payment_links_disabled')
}

const invalidAmount = () =>
  new AppError('validation', 'paymentLink.invalidAmount', undefined, 'invalid_amount', {
    amount: { key: 'paymentLink.invalidAmount' },
  })

const emailRequired = () =>
  new AppError('validation', 'paymentLink.emailRequired', undefined, 'email_required', {
    email: { key: 'paymentLink.emailRequired' },
  })

const emailShape = z.email()

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const left = [...new Set(a)].sort((x, y) => x - y)
  const right = [...new Set(b)].sort((x, y) => x - y)
  return left.length === right.length && left.every((id, i) => id === right[i])
}

/**
 * POST /api/payment-link (spec/2 §7). Without `token` it makes a link: 32 random bytes, of which only
 * the SHA-256 is kept, payable once until `linkDays` from now, crediting the dealer's company. With
 * `token` (a link the modal made before) it works on that link instead, which must be the company's
 * own open link for the same amount and items: the modal's "send" thus mails the link it shows. With
 * sendEmail the link's mail is queued in the same transaction and the worker woken after the commit.
 */
export async function createOrSendPaymentLink(
  deps: PaymentLinkDeps,
  user: Dealer,
  input: PaymentLinkInput,
  locale: Locale,
  now: Date,
): Promise<PaymentLinkResponse> {
  if (!input.amount.ok) throw invalidAmount()
  const { amount } = input.amount
  const email = input.email.trim()
  if (input.sendEmail && !emailShape.safeParse(email).success) throw emailRequired()
  const settleEntryIds = [...new Set(input.settleEntryIds)]
  if (settleEntryIds.length > 0) await checkSettleable(deps.db, user.customerId, settleEntryIds)
  const store = input.sendEmail ? await loadStoreInfo(deps) : null
  const { timeZone } = await loadStoreSettings(deps)

  const token = await deps.db.transaction(async (tx) => {
    const link = input.token
      ? await existingLink(tx, user, input.token, amount, settleEntryIds, now)
      : await newLink(tx, user, amount, settleEntryIds, deps.linkDays, now)
    if (store) {
      const mail = paymentLinkMail({
        to: email,
        company: user.customerName ?? '',
        store: store.name,
        amount,
        expiresAt: link.expiresAt,
        timeZone,
        link: linkAddress(deps.publicUrl, link.token),
      })
      await enqueueMail(tx, { ...mail, kind: 'payment_link' }, now)
      await markLinkEmailed(tx, link.id, email, now)
    }
    return link.token
  })
  if (input.sendEmail) deps.mailSignal.notify()
  return {
    success: true,
    message: translate(locale, input.sendEmail ? 'paymentLink.sent' : 'paymentLink.created'),
    link: linkAddress(deps.publicUrl, token),
  }
}

export const linkAddress = (publicUrl: string, token: string) => `${publicUrl}${PAYMENT_LINK_PATH}/${token}`

async function newLink(
  tx: Db,
  user: Dealer,
  amount: string,
  settleEntryIds: number[],
  linkDays: number,
  now: Date,
) {
  const token = newPaymentLinkToken()
  const row = await insertPaymentLink(tx, {
    tokenHash: paymentLinkTokenHash(token),
    customerId: user.customerId,
    createdByUserId: user.id,
    amount,
    settleEntryIds,
    createdAt: now,
    expiresAt: new Date(now.getTime() + linkDays * DAY_MS),
  })
  return { id: row.id, token, expiresAt: row.expiresAt }
}

async function existingLink(
  tx: Db,
  user: Dealer,
  token: string,
  amount: string,
  settleEntryIds: number[],
  now: Date,
) {
  const row = await findOwnOpenLink(tx, token, user.customerId, now)
  if (!row) throw new AppError('not_found', 'paymentLink.notFound', undefined, 'payment_link_not_found')
  if (!new Big(row.amount).eq(amount) || !sameIds(row.settleEntryIds, settleEntryIds)) {
    throw new AppError('conflict', 'paymentLink.mismatch', undefined, 'payment_link_mismatch')
  }
  return { id: row.id, token, expiresAt: row.expiresAt }
}

/**
 * GET /api/payment-link/:token — for anyone holding the token, logged in or not: whose account it pays,
 * the amount and whether it can still be paid. An unknown token is a 404 (the route answers a paid or
 * expired link with 410 Gone).
 */
export async function publicPaymentLink(db: Db, token: string, now: Date): Promise<PublicPaymentLink> {
  const link = await findLinkByToken(db, token)
  if (!link) throw new AppError('not_found', 'paymentLink.notFound', undefined, 'payment_link_not_found')
  return {
    status: paymentLinkStatusAt(link, now),
    company: link.company,
    amount: Number(link.amount),
    currency: 'TRY',
    expiresAt: link.expiresAt.toISOString(),
  }
}

/**
 * For a payment of the link, in its capture transaction: the link locked and answered while it is
 * still unpaid and unexpired at `now`, else null (payments hold it from here until they end).
 */
export const lockLinkForPayment = (tx: Db, linkId: number, now: Date) => lockPayableLink(tx, linkId, now)

/** The link paid by this intent, in the payment's booking transaction; false when already paid. */
export const markLinkPaidBy = (tx: Db, linkId: number, intentId: string, now: Date) =>
  markLinkPaid(tx, linkId, intentId, now)

/**
 * A payment start with a link's token: the link when it can be paid at `now`; else why not — an
 * unknown token, or a link paid or expired.
 */
export async function payableLinkByToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ link: PayableLink } | { refused: 'unknown' | 'unavailable' }> {
  const link = await findPayableLink(db, token, now)
  if (link) return { link }
  return { refused: (await findLinkByToken(db, token)) ? 'unavailable' : 'unknown' }
}

/** Whether this token is the one whose hash a link stores (a payment's result shown to its holder). */
export const isTokenOfLink = (token: string, tokenHash: string) => paymentLinkTokenHash(token) === tokenHash

/** The answer of a link that can no longer be paid: its message in `locale` and what it was. */
export function goneLinkBody(
  link: PublicPaymentLink & { status: 'paid' | 'expired' },
  locale: Locale,
): PaymentLinkGone {
  const [code, key] =
    link.status === 'paid'
      ? (['payment_link_paid', 'paymentLink.paid'] as const)
      : (['payment_link_expired', 'paymentLink.expired'] as const)
  return { error: { code, messages: { type: translate(locale, key) } }, link }
}

/** The state of the link of `token` for its public page's status (404, 410, 200); null when unknown. */
export async function paymentLinkState(db: Db, token: string, now: Date): Promise<PaymentLinkStatus | null> {
  const link = await findLinkByToken(db, token)
  return link ? paymentLinkStatusAt(link, now) : null
}
