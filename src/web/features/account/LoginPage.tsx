import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { CheckIcon } from '../../components/icons/Icons'
import { Redirect } from '../../components/Redirect'
import { useTranslation } from '../../i18n/use-translation'
import { safeNextPath } from '../../lib/locale-path'
import { useLocalePath, useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { ForgotPasswordForm } from './ForgotPasswordForm'
import { LoginForm } from './LoginForm'

export function LoginPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const localePath = useLocalePath()
  const [params] = useSearchParams()
  // ?sifre=belirlendi: back from setting a password through a mailed link; ?sifre=unuttum: a dead
  // link's page asks for a new one.
  const [forgot, setForgot] = useState(params.get('sifre') === 'unuttum')
  usePageTitle(t('login.title'))

  const home = localePath('/')
  if (user) return <Redirect to={home} />
  // Where the visitor was going; without one a dealer goes home and staff to the staff area.
  const asked = params.get('next')
  const next = asked ? safeNextPath(asked, home) : null

  return (
    <Container size={440} py="xl">
      <Title order={1} ta="center" mb="xs">
        {t('login.title')}
      </Title>
      <Text c="dimmed" ta="center" mb="lg">
        {t('login.intro')}
      </Text>
      <Paper withBorder shadow="sm" p="xl">
        {forgot ? (
          <ForgotPasswordForm onBack={() => setForgot(false)} />
        ) : (
          <Stack gap="md">
            {params.get('sifre') === 'belirlendi' && (
              <Alert color="green" variant="light" icon={<CheckIcon />} role="status">
                {t('login.passwordSet')}
              </Alert>
            )}
            <LoginForm next={next ?? home} staffNext={next ?? localePath('/yonetim')} />
            <Anchor component="button" type="button" size="sm" onClick={() => setForgot(true)}>
              {t('login.forgot.link')}
            </Anchor>
          </Stack>
        )}
      </Paper>
    </Container>
  )
}
