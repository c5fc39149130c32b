import { Alert, Button, Group, Menu, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import {
  type CompanyUser,
  type CompanyUserInvite,
  companyUserInviteSchema,
  type StaffCustomerDetail,
} from '../../../../contracts/staff-customers'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useStaffCan } from '../use-staff-can'
import { ActiveBadge } from './ActiveBadge'
import { type CompanyUserAction, useCompanyUserAction, useInviteUser } from './staff-customers-api'

const U = 'staffCustomers.detail.users'

/** The invitation: a name and an address, checked by the server's own contract before it is sent. */
function InviteForm({ companyId, onDone }: { companyId: number; onDone: () => void }) {
  const { t } = useTranslation()
  const invite = useInviteUser(companyId)
  const form = useForm<CompanyUserInvite>({
    initialValues: { name: '', email: '' },
    validate: (values) => {
      const parsed = companyUserInviteSchema.safeParse(values)
      if (parsed.success) return {}
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]))
      return {
        ...(fields.has('name') ? { name: t(`${U}.invalid.name`) } : {}),
        ...(fields.has('email') ? { email: t(`${U}.invalid.email`) } : {}),
      }
    },
  })
  const [failure, setFailure] = useState<unknown>(null)
  const submit = form.onSubmit((values) => {
    setFailure(null)
    invite.mutate(values, {
      onSuccess: (user) => {
        notifications.show({ color: 'green', message: t(`${U}.invited`, { email: user.email }) })
        form.reset()
        onDone()
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : undefined
        if (fields && Object.keys(fields).length > 0) form.setErrors(fields)
        else setFailure(error)
      },
    })
  })
  return (
    <form onSubmit={submit} aria-label={t(`${U}.inviteForm`)} noValidate>
      <Stack gap="xs">
        {failure !== null && (
          <Alert color="red" icon={<AlertIcon />} role="alert">
            {describeError(failure, t)}
          </Alert>
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t(`${U}.name`)}
            required
            maxLength={200}
            w={{ base: '100%', xs: 220 }}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label={t(`${U}.email`)}
            type="email"
            required
            maxLength={254}
            w={{ base: '100%', xs: 260 }}
            {...form.getInputProps('email')}
          />
        </Group>
        <Text size="xs" c="gray.7">
          {t(`${U}.inviteHint`)}
        </Text>
        <Group gap="sm">
          <Button type="submit" loading={invite.isPending}>
            {t(`${U}.send`)}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t(`${U}.cancel`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** What staff may do for one user: sign them out, send a reset link, switch them off or on. */
function UserActions({ companyId, user }: { companyId: number; user: CompanyUser }) {
  const { t } = useTranslation()
  const action = useCompanyUserAction(companyId)
  const run = (what: CompanyUserAction) =>
    action.mutate(
      { userId: user.id, action: what },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t(`${U}.done.${what}`, { name: user.name }) }),
        onError: (error) => {
          if (isApiError(error) && error.handled) return
          notifications.show({ color: 'red', title: t(`${U}.failed`), message: describeError(error, t) })
        },
      },
    )
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          loading={action.isPending}
          aria-label={t(`${U}.actionsFor`, { name: user.name })}
        >
          {t(`${U}.actions`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => run('sessions/end')}>{t(`${U}.action.sessions/end`)}</Menu.Item>
        {user.active && (
          <Menu.Item onClick={() => run('password-reset')}>{t(`${U}.action.password-reset`)}</Menu.Item>
        )}
        {user.active ? (
          <Menu.Item color="red" onClick={() => run('disable')}>
            {t(`${U}.action.disable`)}
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => run('enable')}>{t(`${U}.action.enable`)}</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  )
}

/**
 * The company's users: who they are, whether they may log in and when they last did; staff who may
 * write invite a new one (a mailed link to set the password) and act on each.
 */
export function CustomerUsers({ company }: { company: StaffCustomerDetail }) {
  const { t } = useTranslation()
  const dates = useDates()
  const canWrite = useStaffCan('customers:write')
  const [inviting, setInviting] = useState(false)
  const c = `${U}.columns`
  return (
    <Stack gap="sm" component="section" aria-labelledby="customer-users-title">
      <Group justify="space-between" align="center">
        <Title order={3} size="h4" id="customer-users-title">
          {t(`${U}.title`)}
        </Title>
        {canWrite && !inviting && (
          <Button variant="light" size="compact-sm" onClick={() => setInviting(true)}>
            {t(`${U}.invite`)}
          </Button>
        )}
      </Group>
      {inviting && <InviteForm companyId={company.id} onDone={() => setInviting(false)} />}
      {company.users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${U}.empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder aria-labelledby="customer-users-title" data-testid="customer-users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${c}.name`)}</Table.Th>
                <Table.Th>{t(`${c}.email`)}</Table.Th>
                <Table.Th>{t(`${c}.active`)}</Table.Th>
                <Table.Th>{t(`${c}.lastLogin`)}</Table.Th>
                {canWrite && (
                  <Table.Th>
                    <Text span size="sm" fw={700}>
                      {t(`${U}.actions`)}
                    </Text>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {company.users.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
                  <Table.Td>
                    <ActiveBadge active={user.active} user />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {user.lastLoginAt ? dates.dateTime(user.lastLoginAt) : t(`${U}.never`)}
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <UserActions companyId={company.id} user={user} />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
