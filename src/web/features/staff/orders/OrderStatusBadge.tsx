import { Badge } from '@mantine/core'
import type { OrderStatus } from '../../../../domain/order-status'
import { useTranslation } from '../../../i18n/use-translation'

const COLORS: Record<OrderStatus, string> = {
  new: 'blue',
  processing: 'yellow',
  shipped: 'cyan',
  delivered: 'green',
  cancelled: 'red',
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status]} variant="light" style={{ whiteSpace: 'nowrap', overflow: 'visible' }}>
      {t(`orders.status.${status}`)}
    </Badge>
  )
}
