import { Badge } from '@mantine/core'
import type { PaymentStatus } from '../../../../contracts/payments'
import { useTranslation } from '../../../i18n/use-translation'

const statusColor: Record<PaymentStatus, string> = { succeeded: 'green', failed: 'red', pending: 'gray' }

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={statusColor[status]} variant="light">
      {t(`staffPayments.payments.status.${status}`)}
    </Badge>
  )
}
