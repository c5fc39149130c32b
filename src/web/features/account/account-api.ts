import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import type {
  LoginRequest,
  LoginResponse,
  PasswordResetRequest,
  PasswordSetRequest,
} from '../../../contracts/account'
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

/** POST /api/account/password-reset: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (request: PasswordResetRequest) =>
      apiFetch<{ ok: true }>('/api/account/password-reset', {
        method: 'POST',
        json: request,
        handleAuthErrors: false,
      }),
  })
}

/** POST /api/account/password-set: a one-time link's token and the new password twice. */
export function useSetPassword() {
  return useMutation({
    mutationFn: (request: PasswordSetRequest) =>
      apiFetch<{ ok: true }>('/api/account/password-set', {
        method: 'POST',
        json: request,
        handleAuthErrors: false,
      }),
  })
}
