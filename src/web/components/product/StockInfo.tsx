import { Text, type TextProps } from '@mantine/core'
import { type StockDisplay, stockDisplay } from '../../../domain/stock'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { type StockTextForm, stockText } from './stock-text'

export interface StockInfoProps extends TextProps {
  /** null when stock is hidden from this visitor: nothing is shown. */
  quantity: number | null
  /**
   * What the server decided from the store's display mode (the product's `stock`); when not given it is
   * worked out here from `quantity` with the same domain rule.
   */
  stock?: StockDisplay | null
  /** The default unit's name, for the short form. */
  unit: string
  form: StockTextForm
}

/** The stock line by the store's display mode (stockInfoStatus); red when out of stock. */
export function StockInfo({ quantity, stock, unit, form, ...textProps }: StockInfoProps) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const display =
    stock !== undefined
      ? stock
      : quantity === null
        ? null
        : stockDisplay(bootstrap.settings.stockInfoStatus, quantity)
  if (!display) return null
  const text = stockText(display, form, unit, t, locale)
  if (!text) return null
  return (
    <Text
      size="sm"
      c={display.kind === 'outOfStock' ? 'red.7' : 'teal.8'}
      fw={500}
      data-testid="stock-info"
      data-stock={display.kind}
      {...textProps}
    >
      {text}
    </Text>
  )
}
