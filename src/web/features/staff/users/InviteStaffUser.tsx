import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useEffect, useRef, useState } from 'react'
import { staffUserInviteSchema } from '../../../../contracts/staff-users'
import { STAFF_ROLES, type StaffRole } from '../../../../domain/staff-access'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useUnsavedChangesWarning } from '../../../lib/use-unsaved-changes'
import { useInviteStaffUser } from './staff-users-api'

const I = 'staffUsers.invite'

type InviteValues = { name: string; email: string; role: StaffRole | '' }
const FIELDS = ['name', 'email', 'role'] as const

/** The invitation: name, address and role, checked with the server's own contract before it is sent. */
const anythingTyped = (values: InviteValues) => Object.values(values).some((value) => value !== '')

function InviteForm({
  onDirty,
  onDone,
  onCancel,
}: {
  onDirty: (dirty: boolean) => void
  onDone: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const invite = useInviteStaffUser()
  const [failure, setFailure] = useState<unknown>(null)
  const form = useForm<InviteValues>({
    initialValues: { name: '', email: '', role: '' },
    // Told in the typing's own event: an effect runs in a later task, and an Escape pressed right
    // after the last key came first, closing the dialog with what was typed.
    onValuesChange: (values) => onDirty(anythingTyped(values)),
    validate: (values) => {
      const parsed = staffUserInviteSchema.safeParse(values)
      if (parsed.success) return {}
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]))
      return Object.fromEntries(
        FIELDS.filter((field) => fields.has(field)).map((field) => [field, t(`${I}.invalid.${field}`)]),
      )
    },
  })
  const dirty = anythingTyped(form.values)
  useEffect(() => onDirty(dirty), [dirty, onDirty])

  const submit = form.onSubmit((values) => {
    if (invite.isPending) return
    setFailure(null)
    const body = staffUserInviteSchema.parse(values)
    invite.mutate(body, {
      onSuccess: (user) => {
        notifications.show({ color: 'green', message: t(`${I}.done`, { email: user.email }) })
        onDone()
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return
        // An address someone already has is the address's fault: said on its field.
        if (isApiError(error) && error.code === 'email_taken') form.setErrors({ email: error.message })
        else if (isApiError(error) && error.fields) form.setErrors(error.fields)
        else setFailure(error)
      },
    })
  })

  const role = form.values.role
  return (
    <form onSubmit={submit} noValidate data-testid="staff-invite-form">
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(failure, t)}
          </Alert>
        )}
        <TextInput
          label={t(`${I}.name`)}
          required
          maxLength={200}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t(`${I}.email`)}
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <Select
          label={t(`${I}.role`)}
          placeholder={t(`${I}.rolePlaceholder`)}
          required
          data={STAFF_ROLES.map((value) => ({ value, label: t(`staffUsers.roles.${value}`) }))}
          allowDeselect={false}
          description={role ? t(`staffUsers.roleHints.${role}`) : undefined}
          {...form.getInputProps('role')}
          value={role || null}
          onChange={(value) => form.setFieldValue('role', (value ?? '') as StaffRole | '')}
          data-testid="staff-invite-role"
        />
        <Text size="xs" c="gray.7">
          {t(`${I}.hint`)}
        </Text>
        <Group justify="flex-end" gap="sm">
          {dirty && (
            <Text size="sm" c="gray.7" mr="auto">
              {t(`${I}.unsavedNote`)}
            </Text>
          )}
          <Button variant="default" onClick={onCancel}>
            {t(`${I}.cancel`)}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {t(`${I}.send`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * The question a typed invitation raises when the dialog is asked to close: drawn inside the dialog
 * (a second dialog over it would fight it for the focus), with the focus on "go back".
 */
function UnsavedInvite({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const { t } = useTranslation()
  const keep = useRef<HTMLButtonElement | null>(null)
  useEffect(() => keep.current?.focus(), [])
  const u = `${I}.unsaved`
  return (
    <Alert
      color="yellow"
      icon={<AlertIcon />}
      title={t(`${u}.title`)}
      mb="md"
      data-testid="staff-invite-unsaved"
    >
      <Stack gap="sm">
        <Text size="sm">{t(`${u}.text`)}</Text>
        <Group gap="sm">
          <Button ref={keep} variant="default" onClick={onKeep}>
            {t(`${u}.keep`)}
          </Button>
          <Button color="red" variant="light" onClick={onDiscard}>
            {t(`${u}.discard`)}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/**
 * The invitation dialog. Closing it (Escape, the close button, "Vazgeç") with something typed asks
 * first, and the browser asks before the page is left; asked again, it goes back to the form.
 */
export function InviteStaffUser({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [dirty, setDirty] = useState(false)
  const [asking, setAsking] = useState(false)
  useUnsavedChangesWarning(opened && dirty)
  const done = () => {
    setAsking(false)
    setDirty(false)
    onClose()
  }
  const close = () => {
    if (!dirty) done()
    else setAsking((now) => !now)
  }
  return (
    <Modal opened={opened} onClose={close} title={t(`${I}.title`)} centered size="md">
      {asking && <UnsavedInvite onKeep={() => setAsking(false)} onDiscard={done} />}
      {opened && <InviteForm onDirty={setDirty} onDone={done} onCancel={close} />}
    </Modal>
  )
}
