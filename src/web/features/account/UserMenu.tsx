import { Box, Button, Menu, Text } from '@mantine/core'
import { IconCreditCard } from '@tabler/icons-react'
import IconFileInvoice from '@tabler/icons-react/dist/esm/icons/IconFileInvoice.mjs'
import IconSettings from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs'
import IconShieldCheck from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs'
import IconTool from '@tabler/icons-react/dist/esm/icons/IconTool.mjs'
import { useRef } from 'react'
import { Link } from 'react-router'
import type { SessionUser } from '../../../contracts/account'
import { ChevronDownIcon, decorative, ListIcon, LogoutIcon, UserIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath } from '../../lib/session-context'
import { useWarrantyInquiry } from '../../lib/warranty-inquiry'
import { useLogout } from './account-api'

const CardIcon = decorative(IconCreditCard)
const StatementIcon = decorative(IconFileInvoice)
const WarrantyIcon = decorative(IconShieldCheck)
const SettingsIcon = decorative(IconSettings)
const FaultIcon = decorative(IconTool)

/**
 * The logged-in user's name and company, a dealer's orders and offers, an administrator's staff
 * screens, everyone's account settings, and "Çıkış Yap".
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const logout = useLogout()
  const warranty = useWarrantyInquiry()
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
        {user.role === 'dealer' && (
          <>
            <Menu.Item
              component={Link}
              to={localePath('/siparis/liste')}
              leftSection={<ListIcon size={16} />}
            >
              {t('orders.menu')}
            </Menu.Item>
            <Menu.Item component={Link} to={localePath('/teklif/liste')} leftSection={<ListIcon size={16} />}>
              {t('orders.offersMenu')}
            </Menu.Item>
            <Menu.Item component={Link} to={localePath('/odeme')} leftSection={<CardIcon size={16} />}>
              {t('payment.menu')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={localePath('/hesap/ekstre')}
              leftSection={<StatementIcon size={16} />}
            >
              {t('statement.menu')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={localePath('/ariza-bildirimi')}
              leftSection={<FaultIcon size={16} />}
            >
              {t('faultReport.menu')}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        {user.role === 'admin' && (
          <>
            <Menu.Item
              component={Link}
              to={localePath('/yonetim/e-postalar')}
              leftSection={<ListIcon size={16} />}
            >
              {t('staff.mail.menu')}
            </Menu.Item>
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
