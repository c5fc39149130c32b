import { Badge } from '@mantine/core'
import type { OfferStatus } from '../../../../contracts/staff-offers'
import { useTranslation } from '../../../i18n/use-translation'

const COLORS: Record<OfferStatus, string> = { open: 'blue', ordered: 'green', cancelled: 'red' }

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status]} variant="light" style={{ whiteSpace: 'nowrap', overflow: 'visible' }}>
      {t(`staffOffers.status.${status}`)}
    </Badge>
  )
}
