import { Anchor, Container, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { parseSocialLinks } from '../../lib/social-links'

export function Footer() {
  const { t } = useTranslation()
  const { store } = useSession().bootstrap
  const address = [store.address, [store.town, store.city].filter(Boolean).join(' / ')]
    .filter(Boolean)
    .join(', ')
  const socialLinks = parseSocialLinks(store.socialLinks)

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
          </Stack>
          {socialLinks.length > 0 && (
            <nav aria-label={t('footer.social')}>
              <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {socialLinks.map((link) => (
                  <li key={link.network}>
                    <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm">
                      {t(`social.${link.network}`)}
                    </Anchor>
                  </li>
                ))}
              </Group>
            </nav>
          )}
        </Group>
        <Text size="xs" c="dimmed" mt="md">
          {t('footer.copyright', { year: new Date().getFullYear(), name: store.name })}
        </Text>
      </Container>
    </footer>
  )
}
