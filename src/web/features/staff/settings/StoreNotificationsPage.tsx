import { Alert, Button, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import {
  STORE_MAIL_RECIPIENTS_MAX,
  type StoreNotifications,
  storeNotificationsBodySchema,
} from '../../../../contracts/store-notifications'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useUnsavedChangesWarning } from '../../../lib/use-unsaved-changes'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { useSaveStoreNotifications, useStoreNotifications } from './store-notifications-api'

const N = 'storeNotifications'

/** The typed text as addresses: one a line (commas and semicolons also part them), blanks dropped. */
const addressesOf = (text: string) =>
  text
    .split(/[\n,;]+/)
    .map((line) => line.trim())
    .filter(Boolean)

type Check = { ok: true; recipients: string[] } | { ok: false; message: string }

/** The contract the server checks with, read here first, so the message names the line at fault. */
function useCheck() {
  const { t } = useTranslation()
  return (text: string): Check => {
    const typed = addressesOf(text)
    const parsed = storeNotificationsBodySchema.safeParse({ recipients: typed })
    if (parsed.success) return { ok: true, recipients: parsed.data.recipients }
    if (typed.length > STORE_MAIL_RECIPIENTS_MAX) {
      return { ok: false, message: t(`${N}.errors.tooMany`, { max: STORE_MAIL_RECIPIENTS_MAX }) }
    }
    const bad = parsed.error.issues.find((issue) => typeof issue.path[1] === 'number')
    if (bad)
      return { ok: false, message: t(`${N}.errors.invalid`, { address: typed[bad.path[1] as number] }) }
    return { ok: false, message: t(`${N}.errors.duplicate`) }
  }
}

function NotificationsForm({ saved }: { saved: StoreNotifications }) {
  const { t } = useTranslation()
  const canWrite = useStaffCan('system:write')
  const save = useSaveStoreNotifications()
  const check = useCheck()
  const savedText = saved.recipients.join('\n')
  const [text, setText] = useState(savedText)
  const [error, setError] = useState<string | null>(null)
  // Addresses are kept in lower case: typing one in capitals is no change.
  const dirty =
    addressesOf(text)
      .map((a) => a.toLowerCase())
      .join('\n') !== savedText
  useUnsavedChangesWarning(dirty && canWrite)

  const submit = () => {
    if (save.isPending) return
    const checked = check(text)
    if (!checked.ok) {
      setError(checked.message)
      return
    }
    save.mutate(
      { recipients: checked.recipients },
      {
        onSuccess: (stored) => {
          // The field shows the list as stored (lower case, blanks dropped).
          setText(stored.recipients.join('\n'))
          notifications.show({ color: 'green', message: t(`${N}.saved`) })
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.fields) setError(Object.values(failure.fields)[0] ?? null)
        },
      },
    )
  }

  return (
    <form
      noValidate
      aria-label={t(`${N}.form`)}
      style={{ maxWidth: 560 }}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Stack gap="md">
        {save.isError && !(isApiError(save.error) && save.error.fields) && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(save.error, t)}
          </Alert>
        )}
        <Textarea
          label={t(`${N}.recipients`)}
          description={t(`${N}.recipientsHint`, { max: STORE_MAIL_RECIPIENTS_MAX })}
          autosize={false}
          rows={5}
          readOnly={!canWrite}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value)
            if (error) setError(null)
          }}
          data-testid="notification-recipients"
        />
        <Text size="sm" c="gray.7" data-testid="notification-fallback">
          {saved.storeEmail ? t(`${N}.fallback`, { email: saved.storeEmail }) : t(`${N}.noFallback`)}
        </Text>
        {canWrite ? (
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {t(`${N}.save`)}
            </Button>
            {dirty && (
              <Text size="sm" c="orange.9" role="status">
                {t(`${N}.unsaved`)}
              </Text>
            )}
          </Group>
        ) : (
          <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
            {t('staff.roleReadOnlyText')}
          </Alert>
        )}
      </Stack>
    </form>
  )
}

/** The form, drawn only for a role that opens the screen (StaffLayout draws its children then). */
function NotificationsSettings() {
  const { t } = useTranslation()
  const current = useStoreNotifications()
  if (current.data) return <NotificationsForm saved={current.data} />
  if (current.isError) {
    return <LoadError title={t(`${N}.error`)} error={current.error} onRetry={() => current.refetch()} />
  }
  return (
    <Stack gap="sm" maw={560} role="status" aria-label={t(`${N}.loading`)}>
      <Skeleton height={20} width="40%" />
      <Skeleton height={110} />
    </Stack>
  )
}

/** /yonetim/bildirim-ayarlari — who receives the store's mail of every new order and offer. */
export function StoreNotificationsPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${N}.title`)} description={t(`${N}.intro`)}>
      <NotificationsSettings />
    </StaffLayout>
  )
}
