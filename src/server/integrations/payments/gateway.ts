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
  /** What is paid before the installment commission, TRY, 2 decimals as a string. */
  amount: string
  /** What the card is charged, TRY, 2 decimals as a string ('1234.50'). */
  totalAmount: string
  currency: 'TRY'
  installment: number
  card: CardInput
  /** Where the bank posts the result: our /payment/callback/{gateway}. */
  callbackUrl: string
  buyer: {
    id: number
    name: string
    email: string
    ip: string
    city: string
    address: string
    /** The company's tax number, when known (iyzico's identityNumber). */
    identityNumber?: string
  }
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
      /**
       * The amount and currency the bank says it authorised, as signed; null when the gateway's
       * callback carries no amount (iyzico: our server fixed it at initialize, and complete checks
       * the signed amount of its answer).
       */
      totalAmount: string | null
      currency: string | null
      /** 3-D Secure passed (mdStatus 1) and the bank approved. */
      approved: boolean
      failureCode?: string
      failureMessage?: string
      gatewayRef?: string
      /** What complete will need of this callback, kept on the intent (no card data). */
      callbackData: Record<string, string>
    }
  | { valid: false; reason: 'signature' | 'malformed' }

/**
 * Completing (iyzico's threedsPayment) takes the money once the effect is held. `unknown`: the bank
 * may or may not have taken it (no answer in time, or an answer that cannot be trusted): the intent
 * stays 'capturing' and the reconciler asks the bank later (retrieve).
 */
export type CompleteResult =
  | { outcome: 'charged'; gatewayRef?: string }
  | { outcome: 'declined'; code: string; message: string }
  | { outcome: 'unknown'; message: string }

/** What the bank's own record says of an intent (iyzico's payment detail; the sandbox's books). */
export type RetrieveResult =
  | { state: 'charged'; gatewayRef: string; totalAmount: string; currency: string }
  | { state: 'not_charged'; message: string }
  | { state: 'refunded'; gatewayRef: string }
  | { state: 'unknown'; message: string }

/** Giving the money of a charged payment back (iyzico's cancel, else refund; the sandbox's books). */
export type RefundResult =
  | { outcome: 'refunded'; refundRef: string }
  /** The bank holds no charge for this intent: nothing to give back. */
  | { outcome: 'not_charged'; message: string }
  | { outcome: 'failed'; message: string }

/** Written as the BIN list writes them: network VISA, MASTERCARD, TROY, AMEX…; cardType CREDIT, DEBIT… */
export type BinInfo = {
  network: string
  cardType: string
  issuer: string
  /** The bank's installments with commission (percent, decimal text: '4.10'), when the gateway knows them (iyzico). */
  installments?: { installment: number; commissionFee: string }[]
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'iyzico'
  startThreeDs(input: ThreeDsStart): Promise<ThreeDsStartResult>
  verifyCallback(body: Record<string, unknown>): Promise<VerifiedCallback>
  /**
   * Takes the money of a verified, approved callback. `callbackData`: the fields of the callback the
   * gateway kept at verification (callbackDataOf). An answer for another amount is not a charge we
   * can book: `unknown`, for the reconciler and staff.
   */
  complete(input: {
    intentId: string
    totalAmount: string
    callbackData: Record<string, string>
  }): Promise<CompleteResult>
  /** The bank's record of an intent, by our intent id (its conversation id) and its reference. */
  retrieve(input: { intentId: string; gatewayRef: string | null }): Promise<RetrieveResult>
  /** Gives the whole charged amount back; `ip`: who asked (iyzico records it). */
  refund(input: {
    intentId: string
    gatewayRef: string | null
    totalAmount: string
    ip: string
  }): Promise<RefundResult>
  /** BIN and installment query from the gateway itself; null = use our BIN table. */
  binInfo(bin: string, amount: string): Promise<BinInfo | null>
}
