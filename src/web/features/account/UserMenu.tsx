import { Box, Button, Menu, Text } from '@mantine/core'
import { IconCreditCard } from '@tabler/icons-react'
import IconFileInvoice from '@tabler/icons-react/dist/esm/icons/IconFileInvoice.mjs'
import { Link } from 'react-router'
import type { SessionUser } from '../../../contracts/account'
import { ChevronDownIcon, decorative, ListIcon, LogoutIcon, UserIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath } from '../../lib/session-context'
import { useLogout } from './account-api'

const CardIcon = decorative(IconCreditCard)
const StatementIcon = decorative(IconFileInvoice)

/**
 * The logged-in user's name and company, a dealer's orders and offers, an administrator's staff
 * screens, and "Çıkış Yap".
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const logout = useLogout()
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Button
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
        <Menu.Item leftSection={<LogoutIcon size={16} />} onClick={() => logout.mutate()}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
