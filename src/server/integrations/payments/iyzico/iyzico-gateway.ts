import Big from 'big.js'
import Iyzipay from 'iyzipay'
import { commissionOf } from '../../../../domain/installments'
import type { IyzicoConfig } from '../../../config'
import type {
  BinInfo,
  CompleteResult,
  PaymentGateway,
  RefundResult,
  RetrieveResult,
  ThreeDsStart,
  ThreeDsStartResult,
  VerifiedCallback,
} from '../gateway'
import { iyzicoPrice, iyzicoSignatureValid } from './iyzico-signature'

/**
 * A call to iyzico that has not answered by then is given up (the client itself has no timeout). The
 * reconciler waits longer than this before it asks about a payment whose completion got no answer.
 */
export const IYZICO_CALL_TIMEOUT_MS = 20_000

type Answer = Record<string, unknown>
type NodeCall = (data: never, callback: (err: Error | null, result: unknown) => void) => void

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined

/** Network names as the BIN list writes them. */
const NETWORKS: Record<string, string> = {
  VISA: 'VISA',
  MASTER_CARD: 'MASTERCARD',
  AMERICAN_EXPRESS: 'AMEX',
  TROY: 'TROY',
}

export const IYZICO_TEXTS = {
  unreachable: 'Ödeme kuruluşuna şu anda ulaşılamıyor. Lütfen daha sonra tekrar deneyiniz.',
  badAnswer: 'Ödeme kuruluşunun yanıtı doğrulanamadı.',
  threeDsFailed: '3-D Secure doğrulaması başarısız oldu.',
  fraud: 'Ödeme, ödeme kuruluşu tarafından onaylanmadı.',
  noAnswer: 'Ödeme kuruluşu yanıt vermedi; ödemenin sonucu sorgulanacak.',
  notCompleted: 'Ödeme kuruluşunda tamamlanmış bir tahsilat yok.',
}

/**
 * iyzico through its official Node client (iyzipay): 3-D Secure initialize → the bank's HTML in the
 * frame → iyzico posts to our callback (signed, verified here) → threedsPayment completes it. The
 * conversationId of every call is the intent id. BIN and installment queries come from iyzico too.
 */
export class IyzicoGateway implements PaymentGateway {
  readonly name = 'iyzico' as const
  private readonly client: Iyzipay

  constructor(
    private readonly config: IyzicoConfig,
    private readonly callTimeoutMs = IYZICO_CALL_TIMEOUT_MS,
  ) {
    this.client = new Iyzipay({ apiKey: config.apiKey, secretKey: config.secretKey, uri: config.baseUrl })
  }

  async startThreeDs(input: ThreeDsStart): Promise<ThreeDsStartResult> {
    const [month, year] = input.card.expire.split('/')
    const [name, ...rest] = input.buyer.name.trim().split(/\s+/)
    const address = {
      contactName: input.buyer.name,
      city: input.buyer.city,
      country: 'Turkey',
      address: input.buyer.address,
    }
    const request = {
      locale: 'tr',
      conversationId: input.intentId,
      price: input.amount,
      paidPrice: input.totalAmount,
      currency: 'TRY',
      installment: input.installment,
      basketId: input.intentId,
      paymentChannel: 'WEB',
      paymentGroup: 'PRODUCT',
      callbackUrl: input.callbackUrl,
      paymentCard: {
        cardHolderName: input.card.holder,
        cardNumber: input.card.number,
        expireMonth: month,
        expireYear: `20${year}`,
        cvc: input.card.ccv,
        registerCard: 0,
      },
      buyer: {
        id: String(input.buyer.id),
        name: name || input.buyer.name,
        surname: rest.join(' ') || name || input.buyer.name,
        email: input.buyer.email,
        identityNumber: input.buyer.identityNumber ?? '11111111111',
        registrationAddress: input.buyer.address,
        ip: input.buyer.ip,
        city: input.buyer.city,
        country: 'Turkey',
      },
      shippingAddress: address,
      billingAddress: address,
      basketItems: [
        {
          id: input.intentId,
          name: input.description || 'Cari hesap ödemesi',
          category1: 'B2B',
          itemType: 'VIRTUAL',
          price: input.amount,
        },
      ],
    }
    const answer = await this.call(this.client.threedsInitialize, 'create', request)
    if (!answer) return { ok: false, code: 'technical_error', message: IYZICO_TEXTS.unreachable }
    if (answer.status !== 'success') return failure(answer)
    const paymentId = text(answer.paymentId)
    if (
      answer.signature !== undefined &&
      !iyzicoSignatureValid(this.config.secretKey, [paymentId, text(answer.conversationId)], answer.signature)
    ) {
      return { ok: false, code: 'signature', message: IYZICO_TEXTS.badAnswer }
    }
    const html = Buffer.from(text(answer.threeDSHtmlContent) ?? '', 'base64').toString('utf8')
    if (!html) return { ok: false, code: 'technical_error', message: IYZICO_TEXTS.badAnswer }
    return { ok: true, action: { type: 'html', html }, ...(paymentId ? { gatewayRef: paymentId } : {}) }
  }

