import { Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useLogout } from '../../features/account/account-api'
import { CurrencyMenu } from '../../features/preferences/CurrencyMenu'
import { LanguageMenu } from '../../features/preferences/LanguageMenu'
import { useSession } from '../../lib/session-context'

/** The header's settings on narrow screens. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const logout = useLogout()

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('header.menu')}
      size="xs"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
    >
      <Stack gap="md">
        {user && (
          <div>
            <Text fw={600}>{user.name}</Text>
            {user.customer && (
              <Text size="sm" c="dimmed">
                {user.customer.name}
              </Text>
            )}
          </div>
        )}
        <Group justify="space-between">
          <Text size="sm">{t('language.title')}</Text>
          <LanguageMenu />
        </Group>
        {user && (
          <Group justify="space-between">
            <Text size="sm">{t('currency.title')}</Text>
            <CurrencyMenu />
          </Group>
        )}
        {user && (
          <>
            <Divider />
            <Button variant="light" color="red" loading={logout.isPending} onClick={() => logout.mutate()}>
              {t('user.logout')}
            </Button>
          </>
        )}
      </Stack>
    </Drawer>
  )
}
