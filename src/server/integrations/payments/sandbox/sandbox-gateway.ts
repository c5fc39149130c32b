import { randomBytes } from 'node:crypto'
import Big from 'big.js'
import { and, eq } from 'drizzle-orm'
import { maskCardNumber } from '../../../../domain/payment-card'
import type { Db } from '../../../db/client'
import { sandboxPosPayments } from '../../../db/schema/payments'
import { faultPoint } from '../../../fault-points'
import type {
  CompleteResult,
  PaymentGateway,
  RefundResult,
  RetrieveResult,
  ThreeDsStart,
  ThreeDsStartResult,
  VerifiedCallback,
} from '../gateway'
import {
  type ChallengeTicket,
  callbackSignatureValid,
  deriveKey,
  readTicket,
  type SandboxCallback,
  sandboxCallbackSchema,
  signCallback,
  signTicket,
} from './sandbox-signing'
import { sandboxOutcomeOf } from './test-cards'

/** Where the sandbox's pages live (sandbox.routes.ts). */
export const SANDBOX_PREFIX = '/sandbox-pos'
/** A challenge page can be used for as long as the intent can be paid. */
const TICKET_MS = 15 * 60 * 1000

/** The bank texts of the sandbox, as a Turkish bank writes them. */
export const SANDBOX_TEXTS = {
  technicalError: 'Bankaya şu anda ulaşılamıyor (teknik hata). Lütfen daha sonra tekrar deneyiniz.',
  threeDsFailed: '3-D Secure doğrulaması başarısız oldu.',
  insufficientFunds: 'Yetersiz bakiye.',
}

export type SandboxOptions = {
  /** The "bank" takes this long to complete a payment (tests of a slow bank). */
  completeDelayMs?: number
}

