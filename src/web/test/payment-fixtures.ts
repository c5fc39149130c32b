import {
  type BinControlResponse,
  binControlResponseSchema,
  type InstallmentPlan,
  type MailOrder,
  type PaymentResult,
  paymentResultSchema,
} from '../../contracts/payments'
import {
  type StaffPayment,
  type StaffPaymentDetail,
  type StaffPaymentsSummary,
  staffPaymentDetailSchema,
  staffPaymentSchema,
  staffPaymentsSummarySchema,
} from '../../contracts/payments-staff'

/** A bank's plan: `installment` months at `commisionFee` percent. */
export function installmentPlan(
  id: number,
  installment: number,
  commisionFee: number,
  isDefault = false,
): InstallmentPlan {
  return { id, installment, commisionFee, isDefault }
}

/** A BIN answer: a VISA credit card of Garanti BBVA with 1, 2, 3 and 6 installments. */
export function binAnswer(overrides: Partial<BinControlResponse> = {}): BinControlResponse {
  return binControlResponseSchema.parse({
    bank: {
      name: 'Garanti BBVA',
      logo: null,
      organization: 'VISA',
      cardType: 'CREDIT',
      issuer: 'T. Garanti Bankası A.Ş.',
    },
    plans: [
      installmentPlan(11, 1, 0),
      installmentPlan(12, 2, 2.5),
      installmentPlan(13, 3, 3.75, true),
      installmentPlan(16, 6, 7.2),
    ],
    ...overrides,
  })
}

export function mailOrder(overrides: Partial<MailOrder> = {}): MailOrder {
  return {
    store: {
      name: 'Demo Toptan',
      logo: 'logo.svg',
      address: 'Atatürk Cad. No: 1 Kadıköy / İstanbul',
      phone: '+90 216 000 00 00',
    },
    customerName: 'Yılmaz Otomotiv Ltd.',
    currency: 'TRY',
    installmentAmount: 1024.69,
    installment: 3,
    cardHolder: 'AYŞE YILMAZ',
    cardNumber: '411111******1111',
    expiryDate: '12/29',
    description: 'Sepet ödemesi',
    date: '2026-03-14T12:42:00.000Z',
    ...overrides,
  }
}

/** GET /api/payments/:id as the server answers a paid order (3 installments at 3.75 %). */
export function paymentResult(overrides: Partial<PaymentResult> = {}): PaymentResult {
  return paymentResultSchema.parse({
    id: 'pi_7f3a9c',
    status: 'succeeded',
    succeed: true,
    paymentType: 'order',
    orderId: 77,
    orderNo: 'S2026-000077',
    amount: 2962.8,
    totalAmount: 3073.91,
    installment: 3,
    description: 'Sepet ödemesi',
    failureMessage: null,
    mailOrder: mailOrder(),
    ...overrides,
  })
}

/** A row of the staff payments list: a payment on account that needs attention, its reason given. */
export function staffPayment(overrides: Partial<StaffPayment> = {}): StaffPayment {
  return staffPaymentSchema.parse({
    id: 'c'.repeat(32),
    status: 'needs_attention',
    paymentType: 'pay',
    cardMasked: '409021******0016',
    cardHolder: 'AHMET YILMAZ',
    amount: 1500,
    totalAmount: 1545,
    installment: 3,
    dealer: { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' },
    order: null,
    gatewayRef: 'sbx-4f1c2a9e7b3d5a10',
    failureMessage: null,
    attentionReason: 'Ödeme kuruluşu 5 denemede yanıt vermedi: zaman aşımı',
    createdAt: '2026-03-18T09:00:00.000Z',
    stateChangedAt: '2026-03-18T09:20:00.000Z',
    ...overrides,
  })
}

/** GET /yonetim/payments/{id} for `staffPayment()`: started, 3-D Secure passed, charged, flagged. */
export function staffPaymentDetail(overrides: Partial<StaffPaymentDetail> = {}): StaffPaymentDetail {
  return staffPaymentDetailSchema.parse({
    ...staffPayment(),
    refundRef: null,
    events: [
      {
        from: null,
        to: 'pending',
        actor: 'payer',
        user: null,
        ip: '203.0.113.7',
        reason: null,
        at: '2026-03-18T09:00:00.000Z',
      },
      {
        from: 'pending',
        to: 'authorized',
        actor: 'gateway',
        user: null,
        ip: '198.51.100.20',
        reason: null,
        at: '2026-03-18T09:01:00.000Z',
      },
      {
        from: 'authorized',
        to: 'capturing',
        actor: 'gateway',
        user: null,
        ip: null,
        reason: null,
        at: '2026-03-18T09:01:01.000Z',
      },
      {
        from: 'capturing',
        to: 'needs_attention',
        actor: 'reconciler',
        user: null,
        ip: null,
        reason: 'Ödeme kuruluşu 5 denemede yanıt vermedi: zaman aşımı',
        at: '2026-03-18T09:20:00.000Z',
      },
    ],
    ...overrides,
  })
}

/** GET /yonetim/payments/summary: nothing to do unless said. */
export function staffPaymentsSummary(overrides: Partial<StaffPaymentsSummary> = {}): StaffPaymentsSummary {
  return staffPaymentsSummarySchema.parse({ needsAttention: 0, processing: 0, refusals: [], ...overrides })
}
