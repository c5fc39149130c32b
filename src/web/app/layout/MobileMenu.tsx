import { Button, Divider, Drawer, Group, NavLink, Stack, Text } from '@mantine/core'
import { type RefObject, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { accountLinks } from '../../components/account-links'
import { useLogout } from '../../features/account/account-api'
import { CurrencyMenu } from '../../features/preferences/CurrencyMenu'
import { LanguageMenu } from '../../features/preferences/LanguageMenu'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath, useSession } from '../../lib/session-context'
import { useWarrantyInquiry } from '../../lib/warranty-inquiry'
import { BranchMenu } from './BranchMenu'

/**
 * The header's settings on narrow screens. The drawer is loaded, and so mounted, on the first tap of
 * the burger, already open; Mantine notes what to give the focus back to only when `opened` changes
 * to true, so the first render is closed and it opens one render later: closing it then returns the
 * focus to the burger instead of dropping it to <body>.
 */
export function MobileMenu({
  opened,
  onClose,
  menuButton,
}: {
  opened: boolean
  onClose: () => void
  /** The burger: where the focus goes back to after something opened from here closes. */
  menuButton?: RefObject<HTMLButtonElement | null>
}) {
  const { t } = useTranslation()
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  const { user } = useSession()
  const localePath = useLocalePath()
  const logout = useLogout()
  const warranty = useWarrantyInquiry()

  return (
    <Drawer
      opened={opened && mounted}
      onClose={onClose}
      title={t('header.menu')}
      size="xs"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
    >
      <Stack gap="md">
        <NavLink component={Link} to={localePath('/urunler')} label={t('nav.products')} onClick={onClose} />
        {/* The user menu's pages (account-links.tsx), so the phone offers what the desktop does. */}
        {accountLinks(user).map(({ path, label }) => (
          <NavLink key={path} component={Link} to={localePath(path)} label={t(label)} onClick={onClose} />
        ))}
        {user && (
          <NavLink
            component={Link}
            to={localePath('/hesap/ayarlar')}
            label={t('accountSettings.menu')}
            onClick={onClose}
          />
        )}
        {user && warranty && (
          <NavLink
            component="button"
            label={t('warranty.menu')}
            aria-haspopup="dialog"
            onClick={() => {
              onClose()
              warranty.openWarrantyInquiry(menuButton?.current)
            }}
          />
        )}
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
        {(user?.customer?.branches.length ?? 0) > 1 && (
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{t('branch.title')}</Text>
            <BranchMenu />
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
