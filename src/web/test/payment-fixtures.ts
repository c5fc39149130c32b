import {
  type BinControlResponse,
  binControlResponseSchema,
  type InstallmentPlan,
  type MailOrder,
  type PaymentResult,
  paymentResultSchema,
} from '../../contracts/payments'

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
