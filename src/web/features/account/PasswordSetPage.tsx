import { Alert, Anchor, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { Link, useSearchParams } from 'react-router'
import type { PasswordSetRequest } from '../../../contracts/account'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordChangeProblem,
  passwordChangeProblem,
} from '../../../domain/password-change'
import { BusyButton } from '../../components/BusyButton'
import { AlertIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'
import { fullNavigate } from '../../lib/navigation'
import { useLocalePath } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { useSetPassword } from './account-api'

type Values = Omit<PasswordSetRequest, 'token'>
type Field = keyof Values

/** Where each problem of the domain rule is shown, and its message key. */
const PROBLEMS = {
  empty: { field: 'password', key: 'passwordSet.errors.empty' },
  length: { field: 'password', key: 'passwordSet.errors.length' },
  verifyMissing: { field: 'passwordAgain', key: 'passwordSet.errors.verifyMissing' },
  mismatch: { field: 'passwordAgain', key: 'passwordSet.errors.mismatch' },
} as const satisfies Record<PasswordChangeProblem, { field: Field; key: string }>

/** The token's shape (32 random bytes, base64url): anything else is no link of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * /sifre-belirle?token=… — the page of an invitation or reset mail: the new password twice, checked by
 * the password change's rule before sending. After the password is set the visitor logs in with it
 * (the login page says so); a dead link answers one message, whatever killed it.
 */
export function PasswordSetPage() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const save = useSetPassword()
  usePageTitle(t('passwordSet.title'))
  const form = useForm<Values>({
    initialValues: { password: '', passwordAgain: '' },
    validate: (values) => {
      const problem = passwordChangeProblem(values.password, values.passwordAgain)
      if (!problem) return {}
      const { field, key } = PROBLEMS[problem]
      return { [field]: t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) }
    },
  })

  const submit = form.onSubmit((values) => {
    if (save.isPending || save.isSuccess) return
    save.mutate(
      { token, ...values },
      {
        onSuccess: () => fullNavigate(localePath('/account/login?sifre=belirlendi')),
        onError: (error) => {
          if (isApiError(error) && error.fields) form.setErrors(error.fields)
        },
      },
    )
  })

  const wellFormed = TOKEN_PATTERN.test(token)
  const serverFields = isApiError(save.error) ? save.error.fields : undefined
  const message = !wellFormed
    ? t('passwordSet.invalidLink')
    : save.isError && !serverFields
      ? describeError(save.error, t)
      : null

  return (
    <Container size={440} py="xl">
      <Title order={1} ta="center" mb="xs">
        {t('passwordSet.title')}
      </Title>
      <Text c="dimmed" ta="center" mb="lg">
        {t('passwordSet.intro')}
      </Text>
      <Paper withBorder shadow="sm" p="xl">
        <form onSubmit={submit} noValidate aria-label={t('passwordSet.title')}>
          <Stack gap="md">
            {message && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {message}{' '}
                <Anchor component={Link} to={localePath('/account/login?sifre=unuttum')} size="sm">
                  {t('passwordSet.newLink')}
                </Anchor>
              </Alert>
            )}
            {wellFormed && (
              <>
                <PasswordInput
                  label={t('passwordSet.password')}
                  description={t('passwordSet.hint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
                  name="password"
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('password')}
                  aria-invalid={form.errors.password ? true : undefined}
                />
                <PasswordInput
                  label={t('passwordSet.passwordAgain')}
                  name="passwordAgain"
                  autoComplete="new-password"
                  required
                  {...form.getInputProps('passwordAgain')}
                  aria-invalid={form.errors.passwordAgain ? true : undefined}
                />
                <BusyButton type="submit" busy={save.isPending || save.isSuccess} fullWidth>
                  {t('passwordSet.submit')}
                </BusyButton>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Container>
  )
}
