import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useRef, useState } from 'react'
import {
  type AdminFaultReport,
  FAULT_NOTE_MAX,
  type FaultReportStatus,
  faultReportStatuses,
} from '../../../../contracts/service'
import { nextStatusChoices } from '../../../../domain/fault-report'
import { FaultReportAnswer } from '../../../components/fault-report/FaultReportAnswer'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useStaffCan } from '../use-staff-can'
import { useChangeFaultStatus } from './fault-reports-admin-api'

const S = 'faultReport.staff'

/**
 * The step being given: the status chosen (or the same, for a note alone) and the note the dealer
 * reads and is mailed. Saved on "Kaydet"; "Vazgeç" or Escape leaves the report as it was.
 */
function StepModal({
  report,
  status,
  onClose,
}: {
  report: AdminFaultReport
  status: FaultReportStatus | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const change = useChangeFaultStatus()
  const [note, setNote] = useState('')
  const noteOnly = status === report.status
  const close = () => {
    setNote('')
    change.reset()
    onClose()
  }
  const save = () => {
    if (!status || (noteOnly && !note.trim())) return
    change.mutate(
      { id: report.id, status, note: note.trim() || undefined },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: noteOnly
              ? t(`${S}.noteSaved`, { no: report.reportNo })
              : t(`${S}.statusSaved`, { no: report.reportNo, status: t(`faultReport.status.${status}`) }),
          })
          close()
        },
      },
    )
  }
  const error = change.error && !(isApiError(change.error) && change.error.handled) ? change.error : null
  return (
    <Modal
      opened={status !== null}
      onClose={close}
      title={
        noteOnly
          ? t(`${S}.noteTitle`, { no: report.reportNo })
          : t(`${S}.stepTitle`, {
              no: report.reportNo,
              status: status ? t(`faultReport.status.${status}`) : '',
            })
      }
    >
      <Stack gap="sm">
        <Textarea
          label={t(`${S}.noteLabel`)}
          description={t(`${S}.noteHint`)}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={FAULT_NOTE_MAX}
          rows={3}
          required={noteOnly}
          data-autofocus
        />
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {describeError(error, t)}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t(`${S}.cancel`)}
          </Button>
          <Button onClick={save} loading={change.isPending} disabled={noteOnly && !note.trim()}>
            {t(`${S}.save`)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/**
 * A report's status as a select offering what staff may set: the next step, or the previous one to
 * undo a slip (new → in_service → done); a choice opens the step's dialog for a note to the dealer,
 * and "Not ekle" writes a note alone. Below, what the dealer has been told so far.
 */
export function FaultStatusSelect({ report }: { report: AdminFaultReport }) {
  const { t } = useTranslation()
  const canWrite = useStaffCan('sales:write')
  const [step, setStep] = useState<FaultReportStatus | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const choices = nextStatusChoices(faultReportStatuses, report.status)
  const data = faultReportStatuses
    .filter((s) => s === report.status || choices.includes(s))
    .map((s) => ({ value: s, label: t(`faultReport.status.${s}`) }))
  // A role that may only read sales sees the status, not a control that would be refused.
  if (!canWrite) {
    return (
      <Stack gap={4} maw={260}>
        <Text size="sm">{t(`faultReport.status.${report.status}`)}</Text>
        <FaultReportAnswer report={report} />
      </Stack>
    )
  }
  const open = (status: FaultReportStatus) => {
    opener.current = document.activeElement as HTMLElement | null
    setStep(status)
  }
  const closed = () => {
    setStep(null)
    // The focus goes back to what opened the dialog.
    setTimeout(() => opener.current?.focus(), 0)
  }
  return (
    <Stack gap={4} maw={260}>
      <Group gap={4} wrap="nowrap">
        <Select
          aria-label={t(`${S}.changeStatus`, { no: report.reportNo })}
          data={data}
          value={report.status}
          allowDeselect={false}
          w={150}
          size="sm"
          data-testid="fault-status-select"
          onChange={(value) => {
            if (value && value !== report.status) open(value as FaultReportStatus)
          }}
        />
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => open(report.status)}
          aria-label={t(`${S}.addNoteFor`, { no: report.reportNo })}
        >
          {t(`${S}.addNote`)}
        </Button>
      </Group>
      <FaultReportAnswer report={report} />
      <StepModal report={report} status={step} onClose={closed} />
    </Stack>
  )
}
