import { Text, type TextProps } from '@mantine/core'
import type { StockLine } from '../../../domain/cart-rules'
import { stockDisplay } from '../../../domain/stock'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { type StockTextForm, stockText } from './stock-text'
import { type OfferProduct, useProductOffer } from './use-product-offer'

export interface StockInfoProps extends TextProps {
  /**
   * The product: its stock line is the one `productOffer` decides together with the buy control, so
   * the line never contradicts the button beside it. Preferred over quantity and stock.
   */
  product?: OfferProduct
  /** null when stock is hidden from this visitor: nothing is shown. */
  quantity?: number | null
  /**
   * What the server decided from the store's display mode (the product's `stock`); when not given it is
   * worked out here from `quantity` with the same domain rule.
   */
  stock?: StockLine | null
  /** The default unit's name, for the short form. */
  unit: string
  form: StockTextForm
}

/** The stock line by the store's display mode (stockInfoStatus); red when out of stock. */
export function StockInfo({ product, ...props }: StockInfoProps) {
  if (product) return <OfferStockInfo product={product} {...props} />
  return <StockLineText {...props} />
}

function OfferStockInfo({
  product,
  ...props
}: Omit<StockInfoProps, 'quantity' | 'stock'> & { product: OfferProduct }) {
  const offer = useProductOffer(product)
  return <StockLineText {...props} stock={offer.stock} />
}

function StockLineText({
  quantity = null,
  stock,
  unit,
  form,
  ...textProps
}: Omit<StockInfoProps, 'product'>) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const line =
    stock !== undefined
      ? stock
      : quantity === null
        ? null
        : stockDisplay(bootstrap.settings.stockInfoStatus, quantity)
  if (!line) return null
  const text = stockText(line, form, unit, t, locale)
  if (!text) return null
  return (
    <Text
      size="sm"
      c={line.kind === 'outOfStock' ? 'red.7' : 'teal.8'}
      fw={500}
      data-testid="stock-info"
      data-stock={line.kind}
      {...textProps}
    >
      {text}
    </Text>
  )
}
