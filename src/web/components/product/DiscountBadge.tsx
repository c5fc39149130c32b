import { Badge } from '@mantine/core'
import type { Money } from '../../../contracts/common'
import { discountPercent } from '../../../domain/listing'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'

/** '%15 indirim' (12 px, white on red.6: 4.85:1) when the list price is above the sale price and the store shows list prices. */
export function DiscountBadge({ sale, list }: { sale: Money | null; list: Money | null }) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  if (!sale || !list) return null
  const percent = discountPercent(sale.value, list.value, bootstrap.settings.showListPrice)
  if (percent === null || percent <= 0) return null
  return (
    <Badge color="red" variant="filled" size="md" fz="xs" tt="none" data-testid="discount-badge">
      {t('price.discount', { percent })}
    </Badge>
  )
}
