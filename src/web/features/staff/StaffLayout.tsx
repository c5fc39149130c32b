import { Alert, AppShell, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { staffRoleOpens } from '../../../contracts/staff-screens'
import { AlertIcon } from '../../components/icons/Icons'
import { LoginRedirect } from '../../components/LoginRedirect'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { StaffMenu } from './StaffMenu'

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
  // Mantine's AppShell in its static mode: a grid inside the page (the site's header and footer stay
  // around it), the menu a column of its own. Its parts render as plain boxes: the page already has
  // its <main>, and the menu its own labelled <nav>.
  return (
    // Its static mode scrolls within itself (overflow: auto) while as tall as its content, so nothing
    // in a screen could stick to the window's edge (the product editor's save bar): the page scrolls.
    <AppShell
      mode="static"
      navbar={{ width: { base: 200, lg: 230 }, breakpoint: 'sm' }}
      withBorder={false}
      style={{ overflow: 'visible' }}
    >
      <AppShell.Navbar component="div">
        <StaffMenu phone={false} />
      </AppShell.Navbar>
      <AppShell.Main component="div" pl="lg" style={{ minWidth: 0 }}>
        <Stack gap="md">
          {heading}
          {body}
        </Stack>
      </AppShell.Main>
    </AppShell>
  )
}
