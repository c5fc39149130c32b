import { Badge, Box, Card, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { MailOutboxItem, MailStatus } from '../../../contracts/mail-outbox'
import { PlainList } from '../../components/PlainList'
import { useTranslation } from '../../i18n/use-translation'
import { useDates } from '../../lib/dates'
import type { MailListProps } from './MailOutboxTable'
import { canRetry, mailDocumentText, mailKindText, mailTime } from './mail-format'
import { RetryMailButton } from './RetryMailButton'
import { useStaffCan } from './use-staff-can'

const dash = '—'

/** A labelled value of a card: the column header of the desktop table above its value. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  )
}

function MailCard({
  mail,
  status,
  busy,
  onRetry,
}: {
  mail: MailOutboxItem
  status: MailStatus
  busy: boolean
  onRetry: (mail: MailOutboxItem) => void
}) {
  const canWrite = useStaffCan('system:write')
  const { t } = useTranslation()
  const dates = useDates()
  const time = mailTime(status, t)
  const when = time.of(mail)
  return (
    <Card component="li" withBorder padding="sm" data-testid="mail-row" data-mail-id={mail.id}>
      <Stack gap="sm">
        <Badge variant="light" color={mail.kind === 'offer' ? 'grape' : 'blue'}>
          {mailKindText(mail, t)}
        </Badge>
        <Box>
          <Text size="xs" c="dimmed">
            {t('staff.mail.columns.recipient')}
          </Text>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {mail.recipient}
          </Text>
        </Box>
        <Box component="dl" m={0}>
          <Field label={t('staff.mail.columns.subject')}>{mail.subject}</Field>
        </Box>
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
          <Field label={t('staff.mail.columns.document')}>{mailDocumentText(mail, t) ?? dash}</Field>
          <Field label={t('staff.mail.columns.attempts')}>{mail.attempts}</Field>
          <Field label={t('staff.mail.columns.createdAt')}>{dates.dateTime(mail.createdAt)}</Field>
          <Field label={time.label}>{when ? dates.dateTime(when) : dash}</Field>
        </SimpleGrid>
        {mail.lastError && (
          <Box
            p="xs"
            bg="var(--mantine-color-red-light)"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Text size="xs" c="dimmed">
              {t('staff.mail.columns.lastError')}
            </Text>
            <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {mail.lastError}
            </Text>
          </Box>
        )}
        {canRetry(mail) && canWrite && (
          <RetryMailButton size="md" fullWidth mail={mail} busy={busy} onRetry={onRetry} />
        )}
      </Stack>
    </Card>
  )
}

/** Phone: each mail as a card with every column labelled and a full-width, touch-sized retry button. */
export function MailOutboxCards({ status, mails, busyIds, onRetry }: MailListProps) {
  const { t } = useTranslation()
  return (
    <PlainList label={t('staff.mail.list')} data-testid="mail-cards">
      {mails.map((mail) => (
        <MailCard key={mail.id} mail={mail} status={status} busy={busyIds.has(mail.id)} onRetry={onRetry} />
      ))}
    </PlainList>
  )
}
