import { Alert, Box, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { staffRoleOpens } from '../../../contracts/staff-screens'
import { AlertIcon } from '../../components/icons/Icons'
import { LoginRedirect } from '../../components/LoginRedirect'
import { useTranslation } from '../../i18n/use-translation'
import { stripLocalePrefix } from '../../lib/locale-path'
import { useLocalePath, useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { staffLinksFor } from './staff-links'

/**
 * The staff pages: a side menu on a wide screen; on a phone, the links above the page wrapping onto as
 * many rows as they need, so every one (and the current one) is in sight without sideways scrolling.
 */
function StaffMenu({ phone }: { phone: boolean }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const current = stripLocalePrefix(useLocation().pathname)
  const links = staffLinksFor(useSession().user?.staffRole ?? null)
  // A role that opens no screen yet has no menu (not an empty column beside the page).
  if (links.length === 0) return null
  if (phone) {
    return (
      <Group component="nav" aria-label={t('staff.menu')} gap="xs" wrap="wrap" data-testid="staff-menu">
        {links.map((link) => {
          const active = current === link.path
          return (
            <Button
              key={link.path}
              component={Link}
              to={localePath(link.path)}
              variant={active ? 'light' : 'subtle'}
              size="compact-md"
              aria-current={active ? 'page' : undefined}
            >
              {link.label(t)}
            </Button>
          )
        })}
      </Group>
    )
  }
  return (
    <Box
      component="nav"
      aria-label={t('staff.menu')}
      w={200}
      style={{ flexShrink: 0 }}
      data-testid="staff-menu"
    >
      {links.map((link) => {
        const active = current === link.path
        return (
          <NavLink
            key={link.path}
            component={Link}
            to={localePath(link.path)}
            label={link.label(t)}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
          />
        )
      })}
    </Box>
  )
}

export interface StaffLayoutProps {
  title: string
  /** One line under the title saying what the screen is for. */
  description?: string
  children: ReactNode
}

/**
 * The frame of every staff screen: the title, what the screen is for and the staff menu. Staff screens
 * are for administrators: a guest goes to login (and comes back here after), a dealer is told the page
 * is for administrators, and the screen itself (and its API calls) never renders for either. The
 * server answers the same way before the app runs (http/pages.ts: a redirect, or a 403 page).
 */
export function StaffLayout({ title, description, children }: StaffLayoutProps) {
  const { t } = useTranslation()
  const { user } = useSession()
  const phone = usePhoneLayout()
  const roleOpens = staffRoleOpens(user?.staffRole ?? null, useLocation().pathname)
  // A dealer's tab says what the server's 403 page says, the same on every staff screen; so does the
  // tab of a staff user whose role does not open this screen.
  usePageTitle(
    user && user.role !== 'admin'
      ? t('staff.notAllowedTitle')
      : user && !roleOpens
        ? t('staff.roleNotAllowedTitle')
        : title,
  )

  if (!user) return <LoginRedirect />
  const heading = (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {description && user.role === 'admin' && <Text c="dimmed">{description}</Text>}
    </Stack>
  )
  if (user.role !== 'admin') {
    return (
      <Stack gap="md">
        {heading}
        <Alert color="yellow" icon={<AlertIcon />} title={t('staff.notAllowedTitle')}>
          {t('staff.notAllowedText')}
        </Alert>
      </Stack>
    )
  }
  // The screen itself (and its calls) is drawn only for a role that may read it.
  const body = roleOpens ? (
    children
  ) : (
    <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleNotAllowedTitle')}>
      {t('staff.roleNotAllowedText')}
    </Alert>
  )
  if (phone) {
    return (
      <Stack gap="md">
        <StaffMenu phone />
        {heading}
        {body}
      </Stack>
    )
  }
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <StaffMenu phone={false} />
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        {heading}
        {body}
      </Stack>
    </Group>
  )
}
