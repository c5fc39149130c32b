import { Box, Button, NavLink, Stack, Text } from '@mantine/core'
import { useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { ChevronDownIcon, ListIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { stripLocalePrefix } from '../../lib/locale-path'
import { useLocalePath, useSession } from '../../lib/session-context'
import { staffMenuGroupsFor } from './staff-links'

/** The role's screens under their group headings (Satış, Müşteriler, …), the current one marked. */
function StaffMenuGroups() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const current = stripLocalePrefix(useLocation().pathname)
  const groups = staffMenuGroupsFor(useSession().user?.staffRole ?? null)
  const baseId = useId()
  return (
    <Stack gap="sm">
      {groups.map(({ group, links }) => {
        const headingId = `${baseId}-${group}`
        return (
          <div key={group}>
            {/* gray.7, not dimmed: small text must keep 4.5:1 against the page. */}
            <Text id={headingId} size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pb={4}>
              {t(`staff.groups.${group}`)}
            </Text>
            <Box component="ul" aria-labelledby={headingId} m={0} p={0} style={{ listStyle: 'none' }}>
              {links.map((link) => {
                const here = current === link.path
                // A screen's own pages (a product's editor) keep its entry marked, not as the page itself.
                const active = here || current.startsWith(`${link.path}/`)
                return (
                  <li key={link.path}>
                    <NavLink
                      component={Link}
                      to={localePath(link.path)}
                      label={link.label(t)}
                      active={active}
                      aria-current={here ? 'page' : active ? 'true' : undefined}
                      variant="light"
                    />
                  </li>
                )
              })}
            </Box>
          </div>
        )
      })}
    </Stack>
  )
}

/**
 * The staff menu. Beside the page from a tablet up; on a phone one button above the page opens it
 * (the page stays first in sight, and a long menu does not push it down). A role that opens no
 * screen has no menu.
 */
export function StaffMenu({ phone }: { phone: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const role = useSession().user?.staffRole ?? null
  if (staffMenuGroupsFor(role).length === 0) return null
  if (phone) {
    return (
      <Box component="nav" aria-label={t('staff.menu')} data-testid="staff-menu">
        <Button
          variant="default"
          fullWidth
          justify="space-between"
          leftSection={<ListIcon />}
          rightSection={
            <Box component="span" style={{ display: 'flex', transform: open ? 'rotate(180deg)' : undefined }}>
              <ChevronDownIcon />
            </Box>
          }
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          {t('staff.openMenu')}
        </Button>
        {open && (
          <Box id={listId} pt="sm">
            <StaffMenuGroups />
          </Box>
        )}
      </Box>
    )
  }
  return (
    <Box component="nav" aria-label={t('staff.menu')} data-testid="staff-menu" py="xs" pr="xs">
      <StaffMenuGroups />
    </Box>
  )
}
