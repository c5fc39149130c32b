import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useTranslation } from '../i18n/use-translation'
import { usePageStatus } from '../lib/page-status'
import { useLocalePath } from '../lib/session-context'
import { usePageTitle } from '../lib/use-page-title'

/**
 * A page or product that does not exist: the reason and the ways on. Drawn on the server, it makes the
 * page's answer a 404.
 */
export function NotFoundState({ title, text }: { title?: string; text?: string }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const heading = title ?? t('notFound.title')
  usePageTitle(heading)
  usePageStatus(404)
  return (
    <Stack align="center" gap="md" py={64} ta="center" data-testid="not-found">
      <Text fz={48} fw={700} c="dimmed" aria-hidden="true">
        404
      </Text>
      <Title order={1} size="h2">
        {heading}
      </Title>
      <Text c="dimmed" maw={480}>
        {text ?? t('notFound.text')}
      </Text>
      <Group justify="center">
        <Button component={Link} to={localePath('/urunler')}>
          {t('notFound.products')}
        </Button>
        <Button component={Link} to={localePath('/')} variant="light">
          {t('notFound.home')}
        </Button>
      </Group>
    </Stack>
  )
}

/** The page of an address no route knows. */
export function NotFoundPage() {
  return <NotFoundState />
}
