import { Button, Menu, Select, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { Link } from 'react-router'
import type { StaffUser } from '../../../../contracts/staff-users'
import { STAFF_ROLES, type StaffRole } from '../../../../domain/staff-access'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { useChangeStaffUser, useSendStaffUserReset } from './staff-users-api'

const U = 'staffUsers'

/** Whether this row is the signed-in user: their own role and state are another owner's to change. */
export function useIsSelf(user: StaffUser): boolean {
  return useSession().user?.id === user.id
}

/** A refusal as a notice (a 401 or 403 the client already answered says nothing more). */
function useFailureNotice() {
  const { t } = useTranslation()
  return (error: Error) => {
    if (isApiError(error) && error.handled) return
    notifications.show({ color: 'red', title: t(`${U}.failed`), message: describeError(error, t) })
  }
}

/** Asks first, in the words of this step; the step runs only on "yes". */
function useConfirm() {
  const { t } = useTranslation()
  return (step: 'role' | 'disable' | 'enable' | 'password-reset', text: string, run: () => void) =>
    modals.openConfirmModal({
      title: t(`${U}.confirm.${step}.title`),
      centered: true,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: t(`${U}.confirm.${step}.yes`), cancel: t(`${U}.confirm.cancel`) },
      confirmProps: { color: step === 'disable' ? 'red' : undefined },
      onConfirm: run,
    })
}

/**
 * The user's role: a select for the owner (a choice asks before it is saved, since it signs the user
 * out), the role's name for a role that only reads and on one's own row.
 */
export function RoleControl({ user, canWrite }: { user: StaffUser; canWrite: boolean }) {
  const { t } = useTranslation()
  const self = useIsSelf(user)
  const change = useChangeStaffUser()
  const confirm = useConfirm()
  const failed = useFailureNotice()
  const label = (role: StaffRole) => t(`${U}.roles.${role}`)
  if (!canWrite || self) return <Text size="sm">{label(user.role)}</Text>
  return (
    <Select
      aria-label={t(`${U}.roleFor`, { name: user.name })}
      data={STAFF_ROLES.map((value) => ({ value, label: label(value) }))}
      value={user.role}
      allowDeselect={false}
      size="sm"
      w={190}
      disabled={change.isPending}
      data-testid="staff-user-role"
      onChange={(value) => {
        if (!value || value === user.role) return
        const role = value as StaffRole
        const text = t(`${U}.confirm.role.text`, { name: user.name, from: label(user.role), to: label(role) })
        confirm('role', text, () =>
          change.mutate(
            { id: user.id, role },
            {
              onSuccess: (stored) =>
                notifications.show({
                  color: 'green',
                  message: t(`${U}.done.role`, { name: stored.name, role: label(stored.role) }),
                }),
              onError: failed,
            },
          ),
        )
      }}
    />
  )
}

/**
 * What the owner may do for one user: disable or enable them, mail a link to set a password (an
 * active user only: a disabled one's link would not work), each asked first; and their change history.
 * On one's own row only the history.
 */
export function StaffUserActions({ user }: { user: StaffUser }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const self = useIsSelf(user)
  const change = useChangeStaffUser()
  const reset = useSendStaffUserReset()
  const confirm = useConfirm()
  const failed = useFailureNotice()
  const done = (step: 'disable' | 'enable' | 'password-reset') => () =>
    notifications.show({ color: 'green', message: t(`${U}.done.${step}`, { name: user.name }) })
  const setActive = (active: boolean) => {
    const step = active ? 'enable' : 'disable'
    confirm(step, t(`${U}.confirm.${step}.text`, { name: user.name }), () =>
      change.mutate({ id: user.id, active }, { onSuccess: done(step), onError: failed }),
    )
  }
  const sendLink = () =>
    confirm(
      'password-reset',
      t(`${U}.confirm.password-reset.text`, { name: user.name, email: user.email }),
      () => reset.mutate(user.id, { onSuccess: done('password-reset'), onError: failed }),
    )
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          loading={change.isPending || reset.isPending}
          // The name starts with the text the button shows (WCAG 2.5.3, label in name).
          aria-label={t(`${U}.actionsFor`, { name: user.name })}
          data-testid="staff-user-actions"
        >
          {t(`${U}.actions`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {!self && user.active && <Menu.Item onClick={sendLink}>{t(`${U}.action.password-reset`)}</Menu.Item>}
        {!self &&
          (user.active ? (
            <Menu.Item color="red" onClick={() => setActive(false)}>
              {t(`${U}.action.disable`)}
            </Menu.Item>
          ) : (
            <Menu.Item onClick={() => setActive(true)}>{t(`${U}.action.enable`)}</Menu.Item>
          ))}
        <Menu.Item component={Link} to={`${localePath('/yonetim/denetim')}?entity=user&entityId=${user.id}`}>
          {t(`${U}.action.audit`)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
