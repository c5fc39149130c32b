import type { TFunction } from 'i18next'
import { isApiError } from './api-error'

/** The text to show for a failed call: the server's message, else our own wording for the case. */
export function describeError(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    if (error.message) return error.message
    if (error.code === 'network') return t('errors.network')
    if (error.status === 429) return t('errors.rateLimited')
    if (error.status === 403) return t('errors.forbidden')
  }
  return t('errors.generic')
}
