import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core'
import { Link } from 'react-router'
import type { Money } from '../../../contracts/common'
import { formatMoney } from '../../../domain/money-format'
import { useTranslation } from '../../i18n/use-translation'
import { loginPath } from '../../lib/locale-path'
import { useSession } from '../../lib/session-context'
import { DiscountBadge } from './DiscountBadge'
import { hasPrice } from './product-fields'

export interface ProductPriceProps {
  /** null when prices are hidden from this visitor (a guest): a login link stands in. */
  sale: Money | null
  list: Money | null
  size?: 'sm' | 'lg'
  /** The struck-through list price and the badge; off where a table has its own list-price column. */
  withListPrice?: boolean
}

/**
 * Sale price, and when the store shows list prices and it is higher: the struck list price and badge.
 * A sale price of 0 is no price: 'Fiyat Sorunuz' stands there, never '0,00 ₺' (spec/1 §8).
 */
export function ProductPrice({ sale, list, size = 'sm', withListPrice = true }: ProductPriceProps) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  if (!sale) {
    return (
      <Anchor component={Link} to={loginPath(locale)} size="sm">
        {t('price.loginForPrice')}
      </Anchor>
    )
  }
  if (!hasPrice(sale)) {
    return (
      <Text fw={600} size={size === 'lg' ? 'lg' : 'sm'} c="orange.9" data-testid="sale-price" data-ask-price>
        {t('addToCart.askPrice')}
      </Text>
    )
  }
  const showList =
    withListPrice && bootstrap.settings.showListPrice && list !== null && list.value > sale.value
  return (
    <Group gap={6} align="baseline" wrap="wrap">
      {showList && (
        <Text component="del" size={size === 'lg' ? 'md' : 'xs'} c="dimmed" data-testid="list-price">
          <VisuallyHidden>{t('price.listPrice')}: </VisuallyHidden>
          {formatMoney(list, locale)}
        </Text>
      )}
      <Text fw={700} size={size === 'lg' ? 'xl' : 'md'} c="indigo.8" data-testid="sale-price">
        <VisuallyHidden>{t('price.salePrice')}: </VisuallyHidden>
        {formatMoney(sale, locale)}
      </Text>
      {withListPrice && <DiscountBadge sale={sale} list={list} />}
    </Group>
  )
}
