import { Badge } from '@mantine/core'
import type { IntentStatus } from '../../../../domain/payment-intent'
import { useTranslation } from '../../../i18n/use-translation'

const statusColor: Record<IntentStatus, string> = {
  pending: 'gray',
  authorized: 'blue',
  capturing: 'blue',
  succeeded: 'green',
  failed: 'red',
  expired: 'gray',
  needs_attention: 'orange',
  refunding: 'violet',
  refunded: 'violet',
}

/** A payment's state, never cut short: a table column grows to fit it rather than ending it in '…'. */
export function PaymentStatusBadge({ status }: { status: IntentStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={statusColor[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {t(`staffPayments.payments.status.${status}`)}
    </Badge>
  )
}
