import { Loader, Select, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  type AdminFaultReport,
  type FaultReportStatus,
  faultReportStatuses,
} from '../../../../contracts/service'
import { nextStatusChoices } from '../../../../domain/fault-report'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useStaffCan } from '../use-staff-can'
import { useChangeFaultStatus } from './fault-reports-admin-api'

/**
 * A report's status as a select offering what staff may set: the next step, or the previous one to
 * undo a slip (new → in_service → done). Saved at once; a toast says it was, or why not.
 */
export function FaultStatusSelect({ report }: { report: AdminFaultReport }) {
  const { t } = useTranslation()
  const change = useChangeFaultStatus()
  const canWrite = useStaffCan('sales:write')
  const choices = nextStatusChoices(faultReportStatuses, report.status)
  const data = faultReportStatuses
    .filter((s) => s === report.status || choices.includes(s))
    .map((s) => ({ value: s, label: t(`faultReport.status.${s}`) }))
  const busy = change.isPending
  // A role that may only read sales sees the status, not a control that would be refused.
  if (!canWrite) return <Text size="sm">{t(`faultReport.status.${report.status}`)}</Text>
  return (
    <Select
      aria-label={t('faultReport.staff.changeStatus', { no: report.reportNo })}
      data={data}
      value={busy && change.variables ? change.variables.status : report.status}
      allowDeselect={false}
      disabled={busy}
      rightSection={busy ? <Loader size="xs" aria-hidden /> : undefined}
      w={150}
      size="sm"
      data-testid="fault-status-select"
      onChange={(value) => {
        if (!value || value === report.status) return
        const status = value as FaultReportStatus
        change.mutate(
          { id: report.id, status },
          {
            onSuccess: () =>
              notifications.show({
                color: 'green',
                message: t('faultReport.staff.statusSaved', {
                  no: report.reportNo,
                  status: t(`faultReport.status.${status}`),
                }),
              }),
            onError: (error) => {
              if (isApiError(error) && error.handled) return
              notifications.show({
                color: 'red',
                title: t('faultReport.staff.statusError'),
                message: describeError(error, t),
              })
            },
          },
        )
      }}
    />
  )
}
