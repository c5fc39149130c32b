import { useMutation } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import {
  type AccountSettingsRequest,
  type AccountSettingsResponse,
  accountSettingsResponseSchema,
} from '../../../contracts/account-settings'
import { apiFetch, setCsrfToken } from '../../lib/api-client'
import { isApiError } from '../../lib/api-error'

/** An answer that is neither a success nor an error the server explained (spec/2 §8). */
export class AccountNotSavedError extends Error {
  override readonly name = 'AccountNotSavedError'
}

/**
 * POST /api/catalog/account/settings as multipart form data (spec/2 §7). Only `{ success: true }`
 * counts as saved. A 401 sends the browser to the login page (the API client does it). The session
 * goes on under a new cookie after the change: the answer's CSRF token is the one every later write
 * must send, as after a login.
 */
export function useSaveAccountSettings() {
  return useMutation({
    mutationFn: async (values: AccountSettingsRequest): Promise<AccountSettingsResponse> => {
      const body = new FormData()
      for (const [name, value] of Object.entries(values)) body.set(name, value)
      const answer = await apiFetch<unknown>('/api/catalog/account/settings', { method: 'POST', body })
      const parsed = accountSettingsResponseSchema.safeParse(answer)
      if (!parsed.success) throw new AccountNotSavedError()
      setCsrfToken(parsed.data.csrfToken)
      return parsed.data
    },
  })
}

/**
 * What to tell about a failed save (spec/2 §8): the server's error.messages.type, else the technical
 * error text (a network failure, an answer that is no success). Null for a 401 the API client already
 * answered by going to the login page.
 */
export function saveErrorMessage(error: unknown, t: TFunction): string | null {
  if (isApiError(error)) {
    if (error.status === 401 && error.handled) return null
    if (error.message) return error.message
  }
  return t('errors.generic')
}
