import { Table, Text } from '@mantine/core'
import type { MailOutboxItem, MailStatus } from '../../../contracts/mail-outbox'
import { useTranslation } from '../../i18n/use-translation'
import { useDates } from '../../lib/dates'
import { canRetry, mailDocumentText, mailKindText, mailTime } from './mail-format'
import { RetryMailButton } from './RetryMailButton'
import { useStaffCan } from './use-staff-can'

/** What the table (desktop) and the cards (phone) show and do; the page holds the state. */
export interface MailListProps {
  status: MailStatus
  mails: MailOutboxItem[]
  busyIds: ReadonlySet<number>
  onRetry: (mail: MailOutboxItem) => void
}

const dash = '—'

/** A moment as its date over its time: two narrow lines instead of one wide one. */
function DateCell({ iso }: { iso: string | null }) {
  const dates = useDates()
  if (!iso) return <Table.Td>{dash}</Table.Td>
  return (
    <Table.Td style={{ whiteSpace: 'nowrap' }}>
      <time dateTime={iso} title={dates.dateTime(iso)}>
        <Text span size="sm" display="block">
          {dates.date(iso)}
        </Text>
        <Text span size="xs" c="dimmed" display="block">
          {dates.time(iso)}
        </Text>
      </time>
    </Table.Td>
  )
}

/**
 * Desktop: one row per mail, the recipient above the subject so the wide text has one column; the
 * retry column only under a status whose mails can be retried.
 */
export function MailOutboxTable({ status, mails, busyIds, onRetry }: MailListProps) {
  const { t } = useTranslation()
  const time = mailTime(status, t)
  // A role that may not write to the system area has no retry to offer: no action column.
  const canWrite = useStaffCan('system:write')
  const withAction = status !== 'sent' && canWrite
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('staff.mail.list')} data-testid="mail-table">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('staff.mail.columns.kind')}</Table.Th>
            <Table.Th>{t('staff.mail.columns.recipientAndSubject')}</Table.Th>
            <Table.Th>{t('staff.mail.columns.document')}</Table.Th>
            <Table.Th ta="right">{t('staff.mail.columns.attempts')}</Table.Th>
            <Table.Th>{t('staff.mail.columns.lastError')}</Table.Th>
            <Table.Th>{t('staff.mail.columns.createdAt')}</Table.Th>
            <Table.Th>{time.label}</Table.Th>
            {withAction && <Table.Th>{t('staff.mail.columns.action')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id} data-testid="mail-row" data-mail-id={mail.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{mailKindText(mail, t)}</Table.Td>
              <Table.Td miw={200}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid="mail-recipient">
                  {mail.recipient}
                </Text>
                <Text size="xs" c="dimmed" data-testid="mail-subject">
                  {mail.subject}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{mailDocumentText(mail, t) ?? dash}</Table.Td>
              <Table.Td ta="right">{mail.attempts}</Table.Td>
              <Table.Td maw={240}>
                {mail.lastError ? (
                  <Text
                    size="xs"
                    c="red.8"
                    lineClamp={3}
                    title={mail.lastError}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {mail.lastError}
                  </Text>
                ) : (
                  dash
                )}
              </Table.Td>
              <DateCell iso={mail.createdAt} />
              <DateCell iso={time.of(mail)} />
              {withAction && (
                <Table.Td>
                  {canRetry(mail) && (
                    <RetryMailButton
                      size="compact-sm"
                      mail={mail}
                      busy={busyIds.has(mail.id)}
                      onRetry={onRetry}
                    />
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
