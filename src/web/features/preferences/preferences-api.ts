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

/**
 * Switches the currency prices are shown in. The choice shows at once and is sent without waiting for
 * the answer (spec/2 §7); the prices, which the server converts into the stored currency, are fetched
 * again once it has answered. A refusal puts the previous currency back and says why. Changes are sent
 * one after the other, so the last choice is the one stored.
 */
export function useChangeCurrency() {
  const queryClient = useQueryClient()
  const { preferences, updatePreferences } = useSession()
  const showError = useErrorToast()
  return useMutation({
    scope: { id: 'preference:defaultCurrency' },
    mutationFn: (currencyId: number) => savePreference({ key: 'defaultCurrency', value: currencyId }),
    onMutate: (currencyId) => {
      const previous = preferences.defaultCurrency
      updatePreferences({ defaultCurrency: currencyId })
      return { previous }
    },
    onSuccess: () => queryClient.invalidateQueries(),
    onError: (error, _currencyId, context) => {
      if (context) updatePreferences({ defaultCurrency: context.previous })
      showError(error)
    },
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
