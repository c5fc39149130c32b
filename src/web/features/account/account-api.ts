import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import type { LoginRequest, LoginResponse } from '../../../contracts/account'
import { useTranslation } from '../../i18n/use-translation'
import { apiFetch, setCsrfToken } from '../../lib/api-client'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'
import { fullNavigate } from '../../lib/navigation'
import { useLocalePath } from '../../lib/session-context'

/** POST /api/account/login. A 401 here means wrong credentials, so it must not bounce to login. */
export function useLogin() {
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiFetch<LoginResponse>('/api/account/login', {
        method: 'POST',
        json: credentials,
        handleAuthErrors: false,
      }),
    onSuccess: (answer) => setCsrfToken(answer.csrfToken),
  })
}

/** POST /api/account/logout, then a full load of the home page (a fresh guest bootstrap). */
export function useLogout() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return useMutation({
    mutationFn: () =>
      apiFetch<{ ok: true; csrfToken: string }>('/api/account/logout', {
        method: 'POST',
        handleAuthErrors: false,
      }),
    onSuccess: (answer) => {
      setCsrfToken(answer.csrfToken)
      fullNavigate(localePath('/'))
    },
    onError: (error) => {
      // The session had already ended: the visitor is logged out either way.
      if (isApiError(error) && error.status === 401) fullNavigate(localePath('/'))
      else notifications.show({ color: 'red', message: describeError(error, t) })
    },
  })
}