/**
 * A built-in virtual POS that behaves like a Turkish bank's 3-D Secure flow and takes no money
 * (docs/payments.md). startThreeDs sends the frame to the challenge page; the challenge posts a signed
 * result to our callback; complete answers what the card decided and writes it into the sandbox's own
 * books (`sandbox_pos_payments`, as a bank keeps its records apart from the shop's), which retrieve and
 * refund read as iyzico's API would answer them. The challenge itself is stateless: what it needs
 * travels signed in its address and in the posted result.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const
  private readonly ticketKey: Buffer
  private readonly callbackKey: Buffer

  constructor(
    secret: string,
    private readonly now: () => Date,
    private readonly books: Db,
    private readonly options: SandboxOptions = {},
  ) {
    this.ticketKey = deriveKey(secret, 'ticket')
    this.callbackKey = deriveKey(secret, 'callback')
  }

  async startThreeDs(input: ThreeDsStart): Promise<ThreeDsStartResult> {
    const outcome = sandboxOutcomeOf(input.card.number)
    if (outcome === 'technical_error') {
      return { ok: false, code: 'technical_error', message: SANDBOX_TEXTS.technicalError }
    }
    const paymentId = `sbx-${randomBytes(8).toString('hex')}`
    const token = signTicket(this.ticketKey, {
      intentId: input.intentId,
      totalAmount: input.totalAmount,
      currency: input.currency,
      installment: input.installment,
      outcome,
      cardMasked: maskCardNumber(input.card.number),
      callbackUrl: input.callbackUrl,
      expiresAt: this.now().getTime() + TICKET_MS,
      paymentId,
    })
    return {
      ok: true,
      action: { type: 'redirect', url: `${SANDBOX_PREFIX}/3ds/${token}` },
      gatewayRef: paymentId,
    }
  }

  /** The challenge's ticket, when it is ours and still valid. */
  readTicket(token: string): ChallengeTicket | null {
    return readTicket(this.ticketKey, token, this.now())
  }

  /** The signed result the challenge posts back: a wrong SMS code or a 3-D Secure failure card fail here. */
  resultOf(ticket: ChallengeTicket, codeAccepted: boolean): SandboxCallback {
    const passed = codeAccepted && ticket.outcome !== 'three_ds_failed'
    return signCallback(this.callbackKey, {
      intentId: ticket.intentId,
      status: passed ? 'success' : 'failure',
      mdStatus: passed ? '1' : '0',
      amount: ticket.totalAmount,
      currency: ticket.currency,
      timestamp: String(this.now().getTime()),
      authResult: ticket.outcome === 'insufficient_funds' ? 'insufficient_funds' : 'approved',
      paymentId: ticket.paymentId,
    })
  }

  async verifyCallback(body: Record<string, unknown>): Promise<VerifiedCallback> {
    const parsed = sandboxCallbackSchema.safeParse(body)
    if (!parsed.success) return { valid: false, reason: 'malformed' }
    const callback = parsed.data
    if (!callbackSignatureValid(this.callbackKey, callback)) return { valid: false, reason: 'signature' }
    const approved = callback.status === 'success' && callback.mdStatus === '1'
    return {
      valid: true,
      intentId: callback.intentId,
      totalAmount: callback.amount,
      currency: callback.currency,
      approved,
      gatewayRef: callback.paymentId,
      // The signed result itself: complete checks its signature again before it takes anything.
      callbackData: { ...callback },
      ...(approved ? {} : { failureCode: 'three_ds_failed', failureMessage: SANDBOX_TEXTS.threeDsFailed }),
    }
  }

  /**
   * Takes the money as a bank does: once per payment. A second complete of the same intent answers
   * what the first one did and books nothing again.
   */
  async complete(input: {
    intentId: string
    totalAmount: string
    callbackData: Record<string, string>
  }): Promise<CompleteResult> {
    const parsed = sandboxCallbackSchema.safeParse(input.callbackData)
    if (!parsed.success || !callbackSignatureValid(this.callbackKey, parsed.data)) {
      return { outcome: 'declined', code: 'signature', message: 'İmza doğrulanamadı.' }
    }
    const callback = parsed.data
    if (callback.intentId !== input.intentId || callback.amount !== input.totalAmount) {
      return { outcome: 'declined', code: 'amount_mismatch', message: 'Tutar uyuşmuyor.' }
    }
    if (this.options.completeDelayMs) await new Promise((r) => setTimeout(r, this.options.completeDelayMs))
    faultPoint('sandbox.before-charge')
    const status = callback.authResult === 'insufficient_funds' ? 'declined' : 'charged'
    await this.books
      .insert(sandboxPosPayments)
      .values({
        paymentId: callback.paymentId,
        intentId: callback.intentId,
        status,
        amount: input.totalAmount,
        currency: callback.currency,
        createdAt: this.now(),
      })
      .onConflictDoNothing()
    // The bank took the money; its answer to us is lost if the process dies here.
    faultPoint('sandbox.after-charge')
    const [booked] = await this.books
      .select()
      .from(sandboxPosPayments)
      .where(eq(sandboxPosPayments.intentId, callback.intentId))
    if (booked?.status === 'declined') {
      return { outcome: 'declined', code: 'insufficient_funds', message: SANDBOX_TEXTS.insufficientFunds }
    }
    if (booked?.status !== 'charged' || booked.paymentId !== callback.paymentId) {
      return { outcome: 'unknown', message: 'Ödeme kaydı beklenen durumda değil.' }
    }
    return { outcome: 'charged', gatewayRef: booked.paymentId }
  }

  async retrieve(input: { intentId: string }): Promise<RetrieveResult> {
    const [row] = await this.books
      .select()
      .from(sandboxPosPayments)
      .where(eq(sandboxPosPayments.intentId, input.intentId))
    if (!row) return { state: 'not_charged', message: 'Bankada bu ödemeye ait bir tahsilat yok.' }
    if (row.status === 'declined') return { state: 'not_charged', message: SANDBOX_TEXTS.insufficientFunds }
    if (row.status === 'refunded') return { state: 'refunded', gatewayRef: row.paymentId }
    return {
      state: 'charged',
      gatewayRef: row.paymentId,
      totalAmount: new Big(row.amount).toFixed(2),
      currency: row.currency,
    }
  }

  async refund(input: { intentId: string }): Promise<RefundResult> {
    const [row] = await this.books
      .update(sandboxPosPayments)
      .set({ status: 'refunded', refundedAt: this.now() })
      .where(and(eq(sandboxPosPayments.intentId, input.intentId), eq(sandboxPosPayments.status, 'charged')))
      .returning()
    if (row) {
      // The bank gave the money back; its answer to us is lost if the process dies here.
      faultPoint('sandbox.after-refund')
      return { outcome: 'refunded', refundRef: `${row.paymentId}-iade` }
    }
    const state = await this.retrieve(input)
    // A refund asked twice answers the first one's result.
    if (state.state === 'refunded') return { outcome: 'refunded', refundRef: `${state.gatewayRef}-iade` }
    return { outcome: 'not_charged', message: 'Bankada iade edilecek bir tahsilat yok.' }
  }

  async binInfo(): Promise<null> {
    return null
  }
}
