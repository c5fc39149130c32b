import type { TFunction } from 'i18next'
import { isApiError } from '../../lib/api-error'

/** What a failed inquiry does: go to the login page, or show a text on the field or above the form. */
export type InquiryFailure = { kind: 'login' } | { kind: 'field' | 'form'; text: string }

/**
 * spec/2 §8: 401 goes to login; 403 shows the spec's "log in" text; the server's own text for what it
 * refused (no sale on record, nothing found, too many lookups), on the field when it is about the
 * field; anything else (network, 5xx, an answer without a text) 'Teknik bir hata yaşandı…'.
 */
export function inquiryFailure(error: unknown, t: TFunction): InquiryFailure {
  if (!isApiError(error)) return { kind: 'form', text: t('errors.generic') }
  if (error.status === 401) return { kind: 'login' }
  if (error.status === 403) return { kind: 'form', text: t('warranty.loginRequired') }
  if (error.status === 0 || error.status >= 500) return { kind: 'form', text: t('errors.generic') }
  const field = error.fields?.serialNumber
  if (field) return { kind: 'field', text: field }
  return { kind: 'form', text: error.message || t('errors.generic') }
}
