import { Paper, Stack, Text, Title } from '@mantine/core'
import { LoginRedirect } from '../../components/LoginRedirect'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { AccountSettingsForm } from './AccountSettingsForm'

/**
 * /hesap/ayarlar — account settings of any logged-in user, dealer or administrator (spec/2 §2, §6): a
 * guest goes to the login page and comes back here after it.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  usePageTitle(t('accountSettings.title'))
  if (!user) return <LoginRedirect />

  return (
    <Stack gap="md" maw={560} w="100%">
      <Title order={1} size="h2">
        {t('accountSettings.title')}
      </Title>
      <Text c="dimmed">{t('accountSettings.intro')}</Text>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500}>
              {t('accountSettings.account')}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </div>
          <AccountSettingsForm email={user.email} />
        </Stack>
      </Paper>
    </Stack>
  )
}
