import { Alert, Button, Group, Modal, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useRef, useState } from 'react'
import {
  type Branch,
  type BranchPatch,
  branchBodySchema,
  branchPatchSchema,
  type StaffCustomerDetail,
} from '../../../../contracts/staff-customers'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { ActiveBadge } from './ActiveBadge'
import { useAddBranch, useChangeBranch } from './staff-customers-api'

const B = 'staffCustomers.branches'

type Editing = { branch: Branch | null } | null

/** The add or edit form of one branch, in the modal: name and address, checked with the contract first. */
function BranchForm({
  customerId,
  branch,
  onDone,
}: {
  customerId: number
  branch: Branch | null
  onDone: () => void
}) {
  const { t } = useTranslation()
  const add = useAddBranch(customerId)
  const change = useChangeBranch(customerId)
  const write = branch ? change : add
  const form = useForm({ initialValues: { name: branch?.name ?? '', address: branch?.address ?? '' } })

  const submit = form.onSubmit((values) => {
    if (write.isPending) return
    const body = { name: values.name, address: values.address }
    const errorsOf = (issues: { path: PropertyKey[] }[]) =>
      Object.fromEntries(
        issues
          .map((issue) => issue.path[0])
          .filter((field): field is 'name' | 'address' => field === 'name' || field === 'address')
          .map((field) => [field, t(`${B}.errors.${field}`)]),
      )
    const options = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t(branch ? `${B}.changed` : `${B}.added`) })
        onDone()
      },
      onError: (failure: Error) => {
        if (isApiError(failure) && failure.fields) form.setErrors(failure.fields)
      },
    }
    if (!branch) {
      const checked = branchBodySchema.safeParse(body)
      if (!checked.success) return form.setErrors(errorsOf(checked.error.issues))
      add.mutate(checked.data, options)
      return
    }
    // Only what changed is sent: an unchanged form closes as it is.
    const patch: BranchPatch = {}
    if (form.isDirty('name')) patch.name = body.name
    if (form.isDirty('address')) patch.address = body.address
    if (Object.keys(patch).length === 0) return onDone()
    const checked = branchPatchSchema.safeParse(patch)
    if (!checked.success) return form.setErrors(errorsOf(checked.error.issues))
    change.mutate({ branchId: branch.id, ...checked.data }, options)
  })

  const serverFields = isApiError(write.error) ? write.error.fields : undefined
  return (
    <form onSubmit={submit} noValidate data-testid="branch-form">
      <Stack gap="md">
        {write.isError && !serverFields && !(isApiError(write.error) && write.error.handled) && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(write.error, t)}
          </Alert>
        )}
        <TextInput
          label={t(`${B}.name`)}
          required
          maxLength={120}
          data-autofocus
          {...form.getInputProps('name')}
          data-testid="branch-name"
        />
        <Textarea
          label={t(`${B}.address`)}
          maxLength={500}
          autosize={false}
          rows={3}
          {...form.getInputProps('address')}
          data-testid="branch-address"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t(`${B}.cancel`)}
          </Button>
          <Button type="submit" loading={write.isPending} data-testid="branch-save">
            {t(`${B}.save`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** A branch closed stays on its orders; "Yeniden aç" opens it again. */
function OpenCloseButton({ customerId, branch }: { customerId: number; branch: Branch }) {
  const { t } = useTranslation()
  const change = useChangeBranch(customerId)
  const key = branch.active ? 'close' : 'reopen'
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      color={branch.active ? 'red' : undefined}
      loading={change.isPending}
      aria-label={t(`${B}.${key}For`, { name: branch.name })}
      onClick={() =>
        change.mutate(
          { branchId: branch.id, active: !branch.active },
          {
            onSuccess: () =>
              notifications.show({ color: 'green', message: t(`${B}.${key}Done`, { name: branch.name }) }),
            onError: (failure) => {
              if (!(isApiError(failure) && failure.handled)) {
                notifications.show({ color: 'red', message: describeError(failure, t) })
              }
            },
          },
        )
      }
      data-testid={`branch-${key}`}
    >
      {t(`${B}.${key}`)}
    </Button>
  )
}

/** The company's branches (delivery addresses): the list, and for a role that writes, add, edit, close. */
export function CustomerBranches({ company, canWrite }: { company: StaffCustomerDetail; canWrite: boolean }) {
  const { t } = useTranslation()
  const [editing, setEditing] = useState<Editing>(null)
  const opener = useRef<HTMLElement | null>(null)
  const open = (branch: Branch | null, button: HTMLElement) => {
    opener.current = button
    setEditing({ branch })
  }
  const close = () => {
    setEditing(null)
    // Back to the button that opened the modal, so the keyboard goes on from where it was.
    setTimeout(() => opener.current?.focus(), 0)
  }
  const c = `${B}.columns`
  return (
    <Stack gap="sm" component="section" aria-labelledby="customer-branches-title">
      <Group justify="space-between" align="center">
        <Title order={3} size="h4" id="customer-branches-title">
          {t(`${B}.title`)}
        </Title>
        {canWrite && (
          <Button
            variant="light"
            size="sm"
            onClick={(event) => open(null, event.currentTarget)}
            data-testid="branch-add"
          >
            {t(`${B}.add`)}
          </Button>
        )}
      </Group>
      {company.branches.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(`${B}.empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table
            striped
            withTableBorder
            aria-labelledby="customer-branches-title"
            data-testid="customer-branches"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${c}.name`)}</Table.Th>
                <Table.Th>{t(`${c}.address`)}</Table.Th>
                <Table.Th>{t(`${c}.active`)}</Table.Th>
                {canWrite && <Table.Th>{t(`${c}.actions`)}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {company.branches.map((branch) => (
                <Table.Tr key={branch.id} data-testid="branch-row">
                  <Table.Td>{branch.name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{branch.address || '—'}</Table.Td>
                  <Table.Td>
                    <ActiveBadge active={branch.active} />
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          aria-label={t(`${B}.editFor`, { name: branch.name })}
                          onClick={(event) => open(branch, event.currentTarget)}
                          data-testid="branch-edit"
                        >
                          {t(`${B}.edit`)}
                        </Button>
                        <OpenCloseButton customerId={company.id} branch={branch} />
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        returnFocus={false}
        title={editing?.branch ? t(`${B}.editTitle`, { name: editing.branch.name }) : t(`${B}.addTitle`)}
        centered
      >
        {editing && <BranchForm customerId={company.id} branch={editing.branch} onDone={close} />}
      </Modal>
    </Stack>
  )
}
