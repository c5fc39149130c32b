import { List, Stack, Text } from '@mantine/core'
import type { FaultReport } from '../../../contracts/service'
import { useTranslation } from '../../i18n/use-translation'
import { useDates } from '../../lib/dates'

/**
 * What staff answered on a report: the latest note, and its steps (when, the status it went to, the
 * note given) folded in a native disclosure, so it stays one line until asked for and opens by
 * keyboard. Drawn for the dealer and for staff alike.
 */
export function FaultReportAnswer({
  report,
}: {
  report: Pick<FaultReport, 'reportNo' | 'staffNote' | 'history'>
}) {
  const { t } = useTranslation()
  const dates = useDates()
  if (!report.staffNote && report.history.length === 0) return null
  return (
    <Stack gap={2} data-testid="fault-answer">
      {report.staffNote && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('faultReport.answer.note', { note: report.staffNote })}
        </Text>
      )}
      {report.history.length > 0 && (
        <details>
          <summary>
            <Text component="span" size="sm" c="indigo.8">
              {t('faultReport.answer.history', { count: report.history.length, no: report.reportNo })}
            </Text>
          </summary>
          <List size="sm" spacing={2} listStyleType="none" p={0} m={0} mt={4}>
            {report.history.map((step) => (
              <List.Item key={`${step.at}-${step.to}`} style={{ overflowWrap: 'anywhere' }}>
                {t(step.from === step.to ? 'faultReport.answer.noteStep' : 'faultReport.answer.step', {
                  at: dates.dateTime(step.at),
                  status: t(`faultReport.status.${step.to}`),
                })}
                {step.note ? ` — ${step.note}` : ''}
              </List.Item>
            ))}
          </List>
        </details>
      )}
    </Stack>
  )
}
