import { randomBytes } from 'node:crypto'
import { maskCardNumber } from '../../../../domain/payment-card'
import type {
  CompleteResult,
  PaymentGateway,
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

/**
 * A built-in virtual POS that behaves like a Turkish bank's 3-D Secure flow and takes no money
 * (docs/payments.md). startThreeDs sends the frame to the challenge page; the challenge posts a signed
 * result to our callback; complete answers what the card decided. Stateless: everything it needs
 * travels signed in the challenge's address and in the posted result.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const
  private readonly ticketKey: Buffer
  private readonly callbackKey: Buffer

  constructor(
    secret: string,
    private readonly now: () => Date,
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
      signedAt: new Date(Number(callback.timestamp)),
      approved,
      gatewayRef: callback.paymentId,
      ...(approved ? {} : { failureCode: 'three_ds_failed', failureMessage: SANDBOX_TEXTS.threeDsFailed }),
    }
  }

  async complete(input: { totalAmount: string; body: Record<string, unknown> }): Promise<CompleteResult> {
    const parsed = sandboxCallbackSchema.safeParse(input.body)
    if (!parsed.success || !callbackSignatureValid(this.callbackKey, parsed.data)) {
      return { ok: false, code: 'signature', message: 'İmza doğrulanamadı.' }
    }
    const callback = parsed.data
    if (callback.amount !== input.totalAmount) {
      return { ok: false, code: 'amount_mismatch', message: 'Tutar uyuşmuyor.' }
    }
    if (callback.authResult === 'insufficient_funds') {
      return { ok: false, code: 'insufficient_funds', message: SANDBOX_TEXTS.insufficientFunds }
    }
    return { ok: true, gatewayRef: callback.paymentId }
  }

  async binInfo(): Promise<null> {
    return null
  }
}
