import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useEffect, useRef } from 'react'
import { BusyButton } from '../../components/BusyButton'
import { AlertIcon, CheckIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { describeError } from '../../lib/error-message'
import { useRequestPasswordReset } from './account-api'

// The shape browsers and the server accept; the server re-validates.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * "Şifremi unuttum": an e-mail address, and after sending one confirmation that never says whether
 * the address has an account (the server answers alike; so does this form). Only a refusal that is
 * about the request itself (too many from here, no connection) is shown as an error.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation()
  const request = useRequestPasswordReset()
  const emailRef = useRef<HTMLInputElement>(null)
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) => {
        const email = value.trim()
        if (!email) return t('login.errors.emailRequired')
        return emailPattern.test(email) ? null : t('login.errors.emailInvalid')
      },
    },
  })

  useEffect(() => emailRef.current?.focus(), [])

  const submit = form.onSubmit((values) => {
    if (request.isPending) return
    request.mutate({ email: values.email.trim() })
  })

  return (
    <form onSubmit={submit} noValidate aria-label={t('login.forgot.title')}>
      <Stack gap="md">
        <Text fw={500}>{t('login.forgot.title')}</Text>
        {request.isSuccess ? (
          <Alert color="green" variant="light" icon={<CheckIcon />} role="status">
            {t('login.forgot.sent')}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('login.forgot.intro')}
            </Text>
            {request.isError && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeError(request.error, t)}
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
            <BusyButton type="submit" busy={request.isPending} fullWidth>
              {t('login.forgot.submit')}
            </BusyButton>
          </>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {t('login.forgot.back')}
        </Anchor>
      </Stack>
    </form>
  )
}
