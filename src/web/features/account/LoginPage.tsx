import { Container, Paper, Text, Title } from '@mantine/core'
import { useSearchParams } from 'react-router'
import { Redirect } from '../../components/Redirect'
import { useTranslation } from '../../i18n/use-translation'
import { safeNextPath } from '../../lib/locale-path'
import { useLocalePath, useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { LoginForm } from './LoginForm'

export function LoginPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const localePath = useLocalePath()
  const [params] = useSearchParams()
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
        <LoginForm next={next ?? home} staffNext={next ?? localePath('/yonetim')} />
      </Paper>
    </Container>
  )
}
