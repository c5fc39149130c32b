import { Box, Button, Menu, Text } from '@mantine/core'
import IconSettings from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs'
import IconShieldCheck from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs'
import { useRef } from 'react'
import { Link } from 'react-router'
import type { SessionUser } from '../../../contracts/account'
import { accountLinks } from '../../components/account-links'
import { ChevronDownIcon, decorative, LogoutIcon, UserIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath } from '../../lib/session-context'
import { useWarrantyInquiry } from '../../lib/warranty-inquiry'
import { useLogout } from './account-api'

const WarrantyIcon = decorative(IconShieldCheck)
const SettingsIcon = decorative(IconSettings)

/**
 * The logged-in user's name and company, a dealer's orders and offers, an administrator's staff
 * screens, everyone's account settings, and "Çıkış Yap".
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const logout = useLogout()
  const warranty = useWarrantyInquiry()
  const links = accountLinks(user)
  // The menu closes as its item opens the warranty inquiry: the focus comes back to this button.
  const target = useRef<HTMLButtonElement>(null)
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Button
          ref={target}
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<UserIcon size={18} />}
          rightSection={<ChevronDownIcon size={14} />}
          loading={logout.isPending}
          aria-label={t('user.menu', { name: user.name })}
          maw={220}
        >
          <Text span size="sm" truncate="end">
            {user.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text size="sm" fw={600}>
            {user.name}
          </Text>
          {user.customer && (
            <Text size="xs" c="dimmed">
              {user.customer.name}
            </Text>
          )}
        </Box>
        <Menu.Divider />
        {links.length > 0 && (
          <>
            {links.map(({ path, label, Icon }) => (
              <Menu.Item key={path} component={Link} to={localePath(path)} leftSection={<Icon size={16} />}>
                {t(label)}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        )}
        <Menu.Item
          component={Link}
          to={localePath('/hesap/ayarlar')}
          leftSection={<SettingsIcon size={16} />}
        >
          {t('accountSettings.menu')}
        </Menu.Item>
        {warranty && (
          <>
            <Menu.Item
              leftSection={<WarrantyIcon size={16} />}
              onClick={() => warranty.openWarrantyInquiry(target.current)}
              aria-haspopup="dialog"
            >
              {t('warranty.menu')}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => logout.mutate()}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