  async verifyCallback(body: Record<string, unknown>): Promise<VerifiedCallback> {
    const conversationId = text(body.conversationId)
    const status = text(body.status)
    const mdStatus = text(body.mdStatus)
    if (!conversationId || !status) return { valid: false, reason: 'malformed' }
    const paymentId = text(body.paymentId)
    const fields = [text(body.conversationData), conversationId, mdStatus, paymentId, status]
    if (!iyzicoSignatureValid(this.config.secretKey, fields, body.signature)) {
      return { valid: false, reason: 'signature' }
    }
    const approved = status === 'success' && mdStatus === '1'
    return {
      valid: true,
      intentId: conversationId,
      // The callback carries no amount: ours was fixed at initialize, and complete checks iyzico's signed one.
      totalAmount: null,
      currency: null,
      approved,
      ...(paymentId ? { gatewayRef: paymentId } : {}),
      callbackData: {
        ...(paymentId ? { paymentId } : {}),
        ...(text(body.conversationData) ? { conversationData: text(body.conversationData)! } : {}),
      },
      ...(approved
        ? {}
        : {
            failureCode: 'three_ds_failed',
            failureMessage: `${IYZICO_TEXTS.threeDsFailed} (mdStatus ${mdStatus ?? '-'})`,
          }),
    }
  }

  async complete(input: {
    intentId: string
    totalAmount: string
    callbackData: Record<string, string>
  }): Promise<CompleteResult> {
    const paymentId = input.callbackData.paymentId
    if (!paymentId) return { outcome: 'declined', code: 'malformed', message: IYZICO_TEXTS.badAnswer }
    const conversationData = input.callbackData.conversationData
    const answer = await this.call(this.client.threedsPayment, 'create', {
      locale: 'tr',
      conversationId: input.intentId,
      paymentId,
      ...(conversationData ? { conversationData } : {}),
    })
    // No answer: iyzico may have taken the money. The reconciler asks it later (retrieve).
    if (!answer) return { outcome: 'unknown', message: IYZICO_TEXTS.noAnswer }
    if (answer.status !== 'success') {
      const refused = failure(answer)
      return { outcome: 'declined', code: refused.code, message: refused.message }
    }
    const signed = [
      text(answer.paymentId),
      text(answer.currency),
      text(answer.basketId),
      text(answer.conversationId),
      iyzicoPrice(text(answer.paidPrice) ?? 'NaN'),
      iyzicoPrice(text(answer.price) ?? 'NaN'),
    ]
    // A "success" we cannot trust (signature, amount) may still be money taken: never released as
    // declined, but left for the reconciler and staff.
    if (!iyzicoSignatureValid(this.config.secretKey, signed, answer.signature)) {
      return { outcome: 'unknown', message: IYZICO_TEXTS.badAnswer }
    }
    if (
      answer.conversationId !== input.intentId ||
      answer.currency !== 'TRY' ||
      !sameAmount(text(answer.paidPrice), input.totalAmount)
    ) {
      return { outcome: 'unknown', message: IYZICO_TEXTS.badAnswer }
    }
    if (answer.fraudStatus === -1) return { outcome: 'declined', code: 'fraud', message: IYZICO_TEXTS.fraud }
    return { outcome: 'charged', gatewayRef: paymentId }
  }

  /** iyzico's payment detail (/payment/detail) by our intent id, its paymentConversationId. */
  async retrieve(input: { intentId: string; gatewayRef: string | null }): Promise<RetrieveResult> {
    const answer = await this.call(this.client.payment, 'retrieve', {
      locale: 'tr',
      conversationId: input.intentId,
      paymentConversationId: input.intentId,
      ...(input.gatewayRef ? { paymentId: input.gatewayRef } : {}),
    })
    if (!answer) return { state: 'unknown', message: IYZICO_TEXTS.unreachable }
    if (answer.status !== 'success') {
      return { state: 'unknown', message: text(answer.errorMessage) ?? IYZICO_TEXTS.badAnswer }
    }
    const paymentId = text(answer.paymentId)
    const paidPrice = text(answer.paidPrice)
    if (answer.paymentStatus !== 'SUCCESS')
      return { state: 'not_charged', message: IYZICO_TEXTS.notCompleted }
    if (!paymentId || !paidPrice || (answer.basketId !== undefined && answer.basketId !== input.intentId)) {
      return { state: 'unknown', message: IYZICO_TEXTS.badAnswer }
    }
    return {
      state: 'charged',
      gatewayRef: paymentId,
      totalAmount: new Big(paidPrice).toFixed(2),
      currency: text(answer.currency) ?? 'TRY',
    }
  }

