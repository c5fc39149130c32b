import { Alert, PasswordInput, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect, useRef } from 'react'
import { BusyButton } from '../../components/BusyButton'
import { AlertIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'
import { fullNavigate } from '../../lib/navigation'
import { useLogin } from './account-api'

// The shape browsers and the server accept; the server re-validates.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

interface LoginValues {
  email: string
  password: string
}

/**
 * E-mail and password; on success a full page load of `next` (`staffNext` for a staff user), so the
 * new session's bootstrap is read.
 */
export function LoginForm({ next, staffNext = next }: { next: string; staffNext?: string }) {
  const { t } = useTranslation()
  const login = useLogin()
  const emailRef = useRef<HTMLInputElement>(null)
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => {
        const email = value.trim()
        if (!email) return t('login.errors.emailRequired')
        return emailPattern.test(email) ? null : t('login.errors.emailInvalid')
      },
      password: (value) => (value ? null : t('login.errors.passwordRequired')),
    },
  })

  // The e-mail field takes the focus when the form appears, unless the visitor is already somewhere:
  // on a page drawn by the server they may be typing the password before the app has taken over.
  useEffect(() => {
    const active = document.activeElement
    if (!active || active === document.body) emailRef.current?.focus()
  }, [])

  const submit = form.onSubmit((values) => {
    // The button stays enabled while busy (it keeps the focus), so Enter in a field must not resend.
    if (login.isPending || login.isSuccess) return
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: (answer) => fullNavigate(answer.user.role === 'admin' ? staffNext : next),
        onError: (error) => {
          if (isApiError(error) && error.fields) form.setErrors(error.fields)
        },
      },
    )
  })

  const busy = login.isPending || login.isSuccess
  return (
    <form onSubmit={submit} noValidate aria-label={t('login.title')}>
      <Stack gap="md">
        {login.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(login.error, t)}
          </Alert>
        )}
        <TextInput
          ref={emailRef}
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <BusyButton type="submit" busy={busy} fullWidth>
          {t('login.submit')}
        </BusyButton>
      </Stack>
    </form>
  )
}
