import { Badge } from '@mantine/core'
import type { FaultReportStatus } from '../../../contracts/service'
import { useTranslation } from '../../i18n/use-translation'

const statusColor: Record<FaultReportStatus, string> = { new: 'blue', in_service: 'orange', done: 'green' }

/** 'Yeni' / 'Serviste' / 'Tamamlandı'. */
export function FaultStatusBadge({ status }: { status: FaultReportStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={statusColor[status]} variant="light" data-testid="fault-status">
      {t(`faultReport.status.${status}`)}
    </Badge>
  )
}