  /**
   * The whole payment back: a cancellation (the same day, before the bank settles it), else a
   * refund of its paid price (iyzico's v2 refund by paymentId).
   */
  async refund(input: {
    intentId: string
    gatewayRef: string | null
    totalAmount: string
    ip: string
  }): Promise<RefundResult> {
    if (!input.gatewayRef) return { outcome: 'not_charged', message: IYZICO_TEXTS.notCompleted }
    const common = { locale: 'tr', conversationId: input.intentId, paymentId: input.gatewayRef, ip: input.ip }
    const cancelled = await this.call(this.client.cancel, 'create', common)
    if (cancelled?.status === 'success')
      return { outcome: 'refunded', refundRef: `iptal-${input.gatewayRef}` }
    // The client has it (lib/resources/RefundV2.js) though its type declarations do not.
    const refundV2 = (this.client as unknown as { refundV2: object }).refundV2
    const refunded = await this.call(refundV2, 'create', {
      ...common,
      price: input.totalAmount,
      currency: 'TRY',
    })
    if (refunded?.status === 'success') return { outcome: 'refunded', refundRef: `iade-${input.gatewayRef}` }
    const answer = refunded ?? cancelled
    return { outcome: 'failed', message: text(answer?.errorMessage) ?? IYZICO_TEXTS.unreachable }
  }

  async binInfo(bin: string, amount: string): Promise<BinInfo | null> {
    const price = Number(amount) > 0 ? amount : '100.00'
    const [card, plans] = await Promise.all([
      this.call(this.client.binNumber, 'retrieve', { locale: 'tr', binNumber: bin }),
      this.call(this.client.installmentInfo, 'retrieve', { locale: 'tr', binNumber: bin, price }),
    ])
    if (card?.status !== 'success') return null
    const association = text(card.cardAssociation) ?? ''
    return {
      network: NETWORKS[association] ?? association,
      cardType: (text(card.cardType) ?? '').replace(/_CARD$/, ''),
      issuer: text(card.bankName) ?? '',
      ...(plans?.status === 'success' ? { installments: installmentsOf(plans) } : {}),
    }
  }

  /** One client call as a promise; null when iyzico cannot be reached or does not answer in time. */
  private call(resource: object, method: 'create' | 'retrieve', data: object): Promise<Answer | null> {
    const fn = (resource as Record<string, NodeCall>)[method]!.bind(resource)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), this.callTimeoutMs)
      fn(data as never, (err, result) => {
        clearTimeout(timer)
        resolve(err || !result || typeof result !== 'object' ? null : (result as Answer))
      })
    })
  }
}

function failure(answer: Answer): { ok: false; code: string; message: string } {
  const code = text(answer.errorCode)
  // 10051: "Kart limiti yetersiz, yetersiz bakiye" — the same refusal as the sandbox's declined card.
  return {
    ok: false,
    code: code === '10051' ? 'insufficient_funds' : `iyzico_${code ?? 'unknown'}`,
    message: text(answer.errorMessage) ?? IYZICO_TEXTS.unreachable,
  }
}

function sameAmount(given: string | undefined, expected: string): boolean {
  try {
    return given !== undefined && new Big(given).eq(expected)
  } catch {
    return false
  }
}

/** iyzico's installment prices of the card's first detail as commissions in percent (domain commissionOf). */
function installmentsOf(answer: Answer): { installment: number; commissionFee: string }[] {
  const details = answer.installmentDetails
  const first = Array.isArray(details) ? (details[0] as Answer | undefined) : undefined
  const prices = first && Array.isArray(first.installmentPrices) ? (first.installmentPrices as Answer[]) : []
  const base = text(answer.price) ?? text(first?.price)
  if (!base || !(Number(base) > 0)) return []
  return prices.flatMap((row) => {
    const count = Number(row.installmentNumber)
    const total = text(row.totalPrice)
    if (!Number.isInteger(count) || count < 1 || count > 12 || !total) return []
    return [{ installment: count, commissionFee: commissionOf(base, total).toFixed(2) }]
  })
}
