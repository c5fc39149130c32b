import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PreferenceRequest } from '../../../contracts/account'
import type { Locale } from '../../../contracts/common'
import { useTranslation } from '../../i18n/use-translation'
import { apiFetch } from '../../lib/api-client'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'
import { switchLocalePath } from '../../lib/locale-path'
import { currentPath, fullNavigate } from '../../lib/navigation'
import { useSession } from '../../lib/session-context'

/** POST /api/catalog/settings: stores one preference of the logged-in user. */
export function savePreference(preference: PreferenceRequest): Promise<unknown> {
  return apiFetch('/api/catalog/settings', { method: 'POST', json: preference })
}

function useErrorToast() {
  const { t } = useTranslation()
  return (error: unknown) => {
    // 401 already went to the login page and 403 already showed its toast.
    if (isApiError(error) && error.handled) return
    notifications.show({ color: 'red', message: describeError(error, t) })
  }
}

/** Switches the currency prices are shown in, then refetches everything that shows a price. */
export function useChangeCurrency() {
  const queryClient = useQueryClient()
  const { updatePreferences } = useSession()
  const showError = useErrorToast()
  return useMutation({
    mutationFn: (currencyId: number) => savePreference({ key: 'defaultCurrency', value: currencyId }),
    onSuccess: async (_answer, currencyId) => {
      updatePreferences({ defaultCurrency: currencyId })
      await queryClient.invalidateQueries()
    },
    onError: showError,
  })
}

/**
 * Switches the language: a logged-in user's choice is stored first; then the same page loads again
 * with or without the `/en` prefix, so the server sends the other texts.
 */
export function useChangeLocale() {
  const { user } = useSession()
  const showError = useErrorToast()
  return useMutation({
    mutationFn: async (locale: Locale) => {
      if (user) await savePreference({ key: 'locale', value: locale })
      return locale
    },
    onSuccess: (locale) => fullNavigate(switchLocalePath(currentPath(), locale)),
    onError: showError,
  })
}
