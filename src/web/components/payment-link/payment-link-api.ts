import type { PaymentLinkBody, PaymentLinkResponse } from '../../../contracts/payments'
import { apiFetch } from '../../lib/api-client'

/**
 * POST /api/payment-link (spec/2 §7): makes a link (sendEmail false) or mails one (sendEmail true; the
 * link of `token` when the modal already has one, else a new one).
 */
export function postPaymentLink(body: PaymentLinkBody): Promise<PaymentLinkResponse> {
  return apiFetch<PaymentLinkResponse>('/api/payment-link', { json: body })
}
