import { Button, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLocalePath } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'

/** Stands in for pages later issues build (catalogue, cart, offers) and for unknown paths. */
export function ComingSoonPage() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  usePageTitle(t('comingSoon.title'))
  return (
    <Stack align="center" gap="md" py={64} ta="center">
      <Title order={1} size="h2">
        {t('comingSoon.title')}
      </Title>
      <Text c="dimmed" maw={480}>
        {t('comingSoon.text')}
      </Text>
      <Button component={Link} to={localePath('/')} variant="light">
        {t('comingSoon.home')}
      </Button>
    </Stack>
  )
}
