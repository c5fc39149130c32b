import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { DataTable } from 'mantine-datatable'
import { useState } from 'react'
import { STAFF_USERS_PAGE_SIZE, type StaffUser } from '../../../../contracts/staff-users'
import { STAFF_ROLES, type StaffRole } from '../../../../domain/staff-access'
import { AlertIcon } from '../../../components/icons/Icons'
import { ListPagination } from '../../../components/ListPagination'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { ActiveBadge } from '../customers/ActiveBadge'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { InviteStaffUser } from './InviteStaffUser'
import { RoleControl, StaffUserActions, useIsSelf } from './StaffUserControls'
import { useStaffUsers } from './staff-users-api'
import { useStaffUserFilters } from './use-staff-user-filters'

const U = 'staffUsers'
const f = `${U}.filters`

function Filters() {
  const { t } = useTranslation()
  const { filters, change } = useStaffUserFilters()
  const [q, setQ] = useState(filters.q)
  const sendQ = useDebouncedCallback((value: string) => change({ q: value.trim() }), 350)
  const active = filters.active === null ? 'all' : String(filters.active)
  return (
    <Group
      component="form"
      role="search"
      aria-label={t(`${f}.label`)}
      align="flex-end"
      gap="sm"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault()
        change({ q: q.trim() })
      }}
    >
      <TextInput
        label={t(`${f}.q`)}
        placeholder={t(`${f}.qPlaceholder`)}
        value={q}
        maxLength={100}
        onChange={(event) => {
          setQ(event.currentTarget.value)
          sendQ(event.currentTarget.value)
        }}
        w={{ base: '100%', sm: 260 }}
        data-testid="staff-users-filter-q"
      />
      <Select
        label={t(`${f}.role`)}
        data={[
          { value: '', label: t(`${f}.allRoles`) },
          ...STAFF_ROLES.map((role) => ({ value: role, label: t(`${U}.roles.${role}`) })),
        ]}
        value={filters.role ?? ''}
        onChange={(value) => change({ role: (value || null) as StaffRole | null })}
        allowDeselect={false}
        w={{ base: '100%', xs: 210 }}
        data-testid="staff-users-filter-role"
      />
      <Stack gap={4}>
        <Text component="span" size="sm" fw={500} id="staff-users-filter-active">
          {t(`${f}.active`)}
        </Text>
        <SegmentedControl
          aria-labelledby="staff-users-filter-active"
          value={active}
          onChange={(value) => change({ active: value === 'all' ? null : value === 'true' })}
          data={[
            { value: 'all', label: t(`${f}.all`) },
            { value: 'true', label: t(`${f}.activeOnly`) },
            { value: 'false', label: t(`${f}.inactiveOnly`) },
          ]}
        />
      </Stack>
    </Group>
  )
}

/** The user's name, with "Siz" on one's own row and "Davet edildi" until they set a password. */
function NameCell({ user }: { user: StaffUser }) {
  const { t } = useTranslation()
  const self = useIsSelf(user)
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={600}>
        {user.name}
      </Text>
      {self && (
        <Badge variant="light" color="blue" tt="none">
          {t(`${U}.you`)}
        </Badge>
      )}
      {user.invited && (
        <Badge variant="light" color="yellow" tt="none" title={t(`${U}.invitedHint`)}>
          {t(`${U}.invited`)}
        </Badge>
      )}
    </Group>
  )
}

function useLastLogin() {
  const { t } = useTranslation()
  const dates = useDates()
  return (user: StaffUser) => (user.lastLoginAt ? dates.dateTime(user.lastLoginAt) : t(`${U}.never`))
}

