/**
 * One interface for every virtual POS (docs/payments.md). The payment service creates the intent with
 * the amount it computed, asks the gateway to start 3-D Secure, and trusts only `verifyCallback`.
 * Card data passes through `startThreeDs` and is never kept by us.
 */

export type CardInput = {
  /** 16 digits, no spaces. */
  number: string
  ccv: string
  /** MM/YY */
  expire: string
  holder: string
}

export type ThreeDsStart = {
  intentId: string
  /** What the card is charged, TRY, 2 decimals as a string ('1234.50'). */
  totalAmount: string
  currency: 'TRY'
  installment: number
  card: CardInput
  /** Where the bank posts the result: our /payment/callback/{gateway}. */
  callbackUrl: string
  buyer: { id: number; name: string; email: string; ip: string; city: string; address: string }
  description: string
}

export type ThreeDsAction = { type: 'html'; html: string } | { type: 'redirect'; url: string }

export type ThreeDsStartResult =
  | { ok: true; action: ThreeDsAction; gatewayRef?: string }
  | { ok: false; code: string; message: string }

/** The gateway's signed answer, verified. */
export type VerifiedCallback =
  | {
      valid: true
      intentId: string
      /** The amount and currency the bank says it authorised, as signed. */
      totalAmount: string
      currency: string
      /** When the bank signed it. */
      signedAt: Date
      /** 3-D Secure passed (mdStatus 1) and the bank approved. */
      approved: boolean
      failureCode?: string
      failureMessage?: string
      gatewayRef?: string
    }
  | { valid: false; reason: 'signature' | 'malformed' }

/** Completing (iyzico's threedsPayment) takes the money once our checks passed. */
export type CompleteResult = { ok: true; gatewayRef?: string } | { ok: false; code: string; message: string }

export type BinInfo = {
  network: string
  cardType: string
  issuer: string
  /** The bank's installments with commission, when the gateway knows them (iyzico). */
  installments?: { installment: number; commissionFee: number }[]
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'iyzico'
  startThreeDs(input: ThreeDsStart): Promise<ThreeDsStartResult>
  verifyCallback(body: Record<string, unknown>): Promise<VerifiedCallback>
  complete(input: { intentId: string; gatewayRef?: string; body: Record<string, unknown> }): Promise<CompleteResult>
  /** BIN and installment query from the gateway itself; null = use our BIN table. */
  binInfo(bin: string, amount: string): Promise<BinInfo | null>
}
