import { type WarrantyAnswer, warrantyInquiryResponseSchema } from '../../../contracts/warranty'
import { apiFetch } from '../../lib/api-client'
import { ApiError } from '../../lib/api-error'

/**
 * POST /api/catalog/WarrantyInquiry with the form field serialNumber (spec/2 §7). The caller handles
 * 401 and 403 itself (the inquiry comes back after login; 403 has the spec's own words). An answer that
 * is not the contract's success counts as a technical failure (status 0).
 */
export async function inquireWarranty(serialNumber: string): Promise<WarrantyAnswer> {
  const body = new FormData()
  body.set('serialNumber', serialNumber)
  const answer = await apiFetch<unknown>('/api/catalog/WarrantyInquiry', {
    method: 'POST',
    body,
    handleAuthErrors: false,
  })
  const parsed = warrantyInquiryResponseSchema.safeParse(answer)
  if (!parsed.success) throw new ApiError({ status: 0, code: 'bad_answer', message: '' })
  return parsed.data.data
}
