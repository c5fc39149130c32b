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

/** Written as the BIN list writes them: network VISA, MASTERCARD, TROY, AMEX…; cardType CREDIT, DEBIT… */
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
  /** `totalAmount`/`currency`: what the intent charges; a gateway answering another amount is refused. */
  complete(input: {
    intentId: string
    gatewayRef?: string
    totalAmount: string
    currency: 'TRY'
    body: Record<string, unknown>
  }): Promise<CompleteResult>
  /** BIN and installment query from the gateway itself; null = use our BIN table. */
  binInfo(bin: string, amount: string): Promise<BinInfo | null>
}