function UsersTable({ users, canWrite }: { users: StaffUser[]; canWrite: boolean }) {
  const { t } = useTranslation()
  const { filters, change } = useStaffUserFilters()
  const list = useStaffUsers(filters)
  const lastLogin = useLastLogin()
  const c = `${U}.columns`
  return (
    <DataTable<StaffUser>
      withTableBorder
      borderRadius="sm"
      striped
      minHeight={180}
      aria-label={t(`${U}.title`)}
      records={users}
      fetching={list.isFetching}
      loaderBackgroundBlur={0}
      noRecordsText={list.isPending ? t(`${U}.loading`) : t(`${U}.empty`)}
      totalRecords={list.data?.total ?? 0}
      recordsPerPage={STAFF_USERS_PAGE_SIZE}
      page={list.data?.page ?? filters.page}
      onPageChange={(page) => change({ page })}
      paginationText={({ from, to, totalRecords }) => t(`${U}.pagination`, { from, to, total: totalRecords })}
      getPaginationControlProps={(control) =>
        control === 'previous' || control === 'next' ? { 'aria-label': t(`${U}.page.${control}`) } : {}
      }
      idAccessor="id"
      data-testid="staff-users-table"
      columns={[
        { accessor: 'name', title: t(`${c}.name`), render: (user) => <NameCell user={user} /> },
        {
          accessor: 'email',
          title: t(`${c}.email`),
          render: (user) => <span style={{ overflowWrap: 'anywhere' }}>{user.email}</span>,
        },
        {
          accessor: 'role',
          title: t(`${c}.role`),
          render: (user) => <RoleControl user={user} canWrite={canWrite} />,
        },
        {
          accessor: 'active',
          title: t(`${c}.active`),
          render: (user) => <ActiveBadge active={user.active} user />,
        },
        { accessor: 'lastLoginAt', title: t(`${c}.lastLogin`), noWrap: true, render: lastLogin },
        ...(canWrite
          ? [
              {
                accessor: 'actions',
                title: t(`${c}.actions`),
                render: (user: StaffUser) => <StaffUserActions user={user} />,
              },
            ]
          : []),
      ]}
    />
  )
}

/** The users as cards on a phone: each with what the table's row shows, and the list's own pager. */
function UserCards({ users, canWrite }: { users: StaffUser[]; canWrite: boolean }) {
  const { t } = useTranslation()
  const lastLogin = useLastLogin()
  const c = `${U}.columns`
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t(`${U}.title`)}>
      {users.map((user) => (
        <Card component="li" withBorder padding="sm" key={user.id} data-testid="staff-user-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <NameCell user={user} />
            <ActiveBadge active={user.active} user />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
          <Text size="xs" c="gray.7" mb="xs">
            {t(`${c}.lastLogin`)}: {lastLogin(user)}
          </Text>
          <Group justify="space-between" align="center" gap="xs">
            <RoleControl user={user} canWrite={canWrite} />
            {canWrite && <StaffUserActions user={user} />}
          </Group>
        </Card>
      ))}
    </Stack>
  )
}

function UsersList({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const { filters, change } = useStaffUserFilters()
  const list = useStaffUsers(filters)
  if (list.isError && !list.data) {
    return <LoadError title={t(`${U}.error`)} error={list.error} onRetry={() => list.refetch()} />
  }
  const users = list.data?.items ?? []
  if (!phone) return <UsersTable users={users} canWrite={canWrite} />
  if (!list.data) return <Text size="sm">{t(`${U}.loading`)}</Text>
  if (users.length === 0) return <Text size="sm">{t(`${U}.empty`)}</Text>
  return (
    <Stack gap="sm">
      <UserCards users={users} canWrite={canWrite} />
      <ListPagination page={list.data.page} pages={list.data.pages} onChange={(page) => change({ page })} />
    </Stack>
  )
}

/**
 * /yonetim/personel — the staff users and their roles, searched and filtered in the address. The owner
 * invites one (a mailed link to set the password), changes a role, disables or enables a user and
 * mails a password link; a role that only reads sees the list.
 */
export function StaffUsersPage() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('system:write')
  const [inviting, setInviting] = useState(false)
  return (
    <StaffLayout title={t(`${U}.title`)} description={t(`${U}.description`)}>
      <Stack gap="md">
        {canWrite ? (
          <Group justify="flex-end">
            <Button onClick={() => setInviting(true)} data-testid="staff-invite-open">
              {t(`${U}.invite.open`)}
            </Button>
          </Group>
        ) : (
          <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
            {t('staff.roleReadOnlyText')}
          </Alert>
        )}
        <Filters />
        <UsersList canWrite={canWrite} />
      </Stack>
      {canWrite && <InviteStaffUser opened={inviting} onClose={() => setInviting(false)} />}
    </StaffLayout>
  )
}
