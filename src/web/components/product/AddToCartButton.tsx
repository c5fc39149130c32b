import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Product, Unit } from '../../../contracts/catalog'
import { CartIcon } from '../icons/Icons'

export interface AddToCartButtonProps {
  product: Product
  /** The chosen unit (the default unit when the page offers no choice). */
  unit: Unit | null
  quantity: number
  size?: 'xs' | 'sm' | 'md'
  fullWidth?: boolean
}

/**
 * The add-to-cart control of cards, rows and the detail page. Inert until the cart issue wires it: it
 * receives everything the cart call needs (product, unit, quantity) so only this file changes then.
 */
export function AddToCartButton({
  product: _product,
  unit: _unit,
  quantity: _quantity,
  size = 'sm',
  fullWidth,
}: AddToCartButtonProps) {
  const { t } = useTranslation()
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      leftSection={<CartIcon size={16} />}
      disabled
      data-testid="add-to-cart"
    >
      {t('addToCart.label')}
    </Button>
  )
}
