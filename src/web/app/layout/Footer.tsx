import { Anchor, Container, Group, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import { dayIn } from '../../../domain/date-format'
import { beforeFullStop } from '../../../domain/sentence'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath, useSession } from '../../lib/session-context'
import { SocialLinks } from './SocialLinks'

export function Footer() {
  const { t } = useTranslation()
  const { bootstrap, user } = useSession()
  const { store } = bootstrap
  const localePath = useLocalePath()
  const address = [store.address, [store.town, store.city].filter(Boolean).join(' / ')]
    .filter(Boolean)
    .join(', ')

  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-default-border)', marginTop: 'auto' }}>
      <Container size="xl" py="lg">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={4}>
            <Text fw={600}>{store.name}</Text>
            {address && (
              <Text size="sm" c="dimmed" component="address" style={{ fontStyle: 'normal' }}>
                {address}
              </Text>
            )}
            {store.phone && (
              <Text size="sm">
                {t('footer.phone')}:{' '}
                <Anchor href={`tel:${store.phone.replace(/[^\d+]/g, '')}`} size="sm">
                  {store.phone}
                </Anchor>
              </Text>
            )}
            {store.email && (
              <Text size="sm">
                {t('footer.email')}:{' '}
                <Anchor href={`mailto:${store.email}`} size="sm">
                  {store.email}
                </Anchor>
              </Text>
            )}
            {/* Dealers file fault reports; a guest is asked to log in first, staff follow them elsewhere. */}
            {user?.role !== 'admin' && (
              <Anchor component={Link} to={localePath('/ariza-bildirimi')} size="sm">
                {t('faultReport.menu')}
              </Anchor>
            )}
          </Stack>
          <SocialLinks setting={store.socialLinks} />
        </Group>
        <Text size="xs" c="dimmed" mt="md">
          {/* The sentence ends with its own period: "A.Ş." does not get a second one. */}
          {t('footer.copyright', {
            year: dayIn(new Date(), bootstrap.settings.timeZone).slice(0, 4),
            name: beforeFullStop(store.name),
          })}
        </Text>
      </Container>
    </footer>
  )
}
